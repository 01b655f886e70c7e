import JSONCodec

/// What the running daemon holds back: do-not-disturb and inhibitions (`pause --status`),
/// snoozes (`snooze --list`), and rules that hide or drop toasts (`rules`).
extension Doctor {
    /// `pause --status`'s reply; nil when no daemon answered.
    public static func quiet(_ status: JSON?, now: Double) -> [DoctorFinding] {
        let check = "do-not-disturb"
        guard let status else { return [DoctorFinding(check, .ok, "cannot tell without a running daemon")] }
        guard case let .array(sources)? = status["sources"], !sources.isEmpty else {
            return [DoctorFinding(check, .ok, "off: nothing holds toasts back")]
        }
        return sources.map { source in
            let until = number(source["until"]).map { "for \(span($0 - now)) more" } ?? "with no end"
            switch text(source["by"]) {
            case "user":
                let level = number(source["level"]).map { $0 < 100 ? " at level \(Int($0))" : "" } ?? ""
                let since = number(source["since"]).map { ", since \(span(now - $0)) ago" } ?? ""
                return DoctorFinding(check, .warning, "on\(level) (you asked)\(since), \(until): new toasts wait (critical ones still show)",
                                     advice: "xtoast resume")
            case "app":
                let app = text(source["desktop_entry"]).flatMap { $0.isEmpty ? nil : $0 } ?? "an application"
                let reason = text(source["reason"]).flatMap { $0.isEmpty ? nil : " (\"\($0)\")" } ?? ""
                return DoctorFinding(check, .warning, "\(app) inhibits notifications\(reason), \(until): new toasts wait",
                                     advice: "it ends when \(app) lets go or leaves the bus; quit it, or xtoast resume")
            case "schedule":
                let every = text(source["every"]) ?? "?"
                return DoctorFinding(check, .warning, "the [quiet] schedule \"\(every)\" holds, \(until)",
                                     advice: "edit [quiet] every in the config file")
            default:
                var windows: [String] = []
                if case let .array(list)? = source["windows"] { windows = list.compactMap { text($0) } }
                return DoctorFinding(check, .warning, "a shared screen holds toasts back\(windows.isEmpty ? "" : " (\(windows.joined(separator: ", ")))")",
                                     advice: "it ends when the sharing window goes")
            }
        }
    }

    /// `snooze --list`'s reply; nil when no daemon answered.
    public static func snoozes(_ reply: JSON?, now: Double) -> [DoctorFinding] {
        guard let reply else { return [] }
        guard case let .array(list)? = reply["snoozes"], !list.isEmpty else {
            return [DoctorFinding("snooze", .ok, "no application is snoozed for a while")]
        }
        return list.map { snooze in
            let app = text(snooze["app"]) ?? "?"
            let until = number(snooze["until"]).map { "for \(span($0 - now)) more" } ?? ""
            return DoctorFinding("snooze", .warning, "\(app) is snoozed \(until): its toasts go to history unseen",
                                 advice: "xtoast snooze --clear \(app)")
        }
    }

    /// `rules`' reply: the rules that keep toasts off screen (`skip = display`, a snooze set
    /// to `always`) or drop them (`skip = all`), with the last toast each held back.
    public static func rules(_ reply: JSON?, now: Double) -> [DoctorFinding] {
        guard let reply, case let .array(rules)? = reply["rules"] else { return [] }
        var findings: [DoctorFinding] = []
        for rule in rules {
            guard let hides = text(rule["hides"]), let name = text(rule["name"]) else { continue }
            let enabled = rule["enabled"] == .bool(true)
            let place = text(rule["where"]).map { " (\($0))" } ?? ""
            let matched = number(rule["matched"]).map { Int($0) } ?? 0
            var last = ""
            if let held = rule["last_held"] {
                let title = text(held["title"]).flatMap { $0.isEmpty ? nil : " \"\($0)\"" } ?? ""
                last = "; the last: \(text(held["app"]) ?? "?")\(title)" + (number(held["at"]).map { ", \(span(now - $0)) ago" } ?? "")
            }
            let what = hides == "all" ? "drops its toasts (neither shown nor kept)" : "keeps its toasts off screen (history only)"
            let snoozed = name.lowercased().hasPrefix("snooze ") ? "\(name.dropFirst(7)) is snoozed always: " : ""
            guard enabled else {
                findings.append(DoctorFinding("rules", .ok, "[rule \(name)]\(place) \(what), but is disabled"))
                continue
            }
            findings.append(DoctorFinding("rules", .warning, "\(snoozed)[rule \(name)]\(place) \(what): \(matched) since the daemon started\(last)",
                                          advice: "xtoast rule '\(name)' disable (until the next start), or delete the section\(place)"))
        }
        if findings.isEmpty { findings.append(DoctorFinding("rules", .ok, "no rule hides or drops toasts")) }
        return findings
    }

    static func text(_ json: JSON?) -> String? { if case let .string(s)? = json { s } else { nil } }
    static func number(_ json: JSON?) -> Double? { if case let .number(n)? = json, n.isFinite { n } else { nil } }
}
