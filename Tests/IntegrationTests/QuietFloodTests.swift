import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 30: a burst from one application folds into a digest, and coming back from a
    /// pause shows one summary card. The real daemon on a private session bus.
    @Suite struct QuietFloodTests {
        typealias F = FoundationTests

        static func start(config: String) throws -> (PrivateBus, DaemonHarness, XProbe) {
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: config, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            return (bus, daemon, try XProbe())
        }

        @Test("30 notifications from one app in one second: at most 6 cards, one digest counting 25; 30 NotificationClosed when it ends; a second app is not limited")
        func burstFoldsIntoADigest() throws {
            let (bus, daemon, probe) = try Self.start(config: "[general]\nmax_visible = 10\ntimeout = 0\n")
            let signals = try bus.monitor()
            let client = try RawBusClient(address: bus.address)
            let started = Date()
            var ids: [UInt32] = []
            for n in 0..<30 { ids.append(try client.notify(summary: "message \(n)").get()) }
            #expect(Date().timeIntervalSince(started) < 1, "30 calls in one second")
            #expect(Set(ids).count == 30 && !ids.contains(0), "each answered at once with an id of its own: \(ids)")
            let other = try bus.run("notify-send", ["-p", "-a", "mailer", "-t", "0", "Not limited"])
            let otherID = UInt32(other.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(otherID > 0)
            let cards = try F.restingCards(probe, count: 7)
            #expect(cards.count == 7, "5 cards, the digest and the other app's")
            let list = try daemon.xtoast(["list"]).stdout
            #expect(list.contains("raw-client: 25 more"), "\(list)")
            #expect(list.contains("Not limited"))
            let history = try daemon.xtoast(["history"]).stdout
            #expect(history.components(separatedBy: #""reason":"folded""#).count - 1 == 25, "\(history.prefix(600))")
            #expect(signals.signals.isEmpty, "nothing ended yet")
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("31 NotificationClosed") { signals.signals.count >= 31 }
            var reasons: [UInt32: UInt32] = [:]
            for case let .closed(id, reason) in signals.signals { reasons[id] = reason }
            #expect(ids.prefix(5).allSatisfy { reasons[$0] == 3 }, "\(reasons)")
            #expect(ids.suffix(25).allSatisfy { reasons[$0] == 2 }, "folded: reason 2: \(reasons)")
            #expect(reasons[otherID] == 3)
            #expect(signals.signals.count == 31, "no signal for the digest itself: \(signals.signals)")
        }

        @Test("one notification sent three times within 100 ms is one card without ×N; the same 150 ms later counts ×2; all four ids close with the card")
        func echoesAndRepeatsAgree() throws {
            let (bus, daemon, probe) = try Self.start(config: "[general]\ntimeout = 0\n")
            let signals = try bus.monitor()
            let client = try RawBusClient(address: bus.address)
            let started = Date()
            var ids = try (0..<3).map { _ in try client.notify(summary: "Meeting in 5 minutes").get() }
            let sent = Date().timeIntervalSince(started)
            try #require(sent < 0.09, "three calls within the window (\(sent) s)")
            #expect(Set(ids).count == 3 && !ids.contains(0), "each its own id: \(ids)")
            _ = try F.restingCards(probe, count: 1)
            let once = try daemon.xtoast(["list"]).stdout
            #expect(once.contains(#""count":1"#) && !once.contains(#""count":3"#), "copies are one toast: \(once)")
            // Past the window from the first send, the same text is a second notification.
            while Date().timeIntervalSince(started) < 0.15 { usleep(5_000) }
            ids.append(try client.notify(summary: "Meeting in 5 minutes").get())
            try waitUntil("the card to count 2") { try daemon.xtoast(["list"]).stdout.contains(#""count":2"#) }
            #expect(probe.cards().count == 1)
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("4 NotificationClosed") { signals.signals.count >= 4 }
            var closed: Set<UInt32> = []
            for case let .closed(id, _) in signals.signals { closed.insert(id) }
            #expect(closed == Set(ids), "\(signals.signals)")
        }

        @Test("xtoast pause, 10 toasts, xtoast resume: one summary card on screen, 10 dismissed events with reason summarized, kept in history unread")
        func summaryAfterPause() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let watcher = try ProtocolClient(path: daemon.socketPath)
            #expect(try watcher.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            #expect(try daemon.xtoast(["pause"]).status == 0)
            var ids: [String] = []
            for n in 0..<10 { ids.append(try daemon.show(["--app", n < 6 ? "Slack" : "Mail", "--timeout", "0", "message \(n)"])) }
            #expect(probe.cards().isEmpty, "held")
            #expect(try daemon.xtoast(["resume"]).status == 0)
            var ended: [String: String] = [:]
            while ended.count < 10 {
                let event = try watcher.event("dismissed")
                if let id = event["id"]?.string { ended[id] = event["reason"]?.string }
            }
            #expect(ids.allSatisfy { ended[$0] == "summarized" }, "\(ended)")
            let cards = try F.restingCards(probe, count: 1)
            #expect(cards.count == 1, "one card stands for the ten")
            let list = try daemon.xtoast(["list"]).stdout
            #expect(list.contains("While you were away") && list.contains("10 notifications from Slack and Mail"), "\(list)")
            let history = try daemon.xtoast(["history"]).stdout
            #expect(history.components(separatedBy: #""reason":"summarized""#).count - 1 == 10, "\(history.prefix(400))")
            let counts = try daemon.xtoast(["count"]).stdout
            #expect(counts.contains(#""unread":10"#), "\(counts)")
        }
    }
}
