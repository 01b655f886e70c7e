@testable import Daemon
import Testing
import ToastCore

/// The centre's late reply on the fake screen (issue 29): Reply on an entry brings its toast
/// back as a card with the field open; Enter sends the reply to the sender, late, under the
/// original id.
@Suite struct CenterReplyServiceTests {
    func ended(_ rig: Rig) -> (DesktopNotifications, UInt32) {
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Ann", body: "coming?", actions: ["inline-reply", "Reply"], expireTimeout: 100),
                               sender: ":1.5", now: rig.now).id
        rig.wait(1.5)
        return (server, id)
    }

    func type(_ text: String, _ rig: Rig) {
        for c in text { rig.input(.key(KeyStroke(key: String(c), text: String(c), serverTime: 60))) }
    }

    @Test("a click on the entry's Reply closes the panel and opens the field on the restored card; Enter: NotificationReplied(original id) to the sender only, late")
    func clickReply() throws {
        let rig = Rig(config: Rig.ungrouped)
        let (_, id) = ended(rig)
        #expect(rig.service.board.history.last?.reason == .timeout)
        rig.openCenter()
        let (panelID, _) = try #require(rig.centerPanel)
        let reply = try #require(rig.placeInCenter(of: "Reply"), "the entry shows Reply")
        rig.click(panelID, at: reply, serverTime: 30)
        #expect(!rig.service.center.isOpen, "the panel closed")
        let session = try #require(rig.service.reply, "the field is open")
        #expect(rig.service.board.toast(session.id)?.restored == true)
        let card = try #require(rig.service.stage.card(session.id), "the restored toast has its card")
        #expect(rig.output.replyFocus == card.surface, "the restored card has the focus")
        type("late", rig)
        rig.input(.key(KeyStroke(key: "Return", serverTime: 77)))
        #expect(rig.sink.busSignals.contains(.notificationReplied(id: id, text: "late")))
        let replied = try #require(rig.sink.busDeliveries.first { if case .replied = $0.event { true } else { false } })
        #expect(replied.destination == ":1.5" && replied.late)
        #expect(!rig.sink.busSignals.contains { if case .actionInvoked = $0 { true } else { false } })
        #expect(rig.service.reply == nil && rig.output.replyFocus == nil)
    }

    @Test("r on the selected entry does the same; once the sender left, the entry shows no Reply and r does nothing")
    func keyReply() throws {
        let rig = Rig(config: Rig.ungrouped)
        let (server, _) = ended(rig)
        rig.openCenter()
        rig.input(.key(KeyStroke(key: "Down")))
        rig.input(.key(KeyStroke(key: "r", text: "r", serverTime: 40)))
        #expect(!rig.service.center.isOpen)
        #expect(rig.service.reply != nil)
        rig.input(.key(KeyStroke(key: "Escape")))
        #expect(rig.service.reply == nil)

        let rig2 = Rig(config: Rig.ungrouped)
        let (server2, _) = ended(rig2)
        server2.nameLeft(":1.5", now: rig2.now)
        rig2.openCenter()
        #expect(rig2.placeInCenter(of: "Reply") == nil, "nobody listens: no Reply")
        rig2.input(.key(KeyStroke(key: "Down")))
        rig2.input(.key(KeyStroke(key: "r", text: "r")))
        #expect(rig2.service.center.isOpen && rig2.service.reply == nil && rig2.service.board.liveToasts.isEmpty)
        _ = server
    }
}

extension CenterReplyServiceTests {
    @Test("with do-not-disturb on, Reply still opens the field: the user asked for the card")
    func underDoNotDisturb() throws {
        let rig = Rig(config: Rig.ungrouped)
        let (_, id) = ended(rig)
        rig.request(#"{"op":"pause"}"#)
        rig.openCenter()
        let (panelID, _) = try #require(rig.centerPanel)
        rig.click(panelID, at: try #require(rig.placeInCenter(of: "Reply")), serverTime: 30)
        #expect(rig.service.reply != nil, "the field is open")
        type("late", rig)
        rig.input(.key(KeyStroke(key: "Return", serverTime: 77)))
        #expect(rig.sink.busSignals.contains(.notificationReplied(id: id, text: "late")))
    }
}
