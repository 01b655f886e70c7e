#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The crash journal's file (`LiveJournal` says what it holds): read once at start, for what a
/// killed daemon left live, then written whole at the end of each loop turn that changed the
/// board (`StateFile`: a new file renamed over the old, mode 0600, no symlink followed, no
/// `fsync`: a killed daemon loses nothing, the page cache holds it), removed at a clean stop.
///
/// Only the daemon that holds the history file's lock keeps a journal (`HistoryStore`): one
/// that shares the path from another display, or a successor started with `--replace` while
/// its predecessor still runs, would otherwise read toasts that are alive elsewhere.
final class LiveJournalStore {
    let path: String
    private let wallNow: () -> Double
    /// The board changed this turn: `saveIfDue` writes the journal.
    private var due = false

    init(path: String, wallNow: @escaping () -> Double) {
        self.path = path
        self.wallNow = wallNow
    }

    /// The toasts the journal left by a killed daemon holds (damage logged and skipped); none
    /// when there is none, or something other than a regular file is at the path.
    func leftBehind() -> [Toast] {
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
            let read = LiveJournal.parse(content)
            if read.damaged > 0 { Log.info("journal: skipped \(read.damaged) damaged line(s) of \(path)") }
            if !read.toasts.isEmpty { Log.info("journal: restoring \(read.toasts.count) toast(s) live when the daemon before was killed") }
            return read.toasts
        }
    }

    /// The board changed: the journal is written at the end of the turn.
    func changed() { due = true }

    /// Writes `toasts` when the board changed this turn (once however many changes it made).
    func saveIfDue(_ toasts: @autoclosure () -> [Toast]) {
        guard due else { return }
        due = false
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
