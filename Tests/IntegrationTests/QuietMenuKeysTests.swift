import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 30: the centre's do-not-disturb menu from the keyboard: Shift+Q opens it (drawn
    /// over the list), Escape closes only the menu, Down and Return take "For 4 hours".
    @Suite struct QuietMenuKeysTests {
        @Test("Shift+Q draws the quiet menu; Escape closes it, not the panel; Shift+Q, Down, Return pause for 4 hours")
        func menuFromTheKeyboard() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var panel: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = probe.cards().first { $0.frame.height > 300 }
                defer { panel = now }
                return now != nil && now == panel && (now?.frame.maxX ?? .infinity) <= probe.screenSize.width
            }
            let frame = try #require(panel).frame
            // The menu opens under the header's switch, over the top of the list.
            func menuArea() throws -> [UInt32] {
                try probe.capture(x: Int(frame.x) + 10, y: Int(frame.y) + 60, width: Int(frame.width) - 20, height: 200).pixels
            }
            try waitUntil("the keyboard to be the panel's") { !probe.keyboardIsFree() }
            let closed = try menuArea()
            probe.key("shift+Q")
            try waitUntil("the menu to be drawn") { try menuArea() != closed }
            probe.key("Escape")
            try waitUntil("the menu to close") { try menuArea() == closed }
            #expect(probe.cards().contains { $0.frame == frame }, "Escape closed the menu, not the panel")
            #expect(try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":false"#))

            probe.key("shift+Q")
            try waitUntil("the menu to be drawn again") { try menuArea() != closed }
            probe.key("Down")
            probe.key("Return")
            var status = ""
            try waitUntil("do-not-disturb to be on") {
                status = try daemon.xtoast(["pause", "--status"]).stdout
                return status.contains(#""inhibited":true"#)
            }
            guard case let .number(until)? = try JSON.parse(status)["until"] else {
                Issue.record("no until in \(status)")
                return
            }
            let ahead = until - Date().timeIntervalSince1970
            #expect(abs(ahead - 4 * 3600) < 120, "For 4 hours: \(ahead) s ahead")
            #expect(status.contains(#""by":"user""#), "\(status)")
        }
    }
}
