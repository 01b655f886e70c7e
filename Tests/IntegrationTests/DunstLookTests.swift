import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 28 on the real binaries: a dunst user's card colours and stack order, read back
    /// from the X server's pixels and windows.
    @Suite struct DunstLookTests {
        typealias C = CardTests

        @Test("[colors] critical.background = #900000: a critical card's body is that red, its frame the frame colour")
        func criticalCardIsRed() throws {
            let daemon = try DaemonHarness(config: """
                [colors]
                critical.background = #900000
                critical.foreground = #FFFFFF
                critical.frame_color = #FF0000
                """)
            let probe = try XProbe()
            C.parkPointer(probe)
            _ = try daemon.show(["--timeout", "0", "--urgency", "critical", "--kind", "error", "disk full"])
            let f = try #require(try C.resting(probe, count: 1).first).frame
            let c = try C.capture(probe, f)
            let body = c.at(c.x + c.width - 8, c.y + c.height / 2)
            let frame = c.at(c.x + c.width / 2, c.y)
            #expect(colorDistance(body, 0x900000) <= 12, "body \(hex(body))")
            #expect(colorDistance(frame, 0xFF0000) <= 12, "frame \(hex(frame))")
        }

        @Test("[mouse] middle_click = do_action, close_current (dunst's default): an XTest middle click on the body chooses the default action, which ends the card")
        func middleClick() throws {
            let daemon = try DaemonHarness(config: "[mouse]\nmiddle_click = do_action, close_current\n")
            let probe = try XProbe()
            C.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try #require(try client.request(#"{"op":"show","title":"Deploy?","message":"the body","timeout":0,"actions":[{"id":"yes","label":"Deploy"}],"default_action":"yes"}"#)["id"]?.string)
            let f = try #require(try C.resting(probe, count: 1).first).frame
            probe.movePointer(to: Point(x: f.x + 60, y: f.y + 14))
            probe.button(2, down: true)
            probe.button(2, down: false)
            let action = try client.event("action")
            #expect(action["id"]?.string == id && action["action"]?.string == "yes", "\(action.text)")
            let dismissed = try client.event("dismissed")
            // The chosen action ends the toast, so close_current finds it gone.
            #expect(dismissed["id"]?.string == id && dismissed["reason"]?.string == "action", "\(dismissed.text)")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("[mouse] right_click = close_all (dunst's default): an XTest right click on one card closes both")
        func rightClick() throws {
            let daemon = try DaemonHarness(config: "[mouse]\nright_click = close_all\n")
            let probe = try XProbe()
            C.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let first = try #require(try client.request(#"{"op":"show","message":"one","timeout":0}"#)["id"]?.string)
            _ = try client.event("shown")
            let second = try #require(try client.request(#"{"op":"show","message":"two","timeout":0}"#)["id"]?.string)
            let f = try #require(try C.resting(probe, count: 2).first).frame
            probe.movePointer(to: Point(x: f.x + 60, y: f.y + f.height / 2))
            probe.button(3, down: true)
            probe.button(3, down: false)
            let ended = try [client.event("dismissed"), client.event("dismissed")]
            #expect(Set(ended.compactMap { $0["id"]?.string }) == [first, second], "\(ended.map(\.text))")
            try waitUntil("the cards to leave") { probe.cards().isEmpty }
        }

        @Test("without [mouse] bindings a middle click leaves the card alone, a right click opens the snooze menu and leaves it too (xtoast's default)")
        func unboundButtons() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","message":"stay","timeout":0}"#)
            let f = try #require(try C.resting(probe, count: 1).first).frame
            probe.movePointer(to: Point(x: f.x + 60, y: f.y + f.height / 2))
            for button: UInt32 in [2, 3] { probe.button(button, down: true); probe.button(button, down: false) }
            // The right button's menu (issue 30) maps beside the card; Escape closes it.
            try waitUntil("the snooze menu to map") { probe.cards().count == 2 }
            try waitUntil("the menu to hold the keyboard") { !probe.keyboardIsFree() }
            probe.key("Escape")
            try waitUntil("the menu to close") { probe.cards().count == 1 }
            // Then a left click, whose dismissal must be the first event: the others sent none.
            probe.button(1, down: true)
            probe.button(1, down: false)
            var event = try client.nextEvent()
            while event["event"]?.string == "shown" { event = try client.nextEvent() }
            #expect(event["event"]?.string == "dismissed" && event["reason"]?.string == "click", "\(event.text)")
        }

        @Test("stack = oldest_at_edge: at the top-right the first card shown stays at the top, the second goes below it")
        func oldestAtEdge() throws {
            let daemon = try DaemonHarness(config: "[general]\nstack = oldest_at_edge\n")
            let probe = try XProbe()
            C.parkPointer(probe)
            _ = try daemon.show(["--timeout", "0", "--title", "first", "one"])
            let first = try #require(try C.resting(probe, count: 1).first)
            _ = try daemon.show(["--timeout", "0", "--title", "second", "two"])
            let cards = try C.resting(probe, count: 2)
            let moved = try #require(cards.first { $0.window == first.window })
            let second = try #require(cards.first { $0.window != first.window })
            #expect(moved.frame == first.frame, "the oldest keeps its place at the edge")
            #expect(second.frame.y >= first.frame.maxY, "the new card below it: \(second.frame) under \(first.frame)")
        }
    }
}
