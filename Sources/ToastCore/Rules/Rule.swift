/// One `[rule NAME]` section: its matches (all must hold) and the settings it applies.
public struct Rule: Equatable, Sendable {
    /// As written; names compare case-insensitively (`key`).
    public var name: String
    /// Where the section starts, for `xtoast rules` and diagnostics.
    public var file: String
    public var line: Int
    /// The config's word; `RuleState` may override it at run time.
    public var enabled = true
    /// In file order.
    public var matches: [RuleMatch] = [] {
        didSet { cheapestFirst = matches.sorted { $0.cost < $1.cost } }
    }
    public var settings = RuleSettings()
    /// `matches`, cheapest to test first.
    private var cheapestFirst: [RuleMatch] = []

    public init(name: String, file: String = "", line: Int = 0, enabled: Bool = true,
                matches: [RuleMatch] = [], settings: RuleSettings = RuleSettings()) {
        self.name = name
        self.file = file
        self.line = line
        self.enabled = enabled
        self.matches = matches
        self.settings = settings
        cheapestFirst = matches.sorted { $0.cost < $1.cost }
    }

    /// The name as rules are looked up by.
    public var key: String { Rule.key(name) }
    package static func key(_ name: String) -> String { name.lowercased() }

    /// Whether every match line holds (a rule without any matches every toast).
    public func matches(_ subject: RuleSubject) -> Bool {
        for match in cheapestFirst where !match.holds(for: subject) { return false }
        return true
    }

    public static func == (a: Rule, b: Rule) -> Bool {
        a.name == b.name && a.file == b.file && a.line == b.line && a.enabled == b.enabled
            && a.matches == b.matches && a.settings == b.settings
    }
}

/// A script to run for a toast: the rule that asked, and its program and arguments.
public struct RuleScript: Equatable, Sendable {
    public var rule: String
    public var command: [String]
    /// What it gets after `command`'s own words (`script_args`).
    public var arguments: ScriptArguments

    public init(rule: String, command: [String], arguments: ScriptArguments = .none) {
        self.rule = rule
        self.command = command
        self.arguments = arguments
    }
}

/// What the rules decided about one toast.
public struct RuleOutcome: Equatable, Sendable {
    /// The toast's fields after the rules: `kind`, `urgency`, `icon` (replaced by `icon`, or
    /// filled by `default_icon`), `stack_tag` and `transient` as the last rule to set them left them.
    public var subject: RuleSubject
    /// Every setting some matching rule made, the later rule's where several did.
    public var settings = RuleSettings()
    /// The matching rules' names, in file order.
    public var matched: [String] = []
    /// Their indices in the rule set, for `RuleState.record`.
    public var matchedIndices: [Int] = []
    /// Every matching rule's script, in file order.
    public var scripts: [RuleScript] = []
    /// The icon the rules gave the toast (`icon`, or `default_icon` on one that had none), in
    /// full: `subject.icon` is cut to what matching reads. Nil when they gave none.
    public var icon: String?

    /// What is kept of the toast.
    public var skip: RuleSkip { settings.skip ?? .none }
}

/// The rules of a config file, in file order.
///
///     let outcome = config.rules.evaluate(subject, state: state)
///     state.record(outcome)
///     if outcome.skip == .all { ... }
public struct RuleSet: Equatable, Sendable {
    public let rules: [Rule]
    /// The rules' matches compiled for matching (`RuleEngine`).
    private let engine: RuleEngine

    public init(_ rules: [Rule] = []) {
        self.rules = rules
        engine = RuleEngine(rules)
    }

    public static let empty = RuleSet()

    public var isEmpty: Bool { rules.isEmpty }

    /// The index of the rule named `name`, compared case-insensitively.
    public func index(named name: String) -> Int? {
        let key = Rule.key(name)
        return rules.firstIndex { $0.key == key }
    }

    /// Applies every enabled rule that matches, in file order: a later rule's setting wins,
    /// and a rule sees what earlier ones changed (a rule that makes a toast critical lets a
    /// later `match urgency = critical` rule match it). `state` holds run-time enable and
    /// disable; without it, the config's `enabled` counts. Records nothing: the caller
    /// counts the matches (`RuleState.record`), so `xtoast rules --test` counts none.
    ///
    /// Only the rules the toast can match are visited (`RuleEngine.forEachCandidate`): a rule
    /// indexed under another app, desktop entry or category costs it nothing.
    public func evaluate(_ subject: RuleSubject, state: RuleState? = nil) -> RuleOutcome {
        var visited = 0
        return evaluate(subject, state: state, visited: &visited)
    }

    /// `evaluate`, adding to `visited` the rules it tested (for the tests that count work).
    func evaluate(_ subject: RuleSubject, state: RuleState?, visited: inout Int) -> RuleOutcome {
        var outcome = RuleOutcome(subject: subject)
        guard !rules.isEmpty else { return outcome }
        var texts = FieldTexts(subject)
        var count = 0
        engine.forEachCandidate(texts) { index in
            count += 1
            guard state?.isEnabled(index, in: self) ?? rules[index].enabled, engine.holds(rule: index, texts) else { return }
            let rule = rules[index]
            outcome.matched.append(rule.name)
            outcome.matchedIndices.append(index)
            outcome.settings.merge(rule.settings)
            if let command = rule.settings.script {
                outcome.scripts.append(RuleScript(rule: rule.name, command: command, arguments: rule.settings.scriptArguments ?? .none))
            }
            if let icon = rule.settings.icon {
                outcome.icon = icon
            } else if let icon = rule.settings.defaultIcon, outcome.subject.icon.isEmpty, !outcome.subject.hasImage {
                outcome.icon = icon
            }
            if Self.change(&outcome.subject, by: rule.settings) { texts = FieldTexts(outcome.subject) }
        }
        visited += count
        return outcome
    }

    /// The fields later rules match on, as `settings` leaves them; whether any changed.
    private static func change(_ subject: inout RuleSubject, by settings: RuleSettings) -> Bool {
        let before = subject
        if let kind = settings.kind { subject.kind = kind }
        if let urgency = settings.urgency { subject.urgency = urgency }
        if let icon = settings.icon { subject.icon = icon }
        if let icon = settings.defaultIcon, subject.icon.isEmpty, !subject.hasImage { subject.icon = icon }
        if let tag = settings.stackTag { subject.stackTag = tag }
        if let transient = settings.transient { subject.transient = transient }
        return subject != before
    }

    public static func == (a: RuleSet, b: RuleSet) -> Bool { a.rules == b.rules }
}
