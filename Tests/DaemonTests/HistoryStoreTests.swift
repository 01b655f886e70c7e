@testable import Daemon
import Foundation
import Testing
import ToastCore

/// The service and its history file, on a fake screen: what ends is appended, a reload with a
/// smaller `keep` compacts at the end of the turn, shutdown's entries are written, and a new
/// store reads back what the old one wrote.
@Suite struct HistoryStoreTests {
    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-store-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("ended toasts are appended with their wall time; a reload to a smaller keep compacts once the turn is done; shutdown's entries are written; a new store reads them back")
    func appendReloadShutdown() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        var config = Config()
        var next = config
        next.historyKeep = 2
        var loaded = config
        let rig = Rig(config: config, loadConfig: { _ in (loaded, []) })
        let wall = 1_700_000_000.0
        rig.service.keepHistory(in: HistoryStore(path: path, wallNow: { wall + rig.now }), now: rig.now)
        for i in 0..<20 {
            let id = rig.show(#""message":"m\#(i)","timeout":0"#)
            rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        }
        // What the daemon does before the replies leave: the ends are in the file first.
        rig.service.writeHeldHistory()
        #expect(try Self.lines(path).count == 20)
        let first = try HistoryRecord.decode(Array(try Self.lines(path)[0].utf8))
        #expect(first.toast.message == "m0" && abs(first.wallEnded - (wall + rig.now)) < 0.01)

        loaded = next
        _ = rig.service.reload(now: rig.now)
        #expect(rig.service.board.history.count == 2)
        #expect(try Self.lines(path).count == 20, "not compacted inside the request")
        #expect(rig.service.historyStore?.compactionDue == true)
        rig.service.writeHistory(now: rig.now)
        #expect(rig.service.historyStore?.waitUntilWritten() == true)
        #expect(try Self.lines(path).map { try HistoryRecord.decode(Array($0.utf8)).toast.message } == ["m18", "m19"])

        rig.show(#""message":"up at the end","timeout":0"#)
        // While the first store holds the lock, another keeps to memory.
        let meanwhile = HistoryStore(path: path, wallNow: { wall })
        #expect(meanwhile.load(keep: 10, keepDays: 30, now: 0).isEmpty && !meanwhile.isSaving)
        rig.service.shutdown(now: rig.now)
        #expect(try Self.lines(path).count == 3)

        config.historyKeep = 10
        // A child another test forks just then holds a copy of the file's descriptor, and so
        // its lock, until it execs: load again until the lock is free (within a deadline).
        var store = HistoryStore(path: path, wallNow: { wall + 5000 })
        var entries = store.load(keep: config.historyKeep, keepDays: config.historyKeepDays, now: 100)
        let deadline = Date().addingTimeInterval(5)
        while !store.isSaving, Date() < deadline {
            store = HistoryStore(path: path, wallNow: { wall + 5000 })
            entries = store.load(keep: config.historyKeep, keepDays: config.historyKeepDays, now: 100)
        }
        #expect(entries.map(\.toast.message) == ["m18", "m19", "up at the end"])
        #expect(entries.last?.reason == .shutdown)
        #expect(store.isSaving, "shutdown let the lock go")
    }

    // MARK: Issue 32

    static let wall = 1_700_000_000.0

    /// A store on `path`, loaded; loaded again until it holds the lock (a child another test
    /// forks just then holds a copy of the descriptor until it execs), within a deadline.
    static func store(_ path: String, keep: Int, wall: Double = wall, maxFileBytes: Int = HistoryFile.maxFileBytes,
                      rewriteStep: (@Sendable (HistoryWriter.Step) -> Void)? = nil,
                      write: @escaping HistoryWriter.WriteCall = HistoryWriter.systemWrite) -> (HistoryStore, [HistoryEntry]) {
        var store = HistoryStore(path: path, wallNow: { wall }, maxFileBytes: maxFileBytes, rewriteStep: rewriteStep, write: write)
        var entries = store.load(keep: keep, keepDays: 30, now: 0)
        let deadline = Date().addingTimeInterval(5)
        while !store.isSaving, Date() < deadline {
            store = HistoryStore(path: path, wallNow: { wall }, maxFileBytes: maxFileBytes, rewriteStep: rewriteStep, write: write)
            entries = store.load(keep: keep, keepDays: 30, now: 0)
        }
        return (store, entries)
    }

    static func entry(_ message: String, id: String = "1") -> HistoryEntry {
        HistoryRecord(toast: Toast(id: id, message: message), reason: .timeout, wallEnded: wall).entry(now: 0, wallNow: wall)
    }

    static func messages(_ path: String) throws -> [String] {
        try lines(path).map { try HistoryRecord.decode(Array($0.utf8)).toast.message }
    }

    static func size(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }

    @Test("compactions in a row (keep 10): every one is saved, the file ends as the newest 10, and a second store is still refused the lock after the rewrites")
    func compactionsInARow() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        var config = Config()
        config.historyKeep = 10
        let rig = Rig(config: config)
        rig.service.keepHistory(in: HistoryStore(path: path, wallNow: { Self.wall + rig.now }), now: rig.now)
        // 27 lines pass keep + slack (10 + 16): 200 toasts compact the file 11 times.
        for i in 0..<200 {
            let id = rig.show(#""message":"m\#(i)","timeout":0"#)
            rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
            rig.service.writeHistory(now: rig.now)
            #expect(rig.service.historyStore?.waitUntilWritten() == true)
        }
        #expect(rig.service.historyStore?.isSaving == true)
        let lines = try Self.lines(path)
        #expect(lines.count < 27 && lines.count >= 10)
        #expect(try Self.messages(path).suffix(10) == (190..<200).map { "m\($0)" })
        // The descriptor kept after the rewrites still holds the lock.
        let other = HistoryStore(path: path, wallNow: { Self.wall })
        #expect(other.load(keep: 10, keepDays: 30, now: 0).isEmpty && !other.isSaving)
        rig.service.shutdown(now: rig.now)
        let (next, entries) = Self.store(path, keep: 10)
        #expect(entries.map(\.toast.message) == (190..<200).map { "m\($0)" })
        #expect(next.isSaving)
    }

    @Test("the file never passes its read cap (1 MiB here; 32 MiB in the daemon): an append that reaches it exactly is written, the next compacts the file to three quarters of it, oldest dropped, and a new store reads it all")
    func byteCap() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("xtoast").path, withIntermediateDirectories: true)
        let cap = 1 << 20
        let first = Self.entry("reaches the cap", id: "9001")
        let second = Self.entry("passes the cap", id: "9002")
        let firstLine = try #require(HistoryFile.line(HistoryRecord(first, wallEnded: Self.wall)))
        // Entries with every text at its longest, each scalar escaped (about 7 KiB a line), then
        // one line sized (a key the reader ignores pads it) so that the file is `firstLine`
        // short of the cap.
        let target = cap - firstLine.count
        let control = "\u{1}"
        var text: [UInt8] = []
        var n = 0
        while target - text.count > 2 * 16_384 {
            var toast = Toast(id: String(n + 1), title: String(repeating: control, count: HistoryLimits.titleScalars),
                              message: String(repeating: control, count: HistoryLimits.messageScalars),
                              icon: String(repeating: control, count: HistoryLimits.iconBytes))
            toast.app = String(repeating: control, count: HistoryLimits.appScalars)
            text += try #require(HistoryFile.line(HistoryRecord(toast: toast, reason: .timeout, wallEnded: Self.wall - 60)))
            n += 1
        }
        let head = #"{"v":1,"ended":\#(Self.wall - 60),"id":"\#(n + 1)","message":"last","kind":"info","reason":"timeout","pad":""#
        text += Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: target - text.count - head.utf8.count - 3) + Array("\"}\n".utf8)
        n += 1
        #expect(text.count == target)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text)))

        let (store, loaded) = Self.store(path, keep: HistoryLimits.maxKeep, maxFileBytes: cap)
        #expect(loaded.count == n)
        store.append([first], now: 0)
        #expect(Self.size(path) == cap, "an append up to the cap is an append")
        #expect(store.compactionDue, "near the cap, the file is compacted at the end of the turn")
        store.append([second], now: 0)
        #expect(store.waitUntilWritten())
        let size = Self.size(path)
        #expect(size > 0 && size <= HistoryFile.rewriteBytes(cap: cap))
        let after = try Self.lines(path).map { try HistoryRecord.decode(Array($0.utf8)).toast.id }
        #expect(after.suffix(3) == [String(n), "9001", "9002"])
        #expect(after.count < n && after.first != "1", "the oldest went")
        #expect(after == Array(after.first.flatMap(Int.init).map { ($0...n).map(String.init) } ?? []) + ["9001", "9002"], "in order, none skipped")
        store.release()
        let (next, reread) = Self.store(path, keep: HistoryLimits.maxKeep, maxFileBytes: cap)
        #expect(reread.map(\.toast.id) == after)
        #expect(next.isSaving)
        #expect(!FileManager.default.fileExists(atPath: HistoryFile.badPath(path)))
    }

    @Test("a compaction copies the lines it keeps as they are, never reading the file back: a key another daemon's version wrote stays, byte for byte")
    func compactionCopiesLines() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("xtoast").path, withIntermediateDirectories: true)
        let old = (0..<30).map { #"{"v":1,"ended":\#(Self.wall - 60),"id":"\#($0 + 1)","message":"old \#($0)","kind":"info","reason":"timeout","pad":"as written"}"# }
        #expect(FileManager.default.createFile(atPath: path, contents: Data((old.joined(separator: "\n") + "\n").utf8)))
        let (store, loaded) = Self.store(path, keep: 30)
        #expect(loaded.count == 30)
        // keep 30 + slack 16: the 17th append passes it.
        for i in 0..<17 { store.append([Self.entry("new \(i)", id: String(100 + i))], now: 0) }
        #expect(store.compactionDue)
        store.compactIfDue(history: [HistoryEntry](), now: 0)
        #expect(store.waitUntilWritten())
        let lines = try Self.lines(path)
        #expect(lines.count == 30)
        #expect(Array(lines.prefix(13)) == Array(old.suffix(13)), "the old lines kept are the bytes that were there")
        #expect(try Self.messages(path).suffix(17) == (0..<17).map { "new \($0)" })
        store.release()
        let (_, reread) = Self.store(path, keep: 30)
        #expect(reread.map(\.toast.message) == (17..<30).map { "old \($0)" } + (0..<17).map { "new \($0)" })
    }

    @Test("restore takes the entry out of the file too: after a reload of the store it is there once")
    func restoreOnce() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let rig = Rig()
        rig.service.keepHistory(in: HistoryStore(path: path, wallNow: { Self.wall + rig.now }), now: rig.now)
        let id = rig.show(#""message":"again","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        for _ in 0..<3 {
            guard case let .ok(restored?, _) = rig.request(#"{"op":"restore"}"#) else { return #expect(Bool(false), "restore refused") }
            rig.service.writeHistory(now: rig.now)
            rig.request(#"{"op":"dismiss","id":"\#(restored)"}"#)
            rig.service.writeHistory(now: rig.now)
        }
        rig.service.shutdown(now: rig.now)
        #expect(try Self.messages(path) == ["again"])
        let (_, entries) = Self.store(path, keep: 100)
        #expect(entries.map(\.toast.message) == ["again"])
    }

    @Test("new toasts' ids go on after the largest id the history holds, so restore --id names one entry")
    func idsAfterARestart() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let first = Rig()
        first.service.keepHistory(in: HistoryStore(path: path, wallNow: { Self.wall + first.now }), now: first.now)
        for _ in 0..<3 { first.request(#"{"op":"dismiss","id":"\#(first.show(#""message":"before","timeout":0"#))"}"#) }
        first.show(#""id":"custom","message":"named","timeout":0"#)
        first.service.shutdown(now: first.now)

        let second = Rig()
        second.service.keepHistory(in: HistoryStore(path: path, wallNow: { Self.wall + 5000 }), now: second.now)
        #expect(second.service.board.history.map(\.toast.id) == ["1", "2", "3", "custom"])
        #expect(second.show(#""message":"after","timeout":0"#) == "4")
        #expect(second.service.board.history.filter { $0.toast.id == "1" }.count == 1)
        second.service.shutdown(now: second.now)
    }

    /// What a test plants at `history.tmp`, and what must hold after a rewrite past it.
    enum Planted: CaseIterable {
        case hardLink, symlink, fifo, emptyDirectory, directory
    }

    @Test("whatever is planted at history.tmp (a hard link, a symlink, a FIFO, a directory empty or not) is never written through, and saving goes on", arguments: Planted.allCases)
    func plantedTemporary(_ planted: Planted) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let temporary = HistoryFile.temporaryPath(path)
        let outside = dir.appendingPathComponent("outside").path
        #expect(FileManager.default.createFile(atPath: outside, contents: Data("mine\n".utf8), attributes: [.posixPermissions: 0o644]))
        let (store, _) = Self.store(path, keep: 100)
        store.append([Self.entry("a")], now: 0)
        switch planted {
        case .hardLink: #expect(link(outside, temporary) == 0)
        case .symlink: #expect(symlink(outside, temporary) == 0)
        case .fifo: #expect(mkfifo(temporary, 0o600) == 0)
        case .emptyDirectory: #expect(mkdir(temporary, 0o700) == 0)
        case .directory:
            #expect(mkdir(temporary, 0o700) == 0)
            #expect(FileManager.default.createFile(atPath: temporary + "/inside", contents: Data("x".utf8)))
        }
        var st = stat()
        #expect(lstat(temporary, &st) == 0)
        store.append([Self.entry("b")], now: 0)
        store.edited()
        store.compactIfDue(history: [Self.entry("a"), Self.entry("b")], now: 0)
        #expect(store.waitUntilWritten())
        #expect(store.isSaving)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "mine\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: outside)
        #expect(attributes[.posixPermissions] as? Int == 0o644)
        #expect(try Self.messages(path) == ["a", "b"])
        #expect((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int == 0o600)
        #expect(!FileManager.default.fileExists(atPath: temporary))
        if planted == .directory {
            #expect(FileManager.default.fileExists(atPath: HistoryFile.badPath("\(temporary).\(st.st_ino)") + "/inside"))
        }
        // Saving goes on: an append and another rewrite.
        store.append([Self.entry("c")], now: 0)
        store.clear()
        store.append([Self.entry("d")], now: 0)
        #expect(store.waitUntilWritten())
        #expect(try Self.messages(path) == ["d"])
        #expect(store.isSaving)
    }

    /// Counts calls, across threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test("a rewrite of a big history runs off the loop: the call returns while the writer is held before writing, appends meanwhile go to the old file and are kept in order, and a newer snapshot replaces one not yet started")
    func rewriteOffTheLoop() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let rewrites = Counter()
        let (store, _) = Self.store(path, keep: 5000) { step in
            guard step == .snapshot else { return }
            rewrites.add()
            entered.signal()
            proceed.wait()
        }
        let big = (0..<2000).map { Self.entry("e\($0) " + String(repeating: "x", count: 400), id: String($0 + 1)) }
        store.append(big, now: 0)
        #expect(try Self.lines(path).count == 2000)

        store.edited()
        store.compactIfDue(history: Array(big.dropFirst()), now: 0)
        // The call returned; the writer has the snapshot and waits at the hook, nothing written.
        #expect(entered.wait(timeout: .now() + 10) == .success)
        let a1 = Self.entry("a1"), a2 = Self.entry("a2"), a3 = Self.entry("a3")
        store.append([a1], now: 0)
        store.edited()
        store.compactIfDue(history: Array(big.dropFirst(2)) + [a1], now: 0)
        store.append([a2], now: 0)
        store.edited()
        store.compactIfDue(history: Array(big.dropFirst(3)) + [a1, a2], now: 0)
        store.append([a3], now: 0)
        #expect(try Self.lines(path).count == 2003, "appends go on to the old file while the writer holds its snapshot")
        #expect(!store.waitUntilWritten(within: 0.05))
        proceed.signal()
        // The second snapshot was replaced by the third before it started.
        #expect(entered.wait(timeout: .now() + 10) == .success)
        proceed.signal()
        #expect(store.waitUntilWritten())
        #expect(rewrites.value == 2)
        let expected = big.dropFirst(3).map(\.toast.message) + ["a1", "a2", "a3"]
        #expect(try Self.messages(path) == expected)
        store.release()
        let (_, entries) = Self.store(path, keep: 5000)
        #expect(entries.map(\.toast.message) == expected)
    }
}
