@testable import Patterns
import Testing
@testable import ToastCore

/// Builds a rule from config-like lines, through the same table the parser uses.
private func rule(_ name: String, _ matches: [(RuleField, RuleOperator, String)] = [], _ settings: [String: String] = [:],
                  enabled: Bool = true) throws -> Rule {
    var rule = Rule(name: name, enabled: enabled, matches: try matches.map { try RuleMatch(field: $0.0, op: $0.1, value: $0.2) })
    for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
        let setting = try #require(RuleSettingKey.named(key), "\(key)")
        try setting.apply(&rule, value)
    }
    return rule
}

@Suite struct RuleSetTests {
    @Test func everySettingApplies() throws {
        let everything = try rule("all", [], [
            "kind": "error", "style": "capsule", "position": "bottom-left", "monitor": "HDMI-1", "timeout": "2.5",
            "urgency": "critical", "icon": "battery-low", "default_icon": "dialog-information", "color": "#123456",
            "markup": "no", "stack_tag": "volume", "transient": "yes", "skip": "history",
            "script": "notify-log --rule 'battery low'", "fullscreen": "suppress", "sound": "dialog-warning",
            "override_pause_level": "60",
            "default_timeout": "7", "category": "device.power", "default_action": "open", "script_args": "dunst",
            "background": "#900000", "foreground": "#FFFFFF", "frame_color": "#FF0000", "highlight": "#FF6666",
            "format": "%s %b", "hide_text": "yes", "icon_position": "off",
        ])
        let outcome = RuleSet([everything]).evaluate(RuleSubject(app: "upower", icon: "battery"))
        let s = outcome.settings
        #expect(s.kind == .error)
        #expect(s.style == .capsule)
        #expect(s.position == .bottomLeft)
        #expect(s.monitor == .named("HDMI-1"))
        #expect(s.timeout == 2.5)
        #expect(s.urgency == .critical)
        #expect(s.icon == "battery-low")
        #expect(s.defaultIcon == "dialog-information")
        #expect(s.color == 0x123456)
        #expect(s.markup == false)
        #expect(s.fullscreen == .suppress)
        #expect(s.overridePauseLevel == 60)
        #expect(s.stackTag == "volume")
        #expect(s.transient == true)
        #expect(outcome.skip == .history)
        #expect(s.sound == .play(.named("dialog-warning")))
        #expect(s.defaultTimeout == 7 && s.category == "device.power" && s.defaultAction == "open")
        #expect(outcome.subject.category == "", "later rules match the category the toast came with")
        #expect(outcome.scripts == [RuleScript(rule: "all", command: ["notify-log", "--rule", "battery low"], arguments: .dunst)])
        #expect(outcome.matched == ["all"])
        // The fields later rules see: the icon was replaced, so default_icon had nothing to fill.
        #expect(outcome.subject.kind == .error && outcome.subject.urgency == .critical)
        #expect(outcome.subject.icon == "battery-low")
        #expect(outcome.subject.stackTag == "volume" && outcome.subject.transient)
        // Every key in the table was covered above.
        #expect(Set(RuleSettingKey.all.map(\.key)) == Set(["kind", "style", "position", "monitor", "timeout", "urgency",
            "icon", "default_icon", "color", "markup", "stack_tag", "transient", "skip", "script", "enabled", "fullscreen", "sound",
            "override_pause_level", "default_timeout", "category", "default_action", "script_args",
            "background", "foreground", "frame_color", "highlight", "format", "hide_text", "icon_position"]))
        #expect(s.background == 0x900000 && s.foreground == 0xFFFFFF && s.frameColor == 0xFF0000 && s.highlight == 0xFF6666)
        #expect(s.format == "%s %b" && s.hideText == true && s.iconPosition == .off)
    }

    @Test func mergeTakesEverySetting() throws {
        var full = RuleSettings()
        full.kind = .error; full.style = .accent; full.position = .top; full.monitor = .primary; full.timeout = 1
        full.urgency = .low; full.icon = "i"; full.defaultIcon = "d"; full.color = 1; full.markup = true; full.stripsMarkup = true
        full.stackTag = "t"; full.transient = false; full.skip = .all; full.fullscreen = .pushback; full.sound = RuleSound.none
        full.overridePauseLevel = 60
        full.defaultTimeout = 3; full.category = "c"; full.defaultAction = "a"
        full.background = 1; full.foreground = 2; full.frameColor = 3; full.highlight = 4
        full.format = "%s"; full.hideText = true; full.iconPosition = .off
        // Every field but `script` and `scriptArguments` (collected per rule, not merged) is set above.
        let unset = Mirror(reflecting: full).children.filter { "\($0.value)" == "nil" }.map(\.label)
        #expect(unset == ["script", "scriptArguments"])
        var merged = RuleSettings()
        merged.merge(full)
        #expect(merged == full)
        var kept = full
        kept.merge(RuleSettings())
        #expect(kept == full)
    }

    @Test func badSettingValuesAreRefused() throws {
        let bad: [(String, String)] = [
            ("kind", "fatal"), ("style", "round"), ("position", "middle"), ("monitor", ""), ("timeout", "-1"),
            ("timeout", "90000"), ("timeout", "soon"), ("urgency", "high"), ("icon", ""), ("color", "red"),
            ("markup", "maybe"), ("transient", "2"), ("skip", "everything"), ("script", ""), ("script", "'open"),
            ("enabled", "off"),
        ]
        for (key, value) in bad {
            var r = Rule(name: "x")
            #expect(throws: RuleProblem.self, "\(key) = \(value)") { try RuleSettingKey.named(key)?.apply(&r, value) }
        }
    }

    @Test func laterRulesWinAndEveryScriptRuns() throws {
        let rules = RuleSet([
            try rule("first", [(.app, .glob, "Slack")], ["urgency": "critical", "timeout": "10", "script": "a"]),
            try rule("second", [], ["timeout": "3", "script": "b"]),
            try rule("third", [(.app, .glob, "Other")], ["timeout": "99"]),
        ])
        let outcome = rules.evaluate(RuleSubject(app: "Slack"))
        #expect(outcome.matched == ["first", "second"])
        #expect(outcome.matchedIndices == [0, 1])
        #expect(outcome.settings.timeout == 3)
        #expect(outcome.settings.urgency == .critical)
        #expect(outcome.scripts.map(\.command) == [["a"], ["b"]])
    }

    @Test func aRuleSeesWhatEarlierRulesChanged() throws {
        let rules = RuleSet([
            try rule("critical", [(.urgency, .glob, "critical")], ["position": "top"]),   // before: sees the original
            try rule("slack is urgent", [(.app, .glob, "Slack")], ["urgency": "critical"]),
            try rule("critical after", [(.urgency, .glob, "critical")], ["position": "bottom"]),
        ])
        let outcome = rules.evaluate(RuleSubject(app: "Slack"))
        #expect(outcome.matched == ["slack is urgent", "critical after"])
        #expect(outcome.settings.position == .bottom)
    }

    @Test func everythingExceptOneApp() throws {
        let rules = RuleSet([try rule("quick", [(.app, .notGlob, "Firefox")], ["timeout": "3"])])
        #expect(rules.evaluate(RuleSubject(app: "Mail")).settings.timeout == 3)
        #expect(rules.evaluate(RuleSubject(app: "Firefox")).settings.timeout == nil)
        #expect(rules.evaluate(RuleSubject()).settings.timeout == 3)
    }

    @Test func allMatchesOfARuleMustHold() throws {
        let rules = RuleSet([try rule("both", [(.app, .glob, "Pidgin"), (.summary, .regex, "signed (on|off)")], ["urgency": "low"])])
        #expect(rules.evaluate(RuleSubject(app: "Pidgin", summary: "Ann signed on")).matched == ["both"])
        #expect(rules.evaluate(RuleSubject(app: "Pidgin", summary: "Ann says hi")).matched.isEmpty)
        #expect(rules.evaluate(RuleSubject(app: "Other", summary: "Ann signed on")).matched.isEmpty)
        #expect(RuleSet([try rule("any")]).evaluate(RuleSubject()).matched == ["any"])
    }

    @Test func defaultIconOnlyFillsAMissingIcon() throws {
        let rules = RuleSet([try rule("fallback", [], ["default_icon": "mail"])])
        #expect(rules.evaluate(RuleSubject()).subject.icon == "mail")
        #expect(rules.evaluate(RuleSubject(icon: "own")).subject.icon == "own")
        #expect(rules.evaluate(RuleSubject(hasImage: true)).subject.icon == "")
    }

    @Test func skipNoneUndoesAnEarlierSkip() throws {
        let rules = RuleSet([
            try rule("mute", [(.app, .glob, "Spotify")], ["skip": "display"]),
            try rule("but not this", [(.summary, .glob, "*Premium*")], ["skip": "none"]),
        ])
        #expect(rules.evaluate(RuleSubject(app: "Spotify", summary: "Song")).skip == .display)
        #expect(rules.evaluate(RuleSubject(app: "Spotify", summary: "Get Premium")).skip == .none)
        #expect(rules.evaluate(RuleSubject(app: "Mail")).skip == .none)
    }

    @Test func disabledRulesDoNotApply() throws {
        let rules = RuleSet([try rule("off", [], ["kind": "error"], enabled: false)])
        #expect(rules.evaluate(RuleSubject()).matched.isEmpty)
    }

    @Test func lookupByNameIgnoresCase() throws {
        let rules = RuleSet([try rule("Mute Spotify")])
        #expect(rules.index(named: "mute spotify") == 0)
        #expect(rules.index(named: "MUTE SPOTIFY") == 0)
        #expect(rules.index(named: "mute") == nil)
    }
}

@Suite struct RuleStateTests {
    private func rules(_ names: [String], disabled: Set<String> = []) -> RuleSet {
        RuleSet(names.map { Rule(name: $0, enabled: !disabled.contains($0)) })
    }

    @Test func enableDisableToggleAtRunTime() {
        let set = rules(["a", "b"], disabled: ["b"])
        var state = RuleState(for: set)
        #expect(state.change("A", .disable, in: set) == false)
        #expect(set.evaluate(RuleSubject(), state: state).matched.isEmpty)
        #expect(state.change("b", .toggle, in: set) == true)
        #expect(set.evaluate(RuleSubject(), state: state).matched == ["b"])
        #expect(state.change("a", .enable, in: set) == true)
        #expect(state.change("a", .toggle, in: set) == false)
        #expect(state.change("missing", .enable, in: set) == nil)
        // Without the state only the config counts.
        #expect(set.evaluate(RuleSubject()).matched == ["a"])
    }

    @Test func countsWhatTheCallerRecords() {
        let set = rules(["a", "b"])
        var state = RuleState(for: set)
        let outcome = set.evaluate(RuleSubject(), state: state)
        state.record(outcome)
        state.record(outcome)
        #expect(state.matchCounts == [2, 2])
        // Evaluating alone (rules --test) counts nothing.
        _ = set.evaluate(RuleSubject(), state: state)
        #expect(state.statuses(of: set).map(\.matchCount) == [2, 2])
    }

    @Test func aReloadKeepsTheStateOfRulesThatStillExist() {
        let old = rules(["keep", "gone", "Renamed"])
        var state = RuleState(for: old)
        _ = state.change("keep", .disable, in: old)
        _ = state.change("gone", .disable, in: old)
        state.record(old.evaluate(RuleSubject(), state: state))   // only "Renamed" is enabled
        let new = rules(["fresh", "renamed", "KEEP"])
        let carried = state.carried(from: old, to: new)
        #expect(carried.statuses(of: new).map(\.enabled) == [true, true, false])
        #expect(carried.matchCounts == [0, 1, 0])
        #expect(new.evaluate(RuleSubject(), state: carried).matched == ["fresh", "renamed"])
    }

    @Test func statusesNameFileAndLine() {
        let set = RuleSet([Rule(name: "r", file: "/c", line: 7)])
        #expect(RuleState(for: set).statuses(of: set) == [RuleStatus(name: "r", enabled: true, matchCount: 0, file: "/c", line: 7)])
    }
}
