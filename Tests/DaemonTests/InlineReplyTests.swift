@testable import Daemon
import Testing
import ToastCore

/// Issue 29's reply field carried out by the service on the fake screen: the click that opens
/// it and takes the focus, keys into it, Enter's signals, the timer held, the 60 s timeout,
/// and focus mode's grab handing over to the field and back.
@Suite struct InlineReplyServiceTests {
    func replyButton(of id: String, _ rig: Rig) throws -> (SurfaceID, Point) {
        let card = try #require(rig.output.live.first)
        let composed = try #require(rig.service.stage.card(id)?.composed)
        let button = try #require(composed.buttons.first { $0.id == ReplyOptions.actionKey }?.rect)
        return (card.id, Point(x: card.surface.origin.x + button.midX, y: card.surface.origin.y + button.midY))
    }

    func type(_ text: String, _ rig: Rig, serverTime: UInt = 50) {
        for c in text { rig.input(.key(KeyStroke(key: c == " " ? "space" : String(c), text: String(c), serverTime: serverTime))) }
    }

    @Test("a click on Reply takes the focus on the card; typed keys and Enter: ActivationToken (Enter's time), NotificationReplied to the sender only, closed 2; the focus goes back")
    func sendFromBus() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Ann", actions: ["inline-reply", "Reply"], expireTimeout: 0), sender: ":1.5", now: rig.now).id
        rig.wait(1.5)
        let (surface, at) = try replyButton(of: String(id), rig)
        rig.click(surface, at: at, serverTime: 10)
        #expect(rig.output.replyFocus == surface)
        #expect(rig.service.reply?.id == String(id))
        type("on my way", rig)
        rig.input(.key(KeyStroke(key: "Return", serverTime: 77)))
        #expect(rig.sink.busSignals == [.activationToken(id: id, token: "xtoast-42-rig-1_TIME77"), .notificationReplied(id: id, text: "on my way"),
                                        .notificationClosed(id: id, reason: 2)])
        let replied = rig.sink.busDeliveries.first { if case .replied = $0.event { true } else { false } }
        #expect(replied?.destination == ":1.5", "unicast to the sender")
        #expect(rig.output.replyFocus == nil, "the focus went back")
        #expect(rig.service.reply == nil)
    }

    @Test("the open field holds the toast's timer; 60 s without typing close it (the timer runs again); typing starts the 60 s again")
    func timeout() throws {
        let rig = Rig()
        rig.show(#""message":"where?","timeout":5,"reply":"Say where""#)
        rig.wait(1.5)
        let (surface, at) = try replyButton(of: "1", rig)
        rig.click(surface, at: at)
        rig.wait(40)
        type("x", rig)
        rig.wait(40)
        #expect(rig.service.board.toast("1") != nil, "80 s on: the field holds the 5 s timer")
        #expect(rig.service.reply != nil, "40 s after the last key")
        rig.wait(21)
        #expect(rig.service.reply == nil, "61 s after the last key: closed")
        #expect(rig.output.replyFocus == nil)
        #expect(rig.service.board.toast("1") != nil, "the timer runs again from what was left")
        rig.wait(6)
        #expect(rig.service.board.toast("1") == nil)
        #expect(!rig.sink.deliveries.contains { if case .replied = $0.event { true } else { false } }, "nothing was sent")
    }

    @Test("focus mode: R opens the focused card's field, which takes the focus from focus mode's grab (keys on the root window reach no input method); Escape closes only the field and focus mode takes the keyboard again")
    func focusMode() throws {
        let rig = Rig()
        rig.show(#""message":"where?","timeout":0,"reply":"""#)
        rig.wait(1.5)
        rig.service.startFocus(now: rig.now)
        #expect(rig.output.keyboardGrabbed)
        rig.input(.key(KeyStroke(key: "r", text: "r", serverTime: 5)))
        #expect(rig.service.reply?.id == "1")
        #expect(rig.output.replyFocus != nil, "the field has the input focus")
        #expect(!rig.output.keyboardGrabbed, "focus mode's grab waits while the field is open")
        type("r", rig)
        #expect(rig.service.reply?.field.string == "r", "R types into the open field")
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(rig.service.reply == nil && rig.output.replyFocus == nil)
        #expect(rig.service.keyInput.focus != nil, "focus mode goes on")
        #expect(rig.output.keyboardGrabbed, "with its keyboard again")
        // Opened again, then focus mode ends (its 10 s without a key): the field keeps the focus,
        // and closing it takes no keyboard grab.
        rig.input(.key(KeyStroke(key: "r", text: "r", serverTime: 6)))
        rig.service.endFocus()
        #expect(rig.service.reply != nil && rig.output.replyFocus != nil)
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(rig.output.replyFocus == nil && !rig.output.keyboardGrabbed)
    }

    @Test("issue 44: a press in the open field (as the router decides it) moves its caret and holds the pointer until the release; a field closed while the button is held lets go of the pointer")
    func pressInField() throws {
        let rig = Rig()
        rig.show(#""message":"where?","timeout":0,"reply":"Say where""#)
        rig.wait(1.5)
        let (surface, at) = try replyButton(of: "1", rig)
        rig.click(surface, at: at)
        type("my way", rig)
        rig.input(.key(KeyStroke(key: "Home")))
        #expect(rig.service.reply?.field.caret == 0)
        let card = try #require(rig.service.stage.card("1"))
        let box = try #require(card.composed.replyField)
        let inBox = Point(x: card.origin.x + box.maxX - 2, y: card.origin.y + box.midY)
        rig.input(.press(surface: surface, button: 1, root: inBox, time: rig.now, serverTime: 20))
        // These metrics place no glyphs: a press in the text puts the caret at its end.
        #expect(rig.service.reply?.field.caret == 6 && rig.service.reply?.dragAnchor == 6)
        #expect(rig.output.grabbed == surface, "the pointer is held: a drag selects, it does not swipe")
        rig.input(.release(surface: surface, button: 1, root: inBox, time: rig.now, serverTime: 21))
        #expect(rig.output.grabbed == nil && rig.service.reply?.dragAnchor == nil)
        type("!", rig)
        #expect(rig.service.reply?.field.string == "my way!")
        rig.input(.press(surface: surface, button: 1, root: inBox, time: rig.now, serverTime: 22))
        #expect(rig.output.grabbed == surface)
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(rig.service.reply == nil && rig.output.grabbed == nil, "closed with the button held: the pointer is let go")
    }

    @Test("an update that takes the reply away closes the open field; the toast ending does too")
    func updateClosesField() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Ann", actions: ["inline-reply", "Reply"], expireTimeout: 0), sender: ":1.5", now: rig.now).id
        rig.wait(1.5)
        let (surface, at) = try replyButton(of: String(id), rig)
        rig.click(surface, at: at)
        #expect(rig.service.reply != nil)
        _ = server.notify(NotifyCall(replacesID: id, summary: "Ann", body: "never mind", expireTimeout: 0), sender: ":1.5", now: rig.now)
        #expect(rig.service.reply == nil && rig.output.replyFocus == nil)
    }
}
