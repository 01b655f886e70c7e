#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import DaemonLog

/// The history file (`HistoryFile` decides what it holds and when it is rewritten): read once
/// at start, appended to as toasts end, compacted now and then, locked for the daemon's life.
/// `HistoryWriter` holds the file once it is open and does the writing.
///
/// Appends are plain `write`s, made on the loop: each is one line of at most a few KiB (two
/// at most 32 KiB, `HistoryLimits`) to a local regular file, which the kernel copies into the
/// page cache and returns from without waiting for the disk, so it costs microseconds. There
/// is no `fsync` on that path: a crash of the machine can lose the last lines written, never
/// the file; a killed daemon loses none, they are in the page cache. (A state directory on a
/// network file system could stall a write; `~/.local/state` is local.)
/// A rewrite (a temporary file, `fsync`, `rename`, `fsync` of the directory) waits for the
/// disk, so it runs on the writer's thread, never on the loop: at start when loading dropped
/// something, on `history --clear`, after appends took the file past its bound (in lines, or
/// bytes: it never passes its read cap), after the centre removed or read entries already
/// written and after a `restore` took one out (`edited`), at the end of that loop turn
/// (`compactIfDue`, after the replies went out), never on a timer: an idle daemon makes no
/// wakeups for its history.
///
/// Nothing here stops a toast. What fails is logged once and the history carries on in memory:
/// no state directory, one that cannot be made (a path through a regular file, a read-only
/// disk), or a file another daemon holds (`flock`: the socket's lock is per display, so two
/// daemons on two displays of one user share the file's path). A full disk only pauses the
/// saving: the next append tries again, and once one succeeds the file is written anew from
/// memory (`HistoryWriter`). A file removed, replaced or renamed while the daemon runs is
/// noticed at the end of the next turn that wrote (`isDisplaced`) and written anew from memory
/// at the path, locked, unless another daemon has locked what is there now. A file that
/// cannot be read is renamed to `history.bad` and a new one begun; a damaged line is skipped
/// with a `FILE:LINE` log line. The corresponding C functions are `open`, `flock` and `pread`.
final class HistoryStore {
    /// The file; nil when neither `XDG_STATE_HOME` nor `HOME` names a place for it.
    let path: String?
    /// The open, locked file; nil while the history is in memory only.
    private(set) var writer: HistoryWriter?
    private var keep = Config.default.historyKeep
    private var keepDays = Config.default.historyKeepDays
    /// Appends have taken the file past `keep + slack`: `compactIfDue` rewrites it.
    private(set) var compactionDue = false
    /// Entries already written were removed or marked read: the next `compactIfDue` writes the
    /// history as the board holds it.
    private(set) var rewriteDue = false
    /// UNIX seconds (the crash journal's lines read it too).
    let wallNow: () -> Double
    /// A larger file is moved aside unread, and the writer keeps the file within it
    /// (`HistoryFile.maxFileBytes`; tests give a smaller one, to reach it quickly).
    private let maxFileBytes: Int
    /// Handed to the writer: tests hold its thread at a rewrite's steps, and fake a full disk.
    private let rewriteStep: (@Sendable (HistoryWriter.Step) -> Void)?
    private let write: HistoryWriter.WriteCall
    /// Entries were appended this turn: `compactIfDue` checks that the path still names the file.
    private var wroteThisTurn = false
    /// Lines `hold` took and `writeHeld` has not written yet.
    private var held: [HistoryWriter.Line] = []

    /// Whether entries are being written (false: memory only, and the log said why).
    var isSaving: Bool { writer?.isSaving ?? false }

    init(path: String?, wallNow: @escaping () -> Double, maxFileBytes: Int = HistoryFile.maxFileBytes,
         rewriteStep: (@Sendable (HistoryWriter.Step) -> Void)? = nil, write: @escaping HistoryWriter.WriteCall = HistoryWriter.systemWrite) {
        self.path = path
        self.wallNow = wallNow
        self.maxFileBytes = maxFileBytes
        self.rewriteStep = rewriteStep
        self.write = write
    }

    // MARK: Loading

    /// Opens and locks the file (making its directory), and returns what it keeps within the
    /// bounds, oldest first, on the monotonic clock (`now`). A file that held more than that
    /// (damage, old or surplus entries) is compacted at once.
    func load(keep: Int, keepDays: Int, now: Double) -> [HistoryEntry] {
        self.keep = keep
        self.keepDays = keepDays
        guard let path else {
            Log.info("history: neither XDG_STATE_HOME nor HOME is set; the history is kept in memory only")
            return []
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if let code = Self.makeDirectories(directory) {
            Log.info("history: cannot create \(directory): \(Self.text(code)); the history is kept in memory only")
            return []
        }
        // A file another process swaps in between opening and locking (a compaction's rename)
        // is opened again; a bad one moved aside is replaced by a new one.
        for _ in 0..<3 {
            switch open(path) {
            case let .opened(fd, content):
                return read(content, fd: fd, path: path, now: now)
            case .retry: continue
            case let .unreadable(reason):
                guard moveAside(path, reason: reason) else { return [] }
            case .held:
                Log.info("history: \(path) is kept by another xtoast daemon (on another display?); this one keeps its history in memory only")
                return []
            case let .failed(reason):
                Log.info("history: \(reason); the history is kept in memory only")
                return []
            }
        }
        Log.info("history: \(path) kept changing while it was opened; the history is kept in memory only")
        return []
    }

    private enum Opening {
        case opened(Int32, [UInt8])
        /// The path named another file once locked: open it again.
        case retry
        /// Something is at the path that cannot be read as the history: move it aside.
        case unreadable(String)
        /// Another daemon holds the lock.
        case held
        /// Nothing to be done here (the directory cannot be written).
        case failed(String)
    }

    /// Opens, checks, locks and reads the file at `path`.
    private func open(_ path: String) -> Opening {
        var fd: Int32
        // Non-blocking, so a FIFO at the path cannot stall the loop; no symlinks followed.
        repeat { fd = Glibc.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600) }
            while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            var st = stat()
            // Something there (a directory, a symlink) is in the way; otherwise the directory is.
            return lstat(path, &st) == 0 ? .unreadable(Self.text(code).lowercased()) : .failed("cannot create \(path): \(Self.text(code))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .unreadable("not a regular file")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            return code == EWOULDBLOCK ? .held : .failed("cannot lock \(path): \(Self.text(code))")
        }
        var current = stat()
        guard lstat(path, &current) == 0, current.st_ino == st.st_ino, current.st_dev == st.st_dev else {
            close(fd)
            return .retry
        }
        guard Int(st.st_size) <= maxFileBytes else {
            close(fd)
            return .unreadable("larger than \(maxFileBytes >> 20) MiB")
        }
        switch HistoryWriter.readAll(fd, size: Int(st.st_size)) {
        case let .success(content): return .opened(fd, content)
        case let .failure(error):
            close(fd)
            return .unreadable(Self.text(error.code).lowercased())
        }
    }

    /// The records of what was read: damage logged, bounds applied, the file handed to the
    /// writer (`fd`, open and locked), and rewritten when that dropped anything.
    private func read(_ content: [UInt8], fd: Int32, path: String, now: Double) -> [HistoryEntry] {
        let contents = HistoryFile.parse(content)
        for line in HistoryFile.damageReport(contents.damaged, file: path) { Log.info(line) }
        let wall = wallNow()
        let kept = HistoryFile.kept(contents.records, keep: keep, keepDays: keepDays, wallNow: wall)
        let writer = HistoryWriter(path: path, fd: fd, lines: contents.lines, bytes: content.count,
                                   index: HistoryFile.lines(of: content, records: contents.records), bounds: bounds(wall),
                                   maxFileBytes: maxFileBytes, step: rewriteStep, write: write)
        self.writer = writer
        if HistoryFile.needsRewrite(contents, keeping: kept.count) { writer.rewrite(.records(kept), bounds: bounds(wall)) }
        return kept.map { $0.entry(now: now, wallNow: wall) }
    }

    /// Renames what is at `path` to `history.bad`, so a new file can begin; false (logged)
    /// when even that fails.
    private func moveAside(_ path: String, reason: String) -> Bool {
        let bad = HistoryFile.badPath(path)
        guard rename(path, bad) == 0 else {
            Log.info("history: cannot read \(path) (\(reason)) nor move it aside: \(Self.text(errno)); the history is kept in memory only")
            return false
        }
        Log.info("history: cannot read \(path) (\(reason)); moved it to \(bad) and began a new one")
        return true
    }

    // MARK: Writing

    /// The bounds changed (a reload): a file now far past `keep` is compacted at the end of
    /// the turn; `keep_days` applies at the next compaction.
    func setBounds(keep: Int, keepDays: Int) {
        self.keep = keep
        self.keepDays = keepDays
        if writer?.needsCompaction(keep: keep) == true { compactionDue = true }
    }

    /// Takes the entries that went into the history (their ends on the monotonic clock, `now`
    /// the moment) as lines, written by `writeHeld` before anyone hears of their ends: a flood
    /// whose toasts overflow ends hundreds in one turn, and one write for them all cost a
    /// twentieth of the flood's CPU less than a write each.
    func hold(_ entries: [HistoryEntry], now: Double) {
        guard let writer, writer.isSaving, !entries.isEmpty else { return }
        let wall = wallNow()
        for entry in entries {
            let record = HistoryRecord(entry, wallEnded: wall - max(0, now - entry.ended))
            if let bytes = HistoryFile.line(record) { held.append(HistoryWriter.Line(bytes: bytes, wallEnded: record.wallEnded)) }
        }
    }

    /// Appends the held lines in one write. What was cut short is truncated away; a write that
    /// fails for want of room is tried again at the next append, any other stops the saving
    /// (logged once). Called before any reply, event or signal leaves the daemon (the
    /// clients' `beforeWriting`, the bus's emits), and at the end of the turn (`compactIfDue`).
    func writeHeld() {
        guard !held.isEmpty else { return }
        let lines = held
        held = []
        guard let writer, writer.isSaving else { return }
        wroteThisTurn = true
        if writer.append(lines, bounds: bounds(wallNow())) { compactionDue = true }
    }

    /// Entries the file holds were removed or read (`BoardChanges.historyEdited`): it is
    /// rewritten at the end of the turn, once however many edits the turn made.
    func edited() {
        if isSaving { rewriteDue = true }
    }

    /// Hands the writer a rewrite when the history was edited (from `history`, the board's,
    /// oldest first, `now` the moment), when the file misses what memory holds (a write
    /// succeeded after a full disk, or the path no longer names the file), or appends took it
    /// past its bound; returns at once.
    ///
    /// A compaction alone reads the file back rather than taking memory: the file holds each
    /// entry's wall time as written. An edit writes memory, each entry's wall time from its
    /// monotonic end; the monotonic clock stops while the machine sleeps, so an entry that
    /// ended before a suspend is written that much later (its order is kept).
    func compactIfDue<Entries: Collection<HistoryEntry>>(history: Entries, now: Double) {
        writeHeld()
        if writer?.takeRecovery() == true { rewriteDue = true }
        if wroteThisTurn {
            wroteThisTurn = false
            if isDisplaced() { rewriteDue = true }
        }
        if rewriteDue {
            rewriteDue = false
            compactionDue = false
            writer?.rewrite(.history(Array(history), now: now), bounds: bounds(wallNow()))
            return
        }
        guard compactionDue else { return }
        compactionDue = false
        writer?.rewrite(.compaction, bounds: bounds(wallNow()))
    }

    /// Empties the file (`history --clear`).
    func clear() {
        // Their entries are cleared too.
        held = []
        compactionDue = false
        rewriteDue = false
        writer?.rewrite(.records([]), bounds: bounds(wallNow()))
    }

    /// Waits for the writer (at most `HistoryWriter.finishWait`), then closes the file and so
    /// lets its lock go (at shutdown, after the last entries).
    func release() {
        writeHeld()
        guard let writer else { return }
        if !writer.finish() {
            Log.info("history: the last rewrite took more than \(Int(HistoryWriter.finishWait)) s; stopping without it")
        }
    }

    /// Whether the path no longer names the open file, so that it should be written anew from
    /// memory; when another daemon has locked what is there now, the file is its, and this
    /// daemon stops saving.
    private func isDisplaced() -> Bool {
        guard let writer, writer.isDisplaced() else { return false }
        if Self.isLockedByAnother(writer.path) {
            writer.stop("\(writer.path) was replaced by a file another xtoast daemon holds")
            return false
        }
        Log.info("history: \(writer.path) was removed or replaced while the daemon ran; writing it anew from memory")
        return true
    }

    private func bounds(_ wall: Double) -> HistoryWriter.Bounds { .init(keep: keep, keepDays: keepDays, wallNow: wall) }

    // MARK: System calls

    /// Makes `directory` and its missing parents (0700, as the XDG spec asks); the errno of
    /// the first that cannot be made, nil when all are there.
    private static func makeDirectories(_ directory: String) -> Int32? {
        var prefix = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return errno }
        }
        var st = stat()
        guard stat(directory, &st) == 0 else { return errno }
        return st.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
    }

    /// Whether another process holds the lock of the regular file at `path` (one this daemon
    /// did not open). The corresponding C functions are `open` and `flock`.
    private static func isLockedByAnother(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
