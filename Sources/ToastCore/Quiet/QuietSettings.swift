/// The `[quiet]` section: how much one application may show at once, and what coming back
/// from a quiet time (do-not-disturb, a lock) shows.
public struct QuietSettings: Equatable, Sendable {
    /// `burst = 5 per 10s`: past this many bus toasts from one application within the
    /// window, the rest fold into one digest card (`Bursts`); nil (`burst = off`) never folds.
    public var burst: BurstLimit? = .standard
    /// `summary_over = 3`: when a quiet time ends with more than this many toasts held, one
    /// summary card stands for them (`QuietSummary`); held critical toasts still show.
    public var summaryOver = 3
    /// `while_window = PATTERN` lines: quiet holds while a mapped top-level window's title or
    /// class matches one (`SharingWindows`), on top of the defaults.
    public var whileWindows: [SharingPattern] = []
    /// False after `while_window = none`: the built-in patterns are off.
    public var sharingDefaults = true
    /// `hide_content = yes`: a toast that shows while quiet holds (a critical one) draws its
    /// title only, so a shared screen does not show the message.
    public var hideContent = false

    public init() {}

    /// The bounds of `summary_over`: past a hundred, a summary would never come.
    public static let summaryOverRange = 0...100
}

/// A rate: at most `count` toasts in `seconds`.
public struct BurstLimit: Equatable, Sendable {
    public var count: Int
    public var seconds: Double

    public init(count: Int, seconds: Double) {
        self.count = count
        self.seconds = seconds
    }

    /// Five in ten seconds: a chat's quick exchange shows; a build bot's hundred lines fold.
    public static let standard = BurstLimit(count: 5, seconds: 10)
    /// Each application's recent arrival times are kept (`Bursts`): this bounds how many.
    public static let counts = 1...100
    public static let window = 0.1...3600.0

    /// `5 per 10s`, `20 per 1m`, `off`; nil for `off`.
    package static func parse(_ text: String) throws(ConfigProblem) -> BurstLimit? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        if words == ["off"] || words == ["none"] { return nil }
        guard words.count == 3, words[1] == "per", let count = Int(words[0]) else {
            throw ConfigProblem("expected COUNT per DURATION (5 per 10s) or off, got '\(text)'")
        }
        guard counts.contains(count) else {
            throw ConfigProblem("the count must be at least \(counts.lowerBound) and at most \(counts.upperBound), got \(count)")
        }
        var duration = words[2]
        var unit = 1.0
        if duration.hasSuffix("ms") { duration = duration.dropLast(2); unit = 0.001 }
        else if duration.hasSuffix("s") { duration = duration.dropLast(); unit = 1 }
        else if duration.hasSuffix("m") { duration = duration.dropLast(); unit = 60 }
        else if duration.hasSuffix("h") { duration = duration.dropLast(); unit = 3600 }
        guard let number = Double(duration), number.isFinite, window.contains(number * unit) else {
            throw ConfigProblem("the duration must be from 100ms to 1h (10s, 1m), got '\(words[2])'")
        }
        return BurstLimit(count: count, seconds: number * unit)
    }

    /// The value as the config file writes it.
    public var text: String {
        seconds == seconds.rounded() ? "\(count) per \(Int(seconds))s" : "\(count) per \(Int((seconds * 1000).rounded()))ms"
    }
}
