import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 18: rules on the real daemon, the real bus (notify-send) and the real client.
    @Suite struct RulesTests {
        typealias F = FoundationTests

        /// In file order: a bad rule (ignored, the rest applies), a mute, everything but Mailer
        /// briefly, and the battery rule, later, so its timeout wins for its toasts.
        static let config = """
            [rule broken]
            match app ~ (unclosed
            kind = error

            [rule spammy]
            match app = Spammy
            skip = display

            [rule brief]
            match app != Mailer
            timeout = 1

            [rule battery]
            match summary ~ ^Battery
            kind = error
            position = bottom-left
            timeout = 0
            """

        static func start() throws -> (PrivateBus, DaemonHarness, XProbe) {
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: config, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            return (bus, daemon, try XProbe())
        }

        static func history(_ daemon: DaemonHarness) throws -> String { try daemon.xtoast(["history"]).stdout }

        @Test("skip = display, app != Mailer with timeout 1, a battery rule's kind and position on screen, a bad rule costing only itself")
        func rulesOnTheBus() throws {
            let (bus, daemon, probe) = try Self.start()
            defer { daemon.stop() }
            #expect(daemon.log.contains("config:2: match app ~: bad regular expression"), "\(daemon.log)")
            let signals = try bus.monitor()

            // Muted: an id, no card, in history as skipped, NotificationClosed 2.
            let spam = try bus.run("notify-send", ["-p", "-a", "Spammy", "Buy now", "cheap"])
            let spamID = spam.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(spam.status == 0 && UInt32(spamID) != nil, "\(spam.stderr)")
            try waitUntil("the skipped toast in history") { try Self.history(daemon).contains(#""id":"\#(spamID)""#) }
            let history = try Self.history(daemon)
            #expect(history.contains(#""reason":"skipped""#) && history.contains(#""rules":["spammy","brief"]"#), "\(history)")
            try signals.wait(for: [.closed(id: UInt32(spamID) ?? 0, reason: 2)])
            #expect(probe.cards().isEmpty)

            // Everything but Mailer ends after a second; Mailer keeps its own "never".
            _ = try bus.run("notify-send", ["-a", "Mailer", "-t", "0", "Mail", "for you"])
            _ = try F.restingCards(probe, count: 1)
            let start = Date()
            _ = try bus.run("notify-send", ["-a", "Chat", "Hi", "there"])
            _ = try F.restingCards(probe, count: 2)
            try waitUntil("the chat toast to time out", timeout: 3) { probe.cards().count == 1 }
            #expect(Date().timeIntervalSince(start) < 2.5, "the default is 4 s; the rule said 1")
            #expect(try Self.history(daemon).contains(#""message":"there","kind":"info","reason":"timeout""#))
            #expect(try daemon.xtoast(["list"]).stdout.contains("for you"))
            try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("cards to leave") { probe.cards().isEmpty }

            // The battery rule: an error card at the bottom left, in the error colour.
            _ = try bus.run("notify-send", ["-a", "Power", "Battery low", "5% left"])
            let card = try #require(try F.restingCards(probe, count: 1).first).frame
            let screen = probe.screenSize
            #expect(card.x == 16 && card.maxY == screen.height - 16, "\(card) on \(screen)")
            let border = try probe.pixel(Int(card.midX), Int(card.y))
            #expect(colorDistance(border, Kind.error.defaultColor) <= 12, "\(String(border, radix: 16))")
            #expect(colorDistance(border, Kind.info.defaultColor) > 60)
            try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("cards to leave") { probe.cards().isEmpty }
        }

        @Test("xtoast rule NAME disable at run time; xtoast rules lists it; rules --test asks the daemon, then reads the file")
        func runTimeAndTest() throws {
            let (bus, daemon, probe) = try Self.start()
            defer { daemon.stop() }
            _ = try bus.run("notify-send", ["-a", "Spammy", "One"])
            let disabled = try daemon.xtoast(["rule", "SPAMMY", "disable"])
            #expect(disabled.status == 0 && disabled.stdout.contains(#""enabled":false"#), "\(disabled.stderr)")
            #expect(try daemon.xtoast(["rule", "nope", "enable"]).status == 1)
            let listed = try daemon.xtoast(["rules"]).stdout
            #expect(listed.contains(#"{"name":"spammy","enabled":false,"matched":1,"where":"#), "\(listed)")
            #expect(!listed.contains(#""name":"broken""#))

            // Disabled: it shows (and, by the brief rule, times out).
            _ = try bus.run("notify-send", ["-a", "Spammy", "Two"])
            try waitUntil("Two to show and time out", timeout: 4) {
                try Self.history(daemon).contains(#""title":"Two","message":"","kind":"info","reason":"timeout""#)
            }

            // The daemon's answer counts the run-time disable, and counts nothing.
            let asked = try daemon.xtoast(["rules", "--test", "--app", "Spammy", "--source", "dbus", "-t", "Battery", "1%"])
            #expect(asked.status == 0 && asked.stdout.contains(#""matched":["brief","battery"]"#), "\(asked.stdout) \(asked.stderr)")
            #expect(asked.stdout.contains(#""position":"bottom-left""#) && asked.stdout.contains(#""kind":"error""#))
            #expect(try daemon.xtoast(["rules"]).stdout.contains(#""name":"battery","enabled":true,"matched":0"#))
            let list = try daemon.xtoast(["list"]).stdout, after = try Self.history(daemon)
            #expect(!list.contains("1%") && !after.contains("1%"), "nothing shown")
            // Two's card may still be sliding out after its timeout was recorded.
            try waitUntil("no card on screen") { probe.cards().isEmpty }

            // No daemon: the client reads the config file itself (the file's word: spammy is on).
            daemon.stop()
            let alone = try daemon.xtoast(["rules", "--test", "--app", "Spammy", "hello"])
            #expect(alone.status == 0 && alone.stdout.contains(#""matched":["spammy","brief"]"#), "\(alone.stdout) \(alone.stderr)")
            #expect(alone.stdout.contains(#""action":"skip-display""#) && alone.stderr.contains("bad regular expression"))
        }
    }
}
