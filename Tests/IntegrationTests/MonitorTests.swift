import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 11: cards on the right monitor, inside its work area, following monitors as
    /// they change, and never showing on a neighbour. Each test has an Xvfb of its own.
    @Suite struct MonitorTests {
        typealias F = FoundationTests

        /// Starts a daemon on a two-monitor display and waits for one resting card per `show`.
        func frames(_ display: PrivateDisplay, _ daemon: DaemonHarness, _ probe: XProbe, _ shows: [[String]]) throws -> [Rect] {
            for args in shows { _ = try daemon.show(["--timeout", "0"] + args) }
            return try F.restingCards(probe, count: shows.count).map(\.frame)
        }

        func inside(_ r: Rect, _ m: Rect) -> Bool { r.x >= m.x && r.y >= m.y && r.maxX <= m.maxX && r.maxY <= m.maxY }

        @Test("two 1920 monitors side by side: every position of each monitor lands inside it, top and bottom centred on it")
        func evenLayout() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let left = Rect(x: 0, y: 0, width: 1920, height: 1080), right = Rect(x: 1920, y: 0, width: 1920, height: 1080)
            for position in Position.allCases {
                let f = try frames(display, daemon, probe, [["-p", position.rawValue, "primary"], ["-p", position.rawValue, "--monitor", "RIGHT", "right"]])
                let onLeft = try #require(f.first { $0.x < 1920 }), onRight = try #require(f.first { $0.x >= 1920 })
                #expect(inside(onLeft, left) && inside(onRight, right), "\(position): \(f)")
                if position.horizontal == 0 {
                    #expect(onLeft.midX == 960 && onRight.midX == 1920 + 960, "\(position) is centred on its monitor: \(f)")
                }
                _ = try daemon.xtoast(["dismiss", "--all"])
                try waitUntil("the cards to leave") { probe.cards().isEmpty }
            }
        }

        @Test("a 2560x1440 monitor beside a 1280x1024 one: bottom-right rests inside the smaller one, not below it")
        func unevenLayout() throws {
            let display = try PrivateDisplay(size: "3840x1440")
            try display.setMonitors(["*LEFT 2560x1440+0+0", "RIGHT 1280x1024+2560+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let f = try frames(display, daemon, probe, [["-p", "bottom-right", "--monitor", "1", "small"]])
            #expect(f.first?.maxX == 3840 - 16 && f.first?.maxY == 1024 - 16, "\(f)")
        }

        @Test("--monitor with a name no monitor has: shown by the follow rule, with a warning")
        func unknownMonitor() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["LEFT 1920x1080+0+0", "*RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let r = try daemon.xtoast(["show", "--monitor", "HDMI-9", "--timeout", "0", "where?"])
            #expect(r.status == 0 && r.stderr.contains("no monitor \"HDMI-9\""), "\(r.stderr)")
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            #expect(f.x >= 1920, "the primary monitor is RIGHT: \(f)")
        }

        @Test("follow = mouse: a toast goes to the monitor under the pointer")
        func followMouse() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(config: "[general]\nfollow = mouse\n", display: display.name)
            let probe = try XProbe(display.name)
            probe.movePointer(to: Point(x: 2500, y: 500))
            var f = try frames(display, daemon, probe, [["on the right"]])
            #expect(f.first.map { $0.x >= 1920 } == true, "\(f)")
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            probe.movePointer(to: Point(x: 300, y: 500))
            f = try frames(display, daemon, probe, [["on the left"]])
            #expect(f.first.map { $0.maxX <= 1920 } == true, "\(f)")
        }

        @Test("a removed monitor's cards spring onto the one that remains, and the change is logged")
        func monitorsChange() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            _ = try frames(display, daemon, probe, [["--monitor", "RIGHT", "moving"]])
            try display.run("xrandr", ["--delmonitor", "RIGHT"])
            try waitUntil("the card to spring onto LEFT") {
                probe.cardsOnScreen().first.map { $0.frame.x == 1920 - 16 - 360 && $0.frame.y == 16 } ?? false
            }
            #expect(daemon.log.contains("the screen changed"), "\(daemon.log)")
        }

        @Test("a resized screen is honoured at once: the card springs to the new right edge, and a log line says so")
        func screenResize() throws {
            let display = try PrivateDisplay(size: "3840x1440")
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let before = try frames(display, daemon, probe, [["wide"]])
            #expect(before.first.map(\.x) == 3464, "\(before)")
            // Xvfb's one output gets a smaller mode, then the screen shrinks to it.
            try display.run("xrandr", ["--newmode", "1920x1080", "173.00", "1920", "2048", "2248", "2576", "1080", "1083", "1088", "1120"])
            try display.run("xrandr", ["--addmode", "screen", "1920x1080"])
            try display.run("xrandr", ["--output", "screen", "--mode", "1920x1080"])
            try display.run("xrandr", ["--fb", "1920x1080"])
            try waitUntil("the card to spring inside the smaller screen") {
                probe.cardsOnScreen().first.map { $0.frame.x == 1920 - 16 - 360 && $0.frame.y == 16 } ?? false
            }
            _ = try daemon.show(["--timeout", "0", "new"])
            let after = try F.restingCards(probe, count: 2).map(\.frame)
            #expect(after.allSatisfy { $0.maxX == 1920 - 16 }, "\(after)")
            #expect(daemon.log.contains("screen 1920x1080"), "\(daemon.log)")
        }

        @Test("_NET_WORKAREA from a panel: top cards rest below it, 16 px under y=40")
        func workArea() throws {
            let display = try PrivateDisplay(size: "1280x800")
            try display.run("xprop", ["-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0, 40, 1280, 760"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            var f = try frames(display, daemon, probe, [["under the panel"]])
            #expect(f.first?.y == 56, "\(f)")
            // The panel goes: the next card lays out without it.
            try display.run("xprop", ["-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0, 0, 1280, 800"])
            try waitUntil("the card to move up to 16") { probe.cardsOnScreen().first?.frame.y == 16 }
            f = try F.restingCards(probe, count: 1).map(\.frame)
            #expect(f.first?.y == 16)
        }

        @Test("issue 17: a _NET_CURRENT_DESKTOP no desktop has (2147483648, which Xlib sign-extends) stops neither a start nor a work-area change")
        func bogusCurrentDesktop() throws {
            let display = try PrivateDisplay(size: "1280x800")
            try display.run("xprop", ["-root", "-f", "_NET_CURRENT_DESKTOP", "32c", "-set", "_NET_CURRENT_DESKTOP", "2147483648"])
            try display.run("xprop", ["-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0, 40, 1280, 760"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let f = try frames(display, daemon, probe, [["under the panel"]])
            #expect(f.first?.y == 56, "the first desktop's work area counts: \(f)")
            for desktop in ["4294967295", "2147483648"] {
                try display.run("xprop", ["-root", "-f", "_NET_CURRENT_DESKTOP", "32c", "-set", "_NET_CURRENT_DESKTOP", desktop])
                try display.run("xprop", ["-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0, \(desktop.count * 8), 1280, 700"])
            }
            try waitUntil("the card to move down to 96") { probe.cardsOnScreen().first?.frame.y == 96 }
            #expect(try daemon.xtoast(["ping"]).status == 0, "the daemon still answers: \(daemon.log)")
            _ = try daemon.show(["--timeout", "0", "placed after"])
            let after = try F.restingCards(probe, count: 2).map(\.frame)
            #expect(after.contains { $0.y == 96 }, "\(after)")
        }

        @Test("a 640 px monitor beside a wide one: top-left, top and top-right cards on it never overlap; a 2000 px card fits it")
        func narrowMonitor() throws {
            let display = try PrivateDisplay(size: "2560x1080")
            try display.setMonitors(["*NARROW 640x480+0+0", "WIDE 1920x1080+640+0"])
            let daemon = try DaemonHarness(config: "[card]\nwidth = 2000\n", display: display.name)
            let probe = try XProbe(display.name)
            let f = try frames(display, daemon, probe, [["-p", "top-left", "left"], ["-p", "top", "centre"], ["-p", "top-right", "right"]])
            let narrow = Rect(x: 16, y: 16, width: 608, height: 448)
            for (i, a) in f.enumerated() {
                #expect(inside(a, narrow), "\(a) reaches past the narrow monitor less its margins")
                for b in f[(i + 1)...] { #expect(WorkArea.intersection(a, b) == nil, "\(a) and \(b) overlap") }
            }
            #expect(f.allSatisfy { $0.width == 608 }, "\(f)")
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("the cards to leave") { probe.cards().isEmpty }
            // On the wide monitor the configured width stays, up to its own work area.
            let wide = try frames(display, daemon, probe, [["--monitor", "WIDE", "wide"]])
            #expect(wide.first?.width == Double(1920 - 32), "\(wide)")
        }

        @Test("a card entering at an edge shared with a neighbour never shows on the neighbour")
        func clippedAtTheSeam() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            probe.setRootColor(0x000000)
            _ = try daemon.show(["--timeout", "0", "-k", "success", "entering from the seam"])
            // Sample a strip just right of the seam while the card slides in from it.
            var ink = 0, samples = 0
            let deadline = Date().addingTimeInterval(0.6)
            while Date() < deadline {
                let strip = try probe.capture(x: 1920, y: 16, width: 40, height: 40)
                ink += strip.pixels.filter { $0 != 0 }.count
                samples += 1
            }
            #expect(samples > 5)
            #expect(ink == 0, "card pixels showed on RIGHT")
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            #expect(f.maxX == 1920 - 16)
        }

        @Test("under a compositor with shadows, a card cut at the seam is cut by its bounding shape, so its shadow stops there too",
              arguments: ["compositor", "own"])
        func clippedShapeUnderACompositor(_ shadow: String) throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let compositor = Process()
            compositor.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
            compositor.arguments = ["-c"]  // client-side shadows, drawn from each window's shape
            compositor.environment = ["DISPLAY": display.name]
            compositor.standardOutput = FileHandle.nullDevice
            compositor.standardError = FileHandle.nullDevice
            try compositor.run()
            // Processes started from test threads inherit a mask that blocks SIGTERM.
            defer { kill(compositor.processIdentifier, SIGKILL); compositor.waitUntilExit() }
            let probe = try XProbe(display.name)
            try waitUntil("the compositor to start") { probe.compositorRunning }
            let daemon = try DaemonHarness(config: "[card]\nshadow = \(shadow)\n", display: display.name)
            _ = try daemon.show(["--timeout", "0", "-k", "success", "entering from the seam"])
            // While the card slides in across the seam, its shape ends at the seam.
            var crossing = 0, seen: [Rect] = []
            let deadline = Date().addingTimeInterval(0.8)
            while Date() < deadline {
                for card in probe.cards() where card.frame.x < 1920 && card.frame.maxX > 1920 {
                    // The frame read again after the shape: the card moves between requests.
                    guard let maxX = probe.boundingShapeMaxX(of: card.window),
                          probe.cards().first(where: { $0.window == card.window })?.frame == card.frame else { continue }
                    crossing += 1
                    seen.append(card.frame)
                    #expect(card.frame.x + Double(maxX) <= 1920, "shape reaches \(card.frame.x + Double(maxX)) past the seam: \(card.frame)")
                }
            }
            #expect(crossing >= 3, "saw the card across the seam \(crossing) times: \(seen), now \(probe.cards().map(\.frame))")
        }

        @Test("cards carry the window manners tools read: _NET_WM_NAME, _NET_WM_PID, WM_CLASS xtoast/Xtoast, notification type")
        func windowManners() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let card = try #require(try frames(display, daemon, probe, [["manners"]]).first)
            _ = card
            let window = try #require(probe.cards().first?.window)
            let props = try display.run("xprop", ["-id", String(window)])
            #expect(props.contains(#"WM_CLASS(STRING) = "xtoast", "Xtoast""#), "\(props)")
            #expect(props.contains(#"_NET_WM_NAME(UTF8_STRING) = "xtoast""#))
            #expect(props.contains("_NET_WM_PID(CARDINAL) = \(daemon.process.processIdentifier)"))
            #expect(props.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_NOTIFICATION"))
            #expect(props.contains("WM_CLIENT_MACHINE(STRING)"))
        }
    }
}
