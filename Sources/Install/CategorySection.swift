import ToastCore

/// `xtoast(5)`'s CATEGORIES: what each category of `CategoryPolicy.table` does, written from
/// the table itself, so the page cannot tell another story than the daemon (issue 48 asks
/// for the table in README's docs and in `xtoast(5)`; `CategorySectionTests` holds both).
enum CategorySection {
    /// The rows, categories that act alike on one line, in the order a reader looks for them.
    static func lines() -> [String] {
        var lines = [".SH CATEGORIES"] + Roff.paragraph("""
            A notification's category (the freedesktop category hint, GNotification's and the \
            portal's category, xtoast show --category) names it for rules; these categories also \
            act, by default. A rule's timeout, urgency, fullscreen, override_pause_level or sound \
            wins over the category's, and a rule's category picks another row. \
            Level \(CategoryPolicy.callLevel) lets a call through pause --level up to \(CategoryPolicy.callLevel) \
            and through a schedule whose allow names calls; plain pause (100) holds it.
            """)
        for (names, policy) in groups() {
            for (i, name) in names.enumerated() { lines += [i == 0 ? ".TP" : ".TQ", Roff.bold(name)] }
            lines += Roff.paragraph(describe(policy))
        }
        return lines
    }

    /// Categories with the same row, grouped; groups ordered by their first name.
    static func groups() -> [(names: [String], policy: CategoryPolicy)] {
        var groups: [(names: [String], policy: CategoryPolicy)] = []
        for (name, policy) in CategoryPolicy.table.sorted(by: { $0.key < $1.key }) {
            if let i = groups.firstIndex(where: { $0.policy == policy }) { groups[i].names.append(name) } else { groups.append(([name], policy)) }
        }
        return groups
    }

    /// One row in words: only what differs from a category without a row.
    static func describe(_ p: CategoryPolicy) -> String {
        var parts: [String] = []
        if p.timeout == 0 { parts.append(p.sound == .rings ? "no timeout while it rings ([calls] ring_for, then it ends and one call.unanswered entry stays in the centre)" : "no timeout") }
        if p.resident { parts.append("resident (stays after a button)") }
        if let level = p.overridePauseLevel { parts.append("override_pause_level \(level)") }
        if let mode = p.fullscreen { parts.append("fullscreen = \(mode.rawValue)") }
        if let urgency = p.urgency { parts.append("urgency \(urgency.rawValue)\(urgency == .low ? " (a critical one stays critical)" : "")") }
        switch p.sound {
        case .usual: break
        case .never: parts.append("never a sound")
        case .rings: parts.append("[sound] ringtone loops until answered, declined, closed or rung out")
        case .everyMinute: parts.append("its sound again once a minute until dismissed")
        }
        if !p.takesCardOf.isEmpty { parts.append("takes the card of the same application's live \(p.takesCardOf.sorted().joined(separator: " or "))") }
        if p.neverFolds { parts.append("never folded into a digest") }
        return parts.joined(separator: "; ") + "."
    }
}
