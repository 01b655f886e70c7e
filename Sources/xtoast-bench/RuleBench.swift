import ConfigParsing
import ToastCore

/// What the rules cost a toast: `RuleSet.evaluate` (and counting the matches) for a typical
/// desktop notification against 100 rules as configs have them, and against 100 regular
/// expressions none of which has a literal to look for first (the worst case). Median of 50 batches of 1 000,
/// in this process, in seconds per toast. The issue's budget for the whole admission step is
/// 20 µs with 100 rules.
enum RuleBench {
    /// A mail notification: it matches three of the rules (a category glob, a negation, a regex).
    static let toast = RuleSubject(app: "Thunderbird", desktopEntry: "thunderbird", summary: "New message from Ann Smith",
                                   body: "Re: quarterly report: figures for March attached, see page 4",
                                   icon: "mail-unread", category: "email.arrived", urgency: .normal, kind: .info, source: .bus)

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

    /// 100 regular expressions with no literal to look for first: the matcher runs for each.
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

    // MARK: At the limits

    /// An 8 KB body as a bus client sends it (2 000 emoji, " has " every 41 bytes, so every
    /// line's literal is found and its program runs over the whole KiB the rules see).
    static let longToast = RuleSubject(app: "Chat", summary: "#general", body: String(repeating: "\u{1F600}" + String(repeating: "\u{1F600}", count: 8) + " has ", count: 200),
                                       source: .bus)

    /// One rule at the limits of a rule: `RuleLimits.maxMatchesPerRule` `!~` lines that all
    /// hold, so every line runs (the issue's 32 `!~` lines took glibc 3.3 s a toast), the
    /// issue's `[^ ]+ has (joined|left)` among them.
    static func limitsConfig() -> String {
        var text = "[rule limits]\nmatch body !~ [^ ]+ has (joined|left)\n"
        for k in 1..<RuleLimits.maxMatchesPerRule { text += "match body !~ [^ ]+ has (gone|quit|lost\(k))$\n" }
        return text + "kind = error\n"
    }

    /// The largest pattern one line may be on a KiB of body (`RuleLimits.maxMatchSteps`)
    /// whose threads fill the program on that body: the most one pattern can cost.
    static let boundPattern = "([^ ]{1,15}){5} has x"

    /// (32 lines at the limits, the costliest single pattern), seconds per toast on the 8 KB body.
    static func measureAtLimits() -> (Double, Double) {
        // Two configs: each is near the whole config's matching budget on its own.
        func rule(_ text: String) -> RuleSet {
            let (config, diagnostics) = ConfigParser.parse(text, file: "bench")
            guard diagnostics.isEmpty, config.rules.rules.count == 1 else { fail("the limits' rules did not parse: \(diagnostics)") }
            return RuleSet(config.rules.rules)
        }
        let limits = rule(limitsConfig()), bound = rule("[rule bound]\nmatch body ~ \(boundPattern)\nkind = error\n")
        return (perToast(limits, matching: 1), perToast(bound, matching: 0))
    }

    /// Seconds per toast, median of 30 batches of 10; `matching` rules must match it.
    private static func perToast(_ rules: RuleSet, matching: Int, toast: RuleSubject = longToast) -> Double {
        var batches: [Double] = []
        var matched = 0
        for _ in 0..<30 {
            let start = now()
            for _ in 0..<10 { matched &+= rules.evaluate(toast).matched.count }
            batches.append((now() - start) / 10)
        }
        if matched != 300 * matching { fail("the toast matched \(matched / 300) rules at the limits, not \(matching)") }
        return median(batches)
    }

    // MARK: The budget

    /// Configs made to cost the most the matching budget lets load, each of one kind of
    /// line repeated until the budget refuses the next rule: Pike VM lines whose threads fill
    /// the program, bit-parallel lines, globs that backtrack, and rules that only change a
    /// field (so the fields are made again after each). Every line runs on every toast.
    static let budgetConfigs: [(name: String, rule: @Sendable (Int) -> String, toast: RuleSubject)] = [
        ("pike", { "[rule p\($0)]\nmatch body !~ ([^ ]{1,15}){5} has (gone|quit\($0))\nkind = \($0 % 2 == 0 ? "error" : "warning")\n" }, longToast),
        ("bit-parallel", { "[rule b\($0)]\n" + (0..<8).map { k in "match body !~ [^ ]+ has (gone|quit|lost\(k))$\n" }.joined() + "kind = error\n" }, longToast),
        ("glob", { "[rule g\($0)]\nmatch summary != *a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b\(String($0 % 10))\n" }, RuleSubject(summary: String(repeating: "a", count: 1024))),
        ("field changes", { "[rule k\($0)]\nkind = \($0 % 2 == 0 ? "error" : "warning")\n" }, longToast),
    ]

    /// Per kind of worst config: its rules, what the budget charges it, seconds per toast.
    static func measureBudget() -> [(name: String, rules: Int, steps: Int, seconds: Double)] {
        budgetConfigs.map { config in
            var text = "", count = 0
            var budget = RuleBudget()
            while count < RuleLimits.maxRules {
                let (candidate, _) = ConfigParser.parse(config.rule(count), file: "bench")
                guard let rule = candidate.rules.rules.first else { fail("a budget rule did not parse: \(config.rule(count))") }
                guard budget.admit(rule).admitted else { break }
                text += config.rule(count)
                count += 1
            }
            let (parsed, diagnostics) = ConfigParser.parse(text, file: "bench")
            guard diagnostics.isEmpty, parsed.rules.rules.count == count else { fail("the \(config.name) budget config did not load: \(diagnostics.prefix(2))") }
            return (config.name, count, budget.worst, perToast(parsed.rules, matching: count, toast: config.toast))
        }
    }

    // MARK: Growth

    /// Per toast with 0, 100 and 1,000 rules indexed by an exact app, desktop entry or category
    /// (none of them the toast's), and per rule of 1,000 unindexed ones that fail (a summary
    /// glob, a body regex with a literal, a negated app): (0, 100, 1000 indexed, per unindexed rule).
    static func measureGrowth() -> (Double, Double, Double, Double) {
        func indexed(_ n: Int) -> RuleSet {
            let text = (0..<n).map { i in
                "[rule i\(i)]\nmatch \(["app", "desktop_entry", "category"][i % 3]) = Value\(i)\nmatch body ~ report\nkind = error\n"
            }.joined()
            return ConfigParser.parse(text, file: "bench").config.rules
        }
        let unindexed = ConfigParser.parse((0..<1000).map { i in
            // Exact texts of fields no index covers: what fits 1,000 times in the budget.
            switch i % 3 {
            case 0: "[rule s\(i)]\nmatch summary = Report \(i)\nkind = error\n"
            case 1: "[rule u\(i)]\nmatch urgency = critical\nmatch stack_tag = tag\(i)\nkind = error\n"
            default: "[rule n\(i)]\nmatch app != Thunderbird\nkind = error\n"
            }
        }.joined(), file: "bench").config.rules
        guard unindexed.rules.count == 1000, indexed(1000).rules.count == 1000 else { fail("the growth rules did not load") }
        let none = time(RuleSet(), matching: 0), hundred = time(indexed(100), matching: 0), thousand = time(indexed(1000), matching: 0)
        return (none, hundred, thousand, (time(unindexed, matching: 0) - none) / 1000)
    }

    /// `time` for configs whose rules must not match the mail.
    private static func time(_ rules: RuleSet, matching: Int) -> Double {
        var batches: [Double] = []
        var matched = 0
        for _ in 0..<50 {
            let start = now()
            for _ in 0..<1000 { matched &+= rules.evaluate(toast).matched.count }
            batches.append((now() - start) / 1000)
        }
        if matched != 50_000 * matching { fail("the mail matched \(matched / 50_000) growth rules") }
        return median(batches)
    }
}
