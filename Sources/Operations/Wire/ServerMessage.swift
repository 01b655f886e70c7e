import JSONCodec
import ToastCore

/// A line the client reads back: either a reply or an event.
public enum ServerMessage: Equatable, Sendable {
    case reply(Reply)
    case event(ToastEvent)

    /// Decodes a daemon line; nil when it is not one the client knows (newer daemons may add events).
    public static func decode<Bytes: Collection>(line: Bytes) -> ServerMessage? where Bytes.Element == UInt8 {
        guard let json = try? JSON.parse(line) else { return nil }
        if case let .bool(ok)? = json["ok"], case let .object(members) = json {
            if ok {
                let id: String? = if case let .string(id)? = json["id"] { id } else { nil }
                return .reply(.ok(id: id, extra: members.filter { $0.0 != "ok" && $0.0 != "id" }))
            }
            if case let .string(message)? = json["error"] { return .reply(.error(message)) }
            return .reply(.error("the daemon refused without saying why"))
        }
        return ToastEvent.decode(json).map { .event($0) }
    }
}

extension ToastEvent {
    /// Decodes an event line; nil for anything else.
    public static func decode(_ json: JSON) -> ToastEvent? {
        guard case let .string(kind)? = json["event"], case let .string(id)? = json["id"] else { return nil }
        switch kind {
        case "shown": return .shown(id: id)
        case "updated": return .updated(id: id)
        case "action":
            guard case let .string(a)? = json["action"] else { return nil }
            return .action(id: id, action: a)
        case "reply":
            guard case let .string(text)? = json["text"] else { return nil }
            return .replied(id: id, text: text)
        case "dismissed":
            guard case let .string(r)? = json["reason"], let reason = DismissReason(rawValue: r) else { return nil }
            return .dismissed(id: id, reason: reason)
        default: return nil
        }
    }
}
