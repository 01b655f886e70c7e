/// Bounds of the rules, named so diagnostics, docs and tests agree. With them no config can
/// make matching one toast cost more than a few milliseconds, however it is written.
public enum RuleLimits {
    /// `[rule NAME]` sections past this many are diagnostics and ignored.
    public static let maxRules = 1000
    /// Bytes of one `match` pattern.
    public static let maxPatternBytes = 1024
    /// `match` lines in one rule: all must hold, so more than one per field and operator is
    /// rarely useful ("every app except A, B and C" is three).
    public static let maxMatchesPerRule = 32
    /// Bytes of a rule's name (it is typed on the command line: `xtoast rule NAME disable`).
    public static let maxNameBytes = 64
    /// Bytes of each matched field but the body: the summary a card shows is 200 characters.
    public static let fieldBytes = 1024
    /// Bytes of the body matched: a card shows at most 2 000 characters of it.
    public static let bodyBytes = 8 * 1024
    /// Bytes of a setting's text (an icon path, a stack tag, a script line).
    public static let maxSettingBytes = 4096
    /// Words of a `script` line, the program included.
    public static let maxScriptWords = 64
    /// `[rules] script_timeout`, seconds.
    public static let scriptTimeout: ClosedRange<Double> = 1...3600
}

/// Why a rule (or one of its lines) cannot be used; becomes a `FILE:LINE:` diagnostic.
public struct RuleProblem: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
