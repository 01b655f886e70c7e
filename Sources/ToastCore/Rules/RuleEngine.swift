#if canImport(Glibc)
import Glibc
import Patterns
#endif

/// A rule set compiled for matching: every match line of every rule as a plain value
/// (`Check`) over shared storage, cheapest first within each rule, so testing a toast
/// against a rule copies nothing and counts no references. With 100 rules that is what
/// keeps matching a toast within a few microseconds (`xtoast-bench --rules`).
///
/// Rules that require an exact `app`, `desktop_entry` or `category` (`RuleIndexKey`) are
/// kept in an index by that value: a toast visits only the rules under its own values and
/// the others, merged back into file order (`forEachCandidate`), so 1,000 rules for other
/// applications cost a toast three hash lookups.
final class RuleEngine: Sendable {
    enum Test: Sendable {
        /// The field equals `count` bytes of `literals` from `start` (a glob without wildcards).
        case exact(start: Int, count: Int)
        case glob(Int)
        case regex(Int)
    }

    struct Check: Sendable {
        let field: Int
        let negated: Bool
        let test: Test
    }

    let literals: [UInt8]
    let globs: [GlobPattern]
    /// The rules' own compiled expressions, shared, not compiled again.
    let regexes: [PosixRegex]
    let checks: [Check]
    /// Each rule's checks in `checks`.
    let ruleChecks: [Range<Int>]
    /// The rules without an index key, in file order.
    let unindexed: [Int32]
    /// The indexed rules by key, each list in file order.
    let index: [RuleIndexKey: [Int32]]

    init(_ rules: [Rule]) {
        var literals: [UInt8] = [], globs: [GlobPattern] = [], regexes: [PosixRegex] = []
        var checks: [Check] = [], ruleChecks: [Range<Int>] = []
        var unindexed: [Int32] = [], index: [RuleIndexKey: [Int32]] = [:]
        for (number, rule) in rules.enumerated() {
            if let key = RuleIndexKey(rule) { index[key, default: []].append(Int32(number)) } else { unindexed.append(Int32(number)) }
            let start = checks.count
            for match in rule.matches.sorted(by: { $0.cost < $1.cost }) {
                let test: Test
                switch match.pattern {
                case let .glob(glob):
                    if let exact = glob.exact {
                        test = .exact(start: literals.count, count: exact.count)
                        literals += exact
                    } else {
                        test = .glob(globs.count)
                        globs.append(glob)
                    }
                case let .regex(regex):
                    test = .regex(regexes.count)
                    regexes.append(regex)
                }
                checks.append(Check(field: match.field.ordinal, negated: match.op.isNegated, test: test))
            }
            ruleChecks.append(start..<checks.count)
        }
        self.literals = literals
        self.globs = globs
        self.regexes = regexes
        self.checks = checks
        self.ruleChecks = ruleChecks
        self.unindexed = unindexed
        self.index = index
    }

    /// Calls `visit` with every rule the toast can match, in file order: the unindexed rules
    /// and those indexed under the toast's own `app`, `desktop_entry` and `category`. Any
    /// other rule requires another value of one of those fields, which no rule changes.
    func forEachCandidate(_ texts: FieldTexts, _ visit: (Int) -> Void) {
        if index.isEmpty {
            for rule in unindexed { visit(Int(rule)) }
            return
        }
        let none: [Int32] = []
        let lists = texts.bytes.withUnsafeBufferPointer { bytes in
            RuleIndexKey.fields.map { field in
                index[RuleIndexKey(field: field, bytes: UnsafeBufferPointer(rebasing: bytes[texts.ranges[field.ordinal]]))] ?? none
            }
        }
        let a = unindexed, b = lists[0], c = lists[1], d = lists[2]
        var i = 0, j = 0, k = 0, l = 0
        while true {
            var next = Int32.max
            if i < a.count { next = a[i] }
            if j < b.count, b[j] < next { next = b[j] }
            if k < c.count, c[k] < next { next = c[k] }
            if l < d.count, d[l] < next { next = d[l] }
            if next == .max { return }
            // A list found twice (two fields' values sharing a hash) gives its rules once.
            if i < a.count, a[i] == next { i += 1 }
            if j < b.count, b[j] == next { j += 1 }
            if k < c.count, c[k] == next { k += 1 }
            if l < d.count, d[l] == next { l += 1 }
            visit(Int(next))
        }
    }

    /// Whether every match line of rule `index` holds for the fields in `texts`.
    func holds(rule index: Int, _ texts: FieldTexts) -> Bool {
        let range = ruleChecks[index]
        if range.isEmpty { return true }
        return texts.bytes.withUnsafeBufferPointer { bytes in
            checks.withUnsafeBufferPointer { checks in
                literals.withUnsafeBufferPointer { literals in
                    for i in range {
                        let check = checks[i]
                        let field = UnsafeBufferPointer(rebasing: bytes[texts.ranges[check.field]])
                        let found: Bool
                        switch check.test {
                        case let .exact(start, count):
                            found = count == field.count && Self.equal(literals, start, field)
                        case let .glob(g):
                            found = globs[g].matches(bytes: field)
                        case let .regex(r):
                            found = regexes[r].matches(bytes: field)
                        }
                        if found == check.negated { return false }
                    }
                    return true
                }
            }
        }
    }
}

extension RuleEngine {
    /// Whether `literals` from `start` holds the bytes of `field`.
    private static func equal(_ literals: UnsafeBufferPointer<UInt8>, _ start: Int, _ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !field.isEmpty else { return true }
        guard let a = literals.baseAddress, let b = field.baseAddress else { return false }
        return memcmp(a + start, b, field.count) == 0
    }
}

/// A toast's fields as UTF-8 in one buffer, found by `RuleField.ordinal`. Made once per toast, and again only when a rule changes a field.
struct FieldTexts {
    private(set) var bytes: [UInt8] = []
    private(set) var ranges: [Range<Int>] = []

    init(_ subject: RuleSubject) {
        bytes.reserveCapacity(subject.summary.utf8.count + subject.body.utf8.count + subject.app.utf8.count + 128)
        ranges.reserveCapacity(RuleField.allCases.count)
        for field in RuleField.allCases {
            let start = bytes.count
            bytes += subject.text(of: field).utf8
            ranges.append(start..<bytes.count)
        }
    }
}
