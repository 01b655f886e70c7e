import ToastCore

/// What the rules cost a toast: `RuleSet.evaluate` (and counting the matches) for a typical
/// desktop notification against 100 rules as configs have them, and against 100 regular
/// expressions none of which has a literal to look for first (the worst case). Median of 50 batches of 1 000,
/// in this process, in seconds per toast. The budget for the whole admission step is
/// 20 µs with 100 rules.
enum RuleBench {
    /// A mail notification: it matches three of the rules (a category glob, a negation, a regex).
    static let toast = RuleSubject(app: "Thunderbird", desktopEntry: "thunderbird", summary: "New message from Ann Smith",
                                   body: "Re: quarterly report: figures for March attached, see page 4",
                                   icon: "mail-unread", category: "email.arrived", urgency: .normal, kind: .info, source: .dbus)

    static let apps = ["Spotify", "Slack", "Discord", "Firefox", "Chromium", "Signal", "Telegram", "Steam", "VLC", "mpv"]

    /// 40 exact app names, 20 summary globs, 20 regular expressions with a literal, 10
    /// negations beside a category, 10 rules of two matches; settings of every sort.
    static func typicalConfig() -> String {
        var text = ""
        for i in 0..<40 { text += "[rule app \(i)]\nmatch app = \(apps[i % apps.count])\(i)\ntimeout = \(i % 9 + 1)\n" }
        for i in 0..<20 { text += "[rule glob \(i)]\nmatch summary = *word\(i)*\nkind = warning\n" }
        for i in 0..<20 { text += "[rule regex \(i)]\nmatch body ~ ^(Re: )?Invoice [0-9]+-\(i)\nskip = display\n" }
        for i in 0..<10 { text += "[rule negation \(i)]\nmatch app != \(apps[i])\nmatch category = device.\(i)\nposition = bottom\n" }
        for i in 0..<7 { text += "[rule pair \(i)]\nmatch desktop_entry = org.app\(i)\nmatch summary ~ Battery [0-9]+%\nurgency = critical\n" }
        // The three that match the mail.
        text += "[rule mail]\nmatch category = email.*\nscript = on-mail --quiet\n"
        text += "[rule not firefox]\nmatch app != Firefox\ntimeout = 3\n"
        text += "[rule report]\nmatch body ~ report.*figures\nicon = x-office-spreadsheet\n"
        return text
    }

    /// 100 regular expressions with no literal to look for first: `regexec` runs for each.
    static func regexConfig() -> String {
        (0..<100).map { "[rule r\($0)]\nmatch body ~ [[:digit:]]{\($0 % 7 + 2)}[[:alpha:]]{3}$\nkind = error\n" }.joined()
    }

    static func rules(_ text: String) -> RuleSet {
        let (config, diagnostics) = ConfigParser.parse(text, file: "bench")
        guard diagnostics.isEmpty, config.rules.rules.count == 100 else { fail("the benchmark's rules did not parse: \(diagnostics)") }
        return config.rules
    }

    static func time(_ rules: RuleSet) -> Double {
        var state = RuleState(for: rules)
        var batches: [Double] = []
        var matched = 0
        for _ in 0..<50 {
            let start = now()
            for _ in 0..<1000 {
                let outcome = rules.evaluate(toast, state: state)
                state.record(outcome)
                matched &+= outcome.matched.count
            }
            batches.append((now() - start) / 1000)
        }
        if matched == 0 && rules.rules.count == 100 && rules.rules.last?.name == "report" { fail("the mail matched no rule") }
        return median(batches)
    }

    /// (typical, all regular expressions), seconds per toast.
    static func measure() -> (Double, Double) {
        let typical = rules(typicalConfig())
        guard typical.evaluate(toast).matched == ["mail", "not firefox", "report"] else {
            fail("the benchmark's mail matched \(typical.evaluate(toast).matched)")
        }
        return (time(typical), time(rules(regexConfig())))
    }
}
