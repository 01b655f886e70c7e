@testable import ConfigParsing
import Testing
@testable import ToastCore

private func parse(_ text: String) -> (config: Config, diagnostics: [ConfigDiagnostic]) {
    ConfigParser.parse(text, file: "test.conf")
}

private func problems(_ text: String) -> [String] {
    parse(text).diagnostics.map { "\($0.line): \($0.message)" }
}

/// `[rule NAME]` sections and `[rules]` in the config file.
@Suite struct ConfigRulesTests {
    @Test func rulesAreReadInFileOrderWithTheirPlace() throws {
        let result = parse("""
            [general]
            timeout = 5
            [rule Mute Spotify]
            match app = Spotify
            skip = display

            [rule volume]
            match stack_tag = volume
            style = capsule
            position = bottom
            """)
        #expect(result.diagnostics.isEmpty)
        let rules = result.config.rules.rules
        #expect(rules.map(\.name) == ["Mute Spotify", "volume"])
        #expect(rules.map(\.line) == [3, 7])
        #expect(rules.allSatisfy { $0.file == "test.conf" })
        #expect(rules[0].matches.map(\.description) == ["app = \"Spotify\""])
        #expect(rules[0].settings.skip == .display)
        #expect(rules[1].settings.style == .capsule && rules[1].settings.position == .bottom)
        #expect(result.config.timeout == 5)
    }

    @Test func matchLinesAreReadByWords() throws {
        let result = parse("""
            [rule r]
            match summary = a = b
            match body ~ ^New mail from .* #[0-9]+$
            match app != "  padded  "
            match icon = '#hash'
            match category = ""
            match app!=Spotify
            MATCH Summary !~ x
            """)
        #expect(result.diagnostics.isEmpty)
        let matches = try #require(result.config.rules.rules.first).matches
        #expect(matches.map(\.field) == [.summary, .body, .app, .icon, .category, .app, .summary])
        #expect(matches.map(\.op) == [.glob, .regex, .notGlob, .glob, .glob, .notGlob, .notRegex])
        #expect(matches.map(\.value) == ["a = b", "^New mail from .* #[0-9]+$", "  padded  ", "#hash", "", "Spotify", "x"])
    }

    @Test func aBadLineCostsOnlyItsRule() {
        let text = """
            [rule good one]
            match app = A
            timeout = 1
            [rule bad regex]
            match summary ~ (unclosed
            timeout = 2
            [rule bad setting]
            timeout = soon
            [rule unknown field]
            match sender = x
            [rule unknown key]
            vibrate = ding
            [rule back reference]
            match body ~ (a)\\1
            [rule no value]
            match app =
            [rule no operator]
            match app Spotify
            [rule good two]
            skip = all
            """
        let result = parse(text)
        #expect(result.config.rules.rules.map(\.name) == ["good one", "good two"])
        let lines = result.diagnostics.map(\.line)
        #expect(lines == [5, 8, 10, 12, 14, 16, 18])
        let messages = result.diagnostics.map(\.message)
        #expect(messages[0].hasPrefix("match summary ~: bad regular expression"))
        #expect(messages[0].hasSuffix("(rule 'bad regex' is ignored)"))
        #expect(messages[1].hasPrefix("timeout: expected a number"))
        #expect(messages[2].hasPrefix("unknown field 'sender'; expected one of app, desktop_entry, summary"))
        #expect(messages[3].hasPrefix("unknown key 'vibrate' in [rule unknown key]; expected match FIELD OP VALUE or one of kind, style"))
        #expect(messages[4].contains("back-reference \\1 refused"))
        #expect(messages[5].hasPrefix("match app = needs a VALUE; write \"\" for the empty text"))
        #expect(messages[6].hasPrefix("expected =, ~, != or !~ after 'match app'"))
    }

    @Test func namesAreUniqueIgnoringCase() {
        let result = parse("""
            [rule Mail]
            kind = notice
            [rule mail]
            kind = error
            [rule]
            kind = error
            [rule  ]
            """)
        #expect(result.config.rules.rules.map(\.name) == ["Mail"])
        #expect(result.config.rules.rules.first?.settings.kind == .notice)
        #expect(problems("[rule Mail]\n[rule mail]") == ["2: rule 'mail' is already defined at test.conf:1; this one is ignored"])
        #expect(result.diagnostics.map(\.line) == [3, 5, 7])
        #expect(result.diagnostics[1].message == "a rule needs a name: [rule NAME]")
        #expect(problems("[rule \(String(repeating: "n", count: 65))]").first?.contains("at most 64 bytes") == true)
    }

    @Test func rulesSectionAndOtherSectionsStayApart() {
        let result = parse("[rules]\nscript_timeout = 5\n[ruler]\n")
        #expect(result.config.scriptTimeout == 5)
        #expect(result.diagnostics.first?.message.hasPrefix("unknown section [ruler]") == true)
        #expect(result.diagnostics.first?.message.hasSuffix("or [rule NAME]") == true)
        #expect(problems("[rules]\nscript_timeout = 0") == ["2: script_timeout: must be at least 1 and at most 3600, got 0"])
        #expect(problems("[rules]\nscript_timeout = 3601").count == 1)
        #expect(Config.default.scriptTimeout == 30)
        // A match line outside a rule is an unknown key there.
        #expect(problems("[general]\nmatch app = x").first?.hasPrefix("2: unknown key 'match app'") == true)
    }

    @Test func settingValuesAreQuotedOrBare() throws {
        let result = parse("""
            [rule r]
            icon = "/path with spaces/icon.png"   # a comment
            color = #FF0000
            stack_tag = ""
            script = /usr/bin/notify-log "New mail" --quiet # logs it
            enabled = no
            """)
        #expect(result.diagnostics.isEmpty)
        let rule = try #require(result.config.rules.rules.first)
        #expect(rule.settings.icon == "/path with spaces/icon.png")
        #expect(rule.settings.color == 0xFF0000)
        #expect(rule.settings.stackTag == "")
        #expect(rule.settings.script == ["/usr/bin/notify-log", "New mail", "--quiet"])
        #expect(rule.enabled == false)
    }

    @Test func atMostAThousandRules() {
        var text = ""
        for i in 0..<(RuleLimits.maxRules + 2) { text += "[rule r\(i)]\nkind = error\n" }
        let result = parse(text)
        #expect(result.config.rules.rules.count == RuleLimits.maxRules)
        #expect(result.diagnostics.map(\.message) == [
            "more than 1000 rules; [rule r1000] is ignored", "more than 1000 rules; [rule r1001] is ignored",
        ])
    }

    @Test func atMostThirtyTwoMatchesPerRule() {
        let lines = (0...RuleLimits.maxMatchesPerRule).map { "match app != a\($0)" }.joined(separator: "\n")
        let result = parse("[rule r]\n" + lines)
        #expect(result.config.rules.isEmpty)
        #expect(result.diagnostics.map(\.line) == [RuleLimits.maxMatchesPerRule + 2])
    }

    @Test func patternsOverAKilobyteAreRefused() {
        let long = String(repeating: "x", count: RuleLimits.maxPatternBytes + 1)
        #expect(problems("[rule r]\nmatch body = \(long)").first?.contains("longer than 1024 bytes") == true)
    }

    @Test func theFileReplacesTheBasesRules() {
        var base = Config()
        base.rules = RuleSet([Rule(name: "old")])
        #expect(ConfigParser.parse("", file: "f", base: base).config.rules.isEmpty)
    }

    @Test func parsedRulesApply() throws {
        let config = parse("""
            [rule battery]
            match summary ~ ^Battery
            kind = error
            position = bottom-left
            """).config
        let outcome = config.rules.evaluate(RuleSubject(summary: "Battery low", source: .bus))
        #expect(outcome.matched == ["battery"])
        #expect(outcome.settings.kind == .error && outcome.settings.position == .bottomLeft)
    }
}

/// The recipes in `assets/config.example` work as written once uncommented.
@Suite struct ConfigExampleRulesTests {
    static func recipes() throws -> String {
        let example = ConfigExample.text
        let start = try #require(example.range(of: "# The recipes below"))
        return example[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("#[") || $0.hasPrefix("#match") || ($0.hasPrefix("#") && $0.contains(" = ") && !$0.hasPrefix("# ")) }
            .map { String($0.dropFirst()) }.joined(separator: "\n")
    }

    @Test func recipesParseAndUseEveryKeyAndField() throws {
        let text = try Self.recipes()
        let result = ConfigParser.parse(text, file: "recipes")
        #expect(result.diagnostics.map(\.description) == [])
        let rules = result.config.rules.rules
        #expect(rules.count == 13)
        let keys = Set(text.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("["), !line.hasPrefix("match"), let eq = line.firstIndex(of: "=") else { return nil }
            return String(line[..<eq].trimmingBlanks())
        })
        #expect(keys == Set(RuleSettingKey.all.map(\.key)))
        let fields = Set(rules.flatMap { $0.matches.map(\.field) })
        #expect(fields.isSuperset(of: [.app, .summary, .category, .urgency, .kind, .source, .desktopEntry]))
    }

    @Test func recipesDoWhatTheySay() throws {
        let rules = ConfigParser.parse(try Self.recipes(), file: "recipes").config.rules
        #expect(rules.evaluate(RuleSubject(app: "Spotify")).skip == .display)
        #expect(rules.evaluate(RuleSubject(app: "Firefox")).settings.timeout == nil)
        #expect(rules.evaluate(RuleSubject(app: "Mail")).settings.timeout == 3)
        let volume = rules.evaluate(RuleSubject(category: "device.volume"))
        #expect(volume.settings.style == .capsule && volume.settings.position == .bottom && volume.subject.stackTag == "volume")
        #expect(rules.evaluate(RuleSubject(desktopEntry: "com.slack.Slack")).subject.urgency == .critical)
        // Slack's rule made it critical, so the critical rule before it did not see that; a
        // sender's own critical toast does match it.
        #expect(rules.evaluate(RuleSubject(urgency: .critical)).settings.kind == .error)
        #expect(rules.evaluate(RuleSubject(summary: "Win the Lottery", source: .bus)).skip == .all)
        #expect(rules.evaluate(RuleSubject(summary: "Win the Lottery", source: .socket)).skip == .none)
        #expect(rules.evaluate(RuleSubject(category: "email.arrived")).scripts.map(\.command) == [["on-mail", "--quiet"]])
        let battery = rules.evaluate(RuleSubject(summary: "Battery low"))
        #expect(battery.settings.kind == .warning && battery.settings.position == .bottomLeft)
    }

    /// `[a-z]{1,10000}` took the daemon from 1.5 MB to 790 MB on a reload under glibc: it is
    /// refused before anything is built for it, and the diagnostic names the pattern and the bound.
    @Test func aPatternTooLargeWithItsCountsWrittenOutCostsOnlyItsRule() {
        let limit = RuleLimits.maxPatternExpansion
        let result = parse("""
            [rule huge]
            match summary ~ [a-z]{1,10000}
            skip = all
            [rule over]
            match body !~ [a-z]{\(limit + 1)}
            skip = all
            [rule at the bound]
            match body !~ [a-z]{\(limit)}
            skip = all
            """)
        #expect(result.config.rules.rules.map(\.name) == ["at the bound"])
        #expect(result.diagnostics.map(\.line) == [2, 5])
        let messages = result.diagnostics.map(\.message)
        #expect(messages.first?.hasPrefix("match summary ~: '[a-z]{1,10000}' is larger than \(limit)") == true, "\(messages)")
        #expect(messages.last?.hasPrefix("match body !~: '[a-z]{\(limit + 1)}' is larger than \(limit)") == true, "\(messages)")
    }
}
