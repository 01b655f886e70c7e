@testable import ConfigParsing
import Testing
@testable import ToastCore
import Migration

/// The config-wide matching budget (`RuleLimits.matchingBudget`, `RuleCost`, `RuleBudget`) and
/// the index by exact app, desktop entry and category (`RuleEngine.forEachCandidate`), by
/// counting steps and visits, not time.
struct RuleBudgetTests {
    /// A rule of one body regex, the kind the issue's chat configs have.
    static func regexRule(_ i: Int) -> String {
        "[rule r\(i)]\nmatch body ~ [^ ]+ has (joined|left) #\(i % 10)\nkind = warning\n"
    }

    static func parse(_ text: String) -> (config: Config, diagnostics: [ConfigDiagnostic]) {
        ConfigParser.parse(text, file: "config")
    }

    /// How many `regexRule`s fit in the budget, from what one costs.
    static var fitting: Int {
        let one = parse(regexRule(0)).config.rules.rules[0]
        return RuleLimits.matchingBudget / RuleCost.steps(of: one)
    }

    @Test func aConfigJustInsideTheBudgetLoads() {
        let n = Self.fitting
        #expect(n > 10 && n < RuleLimits.maxRules)
        let result = Self.parse((0..<n).map(Self.regexRule).joined())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.config.rules.rules.count == n)
    }

    @Test func theRuleJustPastTheBudgetIsRefusedAndTheRestLoads() {
        let n = Self.fitting
        // After the refused one: an indexed rule (cheap, under its own app) and a plain one.
        let text = (0...n).map(Self.regexRule).joined()
            + "[rule spotify]\nmatch app = Spotify\nskip = all\n[rule one more]\nmatch body ~ [^ ]+ has (joined|left) #x\nkind = warning\n"
        let result = Self.parse(text)
        let names = result.config.rules.rules.map(\.name)
        #expect(names.count == n + 1 && !names.contains("r\(n)") && names.contains("spotify"), "\(names.suffix(3))")
        #expect(result.diagnostics.count == 2, "\(result.diagnostics)")
        let refused = result.diagnostics.first
        #expect(refused?.line == 3 * n + 1)
        #expect(refused?.description.hasPrefix("config:\(3 * n + 1): rule 'r\(n)' is ignored: with it matching one toast could take ") == true)
        #expect(refused?.message.contains("budget of \(RuleLimits.matchingBudget)") == true, "\(String(describing: refused))")
        #expect(result.diagnostics.last?.message.hasPrefix("rule 'one more' is ignored") == true)
    }

    /// 100 rules as configs have them (app and summary globs, a few regular expressions) are
    /// well inside the budget.
    @Test func anOrdinaryConfigLoads() {
        var text = ""
        for i in 0..<60 { text += "[rule app \(i)]\nmatch app = App\(i)\ntimeout = 3\n" }
        for i in 0..<30 { text += "[rule glob \(i)]\nmatch summary = *word\(i)*\nmatch app != Firefox*\nkind = warning\n" }
        for i in 0..<10 { text += "[rule regex \(i)]\nmatch body ~ ^(Re: )?Invoice [0-9]+-\(i)\nmatch summary ~ [Bb]attery [0-9]+%\nskip = display\n" }
        let result = Self.parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.config.rules.rules.count == 100)
        var budget = RuleBudget()
        for rule in result.config.rules.rules { _ = budget.admit(rule) }
        #expect(budget.worst < RuleLimits.matchingBudget * 3 / 5, "\(budget.worst)")
    }

    /// Indexed rules are charged by their value: 1,000 rules each with 32 regex lines, each
    /// under an app of its own, cost the worst toast one rule's lines.
    @Test func indexedRulesAreChargedPerValue() {
        var budget = RuleBudget()
        let lines = (0..<RuleLimits.maxMatchesPerRule - 1).map { "match body !~ [^ ]+ has (gone|quit\($0))$" }.joined(separator: "\n")
        let rules = Self.parse((0..<1000).map { "[rule a\($0)]\nmatch app = App\($0)\n\(lines)\nkind = error\n" }.joined()).config.rules.rules
        #expect(rules.count == 1000)
        let one = RuleCost.steps(of: rules[0])
        for rule in rules { #expect(budget.admit(rule).admitted) }
        #expect(budget.worst == one)
    }

    @Test func aPatternPastItsOwnStepsIsRefused() {
        let result = Self.parse("[rule big]\nmatch body ~ ([^ ]{1,63}){64} has \nkind = error\n[rule small]\nmatch urgency ~ ([^ ]{1,63}){64}\nkind = error\n")
        #expect(result.config.rules.rules.map(\.name) == ["small"])
        #expect(result.diagnostics.first?.message.contains("more than a pattern may (\(RuleLimits.maxMatchSteps))") == true, "\(result.diagnostics)")
    }

    /// The estimate bounds what the matchers count: each line of the budget's worst config
    /// run on a body that keeps its threads alive takes at most what it was charged.
    @Test func theChargeBoundsTheStepsCounted() throws {
        let body = String(repeating: "ab has joined ", count: 80)
        let subject = RuleSubject(summary: body, body: body)
        var total = 0
        for pattern in ["[^ ]+ has (joined|left) #1", "([a-z ]{1,8}){8}x", "(a|b|[^x])*h(a|s)+ q$", "[[:alpha:]]{3}[[:digit:]]{4}"] {
            let match = try RuleMatch(field: .body, op: .notRegex, value: pattern)
            guard case let .regex(regex) = match.pattern else { Issue.record("not a regex"); continue }
            var steps = 0
            _ = regex.matches(subject.body, steps: &steps)
            #expect(steps <= RuleCost.steps(of: match), "\(pattern): \(steps) steps, charged \(RuleCost.steps(of: match))")
            total += steps
        }
        // The Pike VM's pattern runs over the whole KiB (the others may stop at their literal).
        #expect(total > 1000, "\(total) steps")
    }

    @Test func theImporterWarnsAndLeavesOutWhatThePasserWouldRefuse() {
        let n = Self.fitting
        let text = "[global]\nenable_posix_regex = true\n"
            + (0...n).map { "[s\($0)]\nbody = \"[^ ]+ has (joined|left) #\($0 % 10)\"\nurgency = low\n" }.joined()
        let result = DunstrcTranslator.translate(text)
        let refusals = result.diagnostics.filter { $0.contains("the daemon would refuse it") }
        #expect(refusals.count == 1, "\(result.diagnostics.suffix(2))")
        #expect(refusals.first?.hasPrefix("dunstrc:\(3 * n + 3): not translated: [s\(n)]") == true, "\(refusals)")
        #expect(refusals.first?.contains("\(RuleLimits.matchingBudget)") == true)
        let loaded = ConfigParser.parse(result.config, file: "imported")
        #expect(loaded.diagnostics.isEmpty && loaded.config.rules.rules.count == n, "\(loaded.diagnostics.prefix(2))")
    }

    // MARK: The index

    @Test func aThousandIndexedRulesForOtherAppsAreNotVisited() {
        var text = ""
        for i in 0..<1000 {
            let field = ["app", "desktop_entry", "category"][i % 3]
            text += "[rule r\(i)]\nmatch \(field) = Value\(i)\nmatch body ~ never\(i)\nkind = error\n"
        }
        let rules = Self.parse(text).config.rules
        #expect(rules.rules.count == 1000)
        var visited = 0
        let outcome = rules.evaluate(RuleSubject(app: "Firefox", desktopEntry: "firefox", summary: "hi", category: "im"), state: nil, visited: &visited)
        #expect(outcome.matched.isEmpty && visited == 0)
        visited = 0
        let three = RuleSubject(app: "Value3", desktopEntry: "Value4", body: "never3 never4 never5", category: "Value5")
        #expect(rules.evaluate(three, state: nil, visited: &visited).matched == ["r3", "r4", "r5"])
        #expect(visited == 3)
    }

    /// The index changes what is visited, never the answer: file order, later rules seeing
    /// what earlier ones changed, negations and globs left unindexed.
    @Test func indexedAndUnindexedRulesApplyInFileOrder() {
        let rules = Self.parse("""
            [rule mail critical]
            match app = Thunderbird
            urgency = critical
            [rule any critical]
            match urgency = critical
            stack_tag = loud
            [rule not mail]
            match app != Thunderbird
            timeout = 1
            [rule mail loud]
            match category = email.arrived
            match stack_tag = loud
            timeout = 9
            [rule glob app]
            match app = Thunder*
            icon = mail
            [rule entry]
            match desktop_entry = thunderbird
            match icon = mail
            kind = success
            """).config.rules
        let mail = rules.evaluate(RuleSubject(app: "Thunderbird", desktopEntry: "thunderbird", category: "email.arrived"))
        #expect(mail.matched == ["mail critical", "any critical", "mail loud", "glob app", "entry"])
        #expect(mail.settings.timeout == 9 && mail.subject.kind == .success && mail.subject.urgency == .critical)
        let other = rules.evaluate(RuleSubject(app: "Slack", category: "email.arrived"))
        #expect(other.matched == ["not mail"])
        // A disabled indexed rule stays disabled.
        var state = RuleState(for: rules)
        _ = state.change("mail critical", .disable, in: rules)
        #expect(rules.evaluate(RuleSubject(app: "Thunderbird", category: "email.arrived"), state: state).matched == ["glob app"])
    }

    /// Exact means bytes: a decomposed é is another app than a precomposed one.
    @Test func theIndexComparesBytes() {
        let rules = Self.parse("[rule cafe]\nmatch app = Caf\u{E9}\nkind = error\n").config.rules
        #expect(rules.evaluate(RuleSubject(app: "Caf\u{E9}")).matched == ["cafe"])
        #expect(rules.evaluate(RuleSubject(app: "Cafe\u{301}")).matched.isEmpty)
    }
}
