#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The history file's descriptor and every write to it, for `HistoryStore`.
///
/// An append is one small `write`, made on the loop. A rewrite (a compaction, the centre's
/// edits, `history --clear`, what loading dropped, the file written anew from memory) encodes
/// up to `HistoryFile.rewriteBytes` and waits for the disk (`fsync`, `rename`), so it runs on a
/// thread of its own, started for it and gone once nothing is left to write (an idle daemon
/// has no such thread): the loop hands it what to write (`Rewrite`) and returns at once.
///
/// While a rewrite runs, appends still go to the old file, so a kill at any moment leaves every
/// line whose toast's end was reported on disk: the rewrite takes its snapshot (the memory
/// handed over, or the file as it was when it began), writes and `fsync`s `history.tmp`, then,
/// holding the mutex so that no append comes between, copies the lines appended since its
/// snapshot and renames the file into place (the loop may wait that long for its next append).
/// Only at the read cap, or past `HistoryFile.rewriteTailBytes` appended during one rewrite, do
/// lines wait in memory (`queued`) for the next compaction. A rewrite asked for while another
/// waits to start replaces it (the newer snapshot holds what the older did), so at most one
/// waits. `finish` (at shutdown) waits for the thread, at most `finishWait` seconds, so the last
/// entries are written before the lock goes.
///
/// A disk without room (ENOSPC, EDQUOT) does not end the saving: what was cut short is
/// truncated away, one line is logged, and the next append tries again (never a timer); once a
/// write succeeds, `takeRecovery` tells the store to write the file anew from memory, which
/// holds what the file missed. Any other failure ends the saving for the daemon's life.
///
/// `history.tmp` is made anew for each rewrite (`O_EXCL`, `O_NOFOLLOW`, mode 0600) once
/// whatever is at that path is out of the way: a hard link, symlink or FIFO is unlinked (never
/// written through), a directory removed, or renamed aside when it holds something. The
/// corresponding C functions are `open`, `pread`, `write`, `fsync`, `flock`, `rename`,
/// `unlink`, `rmdir`, `fstat`, `lstat` and `pthread_create`.
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

    /// Where a rewrite is, for tests that hold the writer's thread there (a kill at that moment
    /// must find every reported line at the path).
    enum Step: Sendable {
        /// The snapshot is taken; nothing is written yet.
        case snapshot
        /// `history.tmp` is written and `fsync`ed; the lines appended meanwhile are not yet
        /// copied, and it is not renamed.
        case rename
    }

    /// The `write` system call as the writer makes it: the bytes written, or minus the errno.
    /// Tests fake a full disk with it.
    typealias WriteCall = @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    static let systemWrite: WriteCall = { fd, bytes in
        let n = Glibc.write(fd, bytes.baseAddress, bytes.count)
        return n >= 0 ? n : -Int(errno)
    }

    /// Shutdown waits this long for a rewrite under way (a disk that takes longer is not waited
    /// for: the process ends, and the old file or the new one is there, whole).
    static let finishWait = 5.0

    let path: String
    /// The file's read cap (`HistoryFile.maxFileBytes`; smaller in tests, to reach it quickly)
    /// and what a rewrite keeps within it.
    let maxFileBytes: Int
    private let rewriteBytes: Int
    private let step: (@Sendable (Step) -> Void)?
    private let writeCall: WriteCall

    private var mutex = pthread_mutex_t()
    private var idle = pthread_cond_t()
    // Guarded by `mutex`, and every write to the file is made holding it. Only the writer's
    // thread swaps `fd` for a new file (its rename); `stop` lets it go.
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
    /// The writer's thread is running.
    private var busy = false
    /// The rewrite that waits to start.
    private var next: Pending?
    /// Lines that wait in memory for the thread (at the cap), oldest first; while any wait,
    /// every append waits behind them.
    private var queued: [Line] = []
    private var queuedBytes = 0
    private var bounds: Bounds
    /// How many lines were appended to the file so far: the serial number of the newest.
    private var appended = 0
    /// While the thread runs: the lines appended since the snapshot of the rewrite under way
    /// or waiting (their serial numbers and places in the current file), which it copies.
    private var tail: [(serial: Int, line: HistoryLine)] = []
    private var tailBytes = 0
    /// Descriptors `stop` let go of while the thread may read them: closed once it is done.
    private var retired: [Int32] = []
    /// A write failed for want of room: the file misses entries memory holds.
    private var stalled = false
    /// A write succeeded since: the store writes the file anew from memory (`takeRecovery`).
    private var recovered = false
    /// Failures for want of room so far: a rewrite from memory makes the file whole only when
    /// none came after its snapshot.
    private var failures = 0
    /// The want of room was logged; said again only after the file was whole again.
    private var stallLogged = false

    /// A line to append, with its newline, and its record's `wallEnded`.
    struct Line: Sendable {
        var bytes: [UInt8]
        var wallEnded: Double
    }

    /// A rewrite handed over, with its snapshot's place in the appends: the serial number of
    /// the last line it holds (nil for a compaction until it starts and reads the file) and the
    /// failures for want of room before it.
    private struct Pending {
        var rewrite: Rewrite
        var since: Int?
        var failures: Int
    }

    /// The file a compaction reads, as it was when the compaction began.
    private struct Snapshot {
        var fd: Int32
        var bytes: Int
        var lines: Int
        var index: [HistoryLine]?
    }

    init(path: String, fd: Int32, lines: Int, bytes: Int, index: [HistoryLine]? = nil, bounds: Bounds,
         maxFileBytes: Int = HistoryFile.maxFileBytes, step: (@Sendable (Step) -> Void)? = nil,
         write: @escaping WriteCall = HistoryWriter.systemWrite) {
        self.index = index
        self.path = path
        self.maxFileBytes = maxFileBytes
        rewriteBytes = HistoryFile.rewriteBytes(cap: maxFileBytes)
        self.fd = fd
        self.lines = lines
        self.bytes = bytes
        self.bounds = bounds
        self.step = step
        writeCall = write
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&idle, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        if fd >= 0 { close(fd) }
        for old in retired { close(old) }
        pthread_cond_destroy(&idle)
        pthread_mutex_destroy(&mutex)
    }

    /// Whether entries are being written (false once a failure stopped it, or after `finish`).
    var isSaving: Bool { locked { fd >= 0 } }

    /// Whether the file holds more lines than `keep` and its slack (a reload lowered `keep`).
    func needsCompaction(keep: Int) -> Bool { locked { fd >= 0 && HistoryFile.needsCompaction(lines: lines, keep: keep) } }

    // MARK: The loop's side

    /// Appends `newLines` (each with its newline): written here, even while a rewrite runs (it
    /// copies them), or queued for the thread at the cap. True when the file has gone past
    /// `keep` and its slack, or near its cap (compact it soon).
    func append(_ newLines: [Line], bounds: Bounds) -> Bool {
        guard !newLines.isEmpty else { return false }
        let size = newLines.reduce(0) { $0 + $1.bytes.count }
        pthread_mutex_lock(&mutex)
        guard fd >= 0 else {
            pthread_mutex_unlock(&mutex)
            return false
        }
        self.bounds = bounds
        guard mustWait(size) else {
            let due = appendNow(newLines, size: size)
            pthread_mutex_unlock(&mutex)
            return due
        }
        queue(newLines, size: size)
        let start = !busy
        busy = true
        pthread_mutex_unlock(&mutex)
        if start { startThread() }
        return false
    }

    /// Hands a rewrite to the writer's thread (started for it) and returns at once.
    func rewrite(_ rewrite: Rewrite, bounds: Bounds) {
        pthread_mutex_lock(&mutex)
        guard fd >= 0 else {
            pthread_mutex_unlock(&mutex)
            return
        }
        self.bounds = bounds
        if !busy {
            tail = []
            tailBytes = 0
        }
        switch (rewrite, next) {
        case (.records, _), (.history, _):
            // It holds every entry appended so far, queued or written.
            queued = []
            queuedBytes = 0
            next = Pending(rewrite: rewrite, since: appended, failures: failures)
        case (.compaction, nil): next = Pending(rewrite: rewrite, since: nil, failures: failures)
        case (.compaction, _?): break  // the one waiting writes the file anew anyway
        }
        let start = !busy
        busy = true
        pthread_mutex_unlock(&mutex)
        if start { startThread() }
    }

    /// Whether a write succeeded after a want of room (and so the file should be written anew
    /// from memory); asking clears it.
    func takeRecovery() -> Bool {
        locked {
            defer { recovered = false }
            return recovered && fd >= 0
        }
    }

    /// Whether the path no longer names the open file (it was removed, replaced or renamed),
    /// while the loop holds the file. The corresponding C functions are `fstat` and `lstat`.
    func isDisplaced() -> Bool {
        locked {
            guard fd >= 0, !busy else { return false }
            var open = stat()
            var there = stat()
            guard fstat(fd, &open) == 0 else { return false }
            return lstat(path, &there) != 0 || there.st_ino != open.st_ino || there.st_dev != open.st_dev
        }
    }

    /// Saving ends for this daemon's life (the history goes on in memory), with one log line.
    func stop(_ reason: String) { locked { stopLocked(reason) } }

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

    // MARK: Appending (the mutex held)

    /// Whether lines of `size` bytes must wait in memory rather than go to the file: others
    /// wait already (so order holds), the file would pass its read cap, or the rewrite under
    /// way has all it may copy.
    private func mustWait(_ size: Int) -> Bool {
        !queued.isEmpty || HistoryFile.wouldPassCap(bytes: bytes, adding: size, cap: maxFileBytes)
            || (busy && tailBytes + size > HistoryFile.rewriteTailBytes(cap: maxFileBytes))
    }

    /// Writes lines at the file's end; true when the file should now be compacted. A write
    /// cut short is truncated away.
    private func appendNow(_ newLines: [Line], size: Int) -> Bool {
        if let code = writeAll(fd, Self.joined(newLines, size: size)) {
            _ = ftruncate(fd, off_t(bytes))
            failed(code, "cannot write \(path)")
            return false
        }
        noteAppended(newLines)
        if stalled {
            stalled = false
            recovered = true
        }
        return HistoryFile.needsCompaction(lines: lines, keep: bounds.keep) || HistoryFile.nearsCap(bytes: bytes, cap: maxFileBytes)
    }

    /// Counts lines just written at the file's end, and where they lie.
    private func noteAppended(_ batch: [Line]) {
        var offset = bytes
        for line in batch {
            let placed = HistoryLine(offset: offset, length: line.bytes.count - 1, wallEnded: line.wallEnded)
            index?.append(placed)
            appended += 1
            if busy {
                tail.append((appended, placed))
                tailBytes += line.bytes.count
            }
            offset += line.bytes.count
        }
        lines += batch.count
        bytes = offset
    }

    /// Queues lines for the thread, within what a rewrite would keep of them: past `keep`
    /// lines or `rewriteBytes`, the oldest are dropped (they would be compacted away before
    /// anyone read them).
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

    /// A write failed with `code`: for want of room, the saving waits for the next append
    /// (logged once); otherwise it stops.
    private func failed(_ code: Int32, _ what: String) {
        guard code == ENOSPC || code == EDQUOT else { return stopLocked("\(what): \(Self.text(code))") }
        failures += 1
        stalled = true
        recovered = false
        // Memory holds them; the rewrite from memory once a write succeeds writes them.
        queued = []
        queuedBytes = 0
        guard !stallLogged else { return }
        stallLogged = true
        Log.info("history: \(what): \(Self.text(code)); new entries are kept in memory and written with the whole history once a write succeeds")
    }

    private func stopLocked(_ reason: String) {
        Log.info("history: \(reason); new entries are kept in memory only")
        if fd >= 0 {
            // The thread may be reading it: closed once the thread is done.
            if busy { retired.append(fd) } else { close(fd) }
        }
        fd = -1
        next = nil
        queued = []
        queuedBytes = 0
        tail = []
        tailBytes = 0
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

    /// Does the rewrites handed over, and writes what waited in memory, until nothing is left.
    private func work() {
        pthread_mutex_lock(&mutex)
        while true {
            if let pending = next {
                next = nil
                let bounds = self.bounds
                // A compaction's snapshot is the file as it is now, with what waited in memory after it.
                let since = pending.since ?? appended
                let file = Snapshot(fd: fd, bytes: bytes, lines: lines, index: index)
                var adding: [Line] = []
                if pending.since == nil {
                    adding = queued
                    queued = []
                    queuedBytes = 0
                }
                tail.removeAll { $0.serial <= since }
                tailBytes = tail.reduce(0) { $0 + $1.line.length + 1 }
                pthread_mutex_unlock(&mutex)
                switch pending.rewrite {
                case let .records(records): replace(with: records, since: since, fromMemory: pending.failures)
                case let .history(entries, now):
                    let wall = bounds.wallNow
                    let records = entries.map { HistoryRecord($0, wallEnded: wall - max(0, now - $0.ended)) }
                    replace(with: HistoryFile.kept(records, keep: bounds.keep, keepDays: bounds.keepDays, wallNow: wall),
                            since: since, fromMemory: pending.failures)
                case .compaction: compact(file, adding: adding, since: since, bounds: bounds)
                }
                pthread_mutex_lock(&mutex)
            } else if !queued.isEmpty {
                // What waited: appended once it fits, or compacted in.
                if fd < 0 {
                    queued = []
                    queuedBytes = 0
                } else if !HistoryFile.wouldPassCap(bytes: bytes, adding: queuedBytes, cap: maxFileBytes) {
                    let batch = queued
                    let size = queuedBytes
                    queued = []
                    queuedBytes = 0
                    if appendNow(batch, size: size) { next = Pending(rewrite: .compaction, since: nil, failures: failures) }
                } else {
                    next = Pending(rewrite: .compaction, since: nil, failures: failures)
                }
            } else {
                busy = false
                tail = []
                tailBytes = 0
                for old in retired { close(old) }
                retired = []
                pthread_cond_broadcast(&idle)
                pthread_mutex_unlock(&mutex)
                return
            }
        }
    }

    /// Rewrites what is kept of the file (as it was, `file`) with `adding` after it: the kept
    /// lines' bytes copied as they are (`HistoryFile.keptLines` chooses them from the index),
    /// or, when the lines' places are not known, the file read back as records.
    private func compact(_ file: Snapshot, adding: [Line], since: Int, bounds: Bounds) {
        guard file.fd >= 0 else { return }
        switch Self.read(file.fd, from: 0, count: file.bytes) {
        case let .success(content):
            guard var index = file.index, index.count == file.lines, content.count == file.bytes else {
                let records = HistoryFile.parse(content + Self.joined(adding, size: 0)).records
                return replace(with: HistoryFile.kept(records, keep: bounds.keep, keepDays: bounds.keepDays, wallNow: bounds.wallNow),
                               since: since, fromMemory: nil)
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
            replace(text: text, index: newIndex, since: since, fromMemory: nil)
        case let .failure(error):
            locked { stopLocked("cannot read \(path): \(Self.text(error.code))") }
        }
    }

    /// Lines as one write.
    private static func joined(_ batch: [Line], size: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(size)
        for line in batch { text += line.bytes }
        return text
    }

    /// Replaces the file with the newest of `records` within `rewriteBytes`, as
    /// `replace(text:index:since:fromMemory:)` does.
    private func replace(with records: [HistoryRecord], since: Int, fromMemory failures: Int?) {
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
        replace(text: text, index: index, since: since, fromMemory: failures)
    }

    /// Replaces the file with `text` (whole lines, whose places `index` says) and the lines
    /// appended after the snapshot (`since`): written to `history.tmp`, `fsync`ed and locked,
    /// the lines appended meanwhile copied to it, then renamed over the file (so the lock moves
    /// with it) and the directory `fsync`ed. A crash at any moment leaves either the old file
    /// or the new one, whole, each with every line appended. The new descriptor reads and
    /// appends, as the old one did. `fromMemory`: the failures for want of room before the
    /// snapshot of a rewrite from memory (which makes the file whole if none came after).
    private func replace(text: [UInt8], index: [HistoryLine], since: Int, fromMemory failuresBefore: Int?) {
        step?(.snapshot)
        let temporary = HistoryFile.temporaryPath(path)
        let made: Int32
        switch Self.create(temporary) {
        case let .success(fd): made = fd
        case let .failure(error): return locked { stopLocked(error.reason) }
        }
        var failure: (code: Int32, what: String)?
        if let code = writeAll(made, text) {
            failure = (code, "cannot write \(temporary)")
        } else if fsync(made) != 0 {
            failure = (errno, "cannot write \(temporary)")
        } else if flock(made, LOCK_EX | LOCK_NB) != 0 {
            failure = (errno, "cannot lock \(temporary)")
        }
        if failure == nil { step?(.rename) }
        pthread_mutex_lock(&mutex)
        var copied: [(serial: Int, line: HistoryLine)] = []
        var extra: [UInt8] = []
        if failure == nil, fd >= 0 {
            // The lines appended since the snapshot, from the old file to the new, with nothing appended between.
            for (serial, line) in tail where serial > since {
                switch Self.read(fd, from: line.offset, count: line.length + 1) {
                case let .success(bytes) where bytes.count == line.length + 1:
                    copied.append((serial, HistoryLine(offset: text.count + extra.count, length: line.length, wallEnded: line.wallEnded)))
                    extra += bytes
                case let .failure(error): failure = (error.code, "cannot read \(path)")
                case .success: failure = (EIO, "cannot read \(path)")
                }
                if failure != nil { break }
            }
            if failure == nil, let code = writeAll(made, extra) {
                failure = (code, "cannot write \(temporary)")
            } else if failure == nil, rename(temporary, path) != 0 {
                failure = (errno, "cannot rename \(temporary) to \(path)")
            }
        }
        guard failure == nil, fd >= 0 else {
            close(made)
            unlink(temporary)
            if let failure, fd >= 0 { failed(failure.code, failure.what) }
            pthread_mutex_unlock(&mutex)
            return
        }
        close(fd)
        fd = made
        self.index = index + copied.map(\.line)
        lines = index.count + copied.count
        bytes = text.count + extra.count
        // What the rewrite waiting next copies, at its places in this file.
        let nextSince = next.map { $0.since ?? appended } ?? appended
        tail = copied.filter { $0.serial > nextSince }
        tailBytes = tail.reduce(0) { $0 + $1.line.length + 1 }
        if let failuresBefore, failuresBefore == failures {
            // Memory as it was at the snapshot, and every line since: the file is whole.
            stalled = false
            recovered = false
            stallLogged = false
        } else if stalled {
            stalled = false
            recovered = true
        }
        pthread_mutex_unlock(&mutex)
        let directory = open(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    /// Writes all of `bytes` through `writeCall`; the errno of a failure (a write that makes no
    /// progress counts as a full disk).
    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { writeCall(fd, UnsafeRawBufferPointer(rebasing: $0[written...])) }
            if n > 0 { written += n } else if n == 0 { return ENOSPC } else if n != -Int(EINTR) { return Int32(clamping: -n) }
        }
        return nil
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
    static func readAll(_ fd: Int32, size: Int) -> Result<[UInt8], SystemError> { read(fd, from: 0, count: size) }

    /// Up to `count` bytes from `offset` (fewer at the file's end), or the errno that stopped the read.
    static func read(_ fd: Int32, from offset: Int, count: Int) -> Result<[UInt8], SystemError> {
        var content = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = content.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled)) }
            if n > 0 { filled += n } else if n == 0 { break } else if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
        content.removeLast(count - filled)
        return .success(content)
    }

    /// An errno value, as a failure.
    struct SystemError: Error { let code: Int32 }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
