#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The history file's descriptor and every write to it, for `HistoryStore`.
///
/// An append is one small `write`, made on the loop while nothing else writes the file. A
/// rewrite (a compaction, the centre's edits, `history --clear`, what loading dropped) encodes
/// up to `HistoryFile.rewriteBytes` and waits for the disk (`fsync`, `rename`), so it runs on a
/// thread of its own, started for it and gone once nothing is left to write (an idle daemon
/// has no such thread): the loop hands it what to write (`Rewrite`) and returns at once.
///
/// While that thread holds the file, appends wait in `queued` and are written after the
/// rewrite, in their order. A rewrite asked for while another waits to start replaces it (the
/// newer snapshot holds what the older did, and every entry queued before it), so at most one
/// waits. `finish` (at shutdown) waits for the thread, at most `finishWait` seconds, so the last
/// entries are written before the lock goes.
///
/// `history.tmp` is made anew for each rewrite (`O_EXCL`, `O_NOFOLLOW`, mode 0600) once
/// whatever is at that path is out of the way: a hard link, symlink or FIFO is unlinked (never
/// written through), a directory removed, or renamed aside when it holds something. The
/// corresponding C functions are `open`, `pread`, `write`, `fsync`, `flock`, `rename`,
/// `unlink`, `rmdir` and `pthread_create`.
final class HistoryWriter: @unchecked Sendable {
    /// What a rewrite writes.
    enum Rewrite: Sendable {
        /// These records, oldest first: what loading kept, or none (`history --clear`).
        case records([HistoryRecord])
        /// The board's history, oldest first, as it was at `now` on the monotonic clock (so
        /// holding every entry appended before): turned into records, within the bounds, on
        /// the writer's thread (the loop only hands the array over).
        case history([HistoryEntry], now: Double)
        /// The file as it is, read back: its newest `keep` entries within `keep_days`.
        case compaction
    }

    /// What the file keeps, and the wall clock to apply `keepDays` with (read on the loop).
    struct Bounds: Sendable {
        var keep: Int
        var keepDays: Int
        var wallNow: Double
    }

    /// Shutdown waits this long for a rewrite under way (a disk that takes longer is not waited
    /// for: the process ends, and the old file or the new one is there, whole).
    static let finishWait = 5.0

    let path: String
    /// The file's read cap (`HistoryFile.maxFileBytes`; smaller in tests, to reach it quickly)
    /// and what a rewrite keeps within it.
    let maxFileBytes: Int
    private let rewriteBytes: Int
    /// Called on the writer's thread just before a rewrite writes (tests hold it there, to see
    /// that the loop goes on meanwhile).
    private let beforeRewrite: (@Sendable () -> Void)?

    private var mutex = pthread_mutex_t()
    private var idle = pthread_cond_t()
    // Guarded by `mutex`. `fd`, `lines` and `bytes` change only in the hands of whoever holds
    // the file: the loop while `busy` is false, the writer's thread while it is true.
    /// The file, open for reading and appending and locked; -1 once saving stopped.
    private var fd: Int32
    /// Lines and bytes in the file: what `slack` counts, the cap is checked against, and where
    /// a write cut short is truncated back to.
    private var lines: Int
    private var bytes: Int
    /// Each of those lines' place and end time (`HistoryLine`), so a compaction copies the
    /// newest lines as they are; nil when they are not known (a file read with damage, before
    /// its rewrite), and a compaction reads the file back as records instead.
    private var index: [HistoryLine]?
    /// The writer's thread holds the file.
    private var busy = false
    /// The rewrite that waits to start.
    private var next: Rewrite?
    /// Lines appended while the thread holds the file, oldest first.
    private var queued: [Line] = []
    private var queuedBytes = 0
    private var bounds: Bounds

    /// A line to append, with its newline, and its record's `wallEnded`.
    struct Line: Sendable {
        var bytes: [UInt8]
        var wallEnded: Double
    }

    init(path: String, fd: Int32, lines: Int, bytes: Int, index: [HistoryLine]? = nil, bounds: Bounds,
         maxFileBytes: Int = HistoryFile.maxFileBytes, beforeRewrite: (@Sendable () -> Void)? = nil) {
        self.index = index
        self.path = path
        self.maxFileBytes = maxFileBytes
        rewriteBytes = HistoryFile.rewriteBytes(cap: maxFileBytes)
        self.fd = fd
        self.lines = lines
        self.bytes = bytes
        self.bounds = bounds
        self.beforeRewrite = beforeRewrite
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&idle, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        if fd >= 0 { close(fd) }
        pthread_cond_destroy(&idle)
        pthread_mutex_destroy(&mutex)
    }

    /// Whether entries are being written (false once a failure stopped it, or after `finish`).
    var isSaving: Bool { locked { fd >= 0 } }

    /// Whether the file holds more lines than `keep` and its slack (a reload lowered `keep`).
    func needsCompaction(keep: Int) -> Bool { locked { fd >= 0 && HistoryFile.needsCompaction(lines: lines, keep: keep) } }

    // MARK: The loop's side

    /// Appends `newLines` (each with its newline): written here, or queued while a rewrite holds
    /// the file; lines that would take the file past its read cap are compacted in with it
    /// instead. True when the file has gone past `keep` and its slack (compact it soon).
    func append(_ newLines: [Line], bounds: Bounds) -> Bool {
        guard !newLines.isEmpty else { return false }
        let size = newLines.reduce(0) { $0 + $1.bytes.count }
        pthread_mutex_lock(&mutex)
        guard fd >= 0 else {
            pthread_mutex_unlock(&mutex)
            return false
        }
        self.bounds = bounds
        if busy || HistoryFile.wouldPassCap(bytes: bytes, adding: size, cap: maxFileBytes) {
            queue(newLines, size: size)
            let start = !busy
            busy = true
            pthread_mutex_unlock(&mutex)
            if start { startThread() }
            return false
        }
        // The loop holds the file (`busy` is false, and only the loop sets it).
        let (fd, written) = (fd, bytes)
        pthread_mutex_unlock(&mutex)
        let text = Self.joined(newLines, size: size)
        if let code = Self.writeAll(fd, text) {
            _ = ftruncate(fd, off_t(written))
            stop("cannot write \(path): \(Self.text(code))")
            return false
        }
        return locked {
            noteAppended(newLines)
            return HistoryFile.needsCompaction(lines: lines, keep: bounds.keep)
        }
    }

    /// Hands a rewrite to the writer's thread (started for it) and returns at once.
    func rewrite(_ rewrite: Rewrite, bounds: Bounds) {
        pthread_mutex_lock(&mutex)
        guard fd >= 0 else {
            pthread_mutex_unlock(&mutex)
            return
        }
        self.bounds = bounds
        switch (rewrite, next) {
        case (.records, _), (.history, _):
            // It holds every entry queued so far.
            queued = []
            queuedBytes = 0
            next = rewrite
        case (.compaction, nil): next = rewrite
        case (.compaction, _?): break  // the one waiting writes the file anew anyway
        }
        let start = !busy
        busy = true
        pthread_mutex_unlock(&mutex)
        if start { startThread() }
    }

    /// Waits until nothing is left to write, at most `seconds`; false if the thread still holds
    /// the file then.
    @discardableResult
    func wait(within seconds: Double) -> Bool {
        var deadline = MonotonicClock.timespec(at: MonotonicClock.now() + max(0, seconds))
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while busy {
            if pthread_cond_timedwait(&idle, &mutex, &deadline) == ETIMEDOUT { break }
        }
        return !busy
    }

    /// Waits for what is left to write (at most `finishWait`), then closes the file and so lets
    /// its lock go (at shutdown, after the last entries). False when the wait ran out.
    func finish() -> Bool {
        guard wait(within: Self.finishWait) else { return false }
        return locked {
            if fd >= 0 { close(fd) }
            fd = -1
            return true
        }
    }

    /// Queues lines while the thread holds the file (the mutex held), within what a rewrite
    /// would keep of them: past `keep` lines or `rewriteBytes`, the oldest are dropped (they
    /// would be compacted away before anyone read them).
    private func queue(_ newLines: [Line], size: Int) {
        queued += newLines
        queuedBytes += size
        var drop = 0
        var dropped = 0
        while queued.count - drop > max(1, bounds.keep) || queuedBytes - dropped > rewriteBytes {
            dropped += queued[drop].bytes.count
            drop += 1
        }
        if drop > 0 {
            queued.removeFirst(drop)
            queuedBytes -= dropped
        }
    }

    // MARK: The writer's thread

    /// Starts the thread that writes what was handed over; without one (no thread could be
    /// made), the work is done here, on the loop.
    private func startThread() {
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            // Every signal is the loop's (its signalfd), as on the sound player's thread.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<HistoryWriter>.fromOpaque(raw).takeRetainedValue().work()
            return nil
        }, me)
        if made == 0 {
            pthread_detach(thread)
            return
        }
        Unmanaged<HistoryWriter>.fromOpaque(me).release()
        Log.info("history: no thread to rewrite on (\(Self.text(made))); rewriting on the loop")
        work()
    }

    /// Writes what is handed over, rewrites first, then the queued lines, until nothing is left.
    private func work() {
        pthread_mutex_lock(&mutex)
        while true {
            let bounds = self.bounds
            if let rewrite = next {
                next = nil
                pthread_mutex_unlock(&mutex)
                switch rewrite {
                case let .records(records): replace(with: records)
                case let .history(entries, now):
                    let wall = bounds.wallNow
                    let records = entries.map { HistoryRecord($0, wallEnded: wall - max(0, now - $0.ended)) }
                    replace(with: HistoryFile.kept(records, keep: bounds.keep, keepDays: bounds.keepDays, wallNow: wall))
                case .compaction: compact(adding: [], bounds: bounds)
                }
            } else if !queued.isEmpty {
                let batch = queued
                queued = []
                queuedBytes = 0
                pthread_mutex_unlock(&mutex)
                write(batch, bounds: bounds)
            } else {
                busy = false
                pthread_cond_broadcast(&idle)
                pthread_mutex_unlock(&mutex)
                return
            }
            pthread_mutex_lock(&mutex)
        }
    }

    /// Appends what was queued; compacts the file with them instead when they would take it
    /// past its read cap or its slack.
    private func write(_ batch: [Line], bounds: Bounds) {
        let (fd, lines, bytes) = locked { (self.fd, self.lines, self.bytes) }
        guard fd >= 0 else { return }
        let text = Self.joined(batch, size: batch.reduce(0) { $0 + $1.bytes.count })
        if HistoryFile.wouldPassCap(bytes: bytes, adding: text.count, cap: maxFileBytes)
            || HistoryFile.needsCompaction(lines: lines + batch.count, keep: bounds.keep) {
            return compact(adding: batch, bounds: bounds)
        }
        if let code = Self.writeAll(fd, text) {
            _ = ftruncate(fd, off_t(bytes))
            return stop("cannot write \(path): \(Self.text(code))")
        }
        locked { noteAppended(batch) }
    }

    /// Counts lines just written at the file's end (the mutex held), and where they lie.
    private func noteAppended(_ batch: [Line]) {
        if index != nil {
            var offset = bytes
            for line in batch {
                index?.append(HistoryLine(offset: offset, length: line.bytes.count - 1, wallEnded: line.wallEnded))
                offset += line.bytes.count
            }
        }
        lines += batch.count
        bytes += batch.reduce(0) { $0 + $1.bytes.count }
    }

    /// Rewrites what is kept of the file with `adding` after it: the kept lines' bytes copied
    /// as they are (`HistoryFile.keptLines` chooses them from `index`), or, when the lines'
    /// places are not known, the file read back as records.
    private func compact(adding: [Line], bounds: Bounds) {
        let (fd, bytes, lines, index) = locked { (self.fd, self.bytes, self.lines, self.index) }
        guard fd >= 0 else { return }
        switch Self.readAll(fd, size: bytes) {
        case let .success(content):
            guard var index, index.count == lines, content.count == bytes else {
                let records = HistoryFile.parse(content + Self.joined(adding, size: 0)).records
                return replace(with: HistoryFile.kept(records, keep: bounds.keep, keepDays: bounds.keepDays, wallNow: bounds.wallNow))
            }
            var all = content
            for line in adding {
                index.append(HistoryLine(offset: all.count, length: line.bytes.count - 1, wallEnded: line.wallEnded))
                all += line.bytes
            }
            var examined = 0
            let kept = HistoryFile.keptLines(index, keep: bounds.keep, keepDays: bounds.keepDays, wallNow: bounds.wallNow,
                                             maxBytes: rewriteBytes, examined: &examined)
            var text: [UInt8] = []
            text.reserveCapacity(kept.reduce(0) { $0 + index[$1].length + 1 })
            var newIndex: [HistoryLine] = []
            newIndex.reserveCapacity(kept.count)
            for i in kept {
                let line = index[i]
                newIndex.append(HistoryLine(offset: text.count, length: line.length, wallEnded: line.wallEnded))
                text += all[line.offset..<(line.offset + line.length)]
                text.append(UInt8(ascii: "\n"))
            }
            replace(text: text, index: newIndex)
        case let .failure(error):
            stop("cannot read \(path): \(Self.text(error.code))")
        }
    }

    /// Lines as one write.
    private static func joined(_ batch: [Line], size: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(size)
        for line in batch { text += line.bytes }
        return text
    }

    /// Replaces the file with the newest of `records` within `rewriteBytes`: written to
    /// `history.tmp`, `fsync`ed and locked, then renamed over the file (so the lock moves with
    /// it) and the directory `fsync`ed. A crash at any moment leaves either the old file or the
    /// new one, whole. The new descriptor reads and appends, as the old one did.
    private func replace(with records: [HistoryRecord]) {
        // The newest that fit, as `HistoryFile.text(of:maxBytes:)` keeps them.
        var newestFirst: [Line] = []
        var total = 0
        for record in records.reversed() {
            guard let line = HistoryFile.line(record) else { continue }
            guard line.count <= rewriteBytes - total else { break }
            total += line.count
            newestFirst.append(Line(bytes: line, wallEnded: record.wallEnded))
        }
        var text: [UInt8] = []
        text.reserveCapacity(total)
        var index: [HistoryLine] = []
        index.reserveCapacity(newestFirst.count)
        for line in newestFirst.reversed() {
            index.append(HistoryLine(offset: text.count, length: line.bytes.count - 1, wallEnded: line.wallEnded))
            text += line.bytes
        }
        replace(text: text, index: index)
    }

    /// Replaces the file with `text` (whole lines, whose places `index` says), as `replace(with:)` says.
    private func replace(text: [UInt8], index: [HistoryLine]) {
        let count = index.count
        beforeRewrite?()
        let temporary = HistoryFile.temporaryPath(path)
        let next: Int32
        switch Self.create(temporary) {
        case let .success(made): next = made
        case let .failure(error): return stop(error.reason)
        }
        var failure: String?
        if let code = Self.writeAll(next, text) {
            failure = "cannot write \(temporary): \(Self.text(code))"
        } else if fsync(next) != 0 {
            failure = "cannot write \(temporary): \(Self.text(errno))"
        } else if flock(next, LOCK_EX | LOCK_NB) != 0 {
            failure = "cannot lock \(temporary): \(Self.text(errno))"
        } else if rename(temporary, path) != 0 {
            failure = "cannot rename \(temporary) to \(path): \(Self.text(errno))"
        }
        if let failure {
            close(next)
            unlink(temporary)
            return stop(failure)
        }
        let directory = open(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
        locked {
            if fd >= 0 { close(fd) }
            fd = next
            lines = count
            bytes = text.count
            self.index = index
        }
    }

    /// Saving ends for this daemon's life (the history goes on in memory), with one log line.
    private func stop(_ reason: String) {
        Log.info("history: \(reason); new entries are kept in memory only")
        locked {
            if fd >= 0 { close(fd) }
            fd = -1
            next = nil
            queued = []
            queuedBytes = 0
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    // MARK: System calls

    /// `history.tmp`, made anew for reading and appending (mode 0600), once what is in its way
    /// is gone; the reason (for the log) when it cannot be.
    static func create(_ temporary: String) -> Result<Int32, CreateError> {
        for _ in 0..<3 {
            if let reason = clearWay(temporary) { return .failure(CreateError(reason)) }
            var fd: Int32
            repeat { fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600) }
                while fd < 0 && errno == EINTR
            if fd >= 0 { return .success(fd) }
            // Something came back in the way between the unlink and the open: once more.
            guard errno == EEXIST else { return .failure(CreateError("cannot create \(temporary): \(text(errno))")) }
        }
        return .failure(CreateError("\(temporary) kept coming back"))
    }

    /// Why `history.tmp` could not be made.
    struct CreateError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Removes what is at `temporary` (a rewrite cut short leaves a regular file; anything else
    /// was put there, and is logged): unlinked, or a directory removed, or renamed to
    /// `history.tmp.INODE.bad` when it is not empty. The reason when it stays in the way.
    private static func clearWay(_ temporary: String) -> String? {
        var st = stat()
        guard lstat(temporary, &st) == 0 else { return errno == ENOENT ? nil : "cannot look at \(temporary): \(text(errno))" }
        let type = st.st_mode & S_IFMT
        guard type == S_IFDIR else {
            guard unlink(temporary) == 0 || errno == ENOENT else { return "cannot remove \(temporary): \(text(errno))" }
            if type != S_IFREG || st.st_nlink > 1 {
                Log.info("history: removed \(kind(of: st)) at \(temporary) (not written through)")
            }
            return nil
        }
        if rmdir(temporary) == 0 || errno == ENOENT {
            Log.info("history: removed an empty directory at \(temporary)")
            return nil
        }
        let aside = HistoryFile.badPath("\(temporary).\(st.st_ino)")
        guard rename(temporary, aside) == 0 else { return "cannot move the directory at \(temporary) aside: \(text(errno))" }
        Log.info("history: moved the directory at \(temporary) to \(aside)")
        return nil
    }

    private static func kind(of st: stat) -> String {
        switch st.st_mode & S_IFMT {
        case S_IFLNK: "a symlink"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFREG: "a hard link"
        default: "a file"
        }
    }

    /// The file's first `size` bytes, or the errno that stopped the read.
    static func readAll(_ fd: Int32, size: Int) -> Result<[UInt8], SystemError> {
        var content = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = content.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + filled }, size - filled, off_t(filled)) }
            if n > 0 { filled += n } else if n == 0 { break } else if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
        content.removeLast(size - filled)
        return .success(content)
    }

    /// Writes all of `bytes`; the errno of a failure (a write that makes no progress counts as
    /// a full disk).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if n > 0 { written += n } else if n == 0 { return ENOSPC } else if errno != EINTR { return errno }
        }
        return nil
    }

    /// An errno value, as a failure.
    struct SystemError: Error { let code: Int32 }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
