import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 31, the desktop's settings: a real settings daemon (`xsettingsd`) publishes
    /// XSETTINGS on the test display, and the cards follow what it says, at start and while
    /// they run.
    @Suite struct DesktopSettingsTests {
        typealias F = FoundationTests

        /// xsettingsd on the test display with `settings` (its own file format, one
        /// `Name value` a line); stopped by `stop()` or when dropped.
        final class SettingsDaemon {
            let process = Process()
            let file: URL

            init(_ settings: String) throws {
                guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd") else {
                    throw TestFailure("xsettingsd is not installed (scripts/lib/common.sh lists it)")
                }
                file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xsettingsd-\(UUID().uuidString.prefix(8))")
                try settings.write(to: file, atomically: true, encoding: .utf8)
                // The test runner's threads block signals, and a child inherits that mask: through
                // Python, xsettingsd starts with SIGHUP (reload) and SIGTERM as they should be.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = ["-c", "import os, signal; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                                     + "[signal.signal(s, signal.SIG_DFL) for s in (signal.SIGHUP, signal.SIGTERM)]; "
                                     + "os.execv('/usr/bin/xsettingsd', ['xsettingsd', '-c', '\(file.path)'])"]
                process.environment = ["DISPLAY": TestDisplay.name]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                let probe = try XProbe()
                try waitUntil("xsettingsd to own _XSETTINGS_S0") { Self.owner(probe) != 0 }
            }

            /// Changes the settings: xsettingsd reads its file again on SIGHUP.
            func change(_ settings: String) throws {
                try settings.write(to: file, atomically: true, encoding: .utf8)
                kill(process.processIdentifier, SIGHUP)
            }

            func stop() {
                guard process.isRunning else { return }
                process.terminate()
                process.waitUntilExit()
                try? FileManager.default.removeItem(at: file)
                if let probe = try? XProbe() { try? waitUntil("_XSETTINGS_S0 to have no owner") { Self.owner(probe) == 0 } }
            }

            deinit { stop() }

            static func owner(_ probe: XProbe) -> Window {
                XGetSelectionOwner(probe.display, XInternAtom(probe.display, "_XSETTINGS_S\(probe.screen)", 0))
            }
        }

        /// Every distinct frame the card's window had from its first appearance until it
        /// has been still for `settle` seconds.
        static func framesWhileAppearing(_ probe: XProbe, settle: Double = 0.4) throws -> [Rect] {
            var frames: [Rect] = []
            var stillSince = Date()
            try waitUntil("a card to appear and stay still", timeout: 5) {
                guard let card = probe.cards().first else { return false }
                if frames.last != card.frame {
                    frames.append(card.frame)
                    stillSince = Date()
                }
                return Date().timeIntervalSince(stillSince) > settle
            }
            return frames
        }

        @Test("with Gtk/EnableAnimations 0 a card appears without moving: its window's frame is the same in every sample, its rest frame")
        func reducedMotionAtStart() throws {
            let settings = try SettingsDaemon("Gtk/EnableAnimations 0\n")
            defer { settings.stop() }
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            try waitUntil("the daemon to say motion is reduced") { daemon.log.contains("reduced motion") }
            _ = try daemon.show(["--timeout", "0", "--title", "Still", "appears in place"])
            let frames = try Self.framesWhileAppearing(probe)
            #expect(frames.count == 1, "frames seen: \(frames)")
            #expect(frames.first?.x == 904 && frames.first?.y == 16, "frames seen: \(frames)")
            // It goes in place too: never seen anywhere else before its window is gone.
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("the card to go") {
                if let card = probe.cards().first { #expect(card.frame == frames.first); return false }
                return true
            }
        }

        @Test("the daemon follows the desktop while it runs: a settings daemon that starts, then changes its mind")
        func followsTheDesktopLive() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            // Without a settings daemon, cards slide in: the control for what follows.
            _ = try daemon.show(["--timeout", "0", "slides"])
            #expect(try Self.framesWhileAppearing(probe).count > 1)
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("no card left") { probe.cards().isEmpty }

            // A settings daemon appears (the selection's new owner): motion is reduced.
            let settings = try SettingsDaemon("Gtk/EnableAnimations 0\n")
            defer { settings.stop() }
            try waitUntil("the daemon to hear the desktop") { daemon.log.contains("reduced motion: cards appear and vanish in place") }
            _ = try daemon.show(["--timeout", "0", "still"])
            #expect(try Self.framesWhileAppearing(probe).count == 1)
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("no card left") { probe.cards().isEmpty }

            // It changes its setting (a PropertyNotify on its window): cards slide again.
            try settings.change("Gtk/EnableAnimations 1\n")
            try waitUntil("the daemon to hear the change") { daemon.log.contains("motion: cards slide again") }
            _ = try daemon.show(["--timeout", "0", "slides again"])
            #expect(try Self.framesWhileAppearing(probe).count > 1)
        }

        @Test("another client's garbage in _XSETTINGS_SETTINGS reads as no settings: the daemon lives on, and cards slide again")
        func hostileSettingsBlob() throws {
            let settings = try SettingsDaemon("Gtk/EnableAnimations 0\n")
            defer { settings.stop() }
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            try waitUntil("the daemon to say motion is reduced") { daemon.log.contains("reduced motion") }
            // A count of four billion settings and a name length past the end.
            var garbage: [UInt8] = [0, 0, 0, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF]
            garbage += [UInt8](repeating: 0xAB, count: 64)
            let owner = SettingsDaemon.owner(probe)
            let property = XInternAtom(probe.display, "_XSETTINGS_SETTINGS", 0)
            XChangeProperty(probe.display, owner, property, property, 8, PropModeReplace, garbage, Int32(garbage.count))
            XFlush(probe.display)
            try waitUntil("the daemon to read the blob as no settings") { daemon.log.contains("motion: cards slide again") }
            _ = try daemon.show(["--timeout", "0", "still alive"])
            #expect(try Self.framesWhileAppearing(probe).count > 1, "it slides in: no settings")
        }

        /// The card's fill (just inside its left border), its border (on the left edge, half
        /// way down) and the colour in its interior that stands furthest from the fill: what
        /// a reader sees as the text.
        static func measure(_ probe: XProbe, _ card: XProbe.CardWindow) throws -> (fill: UInt32, border: UInt32, text: UInt32) {
            let f = card.frame
            let fill = try probe.pixel(Int(f.x) + 6, Int(f.midY))
            let border = try probe.pixel(Int(f.x), Int(f.midY))
            let inner = try probe.capture(x: Int(f.x) + 4, y: Int(f.y) + 4, width: Int(f.width) - 8, height: Int(f.height) - 8)
            let text = inner.pixels.max { ColorContrast.ratio($0, fill) < ColorContrast.ratio($1, fill) } ?? fill
            return (fill, border, text)
        }

        @Test("high contrast: with the desktop's HighContrast theme, text and border measure 7:1 or more against the fill, over the user's grey on grey")
        func highContrastFromPixels() throws {
            // The user's own colours read at about 2:1: the high-contrast theme wins over them.
            let daemon = try DaemonHarness(config: "[card]\nbackground = #404040\nforeground = #7A7A7A\nframe_color = #5A5A5A\n")
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try daemon.show(["--timeout", "0", "--title", "Contrast", "measured from the screen's pixels"])
            let card = try #require(try F.restingCards(probe, count: 1).first)
            // The control: without the desktop's theme the same measure finds less than 7:1.
            let before = try Self.measure(probe, card)
            #expect(ColorContrast.ratio(before.text, before.fill) < 7, "text \(before)")
            #expect(ColorContrast.ratio(before.border, before.fill) < 7, "border \(before)")

            let settings = try SettingsDaemon("Net/ThemeName \"HighContrast\"\n")
            defer { settings.stop() }
            try waitUntil("the card to restyle", timeout: 5) {
                guard let c = probe.cardsOnScreen().first else { return false }
                return try Self.measure(probe, c).fill != before.fill
            }
            let after = try Self.measure(probe, try #require(probe.cardsOnScreen().first))
            #expect(ColorContrast.ratio(after.text, after.fill) >= 7, "text \(after)")
            #expect(ColorContrast.ratio(after.border, after.fill) >= 7, "border \(after)")
            #expect(daemon.log.contains("high contrast: cards use the high-contrast theme"))
            #expect(daemon.log.contains("high contrast: #7A7A7A on #404040"), "one line says the user's colours gave way: \(daemon.log)")
        }
    }
}
