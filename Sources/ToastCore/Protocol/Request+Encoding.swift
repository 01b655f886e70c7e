extension Request {
    /// The request as a protocol line (without the newline); what the client sends.
    public var json: JSON {
        func op(_ name: String, _ more: [(String, JSON)] = []) -> JSON { .object([("op", .string(name))] + more) }
        switch self {
        case .ping: return op("ping")
        case let .list(limit): return op("list", limit.map { [("limit", .number(Double($0)))] } ?? [])
        case .pause: return op("pause")
        case .resume: return op("resume")
        case .subscribe: return op("subscribe")
        case .reload: return op("reload")
        case let .history(limit): return op("history", limit.map { [("limit", .number(Double($0)))] } ?? [])
        case .dismissAll: return op("dismiss", [("all", .bool(true))])
        case let .dismiss(id): return op("dismiss", [("id", .string(id))])
        case let .show(s):
            var m: [(String, JSON)] = [("message", .string(s.message))]
            if let v = s.title { m.append(("title", .string(v))) }
            if let v = s.kind { m.append(("kind", .string(v.rawValue))) }
            if let v = s.timeout { m.append(("timeout", .number(v))) }
            if let v = s.id { m.append(("id", .string(v))) }
            if let v = s.position { m.append(("position", .string(v.rawValue))) }
            if let v = s.monitor { m.append(("monitor", .string(v.description))) }
            if let v = s.style { m.append(("style", .string(v.rawValue))) }
            if s.markup { m.append(("markup", .bool(true))) }
            if let v = s.icon { m.append(("icon", .string(v))) }
            if !s.actions.isEmpty {
                m.append(("actions", .array(s.actions.map { .object([("id", .string($0.id)), ("label", .string($0.label))]) })))
            }
            if let v = s.defaultAction { m.append(("default_action", .string(v))) }
            if let v = s.progress { m.append(("progress", .number(v))) }
            if let v = s.urgency { m.append(("urgency", .string(v.rawValue))) }
            return op("show", m)
        case let .update(u):
            var m: [(String, JSON)] = [("id", .string(u.id))]
            if let v = u.message { m.append(("message", .string(v))) }
            if let v = u.title { m.append(("title", .string(v))) }
            if let v = u.kind { m.append(("kind", .string(v.rawValue))) }
            if let v = u.timeout { m.append(("timeout", .number(v))) }
            if let v = u.progress { m.append(("progress", .number(v))) }
            if let v = u.icon { m.append(("icon", .string(v))) }
            return op("update", m)
        }
    }
}
