import ToastCore

/// "Mute APP always": a rule the daemon appends to the user's config (the file its path
/// resolves to), never touching the lines already there. The rule skips the app's toasts'
/// display, so they still reach history, as a snooze's do.
///
///     # Added by xtoast on 2026-12-02 by "Mute … always" (delete this section to hear it again).
///     [rule snooze 3]
///     match app = "Slack"
///     skip = display
///
/// The name is written once, inside the quoted `match` value; the comment and the header are
/// neutral (numbered, unique in the file), so no name can be read as a section or a key.
public enum SnoozeRule {
    /// `YYYY-MM-DD`, for the comment.
    public static func date(_ civil: LocalZone.Civil) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(civil.year)-\(two(civil.month))-\(two(civil.day))"
    }

    /// What to append to a config whose text is `config` to mute `app`: the section, numbered
    /// one past the highest `[rule snooze N]` in the file. Nil when a rule already mutes it
    /// (`mutes`). Throws for a name `Snoozes.problem` refuses, and for one that would not read
    /// back as exactly this rule (a combining mark at its start joins the opening quote).
    public static func section(app: String, date: String, config: String) throws(QuietProblem) -> String? {
        if let problem = Snoozes.problem(app) { throw problem }
        let existing = ConfigParser.parse(config, file: "config").config.rules.rules
        if existing.contains(where: { mutes($0, app: app) }) { return nil }
        let number = (numbers(in: config).max() ?? 0) + 1
        let section = """

            # Added by xtoast on \(date) by "Mute … always" (delete this section to hear it again).
            [rule snooze \(number)]
            match app = "\(glob(app))"
            skip = display

            """
        let back = ConfigParser.parse(section, file: "rule")
        guard back.diagnostics.isEmpty, back.config.rules.rules.count == 1,
              let rule = back.config.rules.rules.first, mutes(rule, app: app) else {
            throw QuietProblem("this application's name cannot be written as a rule")
        }
        return section
    }

    /// Whether `rule` is one "always" wrote for `app`: a single exact `match app` that skips
    /// the display, under any name (`[rule snooze APP]`, as it was written before it was
    /// numbered, or `[rule snooze N]`).
    public static func mutes(_ rule: Rule, app: String) -> Bool {
        guard rule.settings.skip == .display, rule.matches.count == 1, let match = rule.matches.first else { return false }
        return match.field == .app && match.op == .glob && match.value.lowercased() == glob(app).lowercased()
    }

    /// `app` as a glob matching exactly it: its own glob characters escaped (`Snoozes.problem`
    /// keeps brackets and quotes out of it).
    static func glob(_ app: String) -> String {
        app.unicodeScalars.map { "*?\\".unicodeScalars.contains($0) ? "\\\($0)" : String($0) }.joined()
    }

    /// The N of each `[rule snooze N]` header in `config`.
    static func numbers(in config: String) -> [Int] {
        config.fileLines().compactMap { line -> Int? in
            guard case let .header(header)? = try? Statement(line.trimmingBlanks()),
                  let name = try? RuleLine.ruleName(inHeader: header) else { return nil }
            let words = name.lowercased().split(separator: " ")
            guard words.count == 2, words[0] == "snooze", words[1].utf8.count <= 9 else { return nil }
            return Int(words[1])
        }
    }
}
