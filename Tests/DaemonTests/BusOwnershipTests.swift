@testable import Daemon
import Operations
import Testing
import ToastCore

/// Issue 32 and 25: who may act on whose bus toasts, and who may make the daemon hand over.
/// A bus toast is its sending connection's to replace or close, or anyone's once that
/// connection has left the bus; `HandOver` and the socket's `hand-over` are only for the same
/// program run by the same user (`xtoastd --replace`).
@Suite struct BusOwnershipTests {
    static let victim = ":1.10"
    static let attacker = ":1.66"
    static let own = PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd")

    func signals(_ rig: Rig) -> [NotificationMapping.Signal] {
        rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
    }

    @Test("another connection's replaces_id shows a new notification while the sender is on the bus: the victim's card, buttons and actions stay its own")
    func replaceFromAnotherConnectionIsANewNotification() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(appName: "bank", summary: "Pay 5 €?", actions: ["deny", "Deny"]),
                               sender: Self.victim, now: rig.now).id
        rig.wait(1)
        let forged = server.notify(NotifyCall(appName: "bank", replacesID: id, summary: "Pay 5000 €?", actions: ["allow", "Deny"]),
                                   sender: Self.attacker, now: rig.now).id
        #expect(forged != id && forged != 0)
        let victimToast = try #require(rig.service.board.toast(String(id)))
        #expect(victimToast.title == "Pay 5 €?" && victimToast.actions.map(\.id) == ["deny"])
        #expect(rig.service.board.toast(String(forged))?.title == "Pay 5000 €?")
        // The victim's own connection still replaces it in place.
        let own = server.notify(NotifyCall(appName: "bank", replacesID: id, summary: "Pay 6 €?", actions: ["deny", "Deny"]),
                                sender: Self.victim, now: rig.now).id
        #expect(own == id && rig.service.board.toast(String(id))?.title == "Pay 6 €?")
        #expect(signals(rig).isEmpty, "nothing ended")
    }

    @Test("once the sender has left the bus any connection replaces in place (notify-send -r from a new process) and then owns it")
    func replaceAfterTheSenderLeft() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Volume 40%"), sender: ":1.20", now: rig.now).id
        server.nameLeft(":1.20", now: rig.now)
        let again = server.notify(NotifyCall(replacesID: id, summary: "Volume 45%"), sender: ":1.21", now: rig.now).id
        #expect(again == id && rig.service.board.toast(String(id))?.title == "Volume 45%")
        // Now :1.21 sent it, and is still on the bus: a third connection gets a new one.
        let third = server.notify(NotifyCall(replacesID: id, summary: "Volume 50%"), sender: ":1.22", now: rig.now).id
        #expect(third != id && rig.service.board.toast(String(id))?.title == "Volume 45%")
    }

    @Test("another connection's CloseNotification is ignored while the sender is on the bus; after it left, it closes (reason 3)")
    func closeFromAnotherConnection() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Call from Ann"), sender: Self.victim, now: rig.now).id
        server.close(id, sender: Self.attacker, now: rig.now)
        #expect(rig.service.board.toast(String(id)) != nil && signals(rig).isEmpty)
        server.close(id, sender: Self.victim, now: rig.now)
        #expect(signals(rig) == [.notificationClosed(id: id, reason: 3)])
        let other = server.notify(NotifyCall(summary: "Call from Bob"), sender: Self.victim, now: rig.now).id
        server.nameLeft(Self.victim, now: rig.now)
        server.close(other, sender: Self.attacker, now: rig.now)
        #expect(signals(rig).last == .notificationClosed(id: other, reason: 3))
    }

    @Test("HandOver from another program or another user changes nothing; from the same executable it ends the bus toasts (reason 4) and keeps late-action listeners")
    func handOverCaller() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Meeting", actions: ["join", "Join"]), sender: Self.victim, now: rig.now).id
        let gdbus = PeerIdentity(uid: 1000, executable: "/usr/bin/gdbus")
        let otherUser = PeerIdentity(uid: 1001, executable: "/usr/bin/xtoastd")
        #expect(!server.handOver(from: gdbus, own: Self.own, now: rig.now))
        #expect(!server.handOver(from: otherUser, own: Self.own, now: rig.now))
        #expect(!server.handOver(from: nil, own: Self.own, now: rig.now))
        #expect(rig.service.board.toast(String(id)) != nil && signals(rig).isEmpty)
        // An upgrade replaced the file under the running daemon: still the same program.
        let upgraded = PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd")
        #expect(server.handOver(from: upgraded, own: PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd (deleted)"), now: rig.now))
        #expect(signals(rig) == [.notificationClosed(id: id, reason: 4)])
        #expect(rig.service.board.history.last?.listener != nil, "its late actions still reach the sender until the name moves")
    }

    @Test("the socket's hand-over: refused without the caller's identity or from another program; granted, every toast ends replaced (bus 4), the keys go")
    func socketHandOver() {
        var config = Config()
        config.keys[.restore] = KeyChord([.super], "r")
        let rig = Rig(config: config)
        let server = DesktopNotifications(service: rig.service)
        let script = rig.show(#""message":"waiting","timeout":0"#)
        let bus = server.notify(NotifyCall(summary: "bus"), sender: Self.victim, now: rig.now).id
        guard case .error = rig.request(#"{"op":"handover"}"#) else { Issue.record("hand-over granted without an identity"); return }
        guard case .error = rig.service.handOverRequest(from: PeerIdentity(uid: 1000, executable: "/usr/bin/python3"), own: Self.own) else {
            Issue.record("hand-over granted to another program"); return
        }
        #expect(!rig.service.handingOver && rig.service.board.toast(script) != nil)
        guard case .ok = rig.service.handOverRequest(from: Self.own, own: Self.own) else { Issue.record("refused"); return }
        #expect(rig.service.handingOver)
        #expect(rig.output.grabbedKeys == [.restore: KeyChord([.super], "r")])
        rig.service.shutdown(now: rig.now)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: script, reason: .replaced))
        #expect(signals(rig) == [.notificationClosed(id: bus, reason: 4)])
        #expect(rig.output.grabbedKeys.isEmpty)
    }
}

@Suite struct BusStackTagOwnershipTests {
    @Test("a stack tag takes the card of a toast from the same connection, or from one that left; another live connection's tagged toast stays")
    func stackTagTakesOnlyWhatItMay() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let tag: [String: HintValue] = ["x-dunst-stack-tag": .string("volume")]
        let first = server.notify(NotifyCall(appName: "mixer", summary: "40%", hints: tag), sender: ":1.30", now: rig.now).id
        let other = server.notify(NotifyCall(appName: "mixer", summary: "spoof", hints: tag), sender: ":1.31", now: rig.now).id
        #expect(other != first && rig.service.board.toast(String(first))?.title == "40%", "another live connection ends nothing")
        let own = server.notify(NotifyCall(appName: "mixer", summary: "45%", hints: tag), sender: ":1.30", now: rig.now).id
        #expect(rig.service.board.toast(String(first)) == nil && rig.service.board.toast(String(own))?.title == "45%")
        server.nameLeft(":1.30", now: rig.now)
        let script = server.notify(NotifyCall(appName: "mixer", summary: "50%", hints: tag), sender: ":1.32", now: rig.now).id
        #expect(rig.service.board.toast(String(own)) == nil && rig.service.board.toast(String(script))?.title == "50%",
                "dunstify -h string:x-dunst-stack-tag:volume from a new process each time keeps one card")
        #expect(rig.service.board.toast(String(other))?.title == "spoof")
    }
}
