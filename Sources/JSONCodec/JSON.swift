/// A JSON value, with a strict parser and a compact serialiser.
///
/// The wire protocol is one JSON object per line. ToastCore cannot use Foundation (the client
/// must start in a couple of milliseconds), so this is the whole of JSON it needs.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value of `key` in an object (the last one wins, as in most parsers).
    public subscript(key: String) -> JSON? {
        guard case let .object(members) = self else { return nil }
        return members.last(where: { $0.0 == key })?.1
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Serialising

extension JSON {
    /// Compact JSON as UTF-8, with no newline inside (so it is safe as one protocol line).
    public var utf8: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }

    /// `utf8` as a string.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Scalars written as `\uXXXX` (apart from the short escapes): C0 and C1 controls, DEL,
    /// U+2028/2029 and bidi controls, so a reply shown in a terminal or a log, or read by
    /// JavaScript, shows the escape rather than acting on it. JSON allows them raw; we never do.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeControls.isControl(scalar) || UnicodeControls.isLineSeparator(scalar) || UnicodeControls.isBidiControl(scalar)
    }
}

// MARK: - Parsing

extension JSON {
    /// Whether a number's text has a nonzero digit before its exponent: `1e-400` does, though
    /// it reads as 0.0. Used wherever a number that underflowed must not pass for zero.
    package static func hasNonzeroMantissa<Bytes: Collection>(_ text: Bytes) -> Bool where Bytes.Element == UInt8 {
        text.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
            .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
    }
}

/// Why a line is not JSON, with the byte offset where it went wrong.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSON {
    /// Parses one complete JSON document from UTF-8 bytes. Invalid UTF-8 is an error, not replaced.
    public static func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONError) -> JSON where Bytes.Element == UInt8 {
        var parser = Parser(bytes: Array(bytes))
        return try parser.parseDocument()
    }

    public static func parse(_ text: String) throws(JSONError) -> JSON {
        try parse(Array(text.utf8))
    }
}

private struct Parser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    static let maxDepth = 64

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String) -> JSONError { JSONError(message: message, offset: i) }

    mutating func parseDocument() throws(JSONError) -> JSON {
        skipSpace()
        let value = try parseValue()
        skipSpace()
        if i != bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    mutating func parseValue() throws(JSONError) -> JSON {
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONError) {
        let w = word.utf8
        guard bytes.count - i >= w.count, bytes[i..<i + w.count].elementsEqual(w) else { throw fail("unexpected word") }
        i += w.count
    }

    mutating func enter() throws(JSONError) {
        depth += 1
        if depth > Parser.maxDepth { throw fail("nesting deeper than \(Parser.maxDepth)") }
    }

    mutating func parseObject() throws(JSONError) -> JSON {
        try enter()
        i += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipSpace()
            members.append((key, try parseValue()))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func parseArray() throws(JSONError) -> JSON {
        try enter()
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try parseValue())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func parseNumber() throws(JSONError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw fail("bad number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("bad number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("bad number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONError(message: "number out of range", offset: start) }
        // A number too small for a Double (1e-400) rounds to zero, but it is not zero: keep it
        // the smallest positive (or negative) Double, so `"timeout":1e-400` cannot become 0,
        // which means "never expires".
        if value == 0, JSON.hasNonzeroMantissa(bytes[start..<i]) {
            return bytes[start] == UInt8(ascii: "-") ? -Double.leastNonzeroMagnitude : Double.leastNonzeroMagnitude
        }
        return value
    }

    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func parseString() throws(JSONError) -> String {
        i += 1
        // UTF-8 gathered as bytes (checked on the way), made a String once at the end: cheaper
        // than appending scalar by scalar, for the daemon's requests and the client's replies.
        var utf8: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: utf8, as: UTF8.self) }
            if b < 0x20 { throw fail("control character in string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw fail("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("unpaired surrogate") }
                    UTF8.encode(scalar) { utf8.append($0) }
                default: throw fail("bad escape")
                }
                continue
            }
            if b < 0x80 {
                // A run of plain ASCII goes in at once (a history file is mostly that).
                let start = i
                i += 1
                while i < bytes.count, bytes[i] >= 0x20, bytes[i] < 0x80, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
                    i += 1
                }
                utf8.append(contentsOf: bytes[start..<i])
            } else {
                let start = i
                _ = try utf8Scalar()  // checks the sequence and steps over it
                utf8 += bytes[start..<i]
            }
        }
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// Decodes one UTF-8 scalar strictly: no overlongs, no surrogates, nothing past U+10FFFF.
    mutating func utf8Scalar() throws(JSONError) -> Unicode.Scalar {
        let b0 = bytes[i]
        if b0 < 0x80 { i += 1; return Unicode.Scalar(b0) }
        let count: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: count = 1; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: count = 2; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: count = 3; value = UInt32(b0 & 0x07)
        default: throw fail("invalid UTF-8")
        }
        guard i + count < bytes.count else { throw fail("invalid UTF-8") }
        for k in 1...count {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { throw fail("invalid UTF-8") }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = count == 1 ? 0x80 : count == 2 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw fail("invalid UTF-8") }
        i += count + 1
        return scalar
    }
}
