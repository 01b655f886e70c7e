#if canImport(Glibc)
import Glibc
#endif
@testable import Patterns
import Testing
@testable import ToastCore

/// The rules' own matcher (`RegexParser` + `RegexProgram`) against glibc's `regcomp` and
/// `regexec` (REG_EXTENDED | REG_NOSUB, C locale), which matched rules before: the same
/// patterns accepted and refused, the same texts matched. On the patterns the rules, docs and
/// benchmarks use, on syntax's corners, and on thousands generated from the grammar and from
/// raw punctuation.
@Suite struct RegexDifferentialTests {
    /// Patterns from the docs, config.example, the tests and RuleBench.
    static let rulesCorpus = [
        "^Battery", "[Cc]asino|[Ll]ottery", "^New mail from .* #[0-9]+$", "^(Re: )?Invoice [0-9]+-3", "Battery [0-9]+%",
        "report.*figures", "[[:digit:]]{2}[[:alpha:]]{3}$", "[[:digit:]]{8}[[:alpha:]]{3}$", "\\w+mail", "^(com\\.)?slack",
        "[^ ]+ has (joined|left)", "colou?r", "ab+c", "x\\.y{2}z", "caf\u{E9}*s", "(a|b)12x", "x(a|b)|y", "(Slack|Discord)",
        "Mail", "pot", "^pot", "fy$", "^Fire", ".", "Err", "x", "(unclosed", "(a)\\1",
    ]

    /// Syntax's corners, where glibc's reading is particular.
    static let corners = [
        "", "a{1", "a{1,", "a{", "a{}", "a{,}", "a{,2}", "a{\\02}", "{1}", "a|*b", "^*", "a)", ")", "}", "a}", "(", "()", "(|)",
        "a||b", "|", "a|", "(a|)", "[a-]", "[a-z-9]", "[--z]", "[a--]", "[!--]", "[[.a.]-z]", "[[.ab.]]", "[[=a=]]", "[[:foo:]]",
        "[[::]]", "a\\", "\\b*", "\\w*", "a**", "a{2}{3}", "[é]", "[^é]", "[à-ü]", "[a-é]", "a{32768}", "x{1,2,3}", "a{1\\,2}",
        "[]", "[]a]", "[^]a]", "[", "[^", "[[:alpha:]-z]", "[[:alpha:]-]", "a{ 1}", "(*a)", "($)*", "a$*", "\\(", "a\\{1\\}",
        "[[.-.]-a]", "[z-a]", "[a-a]", "a{x", "a{1x}", "a{1,x", "a{1,2", "a{,", "a{\\,}", "a{1\\}", "[[:alpha:", "[[.", "[[.a",
        "[[.a.", "[[.a.]", "[a", "[a-", "[\\]", "[\\", "a{0}", "x{0,0}*", "\\`", "\\'", "(^a)", "b^a", "[[.].]]", "[[.[.]]",
        "[[=[=]]", "[[:]", "[[:a]", "[a-[.z.]]", "[[:alpha:][:digit:]]", "[a-[:alpha:]]", "\\é", "\\|", "(a){0}b", "\\{",
        "a{1}{,}", "(){2}", "a+{2}", "a?*", "\\w{2}", "\\b{2}", "\\<a", "a{2,1}", "a\\>", "\\Ba\\B", "\\bab\\b", "a$b", "^$",
        "$^", "(^|x)a", "a($|x)", "\\W+", "\\s\\S", "[[:space:][:punct:]]+", "[^[:alnum:]_]", "(a*)*b", "(a|b*)*c", "(|a)+b",
        "((a))", "(a{0})*", "x{0,3}y", "x{2,}y", "x{,3}$", "[[.^.]]", "[[=-=]]", "a{1,1}{0,1}", "\\.\\*\\+\\?\\[", "\\n\\t",
        "[[:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:]]", "[[.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.]]", "[[:alpha:]", "[[:alpha:]x",
    ]

    static let texts = [
        "", "a", "b", "ab", "ba", "abc", "aab", "xyz", " a b ", "a-b", "_a_", "A1", "12x", "a12x", "b12x", "y", "xa", "Battery 5%",
        "Battery", "colour", "color", "colr", "abbc", "ac", "x.yyz", "x.yz", "gmail", "café", "cafés", "cafs", "New mail from Ann #12",
        "Ann has joined", "Bob has left the room", "has joined", "Re: Invoice 42-3", "Invoice 9-3", "12abc", "1234567890xyz",
        "aaa", "aaaa", "xxy", "xxxy", "üé", "à", "\n", "a\nb", "$1", "a}", ")", "{1}", "]", "-", "^", "x{2}", ".", "*", "a.b",
        "Slack", "Discord", "Firefox", "Spotify", "Err", "com.slack", "slack", "Casino", "lottery", "a\\b", "tab\there", "é-ü",
    ]

    /// glibc's answer: nil when it refuses the pattern.
    static func glibc(_ pattern: String, _ texts: [String]) -> [Bool]? {
        var compiled = regex_t()
        guard regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB) == 0 else { return nil }
        defer { regfree(&compiled) }
        return texts.map { regexec(&compiled, $0, 0, nil, 0) == 0 }
    }

    /// Ours: nil when refused; `.some(nil)` when refused only for its size (glibc takes such
    /// patterns, slowly and hugely, which is why they are refused).
    static func ours(_ pattern: String, _ texts: [String]) -> [Bool]?? {
        do {
            let regex = try PosixRegex(pattern)
            return .some(texts.map { regex.matches($0) })
        } catch {
            if error.message.contains("larger than") { return .some(nil) }
            return nil
        }
    }

    /// Compares the two on `patterns`; returns how many both accepted.
    @discardableResult
    static func compare(_ patterns: [String], _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var bothAccepted = 0
        for pattern in patterns where PosixRegex.backReference(in: pattern) == nil && pattern.utf8.count <= RuleLimits.maxPatternBytes
            && !glibcDropsAssertions(pattern) {
            let theirs = glibc(pattern, texts)
            switch ours(pattern, texts) {
            case .some(nil):
                continue
            case let .some(.some(answers)):
                guard let theirs else {
                    Issue.record("glibc refuses \(String(reflecting: pattern)), ours accepts it", sourceLocation: sourceLocation)
                    continue
                }
                bothAccepted += 1
                for (k, text) in texts.enumerated() where answers[k] != theirs[k] {
                    Issue.record("\(String(reflecting: pattern)) on \(String(reflecting: text)): glibc \(theirs[k]), ours \(answers[k])",
                                 sourceLocation: sourceLocation)
                }
                // The Pike VM alone, where the bit-parallel path took the pattern.
                guard let tree = try? RegexParser.parse(Array(pattern.utf8)),
                      let pike = try? RegexProgram(tree, maxInstructions: RuleLimits.maxPatternInstructions, bitParallel: false) else {
                    Issue.record("\(String(reflecting: pattern)) does not compile for the Pike VM alone", sourceLocation: sourceLocation)
                    continue
                }
                for (k, text) in texts.enumerated() {
                    var text = text
                    let alone = text.withUTF8 { pike.matches($0) }
                    if alone != theirs[k] {
                        Issue.record("\(String(reflecting: pattern)) on \(String(reflecting: text)) by the Pike VM alone: glibc \(theirs[k]), ours \(alone)",
                                     sourceLocation: sourceLocation)
                    }
                }
            case .none:
                if theirs != nil {
                    Issue.record("glibc accepts \(String(reflecting: pattern)), ours refuses it", sourceLocation: sourceLocation)
                }
            }
        }
        return bothAccepted
    }

    /// glibc writes a count out by copying its group, and the copies lose their anchors and
    /// word assertions (`(^a){2}` matches "aa" there, `(\b.){2}` matches "ab"): such patterns
    /// are compared by `glibcBugIsNotCopied` instead.
    static func glibcDropsAssertions(_ pattern: String) -> Bool {
        guard let tree = try? RegexParser.parse(Array(pattern.utf8)) else { return false }
        func copies(_ node: RegexNode) -> Bool {
            switch node {
            case .empty, .byte, .assertion: return false
            case let .sequence(items), let .alternation(items): return items.contains(where: copies)
            case let .repetition(body, min, max):
                let copied = !((min == 0 && (max == nil || max == 1)) || (min <= 1 && max == min))
                return copied ? hasAssertion(body) : copies(body)
            }
        }
        func hasAssertion(_ node: RegexNode) -> Bool {
            switch node {
            case .assertion: return true
            case .empty, .byte: return false
            case let .sequence(items), let .alternation(items): return items.contains(where: hasAssertion)
            case let .repetition(body, _, _): return hasAssertion(body)
            }
        }
        return copies(tree)
    }

    /// Where glibc is wrong, each copy keeps its anchors here, as POSIX says.
    @Test func glibcBugIsNotCopied() throws {
        #expect(!(try PosixRegex("(^a){2}").matches("aa")))
        #expect(!(try PosixRegex("(\\b.){2}").matches("ab")))
        #expect(try PosixRegex("(\\b.){2}").matches("a."))
        #expect(!(try PosixRegex("(a$){2}").matches("aa")))
        #expect(!(try PosixRegex("(\\<.)+$").matches("ab")))
        #expect(Self.glibcDropsAssertions("(^a){2}") && Self.glibcDropsAssertions("x(a\\b)+") && !Self.glibcDropsAssertions("(^a)*"))
    }

    /// glibc's reading depends on the locale: the daemon's is C (it never calls setlocale), as
    /// this process's is, or the comparison would be of something else.
    static func inCLocale<T>(_ body: () -> T) -> T {
        let locale = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        #expect(locale == "C", "the tests run in the \(locale ?? "unknown") locale")
        return body()
    }

    @Test func theRulesCorpusAndSyntaxCornersAgree() throws {
        Self.inCLocale {
            let accepted = Self.compare(Self.rulesCorpus + Self.corners, Self.texts)
            #expect(accepted > 100)
        }
        // Every pattern the rules' corpus compiles takes the bit-parallel path (`compare` holds
        // the Pike VM alone to glibc too); anchors inside, or more than 64 bytes, take the VM.
        let fast = Self.rulesCorpus.filter { pattern in
            guard let regex = try? PosixRegex(pattern) else { return false }
            return regex.program.bitParallel != nil
        }
        #expect(fast.count == Self.rulesCorpus.count - 2, "\(fast)")
        #expect(try PosixRegex("\\bab\\b").program.bitParallel == nil)
        #expect(try PosixRegex("a{65}").program.bitParallel == nil)
        #expect(try PosixRegex("^a{64}$").program.bitParallel != nil)
    }

    @Test func generatedPatternsAgree() {
        var random = SeededRandom(seed: 0x5EED)
        var patterns: [String] = []
        for _ in 0..<3000 { patterns.append(PatternGenerator.pattern(&random, depth: 0)) }
        var accepted = 0
        Self.inCLocale {
            for chunk in stride(from: 0, to: patterns.count, by: 100) {
                var texts = Self.texts
                for _ in 0..<24 { texts.append(PatternGenerator.text(&random)) }
                accepted += Self.compare(Array(patterns[chunk..<min(chunk + 100, patterns.count)]), texts)
            }
        }
        // Most generated patterns are valid, so this compares answers, not only refusals.
        #expect(accepted > 2000)
    }

    @Test func rawPunctuationIsReadAlike() {
        var random = SeededRandom(seed: 0xBAD)
        let alphabet = Array("ab()[]{}|*+?^$.\\-,:=.12^]").map(String.init) + ["[:alpha:]", "[.a.]", "é"]
        var patterns: [String] = []
        for _ in 0..<6000 {
            let length = Int(random.next() % 9) + 1
            patterns.append((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined())
        }
        Self.inCLocale {
            var texts = Self.texts
            for _ in 0..<16 { texts.append(PatternGenerator.text(&random)) }
            Self.compare(patterns, texts)
        }
    }
}

/// Random patterns from the grammar the rules accept, and texts over the bytes they test.
enum PatternGenerator {
    static let literals = ["a", "b", "c", "x", "A", "1", "_", " ", "é", "-", "\n", ",", "}", ":", "]"]
    static let brackets = ["[ab]", "[^a ]", "[a-c]", "[[:alpha:]]", "[[:digit:]_]", "[^[:space:]]", "[]a]", "[a-]", "[é]", "[^é]",
                           "[[.a.]-c]", "[[=b=]]", "[[:upper:][:punct:]]", "[^]]", "[--/]", "[[:xdigit:]]", "[^[:alnum:]]", "[ -~]"]
    static let escapes = ["\\w", "\\W", "\\s", "\\S", "\\.", "\\*", "\\\\", "\\é", "\\{", "\\}", "\\|", "\\(", "\\)"]
    static let anchors = ["^", "$", "\\b", "\\B", "\\<", "\\>", "\\`", "\\'"]
    static let counts = ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "{,2}", "{0}", "**", "+?", "{1}{2}", "{3}"]

    static func pattern(_ random: inout SeededRandom, depth: Int) -> String {
        let branches = random.next() % 4 == 0 ? 2 + Int(random.next() % 2) : 1
        return (0..<branches).map { _ in
            if random.next() % 12 == 0 { return "" }
            let pieces = 1 + Int(random.next() % 4)
            return (0..<pieces).map { _ in piece(&random, depth: depth) }.joined()
        }.joined(separator: "|")
    }

    static func piece(_ random: inout SeededRandom, depth: Int) -> String {
        let atom: String
        switch random.next() % 10 {
        case 0, 1, 2: atom = literals[Int(random.next() % UInt64(literals.count))]
        case 3: atom = "."
        case 4: atom = brackets[Int(random.next() % UInt64(brackets.count))]
        case 5: atom = escapes[Int(random.next() % UInt64(escapes.count))]
        case 6:
            // An anchor takes no count: mostly left bare, sometimes given one (an error both ways).
            let anchor = anchors[Int(random.next() % UInt64(anchors.count))]
            return random.next() % 8 == 0 ? anchor + "*" : anchor
        default: atom = depth < 3 ? "(" + pattern(&random, depth: depth + 1) + ")" : "a"
        }
        return random.next() % 3 == 0 ? atom + counts[Int(random.next() % UInt64(counts.count))] : atom
    }

    static func text(_ random: inout SeededRandom) -> String {
        let alphabet = ["a", "b", "c", "x", "A", "1", "_", " ", "é", "ü", "-", "\n", ",", "}", "]", "/", "~", "ab", "aa"]
        let length = Int(random.next() % 14)
        return (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
    }
}

/// A small deterministic generator (SplitMix64), so a failing case is the same on every run.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
