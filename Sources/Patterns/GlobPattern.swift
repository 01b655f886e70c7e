#if canImport(Glibc)
import Glibc
#endif

/// A shell-style wildcard pattern on a whole text, as dunst's rules and `fnmatch` read them.
///
/// `*` matches any run of characters (`/` included), `?` exactly one character, `[abc]`,
/// `[a-z]`, `[[:digit:]]` one of a set, `[!abc]` or `[^abc]` one not in it, and a backslash
/// makes the next character literal. A `[` without its `]` is a literal `[`. Case-sensitive.
///
/// Compiled once into tokens; matching works on the text's UTF-8 bytes without copying it and
/// counts a character as one Unicode scalar (so `?` matches `é`, unlike `fnmatch` in the C
/// locale). The cost is O(text × pattern) at worst: a failed token backtracks only to the
/// last `*`.
///
///     GlobPattern("*signed on*").matches("Ann signed on")   // true
public struct GlobPattern: Sendable {
    /// Plain values, so matching copies and counts no references.
    package enum Token: Equatable, Sendable {
        /// `count` bytes of `literals` from `start`.
        case literal(start: Int, count: Int)
        case anyCharacter
        case anyRun
        /// `sets[index]`.
        case set(index: Int, negated: Bool)
    }

    /// The characters of a `[...]`: scalar ranges and named ASCII classes.
    package struct CharacterSet: Equatable, Sendable {
        package var ranges: [ClosedRange<UInt32>] = []
        package var classes: [NamedClass] = []

        func contains(_ scalar: UInt32) -> Bool {
            ranges.contains { $0.contains(scalar) } || classes.contains { $0.contains(scalar) }
        }
    }

    /// `[:alpha:]` and the rest, for ASCII, as in the C locale.
    package enum NamedClass: String, Sendable, CaseIterable {
        case alpha, digit, alnum, upper, lower, space, blank, punct, xdigit, cntrl, print, graph

        func contains(_ c: UInt32) -> Bool {
            let upper = (0x41...0x5A).contains(c), lower = (0x61...0x7A).contains(c), digit = (0x30...0x39).contains(c)
            switch self {
            case .alpha: return upper || lower
            case .digit: return digit
            case .alnum: return upper || lower || digit
            case .upper: return upper
            case .lower: return lower
            case .space: return c == 0x20 || (0x09...0x0D).contains(c)
            case .blank: return c == 0x20 || c == 0x09
            case .punct: return (0x21...0x7E).contains(c) && !(upper || lower || digit)
            case .xdigit: return digit || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
            case .cntrl: return c < 0x20 || c == 0x7F
            case .print: return (0x20...0x7E).contains(c)
            case .graph: return (0x21...0x7E).contains(c)
            }
        }
    }

    package let tokens: [Token]
    let literals: [UInt8]
    package let sets: [CharacterSet]

    public init(_ pattern: String) {
        (tokens, literals, sets) = Self.compile(Array(pattern.unicodeScalars))
    }

    /// The pattern has no wildcard: matching is comparing with these bytes.
    package var exact: [UInt8]? {
        if tokens.isEmpty { return [] }
        if tokens.count == 1, case .literal = tokens[0] { return literals }
        return nil
    }

    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(bytes: $0) }
    }

    package func matches(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens.withUnsafeBufferPointer { tokens in
            literals.withUnsafeBufferPointer { literals in
                match(text, tokens, literals)
            }
        }
    }

    private func match(_ text: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>,
                       _ literals: UnsafeBufferPointer<UInt8>) -> Bool {
        var t = 0, p = 0
        // Where to resume after the last `*`: the token after it, and the text position it
        // has swallowed up to so far.
        var starToken = -1, starText = 0
        while t < text.count || p < tokens.count {
            if p < tokens.count {
                switch tokens[p] {
                case .anyRun:
                    starToken = p
                    starText = t
                    p += 1
                    continue
                case let .literal(start, count):
                    let piece = UnsafeBufferPointer(rebasing: literals[start..<(start + count)])
                    if starToken >= 0, starToken == p - 1 {
                        // Right after the last `*`: jump to where the piece next occurs. If it
                        // occurs nowhere further on, no amount of backtracking can help.
                        guard let at = Self.find(piece, in: text, from: t) else { return false }
                        starText = at
                        t = at + count
                        p += 1
                        continue
                    }
                    if t + count <= text.count, Self.equal(piece, text, at: t) {
                        t += count
                        p += 1
                        continue
                    }
                case .anyCharacter:
                    if t < text.count {
                        t = Self.nextScalar(text, t)
                        p += 1
                        continue
                    }
                case let .set(index, negated):
                    if t < text.count {
                        let (scalar, next) = Self.decode(text, t)
                        if sets[index].contains(scalar) != negated {
                            t = next
                            p += 1
                            continue
                        }
                    }
                }
            }
            // Mismatch (or pattern done with text left): let the last `*` swallow one more character.
            guard starToken >= 0, starText < text.count else { return false }
            starText = Self.nextScalar(text, starText)
            t = starText
            p = starToken + 1
        }
        return true
    }

    // MARK: Compiling

    private static func compile(_ pattern: [Unicode.Scalar]) -> ([Token], [UInt8], [CharacterSet]) {
        var tokens: [Token] = []
        var literals: [UInt8] = []
        var sets: [CharacterSet] = []
        var pieceStart = 0
        func flush() {
            if literals.count > pieceStart { tokens.append(.literal(start: pieceStart, count: literals.count - pieceStart)) }
            pieceStart = literals.count
        }
        var i = 0
        while i < pattern.count {
            let c = pattern[i]
            switch c {
            case "*":
                flush()
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                i += 1
            case "?":
                flush()
                tokens.append(.anyCharacter)
                i += 1
            case "[":
                if let (set, negated, end) = bracket(pattern, from: i) {
                    flush()
                    tokens.append(.set(index: sets.count, negated: negated))
                    sets.append(set)
                    i = end
                } else {
                    literals += Array(String(c).utf8)
                    i += 1
                }
            case "\\" where i + 1 < pattern.count:
                literals += Array(String(pattern[i + 1]).utf8)
                i += 2
            default:
                literals += Array(String(c).utf8)
                i += 1
            }
        }
        flush()
        return (tokens, literals, sets)
    }

    /// The set opened at `start`, and the index after its `]`; nil when it never closes.
    private static func bracket(_ p: [Unicode.Scalar], from start: Int) -> (CharacterSet, Bool, Int)? {
        var i = start + 1
        var negated = false
        if i < p.count, p[i] == "!" || p[i] == "^" {
            negated = true
            i += 1
        }
        var set = CharacterSet()
        var first = true
        while i < p.count {
            if p[i] == "]" && !first { return (set, negated, i + 1) }
            first = false
            if p[i] == "[", i + 1 < p.count, p[i + 1] == ":",
               let close = (i + 2..<p.count).first(where: { p[$0] == ":" && $0 + 1 < p.count && p[$0 + 1] == "]" }),
               let named = NamedClass(rawValue: String(String.UnicodeScalarView(p[(i + 2)..<close]))) {
                set.classes.append(named)
                i = close + 2
                continue
            }
            var low = p[i]
            if low == "\\", i + 1 < p.count {
                i += 1
                low = p[i]
            }
            i += 1
            if i + 1 < p.count, p[i] == "-", p[i + 1] != "]" {
                var high = p[i + 1]
                i += 2
                if high == "\\", i < p.count {
                    high = p[i]
                    i += 1
                }
                if low.value <= high.value { set.ranges.append(low.value...high.value) }
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
        return nil
    }

    // MARK: UTF-8

    /// The first offset at or after `from` where `piece` occurs in `text`.
    static func find(_ piece: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let p = piece.baseAddress, !piece.isEmpty else { return from }
        guard let base = text.baseAddress, from + piece.count <= text.count else { return nil }
        let last = text.count - piece.count
        var i = from
        while i <= last {
            guard let hit = memchr(base + i, Int32(p[0]), last - i + 1) else { return nil }
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + at, p, piece.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard let base = a.baseAddress, let textBase = text.baseAddress else { return a.isEmpty }
        return memcmp(base, textBase + offset, a.count) == 0
    }

    /// The index after the scalar starting at `i`.
    private static func nextScalar(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var next = i + 1
        while next < text.count, text[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    /// The scalar at `i` and the index after it. Swift strings hold valid UTF-8.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int) {
        let lead = UInt32(text[i])
        let next = nextScalar(text, i)
        let length = next - i
        guard length > 1 else { return (lead, next) }
        var value = lead & (0xFF >> (length + 1))
        for k in (i + 1)..<next { value = value << 6 | UInt32(text[k] & 0x3F) }
        return (value, next)
    }
}

extension GlobPattern: Equatable {}
