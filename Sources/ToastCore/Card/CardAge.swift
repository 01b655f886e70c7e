/// dunst's `show_age_threshold` (`[text] show_age_threshold`): a card shown longer than that
/// many seconds says how long, as dunst writes it after the text: `(45s old)`, `(2m 5s old)`,
/// `(1h 2m 5s old)`. The age is given (the daemon's clock), so the text is a pure function
/// of it; the daemon repaints only when the whole seconds change, past the threshold.
public enum CardAge {
    /// The most seconds an age is counted to (a hundred years): past it the text stays put.
    static let maxSeconds = 3_155_760_000.0

    /// What follows the card's text for a card `age` seconds old, or nil while it is not past
    /// `threshold` (or no threshold is set).
    public static func suffix(age: Double, threshold: Double?) -> String? {
        guard let threshold, age.isFinite else { return nil }
        let whole = min(max(age, 0), maxSeconds).rounded(.down)
        guard whole > threshold else { return nil }
        let seconds = Int(whole)
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        if hours > 0 { return "(\(hours)h \(minutes)m \(rest)s old)" }
        if minutes > 0 { return "(\(minutes)m \(rest)s old)" }
        return "(\(rest)s old)"
    }

    /// When the text of a card shown at `shownAt` next changes after `now`: the first whole
    /// second past both `now` and the threshold. Nil without a threshold.
    public static func nextChange(shownAt: Double, now: Double, threshold: Double?) -> Double? {
        guard let threshold, shownAt.isFinite, now.isFinite else { return nil }
        let age = min(max(now - shownAt, 0), maxSeconds)
        guard age < maxSeconds else { return nil }
        return shownAt + max(age.rounded(.down) + 1, min(threshold, maxSeconds).rounded(.down) + 1)
    }
}
