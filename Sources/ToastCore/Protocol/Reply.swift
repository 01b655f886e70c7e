/// What the daemon sends back: one reply per request, in order, and events for the
/// toasts a connection showed.
public enum Reply: Equatable, Sendable {
    case ok(id: String?)
    case error(String)

    public var json: JSON {
        switch self {
        case let .ok(id?): .object([("ok", .bool(true)), ("id", .string(id))])
        case .ok(nil): .object([("ok", .bool(true))])
        case let .error(message): .object([("ok", .bool(false)), ("error", .string(message))])
        }
    }
}

/// Something that happened to a toast, told to the connection that showed it.
public enum ToastEvent: Equatable, Sendable {
    case dismissed(id: String, reason: DismissReason)

    public var json: JSON {
        switch self {
        case let .dismissed(id, reason):
            .object([("event", .string("dismissed")), ("id", .string(id)), ("reason", .string(reason.rawValue))])
        }
    }
}

/// A line the client reads back: either a reply or an event.
public enum ServerMessage: Equatable, Sendable {
    case reply(Reply)
    case event(ToastEvent)

    /// Decodes a daemon line; nil when it is not one the client knows (newer daemons may add events).
    public static func decode<Bytes: Collection>(line: Bytes) -> ServerMessage? where Bytes.Element == UInt8 {
        guard let json = try? JSON.parse(line) else { return nil }
        if case let .bool(ok)? = json["ok"] {
            if ok {
                if case let .string(id)? = json["id"] { return .reply(.ok(id: id)) }
                return .reply(.ok(id: nil))
            }
            if case let .string(message)? = json["error"] { return .reply(.error(message)) }
            return .reply(.error("the daemon refused without saying why"))
        }
        if case .string("dismissed")? = json["event"], case let .string(id)? = json["id"],
           case let .string(r)? = json["reason"], let reason = DismissReason(rawValue: r) {
            return .event(.dismissed(id: id, reason: reason))
        }
        return nil
    }
}
