import Patterns

/// How a `match` line compares its field with its value.
public enum RuleOperator: String, CaseIterable, Sendable {
    /// A glob (`*`, `?`, `[...]`) on the whole text.
    case glob = "="
    /// A POSIX extended regular expression anywhere in the text.
    case regex = "~"
    case notGlob = "!="
    case notRegex = "!~"

    /// Longest spellings first, so `!=` is not read as `!` and `=`.
    package static let spellings: [RuleOperator] = [.notGlob, .notRegex, .glob, .regex]

    public var isNegated: Bool { self == .notGlob || self == .notRegex }
    public var isRegex: Bool { self == .regex || self == .notRegex }
}

/// One `match FIELD OP VALUE` line, its pattern compiled when the config loads.
///
///     let spotify = try RuleMatch(field: .app, op: .glob, value: "Spotify")
///     spotify.holds(for: RuleSubject(app: "Spotify"))   // true
public struct RuleMatch: Equatable, Sendable {
    public let field: RuleField
    public let op: RuleOperator
    /// The pattern as written.
    public let value: String
    let pattern: Pattern

    enum Pattern: Sendable {
        case glob(GlobPattern)
        case regex(PosixRegex)
    }

    public init(field: RuleField, op: RuleOperator, value: String) throws(RuleProblem) {
        guard value.utf8.count <= RuleLimits.maxPatternBytes else {
            throw RuleProblem("the pattern is longer than \(RuleLimits.maxPatternBytes) bytes")
        }
        self.field = field
        self.op = op
        self.value = value
        if op.isRegex {
            pattern = .regex(try PosixRegex(value))
        } else {
            let glob = GlobPattern(value)
            if glob.exact != nil, let words = field.words, !words.contains(value) {
                throw RuleProblem("\(field.rawValue) is one of \(words.joined(separator: ", ")); '\(value)' never matches")
            }
            pattern = .glob(glob)
        }
        let steps = RuleCost.steps(of: self)
        guard steps <= RuleLimits.maxMatchSteps else {
            throw RuleProblem("matching it could take \(steps) steps on \(RuleCost.maxBytes(of: field)) bytes of \(field.rawValue), "
                + "more than a pattern may (\(RuleLimits.maxMatchSteps)); make it smaller")
        }
    }

    /// Whether the line holds for the subject (a negated operator holds where its pattern fails).
    public func holds(for subject: RuleSubject) -> Bool {
        let text = subject.text(of: field)
        let found = switch pattern {
        case let .glob(glob): glob.matches(text)
        case let .regex(regex): regex.matches(text)
        }
        return found != op.isNegated
    }

    /// Cheaper lines are tried first (all must hold, so the order does not change the answer):
    /// an exact text, then a glob, then a regular expression.
    var cost: Int {
        switch pattern {
        case let .glob(glob): glob.exact != nil ? 0 : 1
        case let .regex(regex): regex.requiredLiteral.isEmpty ? 3 : 2
        }
    }

    public static func == (a: RuleMatch, b: RuleMatch) -> Bool {
        a.field == b.field && a.op == b.op && a.value == b.value
    }

    /// `app = "Spotify"`, as `xtoast rules` and diagnostics show it.
    public var description: String { "\(field.rawValue) \(op.rawValue) \"\(value)\"" }
}

extension RuleField {
    /// The only texts an enumerated field can hold; nil for free text.
    var words: [String]? {
        switch self {
        case .urgency: Urgency.allCases.map(\.rawValue)
        case .kind: Kind.allCases.map(\.rawValue)
        case .source: ToastSource.allCases.map(\.rawValue)
        case .transient: ["yes", "no"]
        default: nil
        }
    }
}
