import JSONCodec
import ToastCore

/// What a request's fields may hold, checked alike by the command line (before anything is
/// sent) and by the daemon's decoder (for any client): one rule per field, so the two ends
/// cannot disagree about what is valid. Each returns the problem as the end of a sentence
/// ("must not be empty"), which each end starts with the field's own name (`--id`, `"id"`).
public enum FieldRules {
    /// An id (`--id`, `"id"`, an action's id): ids come back in replies, events, `list` and
    /// scripts' terminals, so no control (C0, DEL, C1) or bidi formatting character may hide in one.
    public static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "must not be empty" }
        if id.count > ProtocolLimits.maxIDLength { return "is longer than \(ProtocolLimits.maxIDLength) characters" }
        if hasControls(id) { return "must not contain control or bidi formatting characters" }
        return nil
    }

    /// The application's name (`--app`, `"app"`): shown on history lines and given to scripts.
    public static func appProblem(_ app: String) -> String? {
        guard !app.isEmpty, app.unicodeScalars.count <= NotificationLimits.maxAppNameCharacters, !hasControls(app) else {
            return "must be 1 to \(NotificationLimits.maxAppNameCharacters) characters, without control characters"
        }
        return nil
    }

    /// A timeout in seconds: 0 keeps the toast until dismissed; the problem, or nil.
    public static func timeoutProblem(_ seconds: Double) -> String? {
        if !(seconds >= 0) { return "must not be negative (0 keeps the toast until dismissed)" }
        if seconds > ProtocolLimits.maxTimeout { return "is in seconds and at most \(Int(ProtocolLimits.maxTimeout))" }
        return nil
    }

    /// A valid timeout as the daemon keeps it: only an exact 0 means "until dismissed"; any
    /// positive timeout, however small, expires, after at least the shortest one the daemon's
    /// timers keep apart from 0.
    public static func timeout(_ seconds: Double) -> Double { seconds > 0 ? max(seconds, ProtocolLimits.minTimeout) : 0 }

    /// A progress bar's value (`--progress`, `"progress"`).
    public static let progress: ClosedRange<Double> = 0...100

    /// `limit` (`list N`, `history N`): a whole number from 1 to `maximum`, or nil.
    public static func limit(_ n: Double, upTo maximum: Int) -> Int? {
        guard n >= 1, n == n.rounded(), n <= Double(maximum) else { return nil }
        return Int(n)
    }

    /// An icon (`--icon`, `"icon"`): a path, a `file://` URI or a theme name.
    public static func iconProblem(_ icon: String) -> String? {
        guard !icon.isEmpty, icon.utf8.count <= ProtocolLimits.maxIconBytes, !icon.contains("\0") else {
            return "must be a file path or an icon name"
        }
        return nil
    }

    private static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { UnicodeControls.isControl($0) || UnicodeControls.isBidiControl($0) }
    }
}
