import JSONCodec
import Synchronization
import ToastCore
import Transport

/// The daemon logs to stderr, one line per event worth knowing. Lines are bounded: a value
/// from outside (a bus client's icon name, a sender) goes through `quoted`, a line break or
/// control anywhere in a line is shown as U+FFFD, and a line longer than `maxLineScalars` is cut, so no client can make the log grow by megabytes a call. A
/// line a client can cause at will goes through a `LogBudget` (`info(_:within:now:)`), so
/// none can make it grow by thousands of lines a second either.
public enum Log {
    /// Longer lines are cut with "…".
    public static let maxLineScalars = 1000
    /// Longer quoted values are cut with "…".
    public static let maxQuotedScalars = 80

    /// Where a test reads the lines logged by its own task (and what it calls), beside stderr.
    @TaskLocal public static var capture: LogCapture?

    public static func info(_ message: String) {
        let line = "xtoastd: \(oneLine(cut(message, maxLineScalars)))"
        capture?.append(line)
        StandardStreams.error(line)
    }

    /// `line`, within `budget`'s room: past it, one line says the rest are counted.
    public static func info(_ line: String, within budget: inout LogBudget, now: Double) {
        for admitted in budget.admit(line, now: now) { info(admitted) }
    }

    /// The count of what `budget` left out, once its window is over (`LogBudget.windowEnd`).
    public static func windowEnd(of budget: inout LogBudget, now: Double) {
        if let line = budget.windowEnd(now: now) { info(line) }
    }

    /// `value` in double quotes, cut to `maxQuotedScalars` with "…"; its line breaks and
    /// controls shown as U+FFFD, so a value cannot start a log line of its own.
    public static func quoted(_ value: String) -> String {
        let shown = String(String.UnicodeScalarView(value.unicodeScalars.prefix(maxQuotedScalars + 1).map {
            UnicodeControls.isControl($0) || UnicodeControls.isLineBreak($0) || UnicodeControls.isBidiControl($0) ? "\u{FFFD}" : $0
        }))
        return "\"\(cut(shown, maxQuotedScalars))\""
    }

    /// `text` with every line break and control but tab shown as U+FFFD: whatever a caller
    /// put into a line (a client's id, an icon name inside a warning), it stays one line.
    /// Free when there is none (the usual case).
    static func oneLine(_ text: String) -> String {
        func breaks(_ scalar: Unicode.Scalar) -> Bool {
            scalar != "\t" && (UnicodeControls.isControl(scalar) || UnicodeControls.isLineBreak(scalar))
        }
        guard text.unicodeScalars.contains(where: breaks) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { breaks($0) ? "\u{FFFD}" : $0 }))
    }

    private static func cut(_ text: String, _ limit: Int) -> String {
        let (kept, isCut) = TextLimits.cut(text, to: limit)
        return isCut ? kept + "…" : kept
    }
}

/// The lines logged while it is `Log.capture`, for a test to count.
public final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    public var logged: [String] { lines.withLock { $0 } }
}
