/// A rule's regular expression parsed as glibc's `regcomp(REG_EXTENDED)` reads it in the C
/// locale the daemon runs in, byte by byte, into a tree `RegexProgram` compiles.
///
/// What it accepts is what glibc accepted (the differential test in `RegexDifferentialTests`
/// holds the two together): literals, `.` (any byte but NUL), bracket expressions with ranges,
/// negation, `[:class:]`, `[.c.]` and `[=c=]`; the anchors `^` and `$` (anywhere, as POSIX ERE
/// says) and GNU's `\b \B \< \> \` \'`; GNU's classes `\w \W \s \S`; groups, alternation
/// (empty branches included), `* + ?` and `{m}`, `{m,}`, `{m,n}`, `{,n}` up to 32 767, stacked
/// (`a**`, `a{2}{3}`). Back-references are refused before this (`PosixRegex`). An escaped
/// ordinary byte is that byte, a `)` or `}` with nothing to close is a literal, and a
/// repetition with nothing before it (at the start, after `(`, `|` or an anchor) is an error.
///
/// One difference, glibc's bug: it writes counts out by copying the group, and the copies
/// lose their anchors and word assertions (`(^a){2}` matches "aa", `(\b.){2}` matches "ab");
/// here every copy keeps them, as POSIX says.
indirect enum RegexNode: Equatable, Sendable {
    /// Matches the empty text.
    case empty
    /// One byte from the set.
    case byte(ByteSet)
    /// A condition on the bytes around the position, consuming none.
    case assertion(RegexAssertion)
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// `min` to `max` (nil: unbounded) times.
    case repetition(RegexNode, min: Int, max: Int?)
}

/// The zero-width conditions. `\`` and `\'` hold only at the text's ends; `^` and `$` there
/// too (without REG_NEWLINE a newline is an ordinary byte) and, as in glibc, next to a newline
/// the match consumes (`RegexProgram.run`). Word bytes are ASCII letters, digits and `_`, as
/// in glibc's C locale.
enum RegexAssertion: UInt8, Equatable, Sendable {
    case textStart, textEnd, lineStart, lineEnd, wordStart, wordEnd, wordBoundary, notWordBoundary

    /// For the word assertions: whether it holds between a byte of kind `before` and one of
    /// kind `after` (nil at the text's start or end, which count as not words).
    func holds(before: Bool?, after: Bool?) -> Bool {
        let previousWord = before ?? false, nextWord = after ?? false
        switch self {
        case .wordStart: return !previousWord && nextWord
        case .wordEnd: return previousWord && !nextWord
        case .wordBoundary: return previousWord != nextWord
        case .notWordBoundary: return previousWord == nextWord
        case .textStart, .lineStart: return before == nil
        case .textEnd, .lineEnd: return after == nil
        }
    }
}

/// A set of bytes, 256 bits.
struct ByteSet: Equatable, Hashable, Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static func == (a: ByteSet, b: ByteSet) -> Bool { a.words == b.words }
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    init() {}
    init(_ byte: UInt8) { insert(byte) }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func insert(_ range: ClosedRange<UInt8>) { for byte in range { insert(byte) } }
    mutating func formUnion(_ other: ByteSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }
    var inverted: ByteSet {
        var set = ByteSet()
        set.words = (~words.0, ~words.1, ~words.2, ~words.3)
        return set
    }
    var isEmpty: Bool { words == (0, 0, 0, 0) }

    /// Every byte but NUL: `.` (glibc's RE_DOT_NOT_NULL).
    static let dot = ByteSet(0).inverted
    /// `\w`: ASCII letters, digits and `_`.
    static let word: ByteSet = {
        var set = ByteSet()
        set.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
        set.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        set.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
        set.insert(UInt8(ascii: "_"))
        return set
    }()

    /// A `[:name:]` class of the C locale, from the glob's table (the same ASCII classes).
    static func named(_ name: String) -> ByteSet? {
        guard let named = GlobPattern.NamedClass(rawValue: name) else { return nil }
        var set = ByteSet()
        for byte in 0...UInt8(127) where named.contains(UInt32(byte)) { set.insert(byte) }
        return set
    }
}

/// Why a pattern does not compile; `PosixRegex` words it as a `RuleProblem`.
struct RegexError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The recursive-descent reader of glibc's ERE grammar (`parse_reg_exp`, `parse_branch`,
/// `parse_expression`, `parse_dup_op`, `parse_bracket_exp` in its regcomp.c), over bytes.
struct RegexParser {
    private let p: [UInt8]
    private var i = 0

    /// glibc's RE_DUP_MAX: a larger count is "too big".
    static let maxCount = 0x7FFF

    private init(_ pattern: [UInt8]) { p = pattern }

    static func parse(_ pattern: [UInt8]) throws(RegexError) -> RegexNode {
        var parser = RegexParser(pattern)
        let node = try parser.alternation(depth: 0)
        // At the top a `)` is a literal, so only the end of the pattern stops it.
        precondition(parser.i == pattern.count, "the parser stopped early")
        return node
    }

    private func at(_ c: Character) -> Bool { i < p.count && p[i] == c.asciiValue }

    private mutating func alternation(depth: Int) throws(RegexError) -> RegexNode {
        var branches = [try branch(depth: depth)]
        while at("|") {
            i += 1
            branches.append(try branch(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func branch(depth: Int) throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while i < p.count, !at("|"), !(depth > 0 && at(")")) {
            items.append(try expression(depth: depth))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func expression(depth: Int) throws(RegexError) -> RegexNode {
        let c = p[i]
        var node: RegexNode
        switch c {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
            throw RegexError("'\(Character(UnicodeScalar(c)))' repeats nothing")
        case UInt8(ascii: "^"), UInt8(ascii: "$"):
            // An anchor takes no repetition: a `*` after it starts the next expression (an error).
            i += 1
            return .assertion(c == UInt8(ascii: "^") ? .lineStart : .lineEnd)
        case UInt8(ascii: "("):
            i += 1
            if at(")") {
                node = .empty
            } else {
                node = try alternation(depth: depth + 1)
                guard at(")") else { throw RegexError("unmatched (") }
            }
            i += 1
        case UInt8(ascii: "["):
            i += 1
            node = .byte(try bracket())
        case UInt8(ascii: "."):
            i += 1
            node = .byte(.dot)
        case UInt8(ascii: "\\"):
            guard i + 1 < p.count else { throw RegexError("trailing backslash") }
            let escaped = p[i + 1]
            i += 2
            switch escaped {
            case UInt8(ascii: "<"): return .assertion(.wordStart)
            case UInt8(ascii: ">"): return .assertion(.wordEnd)
            case UInt8(ascii: "b"): return .assertion(.wordBoundary)
            case UInt8(ascii: "B"): return .assertion(.notWordBoundary)
            case UInt8(ascii: "`"): return .assertion(.textStart)
            case UInt8(ascii: "'"): return .assertion(.textEnd)
            case UInt8(ascii: "w"): node = .byte(.word)
            case UInt8(ascii: "W"): node = .byte(ByteSet.word.inverted)
            // Unwrapped: `space` is one of `GlobPattern.NamedClass`'s names.
            case UInt8(ascii: "s"): node = .byte(ByteSet.named("space")!)
            case UInt8(ascii: "S"): node = .byte(ByteSet.named("space")!.inverted)   // Unwrapped: as above
            case UInt8(ascii: "1")...UInt8(ascii: "9"): throw RegexError("back-reference refused")
            default: node = .byte(ByteSet(escaped))
            }
        default:
            // Includes a `)` at the top and a `}` with no `{`: ordinary bytes.
            i += 1
            node = .byte(ByteSet(c))
        }
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "*"):
                i += 1
                node = .repetition(node, min: 0, max: nil)
            case UInt8(ascii: "+"):
                i += 1
                node = .repetition(node, min: 1, max: nil)
            case UInt8(ascii: "?"):
                i += 1
                node = .repetition(node, min: 0, max: 1)
            case UInt8(ascii: "{"):
                i += 1
                let (min, max) = try interval()
                node = .repetition(node, min: min, max: max)
            default:
                return node
            }
        }
        return node
    }

    // MARK: {m,n}

    /// One token as glibc's `peek_token` sees it inside braces: its byte, whether it is an
    /// ordinary character, and whether it is the closing `}`; nil at the end.
    private mutating func token() -> (byte: UInt8, ordinary: Bool, close: Bool)? {
        guard i < p.count else { return nil }
        let c = p[i]
        if c == UInt8(ascii: "\\") {
            guard i + 1 < p.count else {
                i += 1
                return (c, false, false)
            }
            let escaped = p[i + 1]
            i += 2
            let special = Array("123456789<>bBwWsS`'".utf8).contains(escaped)
            return (escaped, !special, false)
        }
        i += 1
        let special = Array("|*+?{}()[.^$".utf8).contains(c)
        return (c, !special, c == UInt8(ascii: "}"))
    }

    /// glibc's `fetch_number`: digits up to `,` or `}`. -1 when there were none, -2 when
    /// something else came (or the end, then `ended`); the token that stopped it.
    private mutating func number() -> (value: Int, stop: (byte: UInt8, ordinary: Bool, close: Bool)?) {
        var value = -1
        while true {
            guard let t = token() else { return (-2, nil) }
            if t.close || t.byte == UInt8(ascii: ",") { return (value, t) }
            let digit = t.ordinary && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(t.byte)
            value = !digit || value == -2 ? -2 : value == -1 ? Int(t.byte - UInt8(ascii: "0"))
                : Swift.min(Self.maxCount + 1, value * 10 + Int(t.byte - UInt8(ascii: "0")))
        }
    }

    /// The counts of a `{...}` whose `{` was read.
    private mutating func interval() throws(RegexError) -> (Int, Int?) {
        let first = number()
        var start = first.value
        let stop = first.stop
        var end: Int?
        var last = stop
        if start == -1 {
            guard let s = stop, s.ordinary, s.byte == UInt8(ascii: ",") else { throw RegexError("invalid count in {}") }
            start = 0
        }
        if start != -2, let s = stop {
            if s.close {
                end = start
            } else if s.ordinary, s.byte == UInt8(ascii: ",") {
                let (value, closing) = number()
                last = closing
                end = value == -1 ? nil : value
                if value == -2 { start = -2 }
            } else {
                start = -2
            }
        }
        if start == -2 || stop == nil { throw RegexError(last == nil ? "unmatched {" : "invalid count in {}") }
        guard last?.close == true, end.map({ start <= $0 }) ?? true else { throw RegexError("invalid count in {}") }
        guard (end ?? start) <= Self.maxCount else { throw RegexError("count over \(Self.maxCount)") }
        return (start, end)
    }

    // MARK: [...]

    private enum BracketElement {
        case byte(UInt8)
        case set(ByteSet)
    }

    /// A bracket expression whose `[` was read.
    private mutating func bracket() throws(RegexError) -> ByteSet {
        var set = ByteSet()
        guard i < p.count else { throw RegexError("unmatched [") }
        var negated = false
        if at("^") {
            negated = true
            i += 1
        }
        var first = true
        while true {
            guard i < p.count else { throw RegexError("unmatched [") }
            // The first `]` is a member; a later one closes.
            if !first, at("]") {
                i += 1
                break
            }
            let start = try bracketElement(acceptHyphen: first)
            first = false
            guard i < p.count else { throw RegexError("unmatched [") }
            if case let .byte(low) = start, at("-") {
                guard i + 1 < p.count else { throw RegexError("unmatched [") }
                if p[i + 1] == UInt8(ascii: "]") {
                    // A `-` before the closing `]` is a member: the next element.
                    set.insert(low)
                    continue
                }
                i += 1
                let end = try bracketElement(acceptHyphen: true)
                guard case let .byte(high) = end else { throw RegexError("invalid range end") }
                guard low <= high else { throw RegexError("invalid range end") }
                set.insert(low...high)
                continue
            }
            switch start {
            case let .byte(byte): set.insert(byte)
            case let .set(members): set.formUnion(members)
            }
        }
        return negated ? set.inverted : set
    }

    /// A byte, `[:class:]`, `[.c.]` or `[=c=]`. A `-` may only be one where a range may
    /// start (`acceptHyphen`) or right before the closing `]`.
    private mutating func bracketElement(acceptHyphen: Bool) throws(RegexError) -> BracketElement {
        let c = p[i]
        if c == UInt8(ascii: "["), i + 1 < p.count,
           p[i + 1] == UInt8(ascii: ":") || p[i + 1] == UInt8(ascii: ".") || p[i + 1] == UInt8(ascii: "=") {
            let delimiter = p[i + 1]
            i += 2
            var name: [UInt8] = []
            // glibc reads at most 31 bytes of a name (BRACKET_NAME_BUF_SIZE).
            while true {
                guard name.count < 32, i < p.count else { throw RegexError("unmatched [") }
                let ch = p[i]
                i += 1
                guard i < p.count else { throw RegexError("unmatched [") }
                if ch == delimiter, p[i] == UInt8(ascii: "]") { break }
                name.append(ch)
            }
            i += 1
            if delimiter == UInt8(ascii: ":") {
                guard let set = ByteSet.named(String(decoding: name, as: UTF8.self)) else {
                    throw RegexError("invalid character class name")
                }
                return .set(set)
            }
            // In the C locale a collating symbol or an equivalence class is one byte.
            guard name.count == 1 else { throw RegexError("invalid collation character") }
            return delimiter == UInt8(ascii: ".") ? .byte(name[0]) : .set(ByteSet(name[0]))
        }
        if c == UInt8(ascii: "-"), !acceptHyphen, !(i + 1 < p.count && p[i + 1] == UInt8(ascii: "]")) {
            throw RegexError("invalid range end")
        }
        i += 1
        return .byte(c)
    }
}

extension RegexNode {
    /// The pattern's size once its counts are written out: each byte and anchor counted once
    /// per copy, a repetition's body `max` times (`min`, at least once, when unbounded), so
    /// `(x{1,255}){1,255}` is 65 025. Saturates just past `limit`, so a nest of large counts
    /// cannot overflow.
    func expandedSize(limit: Int) -> Int {
        switch self {
        case .empty: return 0
        case .byte, .assertion: return 1
        case let .sequence(items), let .alternation(items):
            var total = 0
            for item in items {
                total += item.expandedSize(limit: limit)
                if total > limit { return limit + 1 }
            }
            return total
        case let .repetition(body, min, max):
            let copies = max ?? Swift.max(min, 1)
            if copies == 0 { return 0 }
            let inner = body.expandedSize(limit: limit)
            let (product, overflow) = inner.multipliedReportingOverflow(by: copies)
            return overflow || product > limit ? limit + 1 : product
        }
    }

    /// The fewest bytes a match takes (saturating).
    var minimumLength: Int {
        switch self {
        case .empty, .assertion: return 0
        case .byte: return 1
        case let .sequence(items): return items.reduce(0) { Swift.min(Int.max / 2, $0 + $1.minimumLength) }
        case let .alternation(items): return items.map(\.minimumLength).min() ?? 0
        case let .repetition(body, min, _):
            let (product, overflow) = body.minimumLength.multipliedReportingOverflow(by: min)
            return overflow ? Int.max / 2 : Swift.min(Int.max / 2, product)
        }
    }
}
