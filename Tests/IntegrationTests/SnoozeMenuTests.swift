import Foundation
import JSONCodec
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 30, "Snooze an app. From a card (a small menu on right click or a key in focus
    /// mode) and from the centre": XTest clicks open the menu, pick "for 1 hour", and the
    /// app's next toast goes straight to history as `snoozed`.
    @Suite struct SnoozeMenuTests {
        typealias F = FoundationTests

        /// Saves the screen as a PNG under `XTOAST_TEST_SCREENSHOTS` when that is set (to look
        /// at the menu as a user sees it); nothing otherwise.
        static func screenshot(_ name: String) {
            guard let dir = ProcessInfo.processInfo.environment["XTOAST_TEST_SCREENSHOTS"], !dir.isEmpty else { return }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            p.arguments = ["-display", TestDisplay.name, "-window", "root", "\(dir)/\(name).png"]
            try? p.run()
            p.waitUntilExit()
        }

        /// The bounding box of the pixels that differ between two captures of one area, in screen coordinates.
        static func changed(_ a: XProbe.Capture, _ b: XProbe.Capture) -> Rect? {
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<a.height {
                for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * a.width + x] {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            guard maxX >= 0 else { return nil }
            return Rect(x: Double(a.x + minX), y: Double(a.y + minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
        }

        /// The middle of the menu's row `i` (of 3) in a box at `box`: rows stack under 4 px of padding.
        static func row(_ i: Int, of box: Rect) -> Point {
            let height = (box.height - 8) / 3
            return Point(x: box.x + box.width / 2, y: box.y + 4 + height * (Double(i) + 0.5))
        }

        static func middle(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

        static func rightClick(_ probe: XProbe, at p: Point) {
            probe.movePointer(to: p)
            probe.button(3, down: true)
            probe.button(3, down: false)
        }

        /// Waits for the popup: the daemon's window that is not `card`.
        static func popup(_ probe: XProbe, besides card: XProbe.CardWindow) throws -> XProbe.CardWindow {
            var found: XProbe.CardWindow?
            try waitUntil("the snooze menu to map") {
                found = probe.cards().first { $0.window != card.window }
                return found != nil
            }
            return try #require(found)
        }

        @Test("a right click on a card opens the snooze menu beside the pointer; a click on 'for 1 hour' mutes the app, the card closes, its next toast ends snoozed")
        func rightClickForAnHour() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Chatty", "--timeout", "0", "--title", "Lunch?", "Shall we go at noon"]).status == 0)
            let card = try #require(F.restingCards(probe, count: 1).first)
            let at = Self.middle(card.frame)
            Self.rightClick(probe, at: at)
            let menu = try Self.popup(probe, besides: card)
            Self.screenshot("snooze-menu-card")
            #expect(menu.frame.x == at.x + 2 || menu.frame.maxX == at.x - 2, "beside the pointer: \(menu.frame) for \(at)")
            #expect(menu.frame.height >= 3 * 20 && menu.frame.width >= 180, "three rows of text: \(menu.frame)")
            try waitUntil("the menu to hold the keyboard") { !probe.keyboardIsFree() }
            // Its rows have text: ink of the text colour in each row's band.
            let capture = try probe.capture(x: Int(menu.frame.x), y: Int(menu.frame.y), width: Int(menu.frame.width), height: Int(menu.frame.height))
            let background = capture.at(Int(menu.frame.x) + 4, Int(menu.frame.y) + Int(menu.frame.height) / 2)
            for i in 0..<3 {
                let y = Int(Self.row(i, of: menu.frame).y)
                let ink = (Int(menu.frame.x)..<Int(menu.frame.maxX)).filter { colorDistance(capture.at($0, y), background) > 80 }
                #expect(ink.count > 10, "row \(i) has no text")
            }
            #expect(try daemon.xtoast(["list"]).stdout.contains("Lunch?"), "the card stays while the menu is open")

            probe.click(at: Self.row(0, of: menu.frame))
            try waitUntil("the card and the menu to go") { probe.cards().isEmpty }
            #expect(probe.keyboardIsFree(), "the menu let the keyboard go")
            let listed = try daemon.xtoast(["snooze", "--list"]).stdout
            #expect(listed.contains(#""app":"Chatty""#), "\(listed)")
            guard case let .array(items)? = try JSON.parse(listed)["snoozes"], case let .number(until)? = items.first?["until"] else {
                Issue.record("no until in \(listed)")
                return
            }
            #expect(abs(until - Date().timeIntervalSince1970 - 3600) < 120, "for 1 hour")
            #expect(try daemon.xtoast(["show", "--app", "Chatty", "--timeout", "0", "--title", "second", "again"]).status == 0)
            try waitUntil("the second toast in history as snoozed") {
                try SnoozeTests.history(daemon).contains { $0.title == "second" && $0.reason == "snoozed" }
            }
            #expect(probe.cards().isEmpty, "a snoozed app's toast shows no card")
        }

        @Test("'always' from the menu appends the commented [rule snooze N] matching the app to the config file and reloads, as snooze APP always does")
        func always() throws {
            let daemon = try DaemonHarness(config: "[general]\n# mine\n")
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Build bot", "--timeout", "0", "--title", "Build", "failed"]).status == 0)
            let card = try #require(F.restingCards(probe, count: 1).first)
            Self.rightClick(probe, at: Self.middle(card.frame))
            let menu = try Self.popup(probe, besides: card)
            probe.click(at: Self.row(2, of: menu.frame))
            try waitUntil("the card and the menu to go") { probe.cards().isEmpty }
            let config = daemon.directory.appendingPathComponent("config/xtoast/config")
            let text = try String(contentsOf: config, encoding: .utf8)
            #expect(text.hasPrefix("[general]\n# mine\n") && text.contains("[rule snooze 1]\nmatch app = \"Build bot\"\nskip = display\n"), "\(text)")
            #expect(try daemon.xtoast(["rules"]).stdout.contains("snooze 1"), "reloaded")
        }

        @Test("Escape closes the menu and nothing else; so does a press elsewhere; right_click = close_all keeps dunst's meaning")
        func dismissing() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Mail", "--timeout", "0", "--title", "Invoice", "due"]).status == 0)
            let card = try #require(F.restingCards(probe, count: 1).first)
            Self.rightClick(probe, at: Self.middle(card.frame))
            _ = try Self.popup(probe, besides: card)
            try waitUntil("the menu to hold the keyboard") { !probe.keyboardIsFree() }
            probe.key("Escape")
            try waitUntil("the menu to close") { probe.cards().count == 1 }
            #expect(probe.keyboardIsFree())
            // A press far from the menu (on the root) closes it too, and reaches nothing else.
            Self.rightClick(probe, at: Self.middle(card.frame))
            _ = try Self.popup(probe, besides: card)
            probe.click(at: Point(x: 20, y: probe.screenSize.height - 20))
            try waitUntil("the menu to close on a press elsewhere") { probe.cards().count == 1 }
            #expect(try daemon.xtoast(["list"]).stdout.contains("Invoice"), "the card is still there")
            #expect(try daemon.xtoast(["snooze", "--list"]).stdout.contains(#""snoozes":[]"#), "nothing was snoozed")
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("the card to go") { probe.cards().isEmpty }

            // A card with a timeout waits while its menu is open, and times out once it closed
            // and the pointer left (the grab's crossings do not leave it hovered).
            #expect(try daemon.xtoast(["show", "--app", "Mail", "--timeout", "2", "--title", "Brief", "soon gone"]).status == 0)
            let brief = try #require(F.restingCards(probe, count: 1).first)
            Self.rightClick(probe, at: Self.middle(brief.frame))
            _ = try Self.popup(probe, besides: brief)
            Thread.sleep(forTimeInterval: 2.5)
            #expect(try daemon.xtoast(["list"]).stdout.contains("Brief"), "timed out from under its menu")
            probe.click(at: Point(x: 20, y: probe.screenSize.height - 20))
            try waitUntil("the card to time out once the menu closed", timeout: 5) { probe.cards().isEmpty }
            daemon.stop()

            let dunst = try DaemonHarness(config: "[mouse]\nright_click = close_all\n")
            #expect(try dunst.xtoast(["show", "--timeout", "0", "bye"]).status == 0)
            let other = try #require(F.restingCards(probe, count: 1).first)
            Self.rightClick(probe, at: Self.middle(other.frame))
            try waitUntil("close_all to close the card") { probe.cards().isEmpty }
        }

        @Test("focus mode's S opens the menu beside the card; Down, Down, Return mutes the app until tomorrow morning")
        func fromFocusMode() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Builder", "--timeout", "0", "--title", "Build", "passed"]).status == 0)
            let card = try #require(F.restingCards(probe, count: 1).first)
            #expect(try daemon.xtoast(["focus"]).status == 0)
            try waitUntil("focus mode to hold the keyboard") { !probe.keyboardIsFree() }
            probe.key("s")
            let menu = try Self.popup(probe, besides: card)
            let mid = Self.middle(card.frame)
            #expect((menu.frame.x == mid.x + 2 || menu.frame.maxX == mid.x - 2) && (menu.frame.y == mid.y + 2 || menu.frame.maxY == mid.y - 2),
                    "a corner at the card's middle: \(menu.frame) \(card.frame)")
            probe.key("Down")
            probe.key("Down")
            probe.key("Return")
            try waitUntil("the card and the menu to go") { probe.cards().isEmpty }
            let listed = try daemon.xtoast(["snooze", "--list"]).stdout
            guard case let .array(items)? = try JSON.parse(listed)["snoozes"], case let .number(until)? = items.first?["until"] else {
                Issue.record("no until in \(listed)")
                return
            }
            #expect(listed.contains(#""app":"Builder""#))
            let ahead = until - Date().timeIntervalSince1970
            #expect(ahead > 60 && ahead <= 32 * 3600, "until tomorrow at 08:00: \(ahead) s ahead")
        }

        @Test("the centre: a right click on an entry opens the same menu over the list; 'for 1 hour' mutes its app")
        func fromTheCenter() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Mailer", "--timeout", "0", "--title", "Report", "ready"]).status == 0)
            _ = try F.restingCards(probe, count: 1)
            #expect(try daemon.xtoast(["dismiss"]).status == 0)
            try waitUntil("the card to go") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var panel: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = probe.cards().first { $0.frame.height > 300 }
                defer { panel = now }
                return now != nil && now == panel && (now?.frame.maxX ?? .infinity) <= probe.screenSize.width
            }
            let frame = try #require(panel).frame
            try waitUntil("the keyboard to be the panel's") { !probe.keyboardIsFree() }
            func shot() throws -> XProbe.Capture {
                try probe.capture(x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height) / 2)
            }
            // Down selects the entry: its tint shows where it is.
            let plain = try shot()
            probe.key("Down")
            var entry: Rect?
            try waitUntil("the entry to be selected") {
                entry = Self.changed(plain, try shot())
                return entry != nil
            }
            let selected = try shot()
            Self.rightClick(probe, at: Self.middle(try #require(entry)))
            var box: Rect?
            try waitUntil("the menu to be drawn") {
                box = Self.changed(selected, try shot())
                return box != nil
            }
            Thread.sleep(forTimeInterval: 0.2)  // drawn in one paint; read it whole
            box = Self.changed(selected, try shot())
            Self.screenshot("snooze-menu-center")
            let menu = try #require(box)
            #expect(menu.height > 60 && menu.width >= 150, "three rows: \(menu)")
            probe.click(at: Self.row(0, of: menu))
            try waitUntil("Mailer to be snoozed") { try daemon.xtoast(["snooze", "--list"]).stdout.contains(#""app":"Mailer""#) }
            try waitUntil("the menu to close, the panel open") { try shot().pixels == selected.pixels }
        }
    }
}
