@testable import Daemon
import Testing
import ToastCore

/// The snooze menu beside a card on the fake screen: the popup's surface, who holds the
/// keyboard while it is open, and what a choice does (issue 30).
@Suite struct SnoozeMenuDaemonTests {
    /// The card showing `text`, and a point in its middle.
    func card(_ rig: Rig, _ text: String) throws -> (surface: SurfaceID, middle: Point) {
        rig.wait(2)  // at rest
        let card = try #require(rig.surface(showing: text))
        let s = card.surface
        return (card.id, Point(x: s.origin.x + s.size.width / 2, y: s.origin.y + s.size.height / 2))
    }

    /// The popup: the live surface that draws the menu's first line.
    func popup(_ rig: Rig, app: String) -> (id: SurfaceID, surface: FakeOutput.Surface)? {
        rig.surface(showing: "Mute \(app) for 1 hour")
    }

    @Test("a right press opens the popup beside the pointer holding the keyboard; Escape closes only it; a press on 'for 1 hour' snoozes and closes the card")
    func rightPress() throws {
        let rig = Rig()
        let id = rig.show(#""message":"hi","app":"Slack","timeout":0"#)
        let (surface, middle) = try card(rig, "hi")
        rig.input(.press(surface: surface, button: 3, root: middle, time: rig.now, serverTime: 1))
        let menu = try #require(popup(rig, app: "Slack"))
        let o = menu.surface.origin
        #expect(menu.surface.isMapped && o.y == middle.y + 2)
        #expect(o.x == middle.x + 2 || o.x + menu.surface.size.width == middle.x - 2, "beside the pointer: \(o) \(menu.surface.size) for \(middle)")
        #expect(rig.output.keyboard == menu.id, "the menu holds the keyboard and pointer")
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(popup(rig, app: "Slack") == nil && rig.output.keyboard == nil)
        #expect(rig.service.board.isVisible(id), "Escape closed the menu, not the card")

        rig.input(.press(surface: surface, button: 3, root: middle, time: rig.now, serverTime: 2))
        let again = try #require(popup(rig, app: "Slack"))
        let p = again.surface.origin
        // The first row: under 4 px of padding, a third of the rest.
        let row = Point(x: p.x + again.surface.size.width / 2, y: p.y + 4 + (again.surface.size.height - 8) / 6)
        rig.input(.press(surface: again.id, button: 5, root: row, time: rig.now, serverTime: 3))
        #expect(popup(rig, app: "Slack") != nil && rig.service.snoozes.all.isEmpty, "a wheel notch chooses nothing")
        rig.input(.press(surface: again.id, button: 1, root: row, time: rig.now, serverTime: 3))
        #expect(popup(rig, app: "Slack") == nil && rig.output.keyboard == nil)
        #expect(rig.service.snoozes.all.map(\.app) == ["Slack"])
        let until = try #require(rig.service.snoozes.all.first?.until)
        #expect(abs(until - rig.service.wallClock(rig.now) - 3600) < 1)
        #expect(!rig.service.board.isVisible(id), "the card closed")
    }

    @Test("a press elsewhere closes the menu and reaches nothing: the card under it is not clicked")
    func pressElsewhere() throws {
        let rig = Rig()
        let id = rig.show(#""message":"hi","app":"Mail","timeout":0"#)
        let (surface, middle) = try card(rig, "hi")
        rig.input(.press(surface: surface, button: 3, root: middle, time: rig.now, serverTime: 1))
        #expect(popup(rig, app: "Mail") != nil)
        rig.input(.press(surface: surface, button: 1, root: middle, time: rig.now, serverTime: 2))
        rig.input(.release(surface: surface, button: 1, root: middle, time: rig.now, serverTime: 3))
        #expect(popup(rig, app: "Mail") == nil)
        #expect(rig.service.board.isVisible(id) && rig.service.snoozes.all.isEmpty)
    }

    @Test("focus mode's S opens it; closing it gives the keyboard back to focus mode; Down repaints it")
    func fromFocusMode() throws {
        let rig = Rig()
        rig.show(#""message":"hi","app":"Chat","timeout":0"#)
        rig.request(#"{"op":"focus"}"#)
        #expect(rig.output.keyboardGrabbed)
        rig.input(.key(KeyStroke(key: "s", text: "s")))
        let menu = try #require(popup(rig, app: "Chat"))
        #expect(rig.output.keyboard == menu.id)
        rig.input(.key(KeyStroke(key: "Down")))
        #expect(try #require(popup(rig, app: "Chat")).surface.paints >= 2, "the highlight moved: repainted")
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(popup(rig, app: "Chat") == nil && rig.output.keyboard == nil)
        #expect(rig.output.keyboardGrabbed && rig.service.keyInput.focus != nil, "still in focus mode, with its keyboard")
    }

    @Test("a compositor coming closes an open menu (its surface is of the old kind) and lets the keyboard go")
    func compositorCloses() throws {
        let rig = Rig()
        rig.show(#""message":"named","app":"Chat","timeout":0"#)
        let (named, middle) = try card(rig, "named")
        rig.input(.press(surface: named, button: 3, root: middle, time: rig.now, serverTime: 2))
        #expect(popup(rig, app: "Chat") != nil)
        rig.output.hasAlpha = true
        rig.input(.compositorChanged)
        #expect(popup(rig, app: "Chat") == nil && rig.output.keyboard == nil)
    }

    @Test("the card's stack waits while its menu is open; closed, the card times out")
    func holdsTheCard() throws {
        let rig = Rig()
        let id = rig.show(#""message":"brief","app":"Chat","timeout":3"#)
        let (surface, middle) = try card(rig, "brief")
        rig.input(.press(surface: surface, button: 3, root: middle, time: rig.now, serverTime: 1))
        #expect(popup(rig, app: "Chat") != nil)
        rig.wait(10)
        #expect(rig.service.board.isVisible(id), "timed out under the menu")
        rig.input(.key(KeyStroke(key: "Escape")))
        rig.wait(10)
        #expect(!rig.service.board.isVisible(id))
    }
}
