import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 49, item 2: a `kill -9` loses nothing that was on screen. The real daemon on a
    /// private bus, with three cards up (one a `notify-send --wait` waiting); the daemon
    /// started after it finds them in its centre and releases the waiting client.
    @Suite struct CrashRestoreTests {
        @Test("after kill -9 with three cards up, the restarted daemon holds the three as unread centre entries ended crashed, and notify-send --wait returns")
        func killNine() throws {
            let state = try HistoryStoreTests.stateDirectory()
            defer { try? FileManager.default.removeItem(at: state) }
            let bus = try PrivateBus()
            let env = HistoryStoreTests.env(state).merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
            let first = try DaemonHarness(extraEnvironment: env)
            try waitUntil("the first to own the name") { first.log.contains("serving org.freedesktop.Notifications") }
            _ = try first.show(["--timeout", "0", "--title", "Build", "still running"])
            _ = try first.show(["--timeout", "0", "--urgency", "critical", "disk full"])
            let waiting = try bus.start("notify-send", ["--wait", "-t", "0", "Deploy?", "build 214"])
            defer { waiting.stop() }
            try waitUntil("three cards up") {
                (try? first.xtoast(["count", "--format", "{visible}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == "3"
            }
            // The journal follows within a quarter of a second (`LiveJournalStore.interval`).
            let journal = state.appendingPathComponent("xtoast/live").path
            try waitUntil("the three in the journal") {
                ((try? String(contentsOfFile: journal, encoding: .utf8)) ?? "").split(separator: "\n").count == 3
            }
            kill(first.process.processIdentifier, SIGKILL)
            first.process.waitUntilExit()
            #expect(waiting.process.isRunning, "notify-send still waits after the kill")

            let second = try DaemonHarness(extraEnvironment: env)
            try waitUntil("the second to own the name") { second.log.contains("serving org.freedesktop.Notifications") }
            let entries = try HistoryStoreTests.history(second)
            #expect(entries.map { $0["message"] } == [.string("still running"), .string("disk full"), .string("build 214")], "\(entries)")
            #expect(entries.allSatisfy { $0["reason"] == .string("crashed") && $0["unread"] == .bool(true) }, "\(entries)")
            #expect(entries.last?["source"] == .string("dbus"))
            let count = try second.xtoast(["count", "--format", "{unread} {visible}"])
            #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "3 0", "\(count.stdout)")
            let released = try waiting.finish(timeout: 10)
            #expect(released.status == 0)
        }
    }
}
