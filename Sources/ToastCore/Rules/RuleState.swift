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

    public init(for rules: RuleSet) {
        overrides = Array(repeating: nil, count: rules.rules.count)
        matchCounts = Array(repeating: 0, count: rules.rules.count)
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
        }
        return state
    }

    /// Each rule as `xtoast rules` lists it.
    public func statuses(of rules: RuleSet) -> [RuleStatus] {
        rules.rules.enumerated().map { index, rule in
            RuleStatus(name: rule.name, enabled: isEnabled(index, in: rules),
                       matchCount: matchCounts.indices.contains(index) ? matchCounts[index] : 0,
                       file: rule.file, line: rule.line)
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
}
