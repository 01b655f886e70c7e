/// A client's request, decoded and validated from one protocol line.
public enum Request: Equatable, Sendable {
    case show(ShowRequest)
    case dismiss(id: String)
    case dismissAll
    case ping

    /// The operations the daemon understands, for error messages and `--help`.
    public static let operations = ["show", "dismiss", "ping"]
}

/// The fields of a `show` request. Optional fields take the daemon's configured defaults.
public struct ShowRequest: Equatable, Sendable {
    public var message: String
    public var title: String?
    public var kind: Kind?
    public var timeout: Double?
    public var id: String?
    public var position: Position?

    public init(message: String, title: String? = nil, kind: Kind? = nil, timeout: Double? = nil,
                id: String? = nil, position: Position? = nil) {
        self.message = message
        self.title = title
        self.kind = kind
        self.timeout = timeout
        self.id = id
        self.position = position
    }
}

/// Limits of the wire protocol, named so the error messages and the docs agree.
public enum ProtocolLimits {
    /// A request line longer than this is refused (and skipped to its newline).
    public static let maxLineBytes = 64 * 1024
    /// Ids are for scripts to type and read back; keep them short.
    public static let maxIDLength = 128
    /// Longer than a day is almost certainly a unit mistake (milliseconds for seconds).
    public static let maxTimeout: Double = 86_400
}

/// A request that could not be accepted; `message` is what the client is told.
public struct RequestError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Request {
    /// Decodes one line (without its newline). Every failure names the problem.
    public static func decode<Bytes: Collection>(line: Bytes) -> Result<Request, RequestError> where Bytes.Element == UInt8 {
        if line.count > ProtocolLimits.maxLineBytes {
            return .failure(RequestError("request line is longer than \(ProtocolLimits.maxLineBytes) bytes"))
        }
        let json: JSON
        do {
            json = try JSON.parse(line)
        } catch {
            if error.message == "invalid UTF-8" { return .failure(RequestError("request is not valid UTF-8 (\(error))")) }
            return .failure(RequestError("request is not JSON: \(error)"))
        }
        do {
            return .success(try decode(json))
        } catch {
            return .failure(error)
        }
    }

    static func decode(_ json: JSON) throws(RequestError) -> Request {
        guard case let .object(members) = json else {
            throw RequestError("request must be a JSON object, got \(json.typeName)")
        }
        let fields = Fields(members: members)
        let op = try fields.requiredString("op")
        switch op {
        case "ping":
            try fields.allowOnly(["op"])
            return .ping
        case "dismiss":
            try fields.allowOnly(["op", "id", "all"])
            let all = try fields.bool("all") ?? false
            let id = try fields.string("id")
            switch (id, all) {
            case (nil, true): return .dismissAll
            case let (id?, false): return .dismiss(id: try validID(id))
            case (_?, true): throw RequestError("dismiss takes either \"id\" or \"all\":true, not both")
            case (nil, false): throw RequestError("dismiss needs \"id\" or \"all\":true")
            }
        case "show":
            try fields.allowOnly(["op", "message", "title", "kind", "timeout", "id", "position"])
            var show = ShowRequest(message: try fields.requiredString("message"))
            show.title = try fields.string("title")
            show.kind = try fields.enumeration("kind", Kind.self)
            show.position = try fields.enumeration("position", Position.self)
            if let id = try fields.string("id") { show.id = try validID(id) }
            if let timeout = try fields.number("timeout") {
                guard timeout >= 0 else { throw RequestError("\"timeout\" must not be negative (0 keeps the toast until dismissed)") }
                guard timeout <= ProtocolLimits.maxTimeout else {
                    throw RequestError("\"timeout\" is in seconds and at most \(Int(ProtocolLimits.maxTimeout))")
                }
                show.timeout = timeout
            }
            if show.message.isEmpty && (show.title ?? "").isEmpty {
                throw RequestError("\"message\" is empty and there is no \"title\": nothing to show")
            }
            return .show(show)
        default:
            throw RequestError("unknown op \"\(op)\" (expected one of: \(operations.joined(separator: ", ")))")
        }
    }

    static func validID(_ id: String) throws(RequestError) -> String {
        guard !id.isEmpty else { throw RequestError("\"id\" must not be empty") }
        guard id.count <= ProtocolLimits.maxIDLength else {
            throw RequestError("\"id\" is longer than \(ProtocolLimits.maxIDLength) characters")
        }
        guard id.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw RequestError("\"id\" must not contain control characters")
        }
        return id
    }
}

/// Typed access to a request object's members, with errors that name the field.
struct Fields {
    let members: [(String, JSON)]

    func value(_ key: String) -> JSON? { members.last(where: { $0.0 == key })?.1 }

    func allowOnly(_ known: [String]) throws(RequestError) {
        if let unknown = members.first(where: { !known.contains($0.0) }) {
            throw RequestError("unknown field \"\(unknown.0)\" (this op takes: \(known.joined(separator: ", ")))")
        }
    }

    func string(_ key: String) throws(RequestError) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case let .string(s)?: return s
        case let other?: throw RequestError("\"\(key)\" must be a string, got \(other.typeName)")
        }
    }

    func requiredString(_ key: String) throws(RequestError) -> String {
        guard let s = try string(key) else { throw RequestError("missing field \"\(key)\"") }
        return s
    }

    func number(_ key: String) throws(RequestError) -> Double? {
        switch value(key) {
        case nil, .null?: return nil
        case let .number(n)?: return n
        case let other?: throw RequestError("\"\(key)\" must be a number, got \(other.typeName)")
        }
    }

    func bool(_ key: String) throws(RequestError) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case let .bool(b)?: return b
        case let other?: throw RequestError("\"\(key)\" must be a boolean, got \(other.typeName)")
        }
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws(RequestError) -> E? where E.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = E(rawValue: raw) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw RequestError("unknown \(key) \"\(raw)\" (expected one of: \(names))")
        }
        return value
    }
}

extension Request {
    /// The request as a protocol line (without the newline); what the client sends.
    public var json: JSON {
        switch self {
        case .ping: return .object([("op", .string("ping"))])
        case .dismissAll: return .object([("op", .string("dismiss")), ("all", .bool(true))])
        case let .dismiss(id): return .object([("op", .string("dismiss")), ("id", .string(id))])
        case let .show(s):
            var m: [(String, JSON)] = [("op", .string("show")), ("message", .string(s.message))]
            if let v = s.title { m.append(("title", .string(v))) }
            if let v = s.kind { m.append(("kind", .string(v.rawValue))) }
            if let v = s.timeout { m.append(("timeout", .number(v))) }
            if let v = s.id { m.append(("id", .string(v))) }
            if let v = s.position { m.append(("position", .string(v.rawValue))) }
            return .object(m)
        }
    }
}
