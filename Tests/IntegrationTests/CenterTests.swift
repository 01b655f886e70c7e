import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// The notification centre on a real X server: its place beside a dock, its text in the
    /// pixels, the wheel and the keys through XTest, and the ways it closes.
    @Suite struct CenterTests {
        /// A dock window reserving 48 px at the right edge and 30 at the top (`_NET_WM_STRUT_PARTIAL`).
        func dock(_ probe: XProbe) {
            let d = probe.display
            let w = XCreateSimpleWindow(d, probe.root, 1232, 0, 48, 800, 0, 0, 0)
            var values: [UInt] = [0, 48, 30, 0, 0, 0, 0, 799, 0, 1279, 0, 0]
            let atom = XInternAtom(d, "_NET_WM_STRUT_PARTIAL", 0)
            values.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(d, w, atom, XA_CARDINAL, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 12)
            }
            XMapWindow(d, w)
            XSync(d, 0)
        }

        /// The panel: the one xtoast window as tall as the work area.
        func panel(_ probe: XProbe) -> XProbe.CardWindow? { probe.cards().first { $0.frame.height == 770 } }

        /// Pixels of the list (below the header) in the theme's text colour: titles' ink.
        func titleInk(_ probe: XProbe, _ frame: Rect) throws -> Int {
            let c = try probe.capture(x: Int(frame.x), y: 160, width: Int(frame.width), height: 600)
            return c.pixels.filter { colorDistance($0, Palette.dark.text) < 40 }.count
        }

        @Test("beside a dock: the full height of the work area at its right edge; titles in the pixels; wheel, keys, Escape and a click outside")
        func panelOnScreen() throws {
            let screen = try OwnScreen(config: "[center]\ngroup = none\n", before: dock)
            let (daemon, probe) = (screen.daemon, screen.probe)
            for i in 0..<30 { _ = try daemon.show(["--timeout", "0.05", "--title", "Ledger entry \(i)", "--app", "app\(i % 3)", "message \(i)"]) }
            try waitUntil("the toasts to end") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var resting: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = panel(probe)
                defer { resting = now }
                return now != nil && now == resting && now?.frame.x == 812
            }
            let frame = try #require(resting).frame
            #expect(frame == Rect(x: 812, y: 30, width: 420, height: 770))
            #expect(try titleInk(probe, frame) > 200, "titles are drawn")

            // The wheel scrolls the list: what shows below the header changes.
            let before = try probe.capture(x: 812, y: 160, width: 420, height: 600).pixels
            probe.movePointer(to: Point(x: 1000, y: 400))
            for _ in 0..<10 { probe.button(5, down: true); probe.button(5, down: false) }
            try waitUntil("the list to scroll") { try probe.capture(x: 812, y: 160, width: 420, height: 600).pixels != before }

            // Shift+C clears everything: no title is left.
            probe.key("shift+C")
            try waitUntil("the list to empty") { try titleInk(probe, frame) == 0 }
            #expect(try daemon.xtoast(["history"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"history":[]}"#)

            // Escape closes it.
            probe.key("Escape")
            try waitUntil("the panel to go") { panel(probe) == nil }

            // Opened again, a click outside closes it.
            #expect(try daemon.xtoast(["center"]).status == 0)
            try waitUntil("the panel to show") { panel(probe)?.frame.x == 812 }
            probe.movePointer(to: Point(x: 200, y: 400))
            probe.button(1, down: true)
            probe.button(1, down: false)
            try waitUntil("the panel to go") { panel(probe) == nil }
        }

        @Test("while open, a toast goes into it: no card, and its owner hears shown then dismissed center")
        func toastIntoOpenPanel() throws {
            let screen = try OwnScreen(before: dock)
            let (daemon, probe) = (screen.daemon, screen.probe)
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            try waitUntil("the panel to show") { panel(probe)?.frame.x == 812 }
            let r = try daemon.xtoast(["show", "--wait", "--title", "Into the centre", "hello"])
            #expect(r.stdout.contains("dismissed center") && r.status == 4, "\(r.stdout) \(r.stderr)")
            #expect(probe.cards().count == 1)
            let frame = try #require(panel(probe)).frame
            try waitUntil("its title to be drawn") { try titleInk(probe, frame) > 20 }
        }

        /// Issue 49: the centre's group header draws its application's icon in the first frame
        /// the panel shows, for an application whose icon was decoded only at a card's size (the
        /// header's 16 px was decoded after the first paint, and nothing painted it again).
        @Test("a new application's group header has its icon when the centre first opens")
        func groupHeaderIconAtOnce() throws {
            let screen = try OwnScreen(config: "[center]\ngroup = app\n")
            let (daemon, probe) = (screen.daemon, screen.probe)
            let png = daemon.directory.appendingPathComponent("painter.png")
            let convert = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "64x64", "xc:#ff00ff", png.path],
                                                environment: [:])
            #expect(convert.status == 0, "\(convert.stderr)")
            let id = try daemon.show(["--timeout", "0", "--app", "Painter", "--icon", png.path, "--title", "Saved", "picture.png"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try FoundationTests.restingCards(probe, count: 1)
            #expect(try daemon.xtoast(["dismiss", id]).status == 0)
            try waitUntil("the card to go") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var resting: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = probe.cards().first { $0.frame.height >= 700 }
                defer { resting = now }
                return now != nil && now == resting && (now?.frame.x ?? 0) + (now?.frame.width ?? 0) <= probe.screenSize.width
            }
            let frame = try #require(resting).frame
            let c = try probe.capture(x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height))
            // The icon's pixels, in runs of rows: the first run is the group header's 16 px icon.
            var rows: [Int: (x0: Int, x1: Int)] = [:]
            for y in c.y..<(c.y + c.height) {
                for x in c.x..<(c.x + c.width) where colorDistance(c.at(x, y), 0xFF00FF) < 40 {
                    let r = rows[y] ?? (x, x)
                    rows[y] = (min(r.x0, x), max(r.x1, x))
                }
            }
            let ys = rows.keys.sorted()
            let first = ys.prefix { y in y - (ys.first ?? y) <= 24 && (ys.firstIndex(of: y).map { $0 == 0 || ys[$0 - 1] >= y - 2 } ?? false) }
            let height = (first.last ?? 0) - (first.first ?? 0) + 1
            let width = first.compactMap { rows[$0] }.map { $0.x1 - $0.x0 + 1 }.max() ?? 0
            #expect(!ys.isEmpty && (14...18).contains(height) && (14...18).contains(width),
                    "the header's 16 px icon in the panel as it first rests: first run \(width)×\(height) px of \(ys.count) icon rows")
        }
    }
}
