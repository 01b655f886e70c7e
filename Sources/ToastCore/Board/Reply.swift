import JSONCodec

/// What the daemon sends back: one reply per request, in order, and events for the
/// toasts a connection showed (or for every toast, once it subscribed).
public enum Reply: Equatable, Sendable {
    /// Success, with the toast's id where there is one, and any extra fields
    /// (`warning`, `toasts`, `history`).
    case ok(id: String?, extra: [(String, JSON)] = [])
    case error(String)

    public static func == (a: Reply, b: Reply) -> Bool { a.json == b.json }

    public var json: JSON {
        switch self {
        case let .ok(id, extra):
            var m: [(String, JSON)] = [("ok", .bool(true))]
            if let id { m.append(("id", .string(id))) }
            return .object(m + extra)
        case let .error(message): return .object([("ok", .bool(false)), ("error", .string(message))])
        }
    }
}

/// Something that happened to a toast.
///
/// Order per toast: `shown` (when its card appears; a queued toast shows later), any number of
/// `updated` and at most one `action`, then exactly one `dismissed`, always last.
public enum ToastEvent: Equatable, Sendable {
    case shown(id: String)
    case updated(id: String)
    case action(id: String, action: String)
    case dismissed(id: String, reason: DismissReason)
    /// The user sent `text` from the toast's inline reply field (issue 29).
    case replied(id: String, text: String)

    public var id: String {
        switch self {
        case let .shown(id), let .updated(id), let .action(id, _), let .dismissed(id, _), let .replied(id, _): id
        }
    }

    public var json: JSON { plainJSON }

    /// The event's line; with its toast's `source`, also `"source"`, `"app"` and the
    /// `"rules"` that matched it.
    public func json(source: ToastSource?, app: String?, rules: [String] = [], interface: ToastInterface? = nil,
                     desktopEntry: String? = nil) -> JSON {
        guard case let .object(fields) = plainJSON else { return plainJSON }
        return .object(fields + Toast.sourceFields(source: source, app: app, rules: rules, interface: interface,
                                                   desktopEntry: desktopEntry))
    }

    private var plainJSON: JSON {
        switch self {
        case let .shown(id): .object([("event", .string("shown")), ("id", .string(id))])
        case let .updated(id): .object([("event", .string("updated")), ("id", .string(id))])
        case let .action(id, action):
            .object([("event", .string("action")), ("id", .string(id)), ("action", .string(action))])
        case let .dismissed(id, reason):
            .object([("event", .string("dismissed")), ("id", .string(id)), ("reason", .string(reason.rawValue))])
        case let .replied(id, text):
            .object([("event", .string("reply")), ("id", .string(id)), ("text", .string(text))])
        }
    }
}

