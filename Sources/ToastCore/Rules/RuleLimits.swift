import Patterns

/// Bounds of the rules, named so diagnostics, docs and tests agree. With them matching is
/// linear in the text (`RegexProgram`), over at most `fieldBytes` of each field and
/// `matchedBodyBytes` of the body, so no text a client sends makes a pattern cost more than
/// its size allows.
public enum RuleLimits {
    /// `[rule NAME]` sections past this many are diagnostics and ignored.
    public static let maxRules = 1000
    /// Bytes of one `match` pattern.
    public static let maxPatternBytes = 1024
    /// A regular expression's size with its counts written out (`PosixRegex.maxExpansion`).
    public static let maxPatternExpansion = PosixRegex.maxExpansion
    /// Instructions one pattern may compile to (`PosixRegex.maxInstructions`).
    public static let maxPatternInstructions = PosixRegex.maxInstructions
    /// Steps (`RuleCost`) all rule matching for one toast may take at worst, for the whole
    /// config: about 2 ms at the slowest step the bench measures (`xtoast-bench --rules`,
    /// `rules.budget`). A rule that would take the worst toast past it is refused when the
    /// config loads (`FILE:LINE:` naming it), and the rules after it still load. 100 rules of
    /// `app` and `summary` globs and a few regular expressions take a few hundred thousand.
    public static let matchingBudget = 1_250_000
    /// Steps one pattern may take on the longest text its field holds: a rule with it must
    /// be able to load.
    public static let maxMatchSteps = matchingBudget
    /// `match` lines in one rule: all must hold, so more than one per field and operator is
    /// rarely useful ("every app except A, B and C" is three).
    public static let maxMatchesPerRule = 32
    /// Bytes of a rule's name (it is typed on the command line: `xtoast rule NAME disable`).
    public static let maxNameBytes = 64
    /// Bytes of each matched field but the body: the summary a card shows is 200 characters.
    public static let fieldBytes = 1024
    /// Bytes of the body patterns see: the start of a message says what it is, and a pattern's
    /// cost grows with the text (an 8 KB body from the bus is 2 000 emoji).
    public static let matchedBodyBytes = 1024
    /// Bytes of the body a rule's script gets in `XTOAST_BODY`: a card shows at most 2 000 characters of it.
    public static let bodyBytes = 8 * 1024
    /// Bytes of a setting's text (an icon path, a stack tag, a script line).
    public static let maxSettingBytes = 4096
    /// Words of a `script` line, the program included.
    public static let maxScriptWords = 64
    /// `[rules] script_timeout`, seconds.
    public static let scriptTimeout: ClosedRange<Double> = 1...3600
}
