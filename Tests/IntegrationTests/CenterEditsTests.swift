import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// The centre's edits on the real daemon: opening it reads every entry (`xtoast count`),
    /// Delete removes one from the history file, and both survive a restart.
    @Suite struct CenterEditsTests {
        func unread(_ daemon: DaemonHarness) throws -> JSON? {
            let r = try daemon.xtoast(["count"])
            return try JSON.parse(r.stdout)["unread"]
        }

        @Test("center open reads everything (count says 0 unread); Delete removes the entry from the file; after a restart it is still gone and unread is as it was")
        func editsSurviveARestart() throws {
            let state = try HistoryStoreTests.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let screen = try OwnScreen(config: "[center]\ngroup = none\n", extraEnvironment: HistoryStoreTests.env(state))
            let (display, probe, first) = (screen.display, screen.probe, screen.daemon)
            try HistoryStoreTests.showAndEnd(first, "kept")
            try HistoryStoreTests.showAndEnd(first, "removed")
            #expect(try unread(first) == .number(2))
            #expect(try first.xtoast(["center", "open"]).status == 0)
            #expect(try unread(first) == .number(0))
            try waitUntil("the panel to show") { probe.cards().contains { $0.frame.height == 800 } }
            // The newest entry is the first row: Home selects it (again, should the grab come late), Delete removes it.
            try waitUntil("the selected entry to go") {
                if try HistoryStoreTests.messages(first) == ["kept", "removed"] {
                    probe.key("Home")
                    probe.key("Delete")
                }
                return try HistoryStoreTests.messages(first) == ["kept"]
            }
            try waitUntil("the file to follow") { try HistoryStoreTests.fileLines(state).count == 1 }
            probe.key("Escape")
            try waitUntil("the panel to go") { probe.cards().isEmpty }
            try HistoryStoreTests.showAndEnd(first, "later")
            #expect(try unread(first) == .number(1))
            first.stop()

            let second = try DaemonHarness(extraEnvironment: HistoryStoreTests.env(state), display: display.name)
            #expect(try HistoryStoreTests.messages(second) == ["kept", "later"])
            #expect(try unread(second) == .number(1))
            #expect(!second.log.contains("history"), "\(second.log)")
        }
    }
}
