#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The crash journal's file (`LiveJournal` says what it holds): read once at start, for what a
/// killed daemon left live, then written whole at the end of a loop turn that changed the
/// board, at most once per `interval` (`StateFile`: a new file renamed over the old, mode 0600,
/// no symlink followed, no `fsync`: a killed daemon loses nothing, the page cache holds it),
/// removed at a clean stop.
///
/// The interval keeps a flood from rewriting the file every turn (it was a seventh of the
/// daemon's time under 20,000 distinct socket toasts). What it costs a crash: a toast that
/// arrived within the interval before it is not restored; one that ended within it is not
/// restored either, since the history file (written before anyone hears an end) says it ended
/// (`LiveJournal.Left.endedSince`).
///
/// Only the daemon that holds the history file's lock keeps a journal (`HistoryStore`): one
/// that shares the path from another display, or a successor started with `--replace` while
/// its predecessor still runs, would otherwise read toasts that are alive elsewhere.
final class LiveJournalStore {
    let path: String
    private let wallNow: () -> Double
    /// The board changed since the last write: `saveIfDue` writes the journal.
    private var due = false
    /// When the journal was last written (monotonic); nil: not yet.
    private var writtenAt: Double?
    /// The least time between two writes (seconds).
    static let interval = 0.25

    init(path: String, wallNow: @escaping () -> Double) {
        self.path = path
        self.wallNow = wallNow
    }

    /// The toasts the journal left by a killed daemon holds (damage logged and skipped); none
    /// when there is none, or something other than a regular file is at the path.
    func leftBehind() -> [LiveJournal.Left] {
        var st = stat()
        guard lstat(path, &st) == 0 else { return [] }
        guard st.st_mode & S_IFMT == S_IFREG else {
            Log.info("journal: \(path) is not a regular file; not read")
            return []
        }
        switch BoundedFile.read(path, maxBytes: LiveJournal.maxFileBytes) {
        case let .failure(failure):
            Log.info("journal: \(failure.description); what the daemon before showed is lost")
            return []
        case let .success(content):
            let read = LiveJournal.parseLeft(content)
            if read.damaged > 0 { Log.info("journal: skipped \(read.damaged) damaged line(s) of \(path)") }
            if !read.left.isEmpty { Log.info("journal: \(read.left.count) toast(s) were live when the daemon before was killed") }
            return read.left
        }
    }

    /// The board changed: the journal is written at the end of the turn, or once `interval`
    /// has passed since the last write (`nextDeadline`).
    func changed() { due = true }

    /// When a change waits for the interval to pass; nil: none waits.
    var nextDeadline: Double? {
        guard due, let writtenAt else { return nil }
        return writtenAt + Self.interval
    }

    /// Writes `toasts` when the board changed since the last write and the interval has
    /// passed (once however many changes it made).
    func saveIfDue(_ toasts: @autoclosure () -> [Toast], now: Double) {
        guard due, writtenAt.map({ now >= $0 + Self.interval }) ?? true else { return }
        due = false
        writtenAt = now
        save(toasts())
    }

    /// Writes `toasts` now; an empty journal is removed.
    func save(_ toasts: [Toast]) {
        let text = toasts.isEmpty ? nil : String(decoding: LiveJournal.text(toasts, wallNow: wallNow()), as: UTF8.self)
        StateFile.save(text, to: path, topic: "journal", lost: "a crash now would lose what is on screen")
    }

    /// A clean stop (every toast ended and heard so): nothing is left to restore.
    func clear() {
        due = false
        save([])
    }
}
