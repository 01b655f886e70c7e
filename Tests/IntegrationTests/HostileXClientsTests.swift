import CX11
import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 32 (and 25's log lines): what another X client can do to the daemon's X side:
    /// hold the keyboard while the centre opens, retarget its idle alarms; and what ending
    /// toasts must not log. Each test has an Xvfb of its own.
    @Suite struct HostileXClientsTests {
        typealias F = FoundationTests

        @Test("center open while another client holds the keyboard answers an error, and the panel does not stay")
        func centerWithoutKeyboard() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let holder = try XProbe(display.name)
            #expect(XGrabKeyboard(holder.display, holder.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess)
            XSync(holder.display, 0)
            let probe = try XProbe(display.name)
            let run = try daemon.xtoast(["center", "open"])
            #expect(run.status != 0, "\(run.stdout)")
            #expect(run.stderr.contains("keyboard"), "\(run.stderr)")
            try waitUntil("the panel to be gone") { probe.cards().isEmpty }
            #expect(daemon.log.contains("could not take the keyboard"), "\(daemon.log)")
            // Once the keyboard is free, the centre opens as usual.
            XUngrabKeyboard(holder.display, UInt(CurrentTime))
            XSync(holder.display, 0)
            let again = try daemon.xtoast(["center", "open"])
            #expect(again.status == 0, "\(again.stderr)")
            try waitUntil("the panel to show") { probe.cards().count == 1 }
        }

        /// The daemon under test for what only a release build showed: the release binaries
        /// when `XTOAST_RELEASE_BIN_DIR` names them (`scripts/test` does), else the debug ones
        /// (which never inlined `quietly` into another file, so passed on the old code too).
        static var releaseDaemon: URL {
            ProcessInfo.processInfo.environment["XTOAST_RELEASE_BIN_DIR"].map { URL(fileURLWithPath: $0) }
                .flatMap { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("xtoastd").path) ? $0 : nil }
                ?? DaemonHarness.binDirectory
        }

        @Test("100 toasts end on a bare Xvfb and the log has no BadWindow line: the errors quietly expects stay quiet")
        func noBadWindowPerToast() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name, daemonDirectory: Self.releaseDaemon)
            let probe = try XProbe(display.name)
            let client = try ProtocolClient(path: daemon.socketPath)
            for i in 0..<100 { client.send(#"{"op":"show","message":"toast \#(i)","timeout":0.05}"#) }
            // Replies and events interleave: each toast's reply, its shown, its dismissed.
            var accepted = 0, ended = 0
            while ended < 100 {
                let line = try client.next(timeout: 30)
                if line["ok"] == .bool(true) { accepted += 1 }
                if line["event"] == .string("dismissed") { ended += 1 }
            }
            #expect(accepted == 100)
            try waitUntil("every card to be gone", timeout: 20) { probe.cards().isEmpty }
            // A round trip through the daemon: whatever errors the cards' ends caused are logged by now.
            #expect(try client.request(#"{"op":"ping"}"#)["ok"] == .bool(true))
            #expect(!daemon.log.contains("BadWindow"), "\(daemon.log)")
        }

        @Test("idle alarms another client retargets are found and made again: a toast still times out once the user is back")
        func idleAlarmsRetargeted() throws {
            let display = try PrivateDisplay(size: "1280x800")
            try display.run("xset", ["s", "off"])
            let daemon = try DaemonHarness(config: "[general]\nidle_threshold = 2\n", display: display.name)
            let probe = try XProbe(display.name)
            probe.movePointer(to: Point(x: 10, y: 10))
            _ = try daemon.show(["--timeout", "3", "while you were away"])
            let card = try #require(try F.restingCards(probe, count: 1).first)
            try waitUntil("the daemon to see the user away", timeout: 5) { daemon.log.contains("no input for 2 s") }
            // Another client makes both alarms wait for a counter value never reached.
            #expect(probe.retargetIdleAlarms(ofClientOwning: card.window) == 2)
            // The user is back: moves over the card and away from it, as one reaching for it does.
            probe.movePointer(to: Point(x: card.frame.midX, y: card.frame.midY))
            usleep(1_200_000)
            probe.movePointer(to: Point(x: 10, y: 10))
            try waitUntil("the daemon to see the alarms changed", timeout: 4) { daemon.log.contains("idle alarms were changed") }
            // The user reads on, moving now and then: the card's 3 s run out.
            var moves = 0
            do {
                try waitUntil("the card to time out", timeout: 8) {
                    moves += 1
                    if moves % 100 == 0 { probe.movePointer(to: Point(x: 10 + Double(moves % 200) / 10, y: 10)) }
                    return probe.cards().isEmpty
                }
            } catch {
                Issue.record("\(error): \(daemon.log)")
            }
        }
    }
}

extension XProbe {
    /// Changes every XSync alarm of the client that owns `window` (the same resource-id base)
    /// that watches the `IDLETIME` counter to wait for a value it never reaches, as any X
    /// client can; returns how many it changed.
    /// The corresponding C functions are `XSyncQueryAlarm` and `XSyncChangeAlarm`.
    func retargetIdleAlarms(ofClientOwning window: Window) -> Int {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XSyncQueryExtension(display, &eventBase, &errorBase) != 0, XSyncInitialize(display, &major, &minor) != 0 else { return 0 }
        var count: Int32 = 0
        var idle: XSyncCounter = 0
        if let list = XSyncListSystemCounters(display, &count) {
            for i in 0..<Int(count) where String(cString: list[i].name) == "IDLETIME" { idle = list[i].counter }
            XSyncFreeSystemCounterList(list)
        }
        let base = window & ~Window(0x1F_FFFF)
        var changed = 0
        for id in 1..<Window(0x2000) {
            var attributes = XSyncAlarmAttributes()
            guard XSyncQueryAlarm(display, base | id, &attributes) != 0, attributes.trigger.counter == idle else { continue }
            XSyncIntToValue(&attributes.trigger.wait_value, Int32.max)
            attributes.trigger.test_type = XSyncPositiveTransition
            XSyncChangeAlarm(display, base | id, UInt(XSyncCAValue | XSyncCATestType), &attributes)
            changed += 1
        }
        XSync(display, 0)
        return changed
    }
}
