/// How many lines of one kind the log takes: at most `lines` per `window` seconds. Past that
/// one line says the rest are counted rather than logged, and once the window is over one
/// line says how many were left out (`windowEnd`, or the first line of a later window). Any X client can provoke an error line, and any local
/// client a dropped-client line, hundreds of times a second; the log must stay readable
/// (and small) all the same. Time comes in as a number; nothing here wakes up by itself.
public struct LogBudget: Sendable {
    /// The window lines are counted in.
    public static let window = 10.0

    public let lines: Int
    /// What the lines are about, plural ("X errors"), for the summary lines.
    public let what: String
    private var windowStart = -Double.infinity
    private var used = 0
    private var leftOut = 0

    public init(lines: Int, what: String) {
        self.lines = max(1, lines)
        self.what = what
    }

    /// The lines to log for one more `line` at `now`: the line itself while the window has
    /// room, preceded by a count of those left out in an earlier window; at the first line
    /// past the budget a line saying so; nothing after that until the window ends.
    public mutating func admit(_ line: String, now: Double) -> [String] {
        var out: [String] = []
        if !(now - windowStart < Self.window) {
            if leftOut > 0 { out.append("\(leftOut) more \(what) were not logged") }
            windowStart = now
            used = 0
            leftOut = 0
        }
        used += 1
        if used <= lines {
            out.append(line)
        } else {
            if used == lines + 1 {
                out.append("more than \(lines) \(what) in \(Int(Self.window)) s: the rest are counted, not logged")
            }
            leftOut += 1
        }
        return out
    }

    /// The count of the lines left out, once their window is over (nil while it runs, or when
    /// none were). Asked at each turn of the loop, so the count is said as the window ends,
    /// not at the next line of its kind, which may never come.
    public mutating func windowEnd(now: Double) -> String? {
        guard leftOut > 0, !(now - windowStart < Self.window) else { return nil }
        defer { leftOut = 0 }
        return "\(leftOut) more \(what) were not logged"
    }
}
