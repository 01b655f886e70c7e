import Foundation
import Testing
import ToastCore

extension Integration {
    /// Changes while the daemon runs: the config reloaded (command and SIGHUP), a compositor
    /// starting and stopping. Cards already on screen follow.
    @Suite struct LiveChangesTests {
        typealias F = FoundationTests

        /// xcompmgr on the test display (no shadows of its own); stop it with SIGKILL.
        static func startCompositor() throws -> Process {
            let compositor = Process()
            compositor.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
            compositor.environment = ["DISPLAY": TestDisplay.name]
            compositor.standardOutput = FileHandle.nullDevice
            compositor.standardError = FileHandle.nullDevice
            try compositor.run()
            return compositor
        }

        static func writeConfig(_ daemon: DaemonHarness, _ text: String) throws {
            let url = daemon.directory.appendingPathComponent("config/xtoast/config")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        /// Brightness of the card's fill, a little inside its left edge.
        static func fill(_ probe: XProbe, _ card: XProbe.CardWindow) throws -> UInt32 {
            try probe.pixel(Int(card.frame.maxX) - 30, Int(card.frame.midY))
        }

        static func luminance(_ rgb: UInt32) -> Int { Int(rgb >> 16 & 0xFF) + Int(rgb >> 8 & 0xFF) + Int(rgb & 0xFF) }

        @Test("xtoast reload restyles cards on screen; a bad line is reported with file and line, the rest applies")
        func reloadCommand() throws {
            let daemon = try DaemonHarness(config: "[general]\ntheme = dark\n")
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try daemon.show(["--timeout", "0", "--title", "Theme", "dark, then light"])
            let card = try #require(try F.restingCards(probe, count: 1).first)
            #expect(Self.luminance(try Self.fill(probe, card)) < 200, "a dark card")
            try Self.writeConfig(daemon, "[general]\ntheme = light\nnot a line\n[card]\nwidth = 420\n")
            let r = try daemon.xtoast(["reload"])
            #expect(r.status == 0)
            #expect(r.stderr.contains("config:3:"), "the warning names the line: \(r.stderr)")
            try waitUntil("the card to turn light and wider") {
                guard let c = probe.cardsOnScreen().first, c.frame.width == 420 else { return false }
                return Self.luminance(try Self.fill(probe, c)) > 600
            }
        }

        @Test("SIGHUP reloads the config through the poll loop")
        func sighup() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try daemon.show(["--timeout", "0", "hello"])
            _ = try F.restingCards(probe, count: 1)
            try Self.writeConfig(daemon, "[colors]\ninfo = #00FF00\n")
            kill(daemon.process.processIdentifier, SIGHUP)
            try waitUntil("the border to take the new colour") {
                guard let c = probe.cardsOnScreen().first else { return false }
                return colorDistance(try probe.pixel(Int(c.frame.midX), Int(c.frame.y)), 0x00FF00) <= 12
            }
            #expect(daemon.process.isRunning)
        }

        @Test("a compositor starting switches cards to ARGB windows, and back to XShape when it stops")
        func compositorSwitch() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try daemon.show(["--timeout", "0", "--kind", "success", "composited"])
            let before = try #require(try F.restingCards(probe, count: 1).first)
            #expect(probe.depth(of: before.window) == 24)
            let compositor = try Self.startCompositor()
            // Processes started from test threads inherit a mask that blocks SIGTERM: use SIGKILL.
            defer { if compositor.isRunning { kill(compositor.processIdentifier, SIGKILL); compositor.waitUntilExit() } }
            try waitUntil("the card to move to a 32-bit window") {
                probe.cardsOnScreen().first.map { probe.depth(of: $0.window) == 32 } ?? false
            }
            let after = try #require(probe.cardsOnScreen().first)
            #expect(after.frame == before.frame)
            // The compositor's own shadow (the default) follows the rounded card: the window is
            // shaped to it, with no transparent margin for a shadow to frame.
            #expect(probe.boundingRectangleCount(of: after.window) > 10)
            // Composited, the corner is drawn by the compositor: transparent, so the root shows.
            try waitUntil("the corner to show the root through the ARGB alpha") {
                try probe.pixel(Int(after.frame.x), Int(after.frame.y)) == probe.rootPixel
            }
            // Under the compositor a new card fades in as it slides, and fades out as it leaves.
            _ = try daemon.show(["--timeout", "0", "--id", "fading", "fading in"])
            var seen: [Double] = []
            try waitUntil("the new card to fade in fully") {
                guard let w = probe.cards().first(where: { $0.window != after.window })?.window,
                      let o = probe.opacity(of: w) else { return false }
                if seen.last != o { seen.append(o) }
                return o == 1
            }
            #expect(seen.contains { $0 > 0 && $0 < 1 }, "opacities seen while entering: \(seen)")
            let fading = try #require(probe.cards().first { $0.window != after.window })
            try daemon.xtoast(["dismiss", "fading"])
            var leaving: [Double] = []
            try waitUntil("the card to fade out and go") {
                if let o = probe.opacity(of: fading.window), leaving.last != o { leaving.append(o) }
                return !probe.cards().contains { $0.window == fading.window }
            }
            #expect(leaving.contains { $0 > 0 && $0 < 1 }, "opacities seen while leaving: \(leaving)")

            kill(compositor.processIdentifier, SIGKILL)
            compositor.waitUntilExit()
            try waitUntil("the card to go back to a shaped 24-bit window") {
                probe.cardsOnScreen().first.map { probe.depth(of: $0.window) == 24 } ?? false
            }
            #expect(daemon.log.contains("compositor stopped"))
        }

        @Test("shadow = own: under a compositor the accent card draws its shadow in a margin, unshaped; the default draws none")
        func ownShadow() throws {
            let compositor = try Self.startCompositor()
            defer { kill(compositor.processIdentifier, SIGKILL); compositor.waitUntilExit() }
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            try waitUntil("the compositor to take the selection") { probe.compositorRunning }
            for (config, margin) in [("[card]\nshadow = own\n", true), ("", false)] {
                let daemon = try DaemonHarness(config: config)
                _ = try daemon.show(["--timeout", "0", "--style", "accent", "shadowed"])
                try waitUntil("an ARGB card at rest") {
                    probe.cardsOnScreen().first.map { probe.depth(of: $0.window) == 32 } ?? false
                }
                let card = try #require(try F.restingCards(probe, count: 1).first)
                #expect((card.frame.width > 360) == margin, "\(config): \(card.frame)")
                #expect((probe.boundingRectangleCount(of: card.window) == 1) == margin)
                daemon.stop()
                try waitUntil("the card to go") { probe.cards().isEmpty }
            }
        }
    }
}
