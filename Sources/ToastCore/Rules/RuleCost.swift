import Patterns

/// What a rule can cost one toast at worst, in the matcher's steps, worked out from its
/// patterns when the config loads, so a config is refused rule by rule before it could make
/// matching one toast take longer than `RuleLimits.matchingBudget` allows (about 2 ms).
///
/// A step is one thing the matchers count: an instruction the Pike VM visits, a byte and a
/// live thread of the bit-parallel path, a byte compared by a glob. Each pattern is charged
/// as if its field were as long as the rules ever see it (`maxBytes`) and every byte kept
/// every thread alive: a regular expression (text bytes + 1) × program size, plus its
/// literal's search; a glob (text bytes + 1) × its size, since a failed piece backtracks
/// to the last `*`. A rule is charged every one of its lines (all may hold but the last), and
/// a rule that changes a field later rules match on (`kind`, `urgency`, `icon`,
/// `default_icon`, `stack_tag`, `transient`) the cost of making the fields again: so what a
/// config is charged bounds what any toast costs, whatever earlier rules change.
public enum RuleCost {
    /// The most bytes of `field` a pattern ever sees.
    public static func maxBytes(of field: RuleField) -> Int {
        if let words = field.words { return words.map { $0.utf8.count }.max() ?? 0 }
        return field == .body ? RuleLimits.matchedBodyBytes : RuleLimits.fieldBytes
    }

    /// Visiting a rule at all: its enabled word, its first check, its settings merged.
    static let perRule = 16
    /// Making the fields' bytes again after a rule changed one (about 6 KiB copied).
    static let remakeFields = 1024

    /// The steps `match` can take on the longest text its field holds.
    public static func steps(of match: RuleMatch) -> Int {
        let text = maxBytes(of: match.field)
        switch match.pattern {
        case let .glob(glob):
            if let exact = glob.exact { return 1 + exact.count / 8 }
            return (text + 1) * (glob.retried + 1) + glob.size
        case let .regex(regex):
            // A pattern longer than any text of its field fails before it runs.
            if regex.program.minimumLength > text { return 1 }
            // A Pike VM step (a thread list entry, a closure visit) costs about 3 ns, three
            // times a bit-parallel one at its worst (measured: rules.budget).
            let weight = regex.program.bitParallel == nil ? 3 : 1
            return weight * (text + 1) * regex.size + text * max(1, regex.requiredLiteral.count / 8)
        }
    }

    /// The steps rule `rule` can take on one toast, every line run.
    public static func steps(of rule: Rule) -> Int {
        var total = perRule
        for match in rule.matches { total += steps(of: match) }
        if rule.settings.changesMatchedFields { total += remakeFields }
        return total
    }
}

/// Rules admitted against `RuleLimits.matchingBudget` in file order: one that would take the
/// worst toast's matching past it is refused, the rest still load. A rule indexed by an
/// exact `app`, `desktop_entry` or `category` (`RuleIndexKey`) is visited only by toasts
/// with that value, so the worst toast pays every other rule and, per indexed field, the
/// costliest value's rules.
public struct RuleBudget: Sendable {
    public let budget: Int
    private(set) var unindexed = 0
    /// Per indexed field (`RuleIndexKey.fields`), each value's rules' steps, and the largest.
    private var perValue: [RuleIndexKey: Int] = [:]
    private var largest = [Int](repeating: 0, count: RuleIndexKey.fields.count)

    public init(budget: Int = RuleLimits.matchingBudget) { self.budget = budget }

    /// The worst toast's steps with the rules admitted so far.
    public var worst: Int { unindexed + largest.reduce(0, +) }

    /// Admits `rule` if the worst toast stays within the budget with it; returns the worst
    /// toast's steps with it either way.
    public mutating func admit(_ rule: Rule) -> (admitted: Bool, worst: Int) {
        let cost = RuleCost.steps(of: rule)
        if let key = RuleIndexKey(rule) {
            let sum = (perValue[key] ?? 0) + cost
            let slot = RuleIndexKey.fields.firstIndex(of: key.field) ?? 0
            let raised = max(largest[slot], sum)
            let total = worst - largest[slot] + raised
            guard total <= budget else { return (false, total) }
            perValue[key] = sum
            largest[slot] = raised
            return (true, total)
        }
        let total = worst + cost
        guard total <= budget else { return (false, total) }
        unindexed += cost
        return (true, total)
    }
}

extension RuleSettings {
    /// Whether a rule with these settings changes a field later rules match on (`RuleSet.evaluate`).
    var changesMatchedFields: Bool {
        kind != nil || urgency != nil || icon != nil || defaultIcon != nil || stackTag != nil || transient != nil
    }
}

extension GlobPattern {
    /// Bytes and tokens to compare, a set by its ranges and classes.
    var size: Int { cost(of: tokens[...]) }

    /// What a retry can cost: a failed token backtracks only to the last `*`, whose position
    /// only moves on through the text, so a match costs at most the text's length times the
    /// longest run of tokens between two `*` (the run before the first one is tried once).
    var retried: Int {
        guard let first = tokens.firstIndex(of: .anyRun) else { return 0 }
        var longest = 0
        for run in tokens[first...].split(separator: .anyRun) { longest = max(longest, cost(of: run)) }
        return longest
    }

    private func cost(of run: ArraySlice<Token>) -> Int {
        var cost = 0
        for token in run {
            switch token {
            case let .literal(_, count): cost += 1 + count
            case let .set(index, _): cost += 1 + sets[index].ranges.count + sets[index].classes.count
            case .anyCharacter, .anyRun: cost += 1
            }
        }
        return cost
    }
}
