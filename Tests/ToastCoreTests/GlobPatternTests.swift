@testable import Patterns
import Testing
@testable import ToastCore

@Suite struct GlobPatternTests {
    private func glob(_ pattern: String, _ text: String) -> Bool { GlobPattern(pattern).matches(text) }

    @Test func literalsMatchTheWholeText() {
        #expect(glob("Spotify", "Spotify"))
        #expect(!glob("Spotify", "Spotify Free"))
        #expect(!glob("Spotify", "spotify"))
        #expect(glob("", ""))
        #expect(!glob("", "x"))
    }

    @Test func starMatchesAnyRunIncludingSlashesAndNothing() {
        #expect(glob("*signed on*", "Ann signed on at 9"))
        #expect(glob("*signed on*", "signed on"))
        #expect(!glob("*signed on*", "signed off"))
        #expect(glob("a*b*c", "a/x/b/y/c"))
        #expect(glob("*", ""))
        #expect(glob("**", "anything"))
        #expect(!glob("a*b", "a-b-c"))
        #expect(glob("*.png", "/usr/share/icons/x.png"))
    }

    @Test func questionMarkIsOneCharacterNotOneByte() {
        #expect(glob("caf?", "café"))
        #expect(!glob("caf??", "café"))
        #expect(glob("?", "🔔"))
        #expect(!glob("?", ""))
    }

    @Test func bracketsRangesNegationAndClasses() {
        #expect(glob("[abc]x", "bx"))
        #expect(!glob("[abc]x", "dx"))
        #expect(glob("v[0-9]", "v7"))
        #expect(glob("[!0-9]*", "x1"))
        #expect(!glob("[!0-9]*", "1x"))
        #expect(glob("[^a]", "b"))
        #expect(glob("[]]", "]"))
        #expect(glob("[[:digit:]][[:digit:]]%", "42%"))
        #expect(!glob("[[:upper:]]*", "lower"))
        #expect(glob("[é-ê]", "ê"))
    }

    @Test func backslashAndUnclosedBracketAreLiteral() {
        #expect(glob("\\*", "*"))
        #expect(!glob("\\*", "x"))
        #expect(glob("a[b", "a[b"))
        #expect(glob("50\\%", "50%"))
    }

    @Test func aPieceAfterAStarIsFoundWhereverItIs() {
        #expect(!glob("*ab*cd", "abcdab"))
        #expect(glob("*ab*cd", "abcdcd"))
        #expect(glob("a*b?c", "aXbYbZc"))
        #expect(!glob("a*b?c", "aXbYc "))
        #expect(glob("*é*", "café au lait"))
        #expect(!glob("x*", "yx"))
    }

    @Test func backtrackingStaysLinearEnough() {
        let text = String(repeating: "a", count: 1000)
        #expect(!glob("*a*a*a*a*a*b", text))
        #expect(glob("*a*a*a*a*a*", text))
    }
}
