/// Writes compact JSON as UTF-8 bytes: the one serialiser of the protocol. `JSON.utf8` writes a
/// value through it; the client writes its request line through it directly, without building
/// a `JSON` value first (whose tuple arrays cost metadata the runtime builds by demangling, on
/// every launch).
///
/// Never writes a raw newline (a line is one protocol message), and escapes every scalar
/// `JSON.needsEscape` names.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// No comma is due before the next member or element (just after `{` or `[`).
    private var atFirst = true

    public init() {}

    // MARK: Values

    public mutating func null() { bytes += "null".utf8 }

    public mutating func bool(_ b: Bool) { bytes += (b ? "true" : "false").utf8 }

    /// Whole numbers below 10^15 without a fraction; non-finite numbers (never valid JSON) as null.
    public mutating func number(_ n: Double) {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 {
            integer(Int64(n))
        } else if n.isFinite {
            bytes += "\(n)".utf8
        } else {
            null()
        }
    }

    /// Digits by hand: `String(Int64)` is generic code the client would page in for one number.
    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes += digits.reversed()
    }

    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (ids, reasons, plain messages) are printable ASCII with nothing to
        // escape: copied whole, not scalar by scalar (every event, reply and history line).
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": bytes += #"\""#.utf8
            case "\\": bytes += #"\\"#.utf8
            case "\n": bytes += #"\n"#.utf8
            case "\r": bytes += #"\r"#.utf8
            case "\t": bytes += #"\t"#.utf8
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F:
                bytes.append(UInt8(scalar.value))
            case _ where JSON.needsEscape(scalar):
                let v = Int(scalar.value)
                bytes += #"\u"#.utf8
                for shift in [12, 8, 4, 0] { bytes.append(Self.hexDigits[(v >> shift) & 0xF]) }
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func value(_ json: JSON) {
        switch json {
        case .null: null()
        case let .bool(b): bool(b)
        case let .number(n): number(n)
        case let .string(s): string(s)
        case let .array(items):
            beginArray()
            for item in items {
                element()
                value(item)
            }
            endArray()
        case let .object(members):
            beginObject()
            for (key, item) in members {
                self.key(key)
                value(item)
            }
            endObject()
        }
    }

    // MARK: Containers

    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        atFirst = true
    }

    /// A member's key; its value is written next.
    public mutating func key(_ key: String) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A value was just written where the container is, so what follows it needs a comma.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        atFirst = false
    }

    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        atFirst = true
    }

    /// Before each element of an array.
    public mutating func element() { separate() }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        atFirst = false
    }

    // MARK: Members, for objects written field by field (nil values are left out)

    public mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func member(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    public mutating func member(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    private mutating func separate() {
        if !atFirst { bytes.append(UInt8(ascii: ",")) }
        atFirst = false
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
