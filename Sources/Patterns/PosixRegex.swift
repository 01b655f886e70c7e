#if canImport(Glibc)
import Glibc
#endif

/// A POSIX extended regular expression, compiled once and matched anywhere in a text.
///
/// It reads patterns as glibc's `regcomp(REG_EXTENDED)` did (`RegexParser`; the differential
/// test holds the two together), but matches with `RegexProgram`, whose time is linear in
/// the text: glibc's `regexec` took 100-150 ms for `[^ ]+ has (joined|left)` on an 8 KB body.
///
/// Back-references (`\1` to `\9`) are refused: they make POSIX matching exponential, and a
/// pattern must never stall the daemon's loop. So is a pattern whose counts, written out,
/// make it larger than `maxExpansion` (`[a-z]{1,10000}` took glibc 790 MB),
/// before anything is built for it. Before the program runs, a literal the pattern
/// cannot match without (the longest plain run of it, e.g. `Battery` in `^Battery [0-9]+%`)
/// is looked for first (`find`); most texts fail there, for a fraction of the program's cost.
///
/// Matching is by bytes, as glibc does in the C locale the daemon runs in: `.` is one byte,
/// so a pattern meant for one non-ASCII character is better written as the character itself.
public final class PosixRegex: Sendable {
    /// A regular expression's size with its counts written out (each byte, class and anchor
    /// once per copy, `{m,}` as m copies: `[a-z]{4096}`, `x{4096,}` and `(x{1,64}){1,64}` are
    /// 4 096). Checked before anything
    /// is built for it: `[a-z]{1,10000}` took glibc 790 MB, and the matcher's time per byte
    /// grows with this size (`RuleLimits.maxPatternExpansion` names it among the rules' bounds).
    public static let maxExpansion = 4096
    /// Instructions one pattern may compile to; `maxExpansion` keeps real patterns far
    /// below it (a few per byte, class or anchor), this bounds what punctuation adds.
    public static let maxInstructions = 8 * maxExpansion

    public let pattern: String
    package let program: RegexProgram
    /// Bytes every match contains; empty when the pattern has no such literal.
    package let requiredLiteral: [UInt8]

    /// Compiles `pattern`, or says what is wrong with it.
    public init(_ pattern: String) throws(RuleProblem) {
        if let reference = Self.backReference(in: pattern) {
            throw RuleProblem("back-reference \(reference) refused (it makes matching exponential)")
        }
        guard !pattern.utf8.contains(0) else { throw RuleProblem("a pattern cannot hold a NUL byte") }
        let tree: RegexNode
        do {
            tree = try RegexParser.parse(Array(pattern.utf8))
        } catch {
            throw RuleProblem("bad regular expression: \(error.message)")
        }
        let limit = Self.maxExpansion
        guard tree.simplified.expandedSize(limit: limit) <= limit else {
            throw RuleProblem("'\(pattern)' is larger than \(limit) with its counts written out "
                + "(each count multiplies what it repeats: (x{1,64}){1,64} is \(limit))")
        }
        do {
            program = try RegexProgram(tree, maxInstructions: Self.maxInstructions)
        } catch {
            throw RuleProblem("'\(pattern)' is too large: \(error.message)")
        }
        self.pattern = pattern
        requiredLiteral = Self.requiredLiteral(of: pattern)
    }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(bytes: $0) }
    }

    /// The compiled program's instructions: with the text's length, what bounds a match's cost.
    public var size: Int { program.instructions.count }

    /// `matches`, adding to `steps` the instructions the match visited: at most
    /// (text bytes + 1) × `size` (the prefilter's search aside), whatever the text.
    public func matches(_ text: String, steps: inout Int) -> Bool {
        var text = text
        return text.withUTF8 { mayMatch($0) && program.matches($0, steps: &steps) }
    }

    /// `matches` for text already in memory (a NUL in it is a byte like any other).
    package func matches(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
        mayMatch(text) && program.matches(text)
    }

    /// False when the text lacks the literal every match contains.
    private func mayMatch(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        requiredLiteral.isEmpty || requiredLiteral.withUnsafeBufferPointer { Self.find($0, in: text) }
    }

    /// Whether `needle` occurs in `haystack`: `memchr` to each candidate first byte, then
    /// `memcmp` (glibc's `memmem` is a GNU extension Swift's Glibc module does not export).
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let n = needle.baseAddress, !needle.isEmpty else { return true }
        guard let h = haystack.baseAddress, needle.count <= haystack.count else { return false }
        let last = haystack.count - needle.count
        var i = 0
        while i <= last {
            guard let hit = memchr(h + i, Int32(n[0]), last - i + 1) else { return false }
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - h
            if memcmp(h + at, n, needle.count) == 0 { return true }
            i = at + 1
        }
        return false
    }

    // MARK: Checks made once

    /// `\1`…`\9` outside a bracket expression (inside one a backslash is literal in POSIX).
    static func backReference(in pattern: String) -> String? {
        var bytes = Array(pattern.utf8)[...]
        var inBracket = false
        while let c = bytes.popFirst() {
            if inBracket {
                if c == UInt8(ascii: "]") { inBracket = false }
            } else if c == UInt8(ascii: "[") {
                inBracket = true
                // `[]` and `[^]` start with a literal `]`.
                if bytes.first == UInt8(ascii: "^") { bytes.removeFirst() }
                if bytes.first == UInt8(ascii: "]") { bytes.removeFirst() }
                // `[:alpha:]` and the like end in `:]`, not at the first `]`.
                while bytes.first == UInt8(ascii: "["), let colon = bytes.dropFirst().first,
                      colon == UInt8(ascii: ":") || colon == UInt8(ascii: ".") || colon == UInt8(ascii: "=") {
                    bytes.removeFirst(2)
                    while let d = bytes.popFirst(), !(d == colon && bytes.first == UInt8(ascii: "]")) {}
                    _ = bytes.popFirst()
                }
            } else if c == UInt8(ascii: "\\"), let next = bytes.popFirst(),
                      (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(next) {
                return "\\" + String(UnicodeScalar(next))
            }
        }
        return nil
    }

    /// The longest run of plain characters every match must contain, as bytes.
    ///
    /// Conservative: nothing when the pattern has an alternation `|` outside parentheses;
    /// only runs outside brackets and parentheses count; a character followed by `*`, `?` or `{` (which
    /// may repeat it zero times) is left out; `+` keeps its character but ends the run, unless
    /// a `*`, `?` or `{` follows it.
    static func requiredLiteral(of pattern: String) -> [UInt8] {
        let p = Array(pattern.utf8)
        var best: [UInt8] = [], run: [UInt8] = []
        /// Start offsets in `run` of its scalars, to drop the last one whole.
        var starts: [Int] = []
        var depth = 0, i = 0
        func endRun() {
            if run.count > best.count { best = run }
            run = []
            starts = []
        }
        let specials = Array("^$.[]()*+?{}|\\".utf8)
        while i < p.count {
            let c = p[i]
            if c == UInt8(ascii: "(") {
                depth += 1
                endRun()
                i += 1
            } else if c == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
                endRun()
                i += 1
            } else if c == UInt8(ascii: "[") {
                endRun()
                i = bracketEnd(p, i)
            } else if c == UInt8(ascii: "*") || c == UInt8(ascii: "?") || c == UInt8(ascii: "{") || c == UInt8(ascii: "+") {
                // `a+` needs an `a`, but `a*`, `a+?`, `a++*` and `a+{0,1}` do not: any `*`, `?`
                // or count in the run of quantifiers may repeat the scalar before it zero times.
                var j = i
                var optional = false
                while j < p.count, p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "*") || p[j] == UInt8(ascii: "?") || p[j] == UInt8(ascii: "{") {
                    if p[j] != UInt8(ascii: "+") { optional = true }
                    if p[j] == UInt8(ascii: "{") {
                        while j < p.count, p[j] != UInt8(ascii: "}") { j += 1 }
                    }
                    j += 1
                }
                if optional, let last = starts.popLast() { run.removeLast(run.count - last) }
                endRun()
                i = j
            } else if c == UInt8(ascii: "|") {
                // `a|b` at the top needs neither; inside a group only that group is optional.
                if depth == 0 { return [] }
                i += 1
            } else if c == UInt8(ascii: "\\") {
                // An escaped special is that character; `\w`, `\<` and the like are not literals.
                if i + 1 < p.count, specials.contains(p[i + 1]), depth == 0 {
                    starts.append(run.count)
                    run.append(p[i + 1])
                } else {
                    endRun()
                }
                i += 2
            } else if specials.contains(c) || depth > 0 {
                endRun()
                i += 1
            } else {
                // A continuation byte starts a piece of its own when its lead was escaped
                // (`\é?`: glibc's `?` takes the last byte).
                if c & 0xC0 != 0x80 || starts.isEmpty { starts.append(run.count) }
                run.append(c)
                i += 1
            }
        }
        endRun()
        return best
    }

    /// The index after the bracket expression opened at `start` (its end when unclosed).
    private static func bracketEnd(_ p: [UInt8], _ start: Int) -> Int {
        var i = start + 1
        if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
        if i < p.count, p[i] == UInt8(ascii: "]") { i += 1 }
        while i < p.count {
            if p[i] == UInt8(ascii: "["), i + 1 < p.count,
               p[i + 1] == UInt8(ascii: ":") || p[i + 1] == UInt8(ascii: ".") || p[i + 1] == UInt8(ascii: "=") {
                let kind = p[i + 1]
                i += 2
                while i + 1 < p.count, !(p[i] == kind && p[i + 1] == UInt8(ascii: "]")) { i += 1 }
                i += 2
            } else if p[i] == UInt8(ascii: "]") {
                return i + 1
            } else {
                i += 1
            }
        }
        return p.count
    }
}
