import JSONCodec

/// The answers of `xtoast rules` and `xtoast rules --test`.
extension Admission.Decision {
    /// What `xtoast rules --test` prints: the rules that match (in file order), what becomes
    /// of the toast (`show`, `supersede`, `suppress`, `replace`, `take-over`, `skip-display`,
    /// `drop`, `repeat`, `into-center`, `keep-in-center`, `focused`), for a bus toast whether
    /// it came from the application in front and why (`focused_app`), the settings
    /// that result and the scripts that would run.
    public var report: JSON {
        var settings: [(String, JSON)] = [("app", .string(toast.app ?? "")), ("source", .string(toast.source.rawValue)),
                                          ("kind", .string(toast.kind.rawValue)), ("urgency", .string(toast.urgency.rawValue)),
                                          ("position", .string(toast.position.rawValue))]
        if let style = toast.style { settings.append(("style", .string(style.rawValue))) }
        if let monitor { settings.append(("monitor", .string(monitor.description))) }
        settings.append(("timeout", .number(toast.timeout)))
        if let icon = toast.icon { settings.append(("icon", .string(icon))) }
        if let color = toast.color { settings.append(("color", .string(Self.hex(color)))) }
        if let colors = toast.cardColors {
            for part in CardColors.Part.allCases {
                if let color = colors[keyPath: part.path] { settings.append((part.rawValue, .string(Self.hex(color)))) }
            }
        }
        settings += [("markup", .bool(toast.markup)), ("transient", .bool(toast.transient)), ("keep_open", .bool(toast.keepsOpen))]
        if let tag = toast.stackTag { settings.append(("stack_tag", .string(tag))) }
        var members: [(String, JSON)] = [("matched", .array(outcome.matched.map(JSON.string)))]
        switch action {
        case .show: members.append(("action", .string("show")))
        case let .supersede(id): members += [("action", .string("supersede")), ("replaces", .string(id))]
        case .suppress: members.append(("action", .string("suppress")))
        case let .replace(id): members += [("action", .string("replace")), ("replaces", .string(id))]
        case let .takeOver(id): members += [("action", .string("take-over")), ("replaces", .string(id))]
        case .skipDisplay: members.append(("action", .string("skip-display")))
        case .drop: members.append(("action", .string("drop")))
        case .snooze: members.append(("action", .string("snoozed")))
        case .focused: members.append(("action", .string("focused")))
        case let .repeatOf(id): members += [("action", .string("repeat")), ("repeats", .string(id))]
        case .intoCenter: members.append(("action", .string("into-center")))
        case .keepInCenter: members.append(("action", .string("keep-in-center")))
        case let .fold(id): members += [("action", .string("fold"))] + (id.map { [("digest", JSON.string($0))] } ?? [])
        case let .sameAs(id): members += [("action", .string("same-as")), ("repeats", .string(id))]
        }
        if let focusedApp { members.append(("focused_app", .string(focusedApp.description))) }
        members.append(("toast", .object(settings)))
        members.append(("scripts", .array(outcome.scripts.map { script in
            .object([("rule", .string(script.rule)), ("command", .array(script.command.map(JSON.string)))])
        })))
        return .object(members)
    }

    /// `#rrggbb`.
    static func hex(_ rgb: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String((0..<6).map { digits[Int((rgb >> (20 - 4 * UInt32($0))) & 0xF)] })
    }
}

extension RuleStatus {
    /// `xtoast rules`: each rule's name, whether it applies now, how many toasts it matched
    /// since the daemon started, and where it is (`FILE:LINE`); for a rule that hides or
    /// drops toasts, which (`hides`: display or all) and the last one it held back.
    public static func json(_ statuses: [RuleStatus]) -> JSON {
        .array(statuses.map { status in
            var members: [(String, JSON)] = [("name", .string(status.name)), ("enabled", .bool(status.enabled)),
                                             ("matched", .number(Double(status.matchCount))), ("where", .string("\(status.file):\(status.line)"))]
            if let hides = status.hides { members.append(("hides", .string(hides.rawValue))) }
            if let held = status.lastHeld {
                members.append(("last_held", .object([("app", .string(held.app)), ("title", .string(held.title)),
                                                      ("at", .number(held.at.rounded()))])))
            }
            return .object(members)
        })
    }
}
