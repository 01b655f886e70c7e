import ToastCore
import Transport

/// The daemon logs to stderr, one line per event worth knowing. Lines are bounded: a value
/// from outside (a bus client's icon name, a sender) goes through `quoted`, and a line longer
/// than `maxLineScalars` is cut, so no client can make the log grow by megabytes a call.
public enum Log {
    /// Longer lines are cut with "…".
    public static let maxLineScalars = 1000
    /// Longer quoted values are cut with "…".
    public static let maxQuotedScalars = 80

    public static func info(_ message: String) { StandardStreams.error("xtoastd: \(cut(message, maxLineScalars))") }

    /// `value` in double quotes, cut to `maxQuotedScalars` with "…".
    public static func quoted(_ value: String) -> String { "\"\(cut(value, maxQuotedScalars))\"" }

    private static func cut(_ text: String, _ limit: Int) -> String {
        let (kept, isCut) = TextLimits.cut(text, to: limit)
        return isCut ? kept + "…" : kept
    }
}
