import JSONCodec
import ToastCore

/// The client's side of the wire: a request as one protocol line. The fields each op writes
/// are its table entry's (`Operation.Wire.encode`); the longer writers are here, beside the
/// decoder's readers (`Request+Decoding.swift`), each named in its entry.
extension Request {
    /// The operation's name on the wire: its table entry's (`operation`).
    public var op: String { operation.name }

    /// The request as a protocol line (without the newline); what the client sends. Written
    /// field by field rather than through a `JSON` value: the client does this once per launch.
    public var line: [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.member("op", op)
        operation.wire?.encode(self, &w)
        w.endObject()
        return w.bytes
    }

    /// `line` as a string.
    public var text: String { String(decoding: line, as: UTF8.self) }

    static func encodeShow(_ request: Request, to w: inout JSONWriter) {
        if case let .show(s) = request { write(s, to: &w) }
    }

    static func encodeTest(_ request: Request, to w: inout JSONWriter) {
        guard case let .test(t) = request else { return }
        write(t.request, to: &w)
        w.member("source", t.source.rawValue)
        if !t.category.isEmpty { w.member("category", t.category) }
        if !t.desktopEntry.isEmpty { w.member("desktop_entry", t.desktopEntry) }
    }

    static func encodeUpdate(_ request: Request, to w: inout JSONWriter) {
        guard case let .update(u) = request else { return }
        w.member("id", u.id)
        w.member("message", u.message)
        w.member("title", u.title)
        w.member("kind", u.kind?.rawValue)
        w.member("timeout", u.timeout)
        w.member("progress", u.progress)
        w.member("icon", u.icon)
    }

    /// `dismiss` alone is the newest toast.
    static func encodeDismiss(_ request: Request, to w: inout JSONWriter) {
        switch request {
        case let .dismiss(id): w.member("id", id)
        case .dismissAll: w.member("all", true)
        default: break
        }
    }

    static func encodePause(_ request: Request, to w: inout JSONWriter) {
        switch request {
        case let .pause(p):
            if p.level != QuietState.fullLevel { w.member("level", Double(p.level)) }
            write(p.end, to: &w)
        case .pauseStatus:
            w.member("status", true)
        default:
            break
        }
    }

    static func encodeSnooze(_ request: Request, to w: inout JSONWriter) {
        guard case let .snooze(snooze) = request else { return }
        switch snooze {
        case let .mute(app, end):
            w.member("app", app)
            if end == nil { w.member("always", true) } else { write(end, to: &w) }
        case .list:
            w.member("list", true)
        case let .clear(app):
            w.member("clear", app)
        }
    }

    static func encodeHistory(_ request: Request, to w: inout JSONWriter) {
        switch request {
        case let .history(limit): w.member("limit", limit.map(Double.init))
        case .clearHistory: w.member("clear", true)
        default: break
        }
    }

    static func encodeRule(_ request: Request, to w: inout JSONWriter) {
        guard case let .rule(name, change) = request else { return }
        w.member("name", name)
        w.member("change", change.rawValue)
    }

    static func encodeInvoke(_ request: Request, to w: inout JSONWriter) {
        guard case let .invoke(i) = request else { return }
        w.member("id", i.id)
        w.member("action", i.action)
        w.member("link", i.link)
    }

    static func encodeCenter(_ request: Request, to w: inout JSONWriter) {
        guard case let .center(action, monitor) = request else { return }
        w.member("action", action.rawValue)
        w.member("monitor", monitor?.description)
    }

    /// A quiet end as `pause` and `snooze` send it: a duration (`for`) or a time (`until`).
    private static func write(_ end: QuietEnd?, to w: inout JSONWriter) {
        switch end {
        case .after?: w.member("for", end?.text)
        case .at?: w.member("until", end?.text)
        case nil: break
        }
    }

    /// A `show`'s fields (`test` sends them too).
    private static func write(_ s: ShowRequest, to w: inout JSONWriter) {
        w.member("message", s.message)
        w.member("title", s.title)
        w.member("kind", s.kind?.rawValue)
        w.member("timeout", s.timeout)
        w.member("id", s.id)
        w.member("position", s.position?.rawValue)
        w.member("monitor", s.monitor?.description)
        w.member("style", s.style?.rawValue)
        if s.markup { w.member("markup", true) }
        w.member("icon", s.icon)
        w.member("actions", s.actions)
        w.member("default_action", s.defaultAction)
        w.member("progress", s.progress)
        w.member("urgency", s.urgency?.rawValue)
        w.member("app", s.app)
        w.member("reply", s.reply?.placeholder)
        w.member("category", s.category)
    }
}
