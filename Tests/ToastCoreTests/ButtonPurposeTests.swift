import Operations
import Testing
import ToastCore

/// Button purposes (`ButtonPurpose`): read from freedesktop action keys, GNotification's
/// buttons, the socket and the command line; a purpose-only button's label; the order, look,
/// focus-mode keys and accessible name they pick.
@Suite struct ButtonPurposeTests {
    @Test("freedesktop action keys mean purposes; an empty label takes the purpose's")
    func freedesktopKeys() {
        let call = NotifyCall(appName: "Calls", summary: "Alice", actions: ["answer", "", "reject", "Not now", "hangup", "End", "mute", "Mute"])
        let buttons = NotificationMapping.decide(call).request.actions
        #expect(buttons.map(\.purpose) == [.accept, .decline, .hangUp])
        #expect(buttons.map(\.label) == ["Accept", "Not now", "End"])
        #expect(ButtonPurpose(actionKey: "accept") == .accept && ButtonPurpose(actionKey: "decline") == .decline)
        #expect(ButtonPurpose(actionKey: "hang-up") == .hangUp && ButtonPurpose(actionKey: "Accept") == nil)
        #expect(NotificationMapping.decide(NotifyCall(actions: ["open", "Open"])).request.actions.first?.purpose == nil)
    }

    @Test("GNotification's button purposes reach the buttons; an unknown purpose is none")
    func gtkPurposes() {
        var notification = GtkNotification()
        notification.title = "Alice calls"
        notification.buttons = [
            GtkNotification.Button(label: "Pick up", action: .init(name: "pick"), purpose: "call.accept"),
            GtkNotification.Button(label: "Ignore", action: .init(name: "ignore"), purpose: "call.decline"),
            GtkNotification.Button(label: "Other", action: .init(name: "other"), purpose: "x.unknown"),
        ]
        let actions = NotificationMapping.decide(notification.notifyCall(appID: "org.gnome.Calls", entry: nil)).request.actions
        #expect(actions.map(\.purpose) == [.accept, .decline, nil])
        #expect(actions.map(\.label) == ["Pick up", "Ignore", "Other"])
    }

    @Test("the portal's button purposes reach the buttons; a purpose without a label gets the purpose's")
    func portalPurposes() {
        let buttons: [[String: PortalValue]] = [
            ["label": .string("Pick up"), "action": .string("pick"), "purpose": .string("call.accept")],
            ["action": .string("hang"), "purpose": .string("call.hang-up")],
            ["label": .string("Mute"), "action": .string("mute")],
        ]
        let added = PortalNotification.decode(appID: "org.gnome.Calls", id: "c1", ["title": .string("Ann"), "buttons": .dicts(buttons)])
        let actions = NotificationMapping.decide(added.call).request.actions
        #expect(actions.map(\.purpose) == [.accept, .hangUp, nil])
        #expect(actions.map(\.label) == ["Pick up", "Hang up", "Mute"])
    }

    @Test("Accept is placed rightmost, the others keep the sender's order")
    func placement() {
        let actions = [Action(id: "accept", label: "Answer", purpose: .accept), Action(id: "decline", label: "Decline", purpose: .decline),
                       Action(id: "sms", label: "Text")]
        #expect(ButtonPurpose.placed(actions).map(\.id) == ["decline", "sms", "accept"])
        let request = { () -> ShowRequest in var r = ShowRequest(message: "call"); r.actions = actions; return r }()
        #expect(Admission.decide(Submission(request, source: .socket), board: Board(config: Config())).toast.actions.map(\.id)
                == ["decline", "sms", "accept"])
        let plain = [Action(id: "a", label: "A"), Action(id: "b", label: "B")]
        #expect(ButtonPurpose.placed(plain) == plain)
    }

    @Test("Accept is drawn in the success colour, Decline and Hang up in the error colour, others in the toast's")
    func look() {
        let config = Config.default
        let composer = CardComposer(config: config, scale: 1)
        let toast = Toast(id: "t", message: "Alice calls", actions: [Action(id: "decline", label: "Decline", purpose: .decline),
                                                                     Action(id: "later", label: "Later"),
                                                                     Action(id: "accept", label: "Accept", purpose: .accept)])
        let card = composer.compose(toast, style: .tinted, appearance: .init(), metrics: FixedMetrics(scale: 1))
        let fills = card.scene.ops.compactMap { op -> (Rect, RGBA)? in
            guard case let .roundedRect(rect, radius, color) = op, radius == 7 else { return nil }
            return (rect, color)
        }.sorted { $0.0.x < $1.0.x }.map(\.1)
        #expect(fills == [RGBA(rgb: config.color(for: .error)).withAlpha(51),
                          composer.colors(for: .info, style: .tinted).accent.withAlpha(51),
                          RGBA(rgb: config.color(for: .success)).withAlpha(51)])
    }

    @Test("in focus mode Return presses Accept and Delete presses Decline (else Hang up); without them, the body and close")
    func keys() {
        let actions = [Action(id: "no", label: "Decline", purpose: .decline), Action(id: "yes", label: "Accept", purpose: .accept)]
        let card = CardFacts(id: "7", actions: actions.map(\.id), enterAction: ButtonPurpose.enterKey(actions),
                             deleteAction: ButtonPurpose.deleteKey(actions))
        let focus = KeyboardFocus(cards: [card], now: 0)!
        #expect(focus.intent(for: KeyPress(.enter), cards: [card]) == .invoke(id: "7", action: "yes"))
        #expect(focus.intent(for: KeyPress(.delete), cards: [card]) == .invoke(id: "7", action: "no"))
        #expect(ButtonPurpose.deleteKey([Action(id: "end", label: "End", purpose: .hangUp)]) == "end")
        let plain = CardFacts(id: "8", actions: ["ok"])
        let other = KeyboardFocus(cards: [plain], now: 0)!
        #expect(other.intent(for: KeyPress(.delete), cards: [plain]) == .dismiss(id: "8", reason: .close))
    }

    @Test("a screen reader hears the purpose as the button's name")
    func accessibleName() {
        #expect(ButtonPurpose.accept.accessibleName == "Accept call" && ButtonPurpose.hangUp.accessibleName == "Hang up")
        #expect(ButtonPurpose.replyWithText.accessibleName == nil)
        let toast = Toast(id: "7", title: "Ann", message: "calls", actions: [Action(id: "no", label: "✗", purpose: .decline),
                                                                              Action(id: "later", label: "Later"),
                                                                              Action(id: "yes", label: "Answer", purpose: .accept)])
        let tree = AccessibleTree(cards: [AccessibleTree.CardInput(toast: toast, frame: Rect(x: 0, y: 0, width: 360, height: 90), focused: false)])
        let buttons = (tree[AccessibleTree.cardPath("7")]?.children ?? []).compactMap { tree[$0] }.filter { $0.role == .pushButton }
        #expect(buttons.map(\.name) == ["Decline call", "Later", "Accept call"])
    }

    @Test("--purpose ID=PURPOSE gives an --action its purpose, or makes a purpose-only button with the default label; --category")
    func commandLine() throws {
        let command = try CommandParser.parse(["show", "--category", "call.incoming", "--action", "accept=Answer",
                                               "--purpose", "accept=call.accept", "--purpose", "no=call.decline", "Alice calls"])
        guard case let .show(show) = command else { Issue.record("\(command)"); return }
        #expect(show.request.category == "call.incoming")
        #expect(show.request.actions == [Action(id: "accept", label: "Answer", purpose: .accept), Action(id: "no", label: "Decline", purpose: .decline)])
        #expect(throws: UsageError.self) { try CommandParser.parse(["show", "--purpose", "x=call.dance", "m"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["show", "--purpose", "=call.accept", "m"]) }
        #expect(throws: UsageError.self) {
            try CommandParser.parse(["show", "-a", "a=A", "-a", "b=B", "-a", "c=C", "--purpose", "d=call.accept", "m"])
        }
    }

    @Test("the socket's category and action purpose fields round-trip, and bad ones are refused")
    func socket() {
        let line = #"{"op":"show","message":"Alice","category":"call.incoming","actions":[{"id":"a","purpose":"call.accept"},{"id":"d","label":"No","purpose":"call.decline"}]}"#
        guard case let .success(.show(show)) = Request.decode(line: Array(line.utf8)) else { Issue.record("not decoded"); return }
        #expect(show.category == "call.incoming")
        #expect(show.actions == [Action(id: "a", label: "Accept", purpose: .accept), Action(id: "d", label: "No", purpose: .decline)])
        #expect(Request.decode(line: Request.show(show).line) == .success(.show(show)))
        #expect(Submission(show, source: .socket).category == "call.incoming")
        guard case .failure = Request.decode(line: Array(#"{"op":"show","message":"m","actions":[{"id":"a","purpose":"call.dance"}]}"#.utf8)) else {
            Issue.record("an unknown purpose decoded"); return
        }
    }
}
