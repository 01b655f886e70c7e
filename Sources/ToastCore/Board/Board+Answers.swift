import JSONCodec

/// The `list` and `history` answers.
extension Board {
    /// Visible toasts first (newest last), then waiting ones in order, stack by stack, with
    /// the seconds each has left (to a tenth); the first `limit` of them, and how many there are.
    public func listing(limit: Int? = nil, now: Double) -> JSON {
        var total = 0
        var items: [JSON] = []
        for key in keys {
            guard let stack = stacks(key) else { continue }
            for (entry, state) in stack.visible.map({ ($0, "visible") }) + stack.waiting.map({ ($0, "queued") }) {
                total += 1
                if let limit, items.count >= limit { continue }
                let t = entry.toast
                var m: [(String, JSON)] = [("id", .string(t.id))]
                if !t.title.isEmpty { m.append(("title", .string(t.title))) }
                if let origin = t.origin { m.append(("origin", .string(origin))) }
                m += [("message", .string(t.message)), ("kind", .string(t.kind.rawValue)),
                      ("position", .string(t.position.rawValue)), ("state", .string(state)),
                      ("urgency", .string(t.urgency.rawValue))]
                if let p = t.progress { m.append(("progress", .number(p))) }
                if t.restored { m.append(("restored", .bool(true))) }
                m.append(("count", .number(Double(t.count))))
                m += t.sourceFields
                if let deadline = entry.deadline {
                    m.append(("remaining", .number((max(0, deadline - now) * 10).rounded() / 10)))
                } else if let r = entry.remaining {
                    m.append(("remaining", .number((r * 10).rounded() / 10)))
                }
                items.append(.object(m))
            }
        }
        // Toasts the centre keeps open (`Board+Kept`), oldest first: live, but without a card.
        for entry in keptEntries {
            total += 1
            if let limit, items.count >= limit { continue }
            let t = entry.toast
            var m: [(String, JSON)] = [("id", .string(t.id))]
            if !t.title.isEmpty { m.append(("title", .string(t.title))) }
            m += [("message", .string(t.message)), ("kind", .string(t.kind.rawValue)),
                  ("position", .string(t.position.rawValue)), ("state", .string("kept")),
                  ("urgency", .string(t.urgency.rawValue))]
            if t.restored { m.append(("restored", .bool(true))) }
            m.append(("count", .number(Double(t.count))))
            m += t.sourceFields
            items.append(.object(m))
        }
        return .object([("paused", .bool(doNotDisturb)), ("total", .number(Double(total))), ("toasts", .array(items))])
    }

    /// The last `limit` ended toasts, oldest first; `ended` in UNIX seconds.
    public func historyAnswer(limit: Int?, now: Double, wallNow: Double) -> JSON {
        .array(history.suffix(max(0, limit ?? history.count)).map { $0.json(now: now, wallNow: wallNow) })
    }
}

extension Toast {
    /// `"source"` (socket or dbus), `"interface"` for the bus's (freedesktop, gtk or portal),
    /// `"app"`, `"desktop_entry"` when it names one (the application's id) and the `"rules"`
    /// that matched it.
    var sourceFields: [(String, JSON)] {
        Self.sourceFields(source: source, app: app, rules: rules, interface: interface, desktopEntry: desktopEntry)
    }

    static func sourceFields(source: ToastSource?, app: String?, rules: [String], interface: ToastInterface? = nil,
                             desktopEntry: String? = nil) -> [(String, JSON)] {
        guard let source else { return [] }
        var fields: [(String, JSON)] = [("source", .string(source.rawValue))]
        if let interface { fields.append(("interface", .string(interface.rawValue))) }
        fields.append(("app", .string(app ?? "")))
        if let desktopEntry, !desktopEntry.isEmpty { fields.append(("desktop_entry", .string(desktopEntry))) }
        fields.append(("rules", .array(rules.map(JSON.string))))
        return fields
    }
}
