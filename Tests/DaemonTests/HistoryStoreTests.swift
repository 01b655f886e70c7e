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
        #expect(try Self.lines(path).count == 20)
        let first = try HistoryRecord.decode(Array(try Self.lines(path)[0].utf8))
        #expect(first.toast.message == "m0" && abs(first.wallEnded - (wall + rig.now)) < 0.01)

        loaded = next
        _ = rig.service.reload(now: rig.now)
        #expect(rig.service.board.history.count == 2)
        #expect(try Self.lines(path).count == 20, "not compacted inside the request")
        #expect(rig.service.historyStore?.compactionDue == true)
        rig.service.writeHistory(now: rig.now)
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
}
