@testable import Patterns
import Testing
@testable import ToastCore

@Suite struct CommandWordsTests {
    @Test func splitsLikeAShellWithoutOne() throws {
        #expect(try CommandWords.split("notify.sh") == ["notify.sh"])
        #expect(try CommandWords.split("  a   b\tc ") == ["a", "b", "c"])
        #expect(try CommandWords.split(#"say "two words" 'single $HOME' it\'s"#) == ["say", "two words", "single $HOME", "it's"])
        #expect(try CommandWords.split(#"x "a \"q\" \\ \$ \n""#) == ["x", #"a "q" \ $ \n"#])
        #expect(try CommandWords.split(#"x a"b"'c'"#) == ["x", "abc"])
        #expect(try CommandWords.split(#"x """#) == ["x", ""])
        #expect(try CommandWords.split("x $HOME ~ *.sh") == ["x", "$HOME", "~", "*.sh"])
        #expect(try CommandWords.split("x a#b # comment") == ["x", "a#b"])
    }

    @Test func mistakesAreRefused() {
        for line in ["", "   ", "# only a comment", "x 'open", "x \"open", "x \\", "''"] {
            #expect(throws: RuleProblem.self, "\(line)") { try CommandWords.split(line) }
        }
        #expect(throws: RuleProblem.self) { try CommandWords.split(Array(repeating: "w", count: 65).joined(separator: " ")) }
    }
}
