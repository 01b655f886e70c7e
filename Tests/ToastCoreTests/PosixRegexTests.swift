import Testing
@testable import ToastCore

@Suite struct PosixRegexTests {
    private func regex(_ pattern: String) throws -> PosixRegex { try PosixRegex(pattern) }

    @Test func extendedSyntaxAnywhereInTheText() throws {
        #expect(try regex("^Battery").matches("Battery low: 5%"))
        #expect(!(try regex("^Battery").matches("Low Battery")))
        #expect(try regex("[0-9]+%$").matches("Battery 15%"))
        #expect(try regex("(Slack|Discord)").matches("New from Discord"))
        #expect(try regex("colou?r").matches("color"))
        #expect(!(try regex("Mail").matches("mail")))
    }

    @Test func badPatternsAndBackReferencesAreRefused() {
        #expect(throws: RuleProblem.self) { try PosixRegex("(unclosed") }
        do {
            _ = try PosixRegex("(a)\\1")
            Issue.record("a back-reference was accepted")
        } catch {
            #expect(error.message.contains("back-reference \\1"))
        }
        #expect(PosixRegex.backReference(in: "(a+)+\\9") == "\\9")
        // Inside brackets a backslash is literal; an escaped backslash is no reference.
        #expect(PosixRegex.backReference(in: "[\\1]") == nil)
        #expect(PosixRegex.backReference(in: "\\\\1") == nil)
        #expect(PosixRegex.backReference(in: "[[:digit:]]\\2") == "\\2")
    }

    @Test func requiredLiteralIsOnlyWhatEveryMatchContains() {
        func literal(_ p: String) -> String { String(decoding: PosixRegex.requiredLiteral(of: p), as: UTF8.self) }
        #expect(literal("^Battery [0-9]+%") == "Battery ")
        #expect(literal("colou?r") == "colo")
        #expect(literal("ab+c") == "ab")
        #expect(literal("a|b") == "")
        #expect(literal("x(a|b)|y") == "")
        #expect(literal("(a|b)12x") == "12x")
        #expect(literal("[|]ab") == "ab")
        #expect(literal("(Slack)") == "")
        #expect(literal("x\\.y{2}z") == "x.")
        #expect(literal("[abc]def") == "def")
        #expect(literal("caf\u{E9}*") == "caf")
        #expect(literal("\\w+mail") == "mail")
    }

    @Test func thePrefilterNeverChangesTheAnswer() throws {
        let patterns = ["^Battery [0-9]+%", "colou?r", "ab+c", "x\\.y{2}z", "\\w+mail", "caf\u{E9}*s", "(a|b)12x", "x(a|b)|y"]
        let texts = ["a12x", "b12x", "12x", "y", "xa",  "Battery 5%", "Battery", "colour", "color", "colr", "abbc", "ac", "x.yyz", "x.yz", "gmail", "café", "cafs", ""]
        for pattern in patterns {
            let compiled = try regex(pattern)
            var plain = regex_t()
            #expect(regcomp(&plain, pattern, REG_EXTENDED | REG_NOSUB) == 0)
            defer { regfree(&plain) }
            for text in texts {
                #expect(compiled.matches(text) == (regexec(&plain, text, 0, nil, 0) == 0), "\(pattern) on \(text)")
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
