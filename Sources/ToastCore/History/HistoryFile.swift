/// The history file's policy: where it is, how its text reads back, what of it is kept, and
/// when it is rewritten. The daemon's `HistoryStore` does the reading and writing.
///
/// The file is one `HistoryRecord` line per ended toast, oldest first, only ever appended to.
/// It is rewritten whole (compacted: a temporary file, `fsync`, `rename`) only when loading
/// found something to drop (damage, entries past `keep` or older than `keep_days`), when
/// appends took it `slack` lines past `keep` or would take it past `maxFileBytes`, and when the
/// centre removed or read entries it holds or `restore` took one out
/// (`BoardChanges.historyEdited`): so a crash mid-append loses at most the line being
/// written, and a crash mid-rewrite leaves the old file whole.
public enum HistoryFile {
    /// `$XDG_STATE_HOME/xtoast/history`, falling back to `~/.local/state/xtoast/history`; nil
    /// when neither variable is set (the history is then kept in memory only).
    public static func path(xdgStateHome: String?, home: String?) -> String? {
        if let state = xdgStateHome, state.hasPrefix("/") { return "\(state)/xtoast/history" }
        if let home, !home.isEmpty { return "\(home)/.local/state/xtoast/history" }
        return nil
    }

    /// Beside the file: what a file that cannot be read is renamed to before a new one begins
    /// (one such file, the last; the one before it is replaced).
    public static func badPath(_ path: String) -> String { path + ".bad" }
    /// Beside the file: a compaction writes here, then renames it over the file.
    public static func temporaryPath(_ path: String) -> String { path + ".tmp" }

    /// A larger file is not read at all (it is moved aside): 1,000 entries take about 0.5 MiB,
    /// but `keep` entries of the longest lines (about 16 KiB, every scalar escaped) would take
    /// up to 160 MiB. So the daemon never writes past it: a rewrite keeps at most
    /// `rewriteBytes`, and an append that would pass it compacts the file instead (`wouldPassCap`).
    public static let maxFileBytes = 32 << 20

    /// The most a rewrite writes (the oldest entries dropped first): three quarters of the
    /// read cap, so appends of the longest lines (about 16 KiB) fill the rest 500 at a time
    /// before the next compaction rather than one at a time.
    public static let rewriteBytes = rewriteBytes(cap: maxFileBytes)
    public static func rewriteBytes(cap: Int) -> Int { cap / 4 * 3 }

    /// Whether appending `adding` bytes to a file of `bytes` would take it past the read cap.
    public static func wouldPassCap(bytes: Int, adding: Int, cap: Int = maxFileBytes) -> Bool { adding > cap - bytes }

    /// Whether a file of `bytes` is near enough its read cap to be compacted: halfway from
    /// what a rewrite keeps to the cap, so appends still go to the file (and survive a kill)
    /// while the compaction runs, rather than waiting for it in memory.
    public static func nearsCap(bytes: Int, cap: Int = maxFileBytes) -> Bool {
        bytes > rewriteBytes(cap: cap) + (cap - rewriteBytes(cap: cap)) / 2
    }

    /// The most that may be appended to the old file while a rewrite runs (the rewrite copies
    /// those lines before its rename): what the cap leaves beside what a rewrite keeps, so the
    /// new file never passes the cap. Lines past it wait in memory for the next compaction.
    public static func rewriteTailBytes(cap: Int) -> Int { cap - rewriteBytes(cap: cap) }

    /// Lines appended past `keep` before the file is compacted: half of `keep` (at least 16),
    /// so a full history is rewritten once every `keep / 2` toasts rather than on each. Each
    /// rewrite costs an `fsync` and a `rename` whatever its size: with a quarter, the
    /// rewrites of a flood of 100,000 distinct toasts took 8 % of its CPU.
    public static func slack(keep: Int) -> Int { max(16, keep / 2) }

    /// Whether a file of `lines` lines has gone far enough past `keep` to be compacted.
    public static func needsCompaction(lines: Int, keep: Int) -> Bool { lines > keep + slack(keep: keep) }

    /// A line that could not be read: its number from 1, and why.
    public struct Damage: Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    /// What a file's text holds.
    public struct Contents: Equatable, Sendable {
        /// The readable records, in file order (oldest first).
        public var records: [HistoryRecord] = []
        /// The damaged lines, skipped.
        public var damaged: [Damage] = []
        /// Every line, damaged or not: what counts toward `slack`.
        public var lines = 0
    }

    /// Reads a file's text. Blank lines are nothing (not damage); a last line without its
    /// newline is read like any other, so one cut short (a crash or a full disk mid-write) is
    /// damage, and one whole is kept.
    public static func parse(_ bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var start = 0
        var number = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            number += 1
            let line = bytes[start..<end]
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            contents.lines += 1
            do {
                var record = try HistoryRecord.decode(line)
                // At once, line by line: the copies freed here are taken again by the next
                // line's, where sharing them after the whole file was read left holes among
                // the kept texts that malloc could not give back.
                if let previous = contents.records.last { record.toast.shareRepeatedFields(of: previous.toast) }
                contents.records.append(record)
            } catch {
                contents.damaged.append(Damage(line: number, reason: error.reason))
            }
        }
        return contents
    }

    /// What is kept of `records` (oldest first): the newest `keep` that ended within
    /// `keepDays` days of `wallNow`, in their order. File order, not time order: a wall clock
    /// set back does not reorder what happened.
    public static func kept(_ records: [HistoryRecord], keep: Int, keepDays: Int, wallNow: Double) -> [HistoryRecord] {
        let oldest = wallNow - Double(keepDays) * 86_400
        return Array(records.filter { $0.wallEnded >= oldest }.suffix(max(0, keep)))
    }

    /// Whether what was read must be rewritten: something in it was damaged or is not kept.
    public static func needsRewrite(_ contents: Contents, keeping kept: Int) -> Bool {
        !contents.damaged.isEmpty || contents.lines != kept
    }

    /// A whole file of `records`, each line ending in a newline; records whose line would be
    /// longer than `HistoryLimits.maxLineBytes` are left out.
    public static func text(of records: [HistoryRecord]) -> [UInt8] {
        var bytes: [UInt8] = []
        for record in records { if let line = line(record) { bytes += line } }
        return bytes
    }

    /// A whole file of the newest of `records` whose lines take at most `maxBytes` (oldest
    /// dropped first; an entry whose line is too long is left out, as `text(of:)` does), and how
    /// many records it holds.
    public static func text(of records: [HistoryRecord], maxBytes: Int) -> (bytes: [UInt8], count: Int) {
        var newestFirst: [[UInt8]] = []
        var total = 0
        for record in records.reversed() {
            guard let line = line(record) else { continue }
            guard line.count <= maxBytes - total else { break }
            total += line.count
            newestFirst.append(line)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        for line in newestFirst.reversed() { bytes += line }
        return (bytes, newestFirst.count)
    }

    /// One record's line with its newline; nil when it would be too long to read back.
    public static func line(_ record: HistoryRecord) -> [UInt8]? {
        let line = record.line
        guard line.count <= HistoryLimits.maxLineBytes else { return nil }
        return line + [UInt8(ascii: "\n")]
    }

    /// The log lines for damaged lines: one `FILE:LINE: …` each, at most `maxDamageLines` of
    /// them and then one that counts the rest, so a file of garbage cannot flood the log.
    public static func damageReport(_ damaged: [Damage], file: String) -> [String] {
        var lines = damaged.prefix(maxDamageLines).map { "\(file):\($0.line): skipped a damaged history entry (\($0.reason))" }
        if damaged.count > maxDamageLines { lines.append("\(file): \(damaged.count - maxDamageLines) more damaged lines skipped") }
        return lines
    }

    public static let maxDamageLines = 5
}
