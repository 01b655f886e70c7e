/// What `xtoast rule NAME ...` asks for.
public enum RuleSwitch: String, CaseIterable, Sendable {
    case enable, disable, toggle
}

/// The rules' run-time state in the daemon: enable and disable from the command line, and
/// how many toasts each rule matched since the daemon started. Kept beside the `RuleSet`,
/// index for index; `carried(from:to:)` moves it across a reload.
public struct RuleState: Equatable, Sendable {
    /// nil follows the config's `enabled`.
    public private(set) var overrides: [Bool?]
    public private(set) var matchCounts: [Int]
    /// The last toast each rule kept off screen or dropped (its own `skip = display` or
    /// `all`), for `xtoast doctor`'s "why did it not show".
    public private(set) var lastHeld: [HeldToast?]

    public init(for rules: RuleSet) {
        overrides = Array(repeating: nil, count: rules.rules.count)
        matchCounts = Array(repeating: 0, count: rules.rules.count)
        lastHeld = Array(repeating: nil, count: rules.rules.count)
    }

    /// Whether rule `index` applies: the run-time word, else the config's.
    public func isEnabled(_ index: Int, in rules: RuleSet) -> Bool {
        guard rules.rules.indices.contains(index) else { return false }
        return (overrides.indices.contains(index) ? overrides[index] : nil) ?? rules.rules[index].enabled
    }

    /// Counts one more toast for each rule the outcome matched.
    public mutating func record(_ outcome: RuleOutcome) {
        for index in outcome.matchedIndices where matchCounts.indices.contains(index) {
            if matchCounts[index] < Int.max { matchCounts[index] += 1 }
        }
    }

    /// Counts the outcome's matches, and remembers the toast as the last one held back by
    /// each matching rule that hides or drops toasts, when the outcome did (`wallNow`: UNIX seconds).
    public mutating func record(_ outcome: RuleOutcome, in rules: RuleSet, at wallNow: Double) {
        record(outcome)
        guard outcome.skip == .display || outcome.skip == .all else { return }
        let held = HeldToast(app: outcome.subject.app, title: outcome.subject.summary, at: wallNow)
        for index in outcome.matchedIndices where lastHeld.indices.contains(index) && rules.rules.indices.contains(index) {
            if let skip = rules.rules[index].settings.skip, skip == .display || skip == .all { lastHeld[index] = held }
        }
    }

    /// Enables, disables or toggles the rule named `name` (case-insensitively); returns
    /// whether it is now enabled, or nil when there is no such rule.
    public mutating func change(_ name: String, _ change: RuleSwitch, in rules: RuleSet) -> Bool? {
        guard let index = rules.index(named: name), overrides.indices.contains(index) else { return nil }
        let enabled = switch change {
        case .enable: true
        case .disable: false
        case .toggle: !isEnabled(index, in: rules)
        }
        overrides[index] = enabled
        return enabled
    }

    /// The state for `new` after a reload from `old`: a rule whose name is still there keeps
    /// its run-time enable or disable and its count; a new rule starts from the config.
    public func carried(from old: RuleSet, to new: RuleSet) -> RuleState {
        var state = RuleState(for: new)
        for (index, rule) in new.rules.enumerated() {
            guard let before = old.index(named: rule.name), overrides.indices.contains(before) else { continue }
            state.overrides[index] = overrides[before]
            state.matchCounts[index] = matchCounts[before]
            state.lastHeld[index] = lastHeld.indices.contains(before) ? lastHeld[before] : nil
        }
        return state
    }

    /// Each rule as `xtoast rules` lists it.
    public func statuses(of rules: RuleSet) -> [RuleStatus] {
        rules.rules.enumerated().map { index, rule in
            RuleStatus(name: rule.name, enabled: isEnabled(index, in: rules),
                       matchCount: matchCounts.indices.contains(index) ? matchCounts[index] : 0,
                       file: rule.file, line: rule.line,
                       hides: rule.settings.skip.flatMap { $0 == .display || $0 == .all ? $0 : nil },
                       lastHeld: lastHeld.indices.contains(index) ? lastHeld[index] : nil)
        }
    }
}

/// One line of `xtoast rules`: a rule, whether it applies now, and what it matched.
public struct RuleStatus: Equatable, Sendable {
    public var name: String
    public var enabled: Bool
    /// Toasts it matched since the daemon started (or since it was first loaded).
    public var matchCount: Int
    public var file: String
    public var line: Int
    /// The rule's own `skip` when it keeps toasts off screen (`display`) or drops them (`all`).
    public var hides: RuleSkip? = nil
    public var lastHeld: HeldToast? = nil
}

/// A toast a rule held back: its application and title as the rules saw them (already cut
/// to `RuleLimits.fieldBytes`), and when (UNIX seconds).
public struct HeldToast: Equatable, Sendable {
    public var app: String
    public var title: String
    public var at: Double
}
