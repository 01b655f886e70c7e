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
        // A `*`, `?` or count anywhere in a run of quantifiers may repeat the character zero
        // times (the fuzzer's `n++*+`, which matches the empty text as glibc reads it).
        #expect(literal("n++*+") == "")
        #expect(literal("ab++c") == "ab")
        #expect(literal("ab++?c") == "a")
        #expect(literal("ab+{0,2}c") == "a")
    }

    @Test func thePrefilterNeverChangesTheAnswer() throws {
        let patterns = ["^Battery [0-9]+%", "colou?r", "ab+c", "x\\.y{2}z", "\\w+mail", "caf\u{E9}*s", "(a|b)12x", "x(a|b)|y", "n++*+", "ab++?c"]
        let texts = ["a12x", "b12x", "12x", "y", "xa",  "Battery 5%", "Battery", "colour", "color", "colr", "abbc", "ac", "x.yyz", "x.yz", "gmail", "café", "cafs", "", "nn"]
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

    /// `[a-z]{1,10000}` took the daemon to 790 MB under glibc; the bound is on the product of
    /// nested counts, since a bound on each count alone lets `(x{1,255}){1,255}` through.
    @Test func patternsAreBoundedByTheirSizeWithCountsWrittenOut() throws {
        let limit = RuleLimits.maxPatternExpansion
        #expect(limit == 4096)
        #expect(throws: Never.self) { try PosixRegex("[a-z]{\(limit)}") }
        #expect(throws: Never.self) { try PosixRegex("(x{1,64}){1,64}") }
        #expect(throws: Never.self) { try PosixRegex("x{\(limit),}") }
        #expect(throws: Never.self) { try PosixRegex("(ab{1,2047}){2}") }
        for refused in ["[a-z]{\(limit + 1)}", "(x{1,64}){1,64}x", "x{\(limit + 1),}", "(x{1,255}){1,255}", "[a-z]{1,10000}",
                        "[a-z]{1,32767}", "((((x{1,32767}){1,32767}){1,32767}){1,32767}){1,32767}", "(ab{1,2047}){2}c"] {
            do {
                _ = try PosixRegex(refused)
                Issue.record("\(refused) was accepted")
            } catch {
                #expect(error.message.contains("'\(refused)'") && error.message.contains("\(limit)"), "\(error.message)")
            }
        }
        // Punctuation that matches only the empty text adds nothing to the size or the program.
        #expect(throws: Never.self) { try PosixRegex("(a*********************|||||||){\(limit)}") }
        #expect(throws: Never.self) { try PosixRegex("(()|()){32767}x") }
    }

    /// The fuzzer's find `Fuzz/corpus/rule/oom-stacked-plus.bin`: glibc's `regcomp` doubles its
    /// memory with each stacked `+` (20 of them took it 700 MB); ours folds the run into one `+`,
    /// so the program is as small as `ba+`'s and the daemon never calls glibc for a rule.
    @Test func stackedQuantifiersFoldIntoOne() throws {
        let stacked = try PosixRegex("\u{18}f+\u{FFFD}+sl<ba" + String(repeating: "+", count: 26))
        let plain = try PosixRegex("\u{18}f+\u{FFFD}+sl<ba+")
        #expect(stacked.size == plain.size)
        #expect(stacked.matches("\u{18}ff\u{FFFD}sl<baaa"))
        #expect(!stacked.matches("\u{18}f\u{FFFD}sl<b"))
        // The fuzzer's timeout in glibc (`Fuzz/corpus/rule/slow-glibc-stacked-optional.bin`): ours is the size of `sl?`.
        let optional = try PosixRegex("\u{18}f\u{36B}+sl" + String(repeating: "?", count: 18) + "++++#+++")
        #expect(optional.size == (try PosixRegex("\u{18}f\u{36B}+sl*#+")).size)
        #expect(optional.matches("\u{18}f\u{36B}s#") && !optional.matches("\u{18}f\u{36B}s"))
        let mixed = try PosixRegex("x" + String(repeating: "+*?", count: 200))
        #expect(mixed.size == (try PosixRegex("x*")).size)
    }

    @Test func thePatternAtTheBoundMatches() throws {
        let bound = try PosixRegex("(x{1,63}){1,64}y")
        #expect(bound.matches(String(repeating: "x", count: 100) + "y"))
        #expect(!bound.matches(String(repeating: "x", count: 100)))
        let exact = try PosixRegex("[a-z]{4096}")
        #expect(!exact.matches(String(repeating: "a", count: 1024)))
        #expect(exact.matches(String(repeating: "a", count: 4096)))
    }

    /// The matcher's time is linear: each byte is reached once, with one thread per
    /// instruction at most. The issue's `[^ ]+ has (joined|left)` took glibc 100-150 ms on 8 KB.
    @Test func longTextsCostNoMoreThanTheirLength() throws {
        let joined = try regex("[^ ]+ has (joined|left)")
        let emoji = String(repeating: "\u{1F600}", count: 2000) + " has"
        #expect(!joined.matches(emoji))
        #expect(joined.matches(emoji + " left"))
        #expect(try regex("^(a|aa)*$").matches(String(repeating: "a", count: 8000)))
        #expect(!(try regex("^(a|aa)*$").matches(String(repeating: "a", count: 8000) + "b")))
        #expect(!(try regex("(x+x+)+y").matches(String(repeating: "x", count: 8000))))
    }

    /// The parser and the compiler recurse on groups: the deepest a 1 KiB pattern can nest
    /// compiles (or is refused) without running out of stack.
    @Test func theDeepestNestingCompiles() throws {
        let depth = RuleLimits.maxPatternBytes / 2 - 1
        let nested = String(repeating: "(", count: depth) + "ab" + String(repeating: ")", count: depth)
        #expect(try PosixRegex(nested).matches("xaby"))
        let stars = "a" + String(repeating: "*", count: RuleLimits.maxPatternBytes - 1)
        #expect(try PosixRegex(stars).matches(""))
        #expect(throws: RuleProblem.self) { try PosixRegex(String(repeating: "(", count: RuleLimits.maxPatternBytes)) }
    }
}

#if canImport(Glibc)
import Glibc
@testable import Patterns
#endif
