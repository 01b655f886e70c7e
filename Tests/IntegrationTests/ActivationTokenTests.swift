import CX11
import CXInput2
import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 29: activation tokens. The real daemon on a private bus, the user's click made
    /// with XTest: the application hears `ActivationToken` just before `ActionInvoked`, and
    /// the token's `_TIME` is the X server time of that click.
    @Suite struct ActivationTokenTests {
        typealias F = FoundationTests

        @Test("a click on a bus toast: ActivationToken, then ActionInvoked, the token's _TIME the XTest release's server time (read from XInput 2's raw event); the socket's action event carries it too")
        func tokenBeforeActionInvoked() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let signals = try bus.monitor()
            let watcher = try ProtocolClient(path: daemon.socketPath)
            #expect(try watcher.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let app = try RawBusClient(address: bus.address)
            let id = try app.notify(summary: "Call from Ann", actions: ["default", "Answer"], expire: 0).get()
            let card = try #require(try F.restingCards(probe, count: 1).first)
            // A second connection hears the click's raw events, stamped as the daemon's are.
            let raw = try #require(XOpenDisplay(XDisplayString(probe.display)))
            defer { XCloseDisplay(raw) }
            let opcode = xt_select_raw_buttons(raw)
            try #require(opcode >= 0, "the server has XInput 2")
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            let afterPress = try probe.serverTime()
            probe.button(down: false)
            let afterRelease = try probe.serverTime()
            var released: UInt = 0
            try waitUntil("the raw release") {
                released = xt_next_raw_button_time(raw, opcode, 1)
                return released != 0
            }
            try waitUntil("ActivationToken and ActionInvoked") { signals.signals.count >= 2 }
            let seen = signals.signals
            guard case let .token(tokenID, token) = seen[0] else {
                Issue.record("ActivationToken first, saw \(seen)")
                return
            }
            #expect(tokenID == id)
            #expect(seen[1] == .action(id: id, key: "default"))
            #expect(token.hasPrefix("xtoast-\(daemon.process.processIdentifier)-"), "\(token)")
            let time = try #require(ActivationTokens.serverTime(of: token), "\(token)")
            #expect(UInt(time) == released, "_TIME \(time), the click's release \(released)")
            #expect(released >= afterPress && released <= afterRelease, "\(released) between \(afterPress) and \(afterRelease)")
            try signals.wait(for: [.token(id: id, token: token), .action(id: id, key: "default"), .closed(id: id, reason: 2)])

            var action: JSON?
            try waitUntil("the action event") {
                let event = try watcher.nextEvent()
                if event["event"]?.string == "action" { action = event }
                return action != nil
            }
            #expect(action?["activation_token"]?.string == token)
        }
    }
}
