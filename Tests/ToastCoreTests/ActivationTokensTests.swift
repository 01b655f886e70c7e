import Testing
@testable import ToastCore

/// Activation tokens: the startup-notification ids an action chosen by a click or key goes to
/// its sender with, and how the click's server time gets into them.
@Suite struct ActivationTokensTests {
    @Test("xtoast-PID-HOST-N_TIME<time>: N counts up, the time is the X server's 32-bit milliseconds, read back as GTK and KDE read it")
    func form() {
        var tokens = ActivationTokens(pid: 812, host: "box.example")
        #expect(tokens.next(serverTime: 123_456) == "xtoast-812-box.example-1_TIME123456")
        #expect(tokens.next(serverTime: 123_456) == "xtoast-812-box.example-2_TIME123456")
        #expect(tokens.next(serverTime: UInt(UInt32.max) + 5) == "xtoast-812-box.example-3_TIME4", "the wire's time is 32 bits")
        #expect(tokens.issued == 3)
        #expect(ActivationTokens.serverTime(of: "xtoast-812-box.example-1_TIME123456") == 123_456)
        #expect(ActivationTokens.serverTime(of: "a_TIME1_TIME99") == 99, "the last _TIME counts")
        #expect(ActivationTokens.serverTime(of: "xtoast-1-h-1_TIME") == nil)
        #expect(ActivationTokens.serverTime(of: "xtoast-1-h-1_TIME12x") == nil, "KDE reads only a number to the end")
        #expect(ActivationTokens.serverTime(of: "xtoast-1-h-1") == nil)
    }

    @Test("the host part keeps letters, digits, dots and dashes: no _TIME can hide in it, no space or quote; at most 64 bytes")
    func hostPart() {
        #expect(ActivationTokens(pid: 1, host: "my_TIME99 \"host\"").prefix == "xtoast-1-myTIME99host-")
        #expect(ActivationTokens(pid: 1, host: "").prefix == "xtoast-1-localhost-")
        #expect(ActivationTokens(pid: 1, host: "ünï").prefix == "xtoast-1-n-")
        #expect(ActivationTokens.hostPart(String(repeating: "a", count: 300)).utf8.count == 64)
        var tokens = ActivationTokens(pid: 7, host: "x_TIME5")
        #expect(ActivationTokens.serverTime(of: tokens.next(serverTime: 42)) == 42)
    }

    @Test("an action the user chose carries the input's time: a click's release, a focus-mode key, the bound invoke key; other intents stay the same")
    func intentsCarryTheTime() {
        let card = CardFacts(id: "3", actions: ["yes"], defaultAction: "open")
        #expect(CardActivation.click(.button("yes"), on: card).at(serverTime: 9) == .invoke(id: "3", action: "yes", serverTime: 9))
        #expect(UserIntent.dismiss(id: "3", reason: .close).at(serverTime: 9) == .dismiss(id: "3", reason: .close))
        #expect(InputEvent.release(surface: SurfaceID(1), button: 1, root: .zero, time: 1, serverTime: 55).serverTime == 55)
        #expect(InputEvent.key(KeyStroke(key: "1", serverTime: 66)).serverTime == 66)
        #expect(InputEvent.motion(surface: SurfaceID(1), root: .zero, time: 1).serverTime == nil)

        var board = Board()
        var request = ShowRequest(message: "m")
        request.actions = [Action(id: "yes", label: "Yes")]
        request.defaultAction = "open"
        let id = board.show(request, owner: Owner(.socket, 1), now: 0)
        let focus = KeyboardFocus(cards: [CardFacts(id: id, actions: ["yes"], defaultAction: "open")], now: 0)
        let inFocus = InputRouter.route(.key(KeyStroke(key: "1", serverTime: 70)),
                                        InputRouter.Context(focus: focus, cards: [CardFacts(id: id, actions: ["yes"], defaultAction: "open")]),
                                        board: board)
        #expect(inFocus.intents == [.invoke(id: id, action: "yes", serverTime: 70)])
        let bound = InputRouter.route(.key(KeyStroke(key: "Return", bound: .invoke, serverTime: 71)), InputRouter.Context(), board: board)
        #expect(bound.intents == [.invoke(id: id, action: "open", serverTime: 71)])
    }

    @Test("the board hands the token on with the action (live, kept and late), and the bus sends ActivationToken just before ActionInvoked")
    func boardAndBus() {
        var board = Board()
        let bus = Owner(.bus, 1)
        var request = ShowRequest(message: "m")
        request.actions = [Action(id: "yes", label: "Yes")]
        let id = board.show(request, owner: bus, now: 0)
        _ = board.takeChanges()
        board.choose("yes", on: id, activationToken: "xtoast-1-h-1_TIME5", now: 1)
        let changes = board.takeChanges()
        let action = changes.deliveries.first { if case .action = $0.event { true } else { false } }
        #expect(action?.activationToken == "xtoast-1-h-1_TIME5")
        #expect(changes.deliveries.flatMap(NotificationMapping.signals(for:)) == [
            .activationToken(id: UInt32(id) ?? 0, token: "xtoast-1-h-1_TIME5"), .actionInvoked(id: UInt32(id) ?? 0, key: "yes"),
            .notificationClosed(id: UInt32(id) ?? 0, reason: 2)])
        // Without a token (xtoast invoke) ActionInvoked goes alone.
        #expect(NotificationMapping.signals(for: .init(event: .action(id: "7", action: "a"), recipients: [bus])) == [.actionInvoked(id: 7, key: "a")])
        #expect(NotificationMapping.signals(for: .init(event: .shown(id: "7"), recipients: [bus], activationToken: "t")) == [])
    }

    @Test("GetServerInformation names specification 1.3: ActivationToken is sent")
    func specVersion() {
        #expect(NotificationMapping.serverInformation.specVersion == "1.3")
    }
}
