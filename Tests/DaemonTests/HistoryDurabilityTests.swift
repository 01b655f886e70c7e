@testable import Daemon
import Foundation
import Testing
import ToastCore

/// What disks and users do to the history file while the daemon runs (issue 43, finding 3): a
/// full disk, the file removed or replaced, a kill in the middle of a compaction. Each asserts
/// on what the path holds, as a restart would read it.
@Suite struct HistoryDurabilityTests {
    /// A disk that can be filled and freed: the writer's `write` fails with `code` while full.
    final class FakeDisk: @unchecked Sendable {
        private let lock = NSLock()
        private var full = false
        private var refused = 0
        let code: Int32

        init(code: Int32) { self.code = code }

        func fill() { lock.withLock { full = true } }
        func free() { lock.withLock { full = false } }
        /// Writes refused so far.
        var refusals: Int { lock.withLock { refused } }

        var write: HistoryWriter.WriteCall {
            { [self] fd, bytes in
                let isFull = lock.withLock {
                    if full { refused += 1 }
                    return full
                }
                return isFull ? -Int(code) : HistoryWriter.systemWrite(fd, bytes)
            }
        }
    }

    /// The daemon's log lines (its stderr) written while `body` runs, read from a file fd 2 is
    /// pointed at meanwhile (other tests' lines may be among them: filter by what is yours).
    static func logged(_ body: () throws -> Void) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-log-\(UUID().uuidString.prefix(8))").path
        defer { unlink(file) }
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let saved = dup(2)
        guard fd >= 0, saved >= 0, dup2(fd, 2) >= 0 else { throw CaptureFailed() }
        close(fd)
        defer {
            dup2(saved, 2)
            close(saved)
        }
        try body()
        return try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    struct CaptureFailed: Error {}

    /// A rig whose history is at `path`, written through `write`.
    static func rig(_ path: String, write: @escaping HistoryWriter.WriteCall = HistoryWriter.systemWrite) -> Rig {
        let rig = Rig()
        rig.service.keepHistory(in: HistoryStore(path: path, wallNow: { HistoryStoreTests.wall + rig.now }, write: write), now: rig.now)
        return rig
    }

    /// A toast shown and dismissed, and the loop turn's end (`writeHistory`) with the writer done.
    static func showAndEnd(_ rig: Rig, _ message: String) {
        let id = rig.show(#""message":"\#(message)","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        rig.service.writeHistory(now: rig.now)
        #expect(rig.service.historyStore?.waitUntilWritten() == true)
    }

    @Test("a full disk (ENOSPC, EDQUOT) pauses the saving: 5 toasts, the disk full, 5 more, space freed, 5 more, and the file a restart reads holds all 15 in order", arguments: [ENOSPC, EDQUOT])
    func fullDiskThenFreed(_ code: Int32) throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let disk = FakeDisk(code: code)
        let rig = Self.rig(path, write: disk.write)
        for i in 0..<5 { Self.showAndEnd(rig, "m\(i)") }
        disk.fill()
        let log = try Self.logged {
            for i in 5..<10 { Self.showAndEnd(rig, "m\(i)") }
        }
        #expect(disk.refusals >= 5, "each append tried the disk again")
        #expect(log.filter { $0.contains(path) }.count == 1, "logged once: \(log)")
        #expect(try HistoryStoreTests.messages(path) == (0..<5).map { "m\($0)" }, "what was cut short was truncated away")
        #expect(rig.service.historyStore?.isSaving == true)
        disk.free()
        for i in 10..<15 { Self.showAndEnd(rig, "m\(i)") }
        let all = (0..<15).map { "m\($0)" }
        #expect(try HistoryStoreTests.messages(path) == all)
        rig.service.shutdown(now: rig.now)
        let (store, entries) = HistoryStoreTests.store(path, keep: 100)
        #expect(entries.map(\.toast.message) == all)
        #expect(store.isSaving)
    }

    /// What happens to the file under the running daemon.
    enum Displacement: CaseIterable {
        case removed, replaced, renamed
    }

    @Test("the history file removed, replaced or renamed under the running daemon: after the next toast the path holds the whole history, and the lock is on the file at the path", arguments: Displacement.allCases)
    func displacedFile(_ displacement: Displacement) throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let rig = Self.rig(path)
        for i in 0..<5 { Self.showAndEnd(rig, "m\(i)") }
        switch displacement {
        case .removed: #expect(unlink(path) == 0)
        case .replaced:
            let other = path + ".other"
            #expect(FileManager.default.createFile(atPath: other, contents: Data("something else\n".utf8)))
            #expect(rename(other, path) == 0)
        case .renamed: #expect(rename(path, path + ".moved") == 0)
        }
        Self.showAndEnd(rig, "m5")
        let all = (0..<6).map { "m\($0)" }
        #expect(try HistoryStoreTests.messages(path) == all)
        // The lock is on the file at the path: another daemon keeps to memory.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        #expect(fd >= 0)
        #expect(flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK, "the file at the path is locked")
        close(fd)
        let other = HistoryStore(path: path, wallNow: { HistoryStoreTests.wall })
        #expect(other.load(keep: 100, keepDays: 30, now: 0).isEmpty && !other.isSaving)
        // Saving goes on in the new file.
        Self.showAndEnd(rig, "m6")
        #expect(try HistoryStoreTests.messages(path) == all + ["m6"])
        rig.service.shutdown(now: rig.now)
    }

    @Test("a history file another daemon locked since is left to it: this daemon stops saving and does not write over it")
    func replacedByAnotherDaemon() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let rig = Self.rig(path)
        Self.showAndEnd(rig, "m0")
        #expect(unlink(path) == 0)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let theirs = open(path, O_RDWR | O_CLOEXEC)
        defer { close(theirs) }
        #expect(flock(theirs, LOCK_EX | LOCK_NB) == 0)
        Self.showAndEnd(rig, "m1")
        #expect(rig.service.historyStore?.isSaving == false)
        #expect(try HistoryStoreTests.lines(path).isEmpty)
        rig.service.shutdown(now: rig.now)
    }

    /// Holds the writer's thread at each step of a rewrite until the test lets it go on.
    final class StepGate: @unchecked Sendable {
        private let reached = DispatchSemaphore(value: 0)
        private let proceed = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var steps: [HistoryWriter.Step] = []

        func hold(_ step: HistoryWriter.Step) {
            lock.withLock { steps.append(step) }
            reached.signal()
            proceed.wait()
        }

        /// Waits (at most 10 s) for the thread to reach the next step; which one it is.
        func waitForStep() -> HistoryWriter.Step? {
            guard reached.wait(timeout: .now() + 10) == .success else { return nil }
            return lock.withLock { steps.last }
        }

        func goOn() { proceed.signal() }
    }

    @Test("a kill at any moment of a compaction loses no toast whose end was reported: lines appended after its snapshot and before its rename are in the file at the path, and the compacted file holds them too")
    func killDuringCompaction() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let gate = StepGate()
        let (store, _) = HistoryStoreTests.store(path, keep: 10, rewriteStep: gate.hold)
        // keep 10 + slack 16: the 27th line makes a compaction due.
        let first = (0..<27).map { "m\($0)" }
        for message in first { store.append([HistoryStoreTests.entry(message)], now: 0) }
        #expect(store.compactionDue)
        store.compactIfDue(history: [HistoryEntry](), now: 0)
        #expect(gate.waitForStep() == .snapshot)
        store.append([HistoryStoreTests.entry("after the snapshot")], now: 0)
        // Killed now, a restart reads the path: every reported line is there.
        #expect(try HistoryStoreTests.messages(path) == first + ["after the snapshot"])
        gate.goOn()
        #expect(gate.waitForStep() == .rename)
        store.append([HistoryStoreTests.entry("before the rename")], now: 0)
        #expect(try HistoryStoreTests.messages(path) == first + ["after the snapshot", "before the rename"])
        gate.goOn()
        #expect(store.waitUntilWritten())
        let compacted = Array(first.suffix(10)) + ["after the snapshot", "before the rename"]
        #expect(try HistoryStoreTests.messages(path) == compacted)
        store.append([HistoryStoreTests.entry("after the rename")], now: 0)
        #expect(try HistoryStoreTests.messages(path) == compacted + ["after the rename"])
        store.release()
        let (next, entries) = HistoryStoreTests.store(path, keep: 100)
        #expect(entries.map(\.toast.message) == compacted + ["after the rename"])
        #expect(next.isSaving)
    }
}
