import JSONCodec
import ToastCore

extension Request {
    /// The operation's name on the wire: its table entry's (`operation`).
    public var op: String { operation.name }

    /// The request as a protocol line (without the newline); what the client sends. Written
    /// field by field rather than through a `JSON` value: the client does this once per launch.
    public var line: [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.member("op", op)
        switch self {
        case let .pause(p):
            if p.level != QuietState.fullLevel { w.member("level", Double(p.level)) }
            switch p.end {
            case .after?: w.member("for", p.end?.text)
            case .at?: w.member("until", p.end?.text)
            case nil: break
            }
        case .pauseStatus:
            w.member("status", true)
        case let .snooze(.mute(app, end)):
            w.member("app", app)
            switch end {
            case .after?: w.member("for", end?.text)
            case .at?: w.member("until", end?.text)
            case nil: w.member("always", true)
            }
        case .snooze(.list):
            w.member("list", true)
        case let .snooze(.clear(app)):
            w.member("clear", app)
        case .ping, .resume, .subscribe, .reload, .rules, .focus, .dismissNewest, .handOver:
            break
        case let .invoke(i):
            w.member("id", i.id)
            w.member("action", i.action)
            w.member("link", i.link)
        case let .restore(id):
            w.member("id", id)
        case let .busHandOver(nonce):
            w.member("nonce", nonce)
        case let .menu(all):
            if all { w.member("all", true) }
        case let .count(follow):
            if follow { w.member("follow", true) }
        case let .rule(name, change):
            w.member("name", name)
            w.member("change", change.rawValue)
        case let .list(limit), let .history(limit):
            w.member("limit", limit.map(Double.init))
        case .dismissAll:
            w.member("all", true)
        case .clearHistory:
            w.member("clear", true)
        case let .dismiss(id):
            w.member("id", id)
        case let .center(action, monitor):
            w.member("action", action.rawValue)
            w.member("monitor", monitor?.description)
        case let .show(s):
            Self.write(s, to: &w)
        case let .test(t):
            Self.write(t.request, to: &w)
            w.member("source", t.source.rawValue)
            if !t.category.isEmpty { w.member("category", t.category) }
            if !t.desktopEntry.isEmpty { w.member("desktop_entry", t.desktopEntry) }
        case let .update(u):
            w.member("id", u.id)
            w.member("message", u.message)
            w.member("title", u.title)
            w.member("kind", u.kind?.rawValue)
            w.member("timeout", u.timeout)
            w.member("progress", u.progress)
            w.member("icon", u.icon)
        }
        w.endObject()
        return w.bytes
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

    /// `line` as a string.
    public var text: String { String(decoding: line, as: UTF8.self) }
}
