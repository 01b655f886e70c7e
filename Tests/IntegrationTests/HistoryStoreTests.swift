import Foundation
import JSONCodec
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 21, kept across restarts: the real daemon's history file under `XDG_STATE_HOME`,
    /// and what it does with a damaged, unreadable, unwritable or shared one.
    @Suite struct HistoryStoreTests {
        /// A state directory of the test's own, shared by the daemons a test starts.
        static func stateDirectory() throws -> URL {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-state-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            return dir
        }

        static func historyFile(_ state: URL) -> URL { state.appendingPathComponent("xtoast/history") }

        /// `xtoast history`'s entries.
        static func history(_ daemon: DaemonHarness) throws -> [JSON] {
            let r = try daemon.xtoast(["history"])
            guard r.status == 0, case let .array(items)? = try JSON.parse(r.stdout)["history"] else {
                throw TestFailure("xtoast history exited \(r.status): \(r.stdout) \(r.stderr)")
            }
            return items
        }

        static func messages(_ daemon: DaemonHarness) throws -> [String] {
            try history(daemon).map { if case let .string(s)? = $0["message"] { s } else { "" } }
        }

        /// Shows a toast and dismisses it, so it is in the history when this returns.
        static func showAndEnd(_ daemon: DaemonHarness, _ message: String) throws {
            let id = try daemon.show(["--timeout", "0", message])
            #expect(try daemon.xtoast(["dismiss", id]).status == 0)
        }

        static func fileLines(_ state: URL) throws -> [String] {
            try String(contentsOf: historyFile(state), encoding: .utf8).split(separator: "\n").map(String.init)
        }

        static func env(_ state: URL) -> [String: String] { ["XDG_STATE_HOME": state.path] }

        /// The daemon's log once its start-up is over: the socket listens (and the harness
        /// returns) before the history is loaded, and a request is answered only after.
        static func startLog(_ daemon: DaemonHarness) throws -> String {
            #expect(try daemon.xtoast(["ping"]).status == 0)
            return daemon.log
        }

        @Test("the history survives a restart: entries in order with how they ended (a toast still up at shutdown as shutdown), the file one line each, and nothing is logged about it")
        func survivesRestart() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let first = try DaemonHarness(extraEnvironment: Self.env(state))
            try Self.showAndEnd(first, "first")
            _ = try first.show(["--timeout", "0", "--title", "Build", "still up"])
            first.stop()
            #expect(try Self.fileLines(state).count == 2)
            #expect(!first.log.contains("history"), "\(first.log)")

            let second = try DaemonHarness(extraEnvironment: Self.env(state))
            let entries = try Self.history(second)
            #expect(entries.map { $0["message"] } == [.string("first"), .string("still up")])
            #expect(entries.map { $0["reason"] } == [.string("api"), .string("shutdown")])
            #expect(entries.last?["title"] == .string("Build"))
            try Self.showAndEnd(second, "third")
            #expect(try Self.messages(second) == ["first", "still up", "third"])
            #expect(try Self.fileLines(state).count == 3)
            #expect(!second.log.contains("history"), "\(second.log)")
        }

        @Test("a damaged line is skipped with one FILE:LINE log line; the rest loads and the file is compacted to it")
        func damagedLine() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let file = Self.historyFile(state)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let now = Date().timeIntervalSince1970
            func line(_ message: String) -> String {
                String(decoding: HistoryRecord(toast: Toast(id: "1", message: message), reason: .click, wallEnded: now - 60).line, as: UTF8.self)
            }
            try (line("before") + "\n{\"v\":1,\"ended\":garbage\n" + line("after") + "\n").write(to: file, atomically: true, encoding: .utf8)
            let daemon = try DaemonHarness(extraEnvironment: Self.env(state))
            #expect(try Self.messages(daemon) == ["before", "after"])
            let logged = daemon.log.split(separator: "\n").filter { $0.contains("damaged") }
            #expect(logged.count == 1 && logged.first?.contains("\(file.path):2: skipped a damaged history entry") == true, "\(daemon.log)")
            try waitUntil("the file to be compacted at load (on the writer's thread)") { try Self.fileLines(state).count == 2 }
        }

        @Test("a history that cannot be read (a directory) is moved to history.bad and a new one begun")
        func unreadableMovedAside() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let file = Self.historyFile(state)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            let daemon = try DaemonHarness(extraEnvironment: Self.env(state))
            #expect(try Self.startLog(daemon).contains("history: cannot read \(file.path) (is a directory); moved it to \(file.path).bad and began a new one"),
                    "\(daemon.log)")
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: file.path + ".bad", isDirectory: &isDirectory) && isDirectory.boolValue)
            try Self.showAndEnd(daemon, "new")
            #expect(try Self.fileLines(state).count == 1)
            #expect(try Self.messages(daemon) == ["new"])
        }

        @Test("a state directory that cannot be made (its parent is a regular file: ENOTDIR) is logged once; toasts still show and the history lives in memory")
        func unwritableDirectory() throws {
            let dir = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let plain = dir.appendingPathComponent("plain")
            try "not a directory".write(to: plain, atomically: true, encoding: .utf8)
            let state = plain.appendingPathComponent("state")
            let daemon = try DaemonHarness(extraEnvironment: Self.env(state))
            let logged = try Self.startLog(daemon).split(separator: "\n").filter { $0.contains("history") }
            #expect(logged == ["xtoastd: history: cannot create \(state.path)/xtoast: Not a directory; the history is kept in memory only"],
                    "\(daemon.log)")
            let probe = try XProbe()
            let id = try daemon.show(["--timeout", "0", "still shows"])
            try waitUntil("the card to show") { !probe.cardsOnScreen().isEmpty }
            #expect(try daemon.xtoast(["dismiss", id]).status == 0)
            #expect(try Self.messages(daemon) == ["still shows"])
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("two daemons on two displays sharing one XDG_STATE_HOME: the second keeps its history in memory and says so; the file stays the first's")
        func twoDisplays() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let first = try DaemonHarness(extraEnvironment: Self.env(state))
            try Self.showAndEnd(first, "on the first")
            let other = try PrivateDisplay(size: "800x600")
            let second = try DaemonHarness(extraEnvironment: Self.env(state), display: other.name)
            #expect(try Self.startLog(second).contains("history: \(Self.historyFile(state).path) is kept by another xtoast daemon (on another display?); this one keeps its history in memory only"),
                    "\(second.log)")
            try Self.showAndEnd(second, "on the second")
            #expect(try Self.messages(second) == ["on the second"])
            try Self.showAndEnd(first, "first again")
            #expect(try Self.messages(first) == ["on the first", "first again"])
            #expect(try Self.fileLines(state).count == 2)
            second.stop()
            first.stop()
            // Once both are gone, the next daemon holds the file again.
            let third = try DaemonHarness(extraEnvironment: Self.env(state))
            #expect(try Self.messages(third) == ["on the first", "first again"])
            #expect(!third.log.contains("history"), "\(third.log)")
        }

        @Test("history --clear forgets every entry, in memory and in the file, across a restart too")
        func clear() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let daemon = try DaemonHarness(extraEnvironment: Self.env(state))
            try Self.showAndEnd(daemon, "a")
            try Self.showAndEnd(daemon, "b")
            let r = try daemon.xtoast(["history", "--clear"])
            #expect(r.status == 0 && r.stdout.isEmpty, "\(r)")
            #expect(try Self.history(daemon).isEmpty)
            try waitUntil("the file to be emptied (on the writer's thread)") { try Self.fileLines(state).isEmpty }
            try Self.showAndEnd(daemon, "after")
            daemon.stop()
            let next = try DaemonHarness(extraEnvironment: Self.env(state))
            #expect(try Self.messages(next) == ["after"])
        }

        @Test("appends past keep + keep/4 compact the file to keep lines; every test's history goes to its own XDG_STATE_HOME")
        func compactsPastTheBound() throws {
            let daemon = try DaemonHarness(config: "[center]\nkeep = 20\n")
            let state = URL(fileURLWithPath: try #require(daemon.environment["XDG_STATE_HOME"]))
            #expect(state.path.hasPrefix(daemon.directory.path))
            let client = try ProtocolClient(path: daemon.socketPath)
            #expect(try client.request(#"{"op":"pause"}"#)["ok"]?.bool == true)
            for i in 0..<40 { #expect(try client.request(#"{"op":"show","message":"m\#(i)"}"#)["ok"]?.bool == true) }
            #expect(try client.request(#"{"op":"dismiss","all":true}"#)["ok"]?.bool == true)
            // 40 lines is past 20 + 16: rewritten at the end of that turn to the newest 20.
            try waitUntil("the file to be compacted") { (try? Self.fileLines(state).count) == 20 }
            #expect(try Self.fileLines(state).first?.contains("\"m20\"") == true)
            #expect(try Self.messages(daemon).count == 20)
            #expect(!FileManager.default.fileExists(atPath: Self.historyFile(state).path + ".tmp"))
        }

        @Test("a write that fails (the file size limit reached, as a full disk would) stops the saving with one log line; toasts still show and the history goes on in memory")
        func writeFails() throws {
            // 4 blocks of 512 bytes: the log's first line and a dozen history lines fit.
            let daemon = try DaemonHarness(launcher: ["/bin/sh", "-c", #"ulimit -f 4; exec "$0" "$@""#])
            let probe = try XProbe()
            for i in 0..<30 { try Self.showAndEnd(daemon, "toast \(i) " + String(repeating: "x", count: 100)) }
            #expect(daemon.process.isRunning)
            let logged = daemon.log.split(separator: "\n").filter { $0.contains("history") }
            #expect(logged.count == 1 && logged.first?.contains("cannot write") == true
                    && logged.first?.hasSuffix("File too large; new entries are kept in memory only") == true, "\(daemon.log)")
            #expect(try Self.messages(daemon).count == 30)
            _ = try daemon.show(["--timeout", "0", "still shows"])
            try waitUntil("the card to show") { !probe.cardsOnScreen().isEmpty }
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            // What was written before reads back whole: the line cut short was truncated away.
            let state = URL(fileURLWithPath: try #require(daemon.environment["XDG_STATE_HOME"]))
            let lines = try Self.fileLines(state)
            #expect(!lines.isEmpty && lines.allSatisfy { (try? HistoryRecord.decode(Array($0.utf8))) != nil })
        }

        @Test("5,000 toasts with keep = 300 (compacted about 60 times): after a restart the history is the newest 300, in order, and nothing was logged about it")
        func fiveThousandAcrossARestart() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let config = "[center]\nkeep = 300\n"
            let first = try DaemonHarness(config: config, extraEnvironment: Self.env(state))
            let client = try ProtocolClient(path: first.socketPath)
            // Held by do-not-disturb, so no card is drawn: the test is the file's, not the screen's.
            #expect(try client.request(#"{"op":"pause"}"#)["ok"]?.bool == true)
            let total = 5000, batch = 250
            for start in stride(from: 0, to: total, by: batch) {
                var lines = ""
                for i in start..<start + batch {
                    lines += #"{"op":"show","id":"t\#(i)","message":"m\#(i)"}"# + "\n" + #"{"op":"dismiss","id":"t\#(i)"}"# + "\n"
                }
                client.sendBytes(Array(lines.utf8))
                // The owner hears its toasts' events on the same connection: count the replies.
                var replies = 0
                while replies < 2 * batch {
                    let line = try client.next(timeout: 30)
                    guard line["event"] == nil else { continue }
                    guard line["ok"]?.bool == true else { throw TestFailure("refused: \(line.text)") }
                    replies += 1
                }
            }
            first.stop()
            // The newest toasts, in order, none missing: at least keep, at most keep + its slack.
            let ids = try Self.fileLines(state).map { try HistoryRecord.decode(Array($0.utf8)).toast.id }
            #expect((300...(300 + HistoryFile.slack(keep: 300))).contains(ids.count) && ids == (total - ids.count..<total).map { "t\($0)" }, "\(ids.prefix(3)) … \(ids.suffix(3))")
            #expect(!first.log.contains("history"), "\(first.log)")
            let second = try DaemonHarness(config: config, extraEnvironment: Self.env(state))
            #expect(try Self.messages(second) == (total - 300..<total).map { "m\($0)" })
            #expect(!second.log.contains("history"), "\(second.log)")
        }

        @Test("a hard link planted at history.tmp is unlinked, never written through: the other file keeps its text and mode, the history stays 0600, and saving goes on across a restart")
        func plantedHardLink() throws {
            let state = try Self.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let daemon = try DaemonHarness(extraEnvironment: Self.env(state))
            try Self.showAndEnd(daemon, "before")
            let file = Self.historyFile(state)
            let outside = state.appendingPathComponent("elsewhere")
            try "mine\n".write(to: outside, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: outside.path)
            #expect(link(outside.path, file.path + ".tmp") == 0)
            #expect(try daemon.xtoast(["history", "--clear"]).status == 0)
            try Self.showAndEnd(daemon, "after")
            try waitUntil("the file to be rewritten and appended to") { try Self.fileLines(state).count == 1 }
            #expect(try String(contentsOf: outside, encoding: .utf8) == "mine\n")
            #expect(try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions] as? Int == 0o644)
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
            #expect(!FileManager.default.fileExists(atPath: file.path + ".tmp"))
            #expect(daemon.log.contains("history: removed a hard link at \(file.path).tmp (not written through)"), "\(daemon.log)")
            daemon.stop()
            let next = try DaemonHarness(extraEnvironment: Self.env(state))
            #expect(try Self.messages(next) == ["after"])
        }
    }
}
