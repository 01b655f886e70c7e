import JSONCodec

/// The toasts live now (on screen, waiting, held, kept open), as the journal file beside the
/// history keeps them, so a daemon started after a `kill -9` or a crash of the X server finds
/// what was on screen. One history line each (`HistoryRecord`, reason `crashed`, as the next
/// daemon keeps it) with the toast's `"timeout"` (seconds, 0: none) added.
///
/// The journal holds only the live: the daemon writes it whole from memory at the end of a
/// loop turn that changed the board (at most four times a second, `LiveJournalStore`), within
/// `maxFileBytes` (the newest toasts first), and removes it at a clean stop. So it stays small whatever the history's `keep`.
public enum LiveJournal {
    /// At most this many bytes: the newest toasts' lines that fit (a screen, its queues and
    /// the toasts kept open are far below it at ordinary lengths: about 300 bytes a line).
    public static let maxFileBytes = 1 << 20

    /// The journal's path, beside the history file's.
    public static func path(history: String) -> String {
        String(history[..<(history.lastIndex(of: "/") ?? history.startIndex)]) + "/live"
    }

    /// The file's text for `toasts` (oldest first), each cut to the history's limits; the
    /// newest that fit in `maxBytes`.
    public static func text(_ toasts: [Toast], wallNow: Double, maxBytes: Int = maxFileBytes) -> [UInt8] {
        var newestFirst: [[UInt8]] = []
        var total = 0
        for toast in toasts.reversed() {
            guard let line = line(toast, wallNow: wallNow), line.count <= maxBytes - total else { continue }
            total += line.count
            newestFirst.append(line)
        }
        return newestFirst.reversed().flatMap { $0 }
    }

    /// One toast's line with its newline; nil when it would pass `HistoryLimits.maxLineBytes`.
    static func line(_ toast: Toast, wallNow: Double) -> [UInt8]? {
        var bytes = HistoryRecord(toast: HistoryLimits.cut(toast), reason: .crashed, wallEnded: wallNow, unread: true).line
        guard bytes.last == UInt8(ascii: "}") else { return nil }
        bytes.removeLast()
        let timeout = toast.timeout.isFinite ? min(max(0, toast.timeout), Double(Int32.max)) : 0
        bytes += Array(",\"timeout\":\((timeout * 1000).rounded() / 1000)}\n".utf8)
        return bytes.count <= HistoryLimits.maxLineBytes ? bytes : nil
    }

    /// A toast a killed daemon left live, and when the journal that holds it was written
    /// (UNIX time).
    public struct Left: Sendable, Equatable {
        public var toast: Toast
        public var written: Double

        public init(toast: Toast, written: Double) {
            self.toast = toast
            self.written = written
        }

        /// Whether `history` says this toast ended after the journal was written (its end was
        /// reported and kept, the journal had not caught up): then it is not restored. Ids go
        /// on from run to run (`Board.restoreHistory`), so the id and source name it; the time
        /// tells it from an older toast that named itself the same (`show --id`).
        /// `wallOffset` turns the entries' monotonic `ended` into UNIX time.
        public func endedSince(in history: some Collection<HistoryEntry>, wallOffset: Double) -> Bool {
            history.contains { $0.toast.id == toast.id && $0.toast.source == toast.source && $0.ended + wallOffset >= written - 0.001 }
        }
    }

    /// The toasts a journal holds, with the number of damaged lines (skipped).
    public static func parse<Bytes: Collection>(_ content: Bytes) -> (toasts: [Toast], damaged: Int) where Bytes.Element == UInt8 {
        let read = parseLeft(content)
        return (read.left.map(\.toast), read.damaged)
    }

    /// The toasts a journal holds with when it was written, and the number of damaged lines.
    public static func parseLeft<Bytes: Collection>(_ content: Bytes) -> (left: [Left], damaged: Int) where Bytes.Element == UInt8 {
        var left: [Left] = []
        var damaged = 0
        for line in content.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? HistoryRecord.decode(line), case let .number(timeout)? = (try? JSON.parse(line))?["timeout"],
                  timeout.isFinite, timeout >= 0 else {
                damaged += 1
                continue
            }
            var toast = record.toast
            toast.timeout = timeout
            left.append(Left(toast: toast, written: record.wallEnded))
        }
        return (left, damaged)
    }
}
