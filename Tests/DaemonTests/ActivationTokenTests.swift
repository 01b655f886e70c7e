@testable import Daemon
import Testing
import ToastCore

/// Activation tokens on the fake screen: an action chosen by a click or key goes to its
/// sender with a startup-notification id whose `_TIME` is that input's X server time
/// (`ActivationToken` before `ActionInvoked` on the bus, `"activation_token"` on the socket);
/// one chosen by `xtoast invoke` carries none.
@Suite struct ActivationTokenTests {
    /// Where the first button of toast `id` is on the screen.
    func button(of id: String, _ rig: Rig) throws -> (SurfaceID, Point) {
        let card = try #require(rig.output.live.first)
        let composed = try #require(rig.service.stage.card(id)?.composed)
        let button = try #require(composed.buttons.first?.rect)
        let origin = card.surface.origin
        return (card.id, Point(x: origin.x + button.midX, y: origin.y + button.midY))
    }

    @Test("a click on a bus toast's button: ActivationToken with the release's server time, then ActionInvoked, then NotificationClosed 2")
    func busClick() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "Call from Ann", actions: ["answer", "Answer"], expireTimeout: 0), sender: ":1.5",
                               now: rig.now).id
        rig.wait(1.5)
        let (surface, at) = try button(of: String(id), rig)
        rig.click(surface, at: at, serverTime: 4_000_123_456)
        #expect(rig.sink.busSignals == [.activationToken(id: id, token: "xtoast-42-rig-1_TIME4000123456"),
                                        .actionInvoked(id: id, key: "answer"), .notificationClosed(id: id, reason: 2)])
        #expect(ActivationTokens.serverTime(of: "xtoast-42-rig-1_TIME4000123456") == 4_000_123_456)
    }

    @Test("a click on a socket toast's button: the action event carries activation_token; each token is new")
    func socketClick() throws {
        let rig = Rig()
        rig.show(#""message":"deploy?","timeout":0,"actions":[{"id":"yes","label":"Yes"}]"#)
        rig.wait(1.5)
        let (surface, at) = try button(of: "1", rig)
        rig.click(surface, at: at, serverTime: 900)
        rig.show(#""message":"again?","timeout":0,"actions":[{"id":"yes","label":"Yes"}]"#)
        rig.wait(1.5)
        let (second, there) = try button(of: "2", rig)
        rig.click(second, at: there, serverTime: 1900)
        #expect(rig.sink.tokens.map(\.token) == ["xtoast-42-rig-1_TIME900", "xtoast-42-rig-2_TIME1900"])
        let line = BoardChanges.Delivery(event: .action(id: "1", action: "yes"), recipients: [rig.alice], source: .socket, app: "xtoast",
                                         activationToken: "xtoast-42-rig-1_TIME900").json
        #expect(line.text == #"{"event":"action","id":"1","action":"yes","source":"socket","app":"xtoast","rules":[],"activation_token":"xtoast-42-rig-1_TIME900"}"#)
    }

    @Test("focus mode's keys and the bound invoke key carry the key press's server time; xtoast invoke carries no token")
    func keysAndCommands() throws {
        var config = Config()
        config.keys[.invoke] = KeyChord([.super], "Return")
        let rig = Rig(config: config)
        let server = DesktopNotifications(service: rig.service)
        let a = server.notify(NotifyCall(summary: "a", actions: ["default", "Open", "x", "X"], expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        rig.input(.key(KeyStroke(key: "Return", modifiers: [.super], bound: .invoke, serverTime: 31)))
        #expect(rig.sink.busSignals.prefix(2) == [.activationToken(id: a, token: "xtoast-42-rig-1_TIME31"), .actionInvoked(id: a, key: "default")])

        let b = server.notify(NotifyCall(summary: "b", actions: ["x", "X"], expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        rig.request(#"{"op":"focus"}"#)
        rig.input(.key(KeyStroke(key: "1", serverTime: 77)))
        #expect(rig.sink.busSignals.suffix(3) == [.activationToken(id: b, token: "xtoast-42-rig-2_TIME77"), .actionInvoked(id: b, key: "x"),
                                                  .notificationClosed(id: b, reason: 2)])

        let c = server.notify(NotifyCall(summary: "c", actions: ["x", "X"], expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        rig.request(#"{"op":"invoke","action":"x"}"#)
        #expect(rig.sink.busSignals.suffix(2) == [.actionInvoked(id: c, key: "x"), .notificationClosed(id: c, reason: 2)])
        #expect(rig.sink.tokens.count == 2)
    }
}
