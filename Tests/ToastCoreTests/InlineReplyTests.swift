@testable import Operations
import Testing
@testable import ToastCore

/// Issue 29's inline reply in the model: the `inline-reply` action becomes a reply button,
/// the field it opens (its layout, keys, clicks, timer and idle timeout), and what a sent
/// reply becomes on the board and the bus.
@Suite struct InlineReplyTests {
    let bus = Owner(.bus, 1)
    let surface = SurfaceID(7)
    let elsewhere = SurfaceID(9)

    func replyCall(label: String = "Reply", hints: [String: HintValue] = [:]) -> NotifyCall {
        NotifyCall(appName: "Chat", summary: "Ann", body: "are you coming?", actions: ["open", "Open", "inline-reply", label], hints: hints)
    }

    func kdeHints() -> [String: HintValue] {
        ["x-kde-reply-placeholder-text": .string("Write to Ann"), "x-kde-reply-submit-button-text": .string("Answer"),
         "x-kde-reply-submit-button-icon-name": .string("")]
    }

    func replyToast(placeholder: String = "Write to Ann") -> Toast {
        var t = Toast(id: "t", title: "Ann", message: "are you coming?", actions: [Action(id: "open", label: "Open")])
        t.reply = ReplyOptions(label: "Reply", placeholder: placeholder, submitLabel: "Answer")
        return t
    }

    func compose(_ toast: Toast, reply: ReplyLook? = nil) -> ComposedCard {
        var appearance = CardComposer.Appearance()
        appearance.reply = reply
        return CardComposer(config: .default, scale: 1).compose(toast, style: .tinted, appearance: appearance, metrics: FixedMetrics())
    }

    // MARK: The hints

    @Test("inline-reply is advertised; the action becomes the reply (label, the three x-kde-reply hints; empty icon: the default), not a button")
    func mapping() {
        #expect(NotificationMapping.capabilities.contains("inline-reply"))
        let request = NotificationMapping.decide(replyCall(label: "Quick reply", hints: kdeHints())).request
        #expect(request.actions.map(\.id) == ["open"])
        #expect(request.reply?.buttonLabel == "Quick reply")
        #expect(request.reply?.placeholder == "Write to Ann")
        #expect(request.reply?.sendLabel == "Answer")
        #expect(request.reply?.sendIcon == nil, "an empty icon name means the default")
        let plain = NotificationMapping.decide(replyCall(label: "")).request
        #expect(plain.reply?.buttonLabel == "Reply", "no label: Reply")
        #expect(plain.reply?.sendLabel == "Send")
        #expect(plain.reply?.placeholder == "")
        #expect(NotificationMapping.decide(NotifyCall(appName: "a", summary: "s", body: "b", actions: ["open", "Open"])).request.reply == nil)
    }

    @Test("hints are bounded: a long placeholder is cut, newlines and controls go")
    func boundedHints() {
        let long = String(repeating: "é", count: 5000) + "\n\u{1}x"
        let request = NotificationMapping.decide(replyCall(hints: ["x-kde-reply-placeholder-text": .string(long)])).request
        #expect((request.reply?.placeholder.utf8.count ?? 0) <= ReplyOptions.maxHintBytes)
        #expect(request.reply?.placeholder.contains("\n") == false)
    }

    // MARK: The card

    @Test("the card shows a reply button labelled by the action, first among its buttons; a click on it opens the field")
    func replyButton() {
        let card = compose(replyToast())
        #expect(card.buttons.map(\.id) == ["inline-reply", "open"])
        #expect(textOps(card.scene.ops).map(\.text).contains("Reply"))
        #expect(card.replyField == nil && card.replySend == nil)
        let facts = CardFacts(id: "t", actions: ["inline-reply", "open"], hasReply: true)
        let spot = card.spot(at: Point(x: card.buttons[0].rect.midX, y: card.buttons[0].rect.midY))
        #expect(spot == .button("inline-reply"))
        #expect(CardActivation.click(spot, on: facts) == .openReply(id: "t"))
        let clicked = MouseBindings().leftClick(spot, on: facts).map { intent in intent.at(serverTime: 42) }
        #expect(clicked == [.openReply(id: "t", serverTime: 42)])
        #expect(CardActivation.click(.button("open"), on: facts) == .invoke(id: "t", action: "open"))
    }

    @Test("open, the field takes the buttons' row: placeholder in the secondary colour, send button, caret; no buttons")
    func fieldLayout() {
        let closed = compose(replyToast())
        let open = compose(replyToast(), reply: ReplyLook(field: ReplyField(), caretVisible: true))
        #expect(open.buttons.isEmpty)
        let field = try! #require(open.replyField), send = try! #require(open.replySend)
        #expect(field.maxX < send.x, "the send button sits right of the box")
        #expect(send.maxX <= open.scene.size.width - 10)
        let texts = textOps(open.scene.ops)
        let colors = CardComposer(config: .default, scale: 1).colors(for: .info, style: .tinted)
        #expect(texts.contains { $0.text == "Write to Ann" && $0.color == colors.secondary })
        #expect(texts.contains { $0.text == "Answer" })
        #expect(open.spot(at: Point(x: send.midX, y: send.midY)) == .replySend)
        #expect(open.spot(at: Point(x: field.midX, y: field.midY)) == .replyField)
        #expect(CardActivation.click(.replySend, on: CardFacts(id: "t", hasReply: true)) == .submitReply(id: "t"))
        #expect(open.scene.size.height >= closed.scene.size.height)
        // The caret: a thin bar at the box's text start while the field is empty.
        #expect(caretBars(open, in: field).count == 1)
        let off = compose(replyToast(), reply: ReplyLook(field: ReplyField(), caretVisible: false))
        #expect(caretBars(off, in: field).isEmpty, "the blink's off half draws no caret")
    }

    @Test("typed text is drawn as typed (no markup), in the text colour, the caret after it; several lines grow the card up to 4")
    func typedText() {
        let colors = CardComposer(config: .default, scale: 1).colors(for: .info, style: .tinted)
        let typed = compose(replyToast(), reply: ReplyLook(field: ReplyField("<b>on</b> my way")))
        #expect(textOps(typed.scene.ops).contains { $0.text == "<b>on</b> my way" && $0.color == colors.text })
        #expect(!textOps(typed.scene.ops).contains { $0.text == "Write to Ann" }, "the placeholder goes once something is typed")
        let field = try! #require(typed.replyField)
        let caret = try! #require(caretBars(typed, in: field).first)
        #expect(caret.x >= field.x + 6 + 15 * 7 - 1, "the caret sits after the 16 characters")
        let oneLine = typed.scene.size.height
        let three = compose(replyToast(), reply: ReplyLook(field: ReplyField("a\nb\nc")))
        #expect(three.scene.size.height == oneLine + 2 * 17)
        let ten = compose(replyToast(), reply: ReplyLook(field: ReplyField((1...10).map(String.init).joined(separator: "\n"))))
        #expect(ten.scene.size.height == oneLine + 3 * 17, "at most 4 lines show")
    }

    @Test("x-kde-reply-submit-button-icon-name, once found in the theme: the send button is a square holding the icon, not its text")
    func sendIcon() throws {
        var appearance = CardComposer.Appearance()
        appearance.reply = ReplyLook(field: ReplyField("ok"))
        appearance.actionIcons = [ReplyOptions.sendIconKey: "/icons/document-send-symbolic.svg"]
        let card = CardComposer(config: .default, scale: 1).compose(replyToast(), style: .tinted, appearance: appearance, metrics: FixedMetrics())
        let send = try #require(card.replySend)
        #expect(card.scene.ops.contains { if case let .image(path, r, tint) = $0 { path.hasSuffix("send-symbolic.svg") && send.contains(Point(x: r.midX, y: r.midY)) && tint != nil } else { false } })
        #expect(!textOps(card.scene.ops).contains { $0.text == "Answer" })
        #expect(send.width >= send.height && send.width <= 40, "about square, as an action icon's button")
    }

    @Test("a selection is drawn behind the selected text")
    func selection() {
        var field = ReplyField("on my way")
        field.select(from: 3, to: 5)
        let card = compose(replyToast(), reply: ReplyLook(field: field))
        let behind = card.scene.ops.compactMap { op -> RGBA? in
            guard case let .roundedRect(_, radius, color) = op, radius == 0, color.a == 90 else { return nil }
            return color
        }
        // The fake metrics place no glyphs (no rects), so the highlight shows with Pango only;
        // here, the ops stay valid and the text is still drawn once.
        #expect(behind.count <= 1)
        #expect(textOps(card.scene.ops).filter { $0.text == "on my way" }.count == 1)
    }

    @Test("a press in the field puts the caret at the nearest character boundary; before the text, at 0; past it, at the end")
    func pressPlacesCaret() throws {
        let field = ReplyField("on my way")
        let card = compose(replyToast(), reply: ReplyLook(field: field))
        let (_, origin) = try #require(card.replyText)
        let metrics = FixedMetrics()
        #expect(CardComposer.replyCaret(at: Point(x: origin.x + 3 * 7 + 2, y: origin.y + 5), in: card, field: field, metrics: metrics) == 3)
        #expect(CardComposer.replyCaret(at: Point(x: origin.x - 4, y: origin.y + 5), in: card, field: field, metrics: metrics) == 0)
        #expect(CardComposer.replyCaret(at: Point(x: origin.x + 200, y: origin.y + 5), in: card, field: field, metrics: metrics) == 9)
        let empty = compose(replyToast(), reply: ReplyLook(field: ReplyField()))
        #expect(empty.replyText == nil)
        #expect(CardComposer.replyCaret(at: Point(x: 50, y: 50), in: empty, field: ReplyField(), metrics: metrics) == 0)
    }

    func caretBars(_ card: ComposedCard, in field: Rect) -> [Rect] {
        card.scene.ops.compactMap { op in
            guard case let .roundedRect(r, radius, _) = op, radius == 0, r.width <= 2, r.height >= 10, field.contains(Point(x: r.midX, y: r.midY))
            else { return nil }
            return r
        }
    }

    // MARK: Intents

    func context(reply: ReplySession?, focus: Bool = false) -> InputRouter.Context {
        let cards = [CardFacts(id: "t", actions: ["inline-reply", "open"], hasReply: true)]
        return InputRouter.Context(focus: focus ? KeyboardFocus(cards: cards, now: 0) : nil, cardSurfaces: [surface], cards: cards,
                                   reply: reply, replySurface: reply == nil ? nil : surface)
    }

    @Test("focus mode: R opens the focused card's field (with the key's time); Enter on the reply button too")
    func focusKey() {
        let board = Board()
        let r = InputRouter.route(.key(KeyStroke(key: "r", text: "r", serverTime: 77)), context(reply: nil, focus: true), board: board)
        #expect(r.intents == [.openReply(id: "t", serverTime: 77)])
        var focus = KeyboardFocus(cards: context(reply: nil).cards, now: 0)!
        focus.apply(.focusButton(by: 1), cards: context(reply: nil).cards)
        #expect(focus.intent(for: KeyPress(.enter), cards: context(reply: nil).cards) == .openReply(id: "t"))
        let noReply = [CardFacts(id: "t", actions: ["open"])]
        #expect(KeyboardFocus(cards: noReply, now: 0)!.intent(for: .typing("r"), cards: noReply) == nil)
    }

    @Test("the open field takes every key: typing edits, Enter sends (not when empty), Shift+Enter is a newline, Escape cancels, Ctrl+V pastes")
    func keys() {
        let board = Board()
        let empty = ReplySession(id: "t", now: 0, serverTime: 5)
        func route(_ stroke: KeyStroke, _ session: ReplySession, focus: Bool = false) -> InputRouter.Decision {
            InputRouter.route(.key(stroke), context(reply: session, focus: focus), board: board)
        }
        let a = KeyStroke(key: "a", text: "a")
        #expect(route(a, empty).intents == [.editReply(id: "t", KeyPress(a))])
        #expect(route(KeyStroke(key: "Return", serverTime: 9), empty).intents == [], "Enter in an empty field sends nothing")
        var typed = empty
        typed.apply(.typing("on my way"), now: 1)
        #expect(route(KeyStroke(key: "Return", serverTime: 9), typed).intents == [.submitReply(id: "t", serverTime: 9)])
        let shiftEnter = KeyStroke(key: "Return", modifiers: [.shift])
        #expect(route(shiftEnter, typed).intents == [.editReply(id: "t", KeyPress(shiftEnter))])
        typed.apply(KeyPress(shiftEnter), now: 2)
        #expect(typed.field.string == "on my way\n")
        #expect(route(KeyStroke(key: "Escape"), typed).intents == [.cancelReply(id: "t")])
        #expect(route(KeyStroke(key: "v", modifiers: [.control], text: "\u{16}"), typed).intents == [.pasteReply(id: "t", selection: .clipboard, serverTime: 0)],
                "Ctrl+V as the screen types it (U+0016)")
        var all = typed
        all.apply(KeyPress(KeyStroke(key: "a", modifiers: [.control], text: "\u{1}")), now: 3)
        #expect(all.field.selection == 0..<all.field.text.count, "Ctrl+A selects all")
        #expect(route(KeyStroke(key: "v", modifiers: [.control], text: "v"), typed).intents == [.pasteReply(id: "t", selection: .clipboard, serverTime: 0)])
        // Focus mode's keys are the field's while it is open: R types, Escape closes the field only.
        let focusR = route(KeyStroke(key: "r", text: "r"), empty, focus: true)
        #expect(focusR.intents == [.editReply(id: "t", KeyPress(KeyStroke(key: "r", text: "r")))] && focusR.keepsFocusAlive)
        #expect(route(KeyStroke(key: "Escape"), empty, focus: true).intents == [.cancelReply(id: "t")])
        // The centre's key still toggles the centre.
        #expect(route(KeyStroke(key: "c", bound: .center), empty).intents == [.toggleCenter])
    }

    @Test("the pointer: a press elsewhere cancels (and still means what it means); the middle button on the card pastes PRIMARY; a paste arrives")
    func pointer() {
        let board = Board()
        let session = ReplySession(id: "t", now: 0, serverTime: 5)
        let away = InputRouter.route(.press(surface: elsewhere, button: 1, root: Point(x: 0, y: 0), time: 0, serverTime: 1),
                                     context(reply: session), board: board)
        #expect(away.intents.first == .cancelReply(id: "t"))
        #expect(away.recipient == .cards)
        let middle = InputRouter.route(.press(surface: surface, button: 2, root: Point(x: 0, y: 0), time: 0, serverTime: 1),
                                       context(reply: session), board: board)
        #expect(middle.intents == [.pasteReply(id: "t", selection: .primary, serverTime: 1)])
        let left = InputRouter.route(.press(surface: surface, button: 1, root: Point(x: 0, y: 0), time: 0, serverTime: 1),
                                     context(reply: session), board: board)
        #expect(left == InputRouter.Decision(.cards), "a press on its own card goes to the card (the send button, the field)")
        #expect(InputRouter.route(.pasted("hello"), context(reply: session), board: board).intents == [.insertReply(id: "t", text: "hello")])
        #expect(InputRouter.route(.pasted(""), context(reply: session), board: board).intents.isEmpty, "no owner: nothing pasted")
        #expect(InputRouter.route(.pasted("x"), context(reply: nil), board: board).intents.isEmpty)
        #expect(InputRouter.route(.focusLost(surface: surface), context(reply: session), board: board).intents == [.cancelReply(id: "t")],
                "the focus put on another window closes the field")
        #expect(InputRouter.route(.focusLost(surface: elsewhere), context(reply: session), board: board).intents.isEmpty)
    }

    @Test("issue 44: the router decides a press in the open field: a left press in its box places the caret at the card-local point and a drag from it selects until the release; the middle button still pastes; a press on the card outside the box is the card's; a press elsewhere still cancels")
    func pressInField() {
        let board = Board()
        // The card's top-left at (100, 50) on the screen, the field's box at (40, 80) in it.
        let place = ReplyFieldPlace(cardOrigin: Point(x: 100, y: 50), box: Rect(x: 40, y: 80, width: 200, height: 30))
        var session = ReplySession(id: "t", now: 0, serverTime: 5, text: "on my way")
        func route(_ event: InputEvent) -> InputRouter.Decision {
            var context = context(reply: session)
            context.replyField = place
            return InputRouter.route(event, context, board: board)
        }
        func press(_ button: UInt32, _ x: Double, _ y: Double, on where: SurfaceID? = nil) -> InputEvent {
            .press(surface: `where` ?? surface, button: button, root: Point(x: x, y: y), time: 0, serverTime: 11)
        }
        let left = route(press(1, 150, 140))
        #expect(left == InputRouter.Decision(.nobody, [.placeReplyCaret(id: "t", at: Point(x: 50, y: 90), serverTime: 11)]),
                "the press is the field's, not the cards' (no swipe starts)")
        #expect(route(press(2, 150, 140)).intents == [.pasteReply(id: "t", selection: .primary, serverTime: 11)])
        #expect(route(press(1, 110, 60)) == InputRouter.Decision(.cards), "off the box, on its card: the send button, a swipe")
        let away = route(press(1, 150, 140, on: elsewhere))
        #expect(away.intents.first == .cancelReply(id: "t") && away.recipient == .cards)
        // Without a press held in the field, moves and releases are the cards'.
        #expect(route(.motion(surface: surface, root: Point(x: 200, y: 140), time: 0)) == InputRouter.Decision(.cards))
        session.press(at: 2, now: 1)
        #expect(route(.motion(surface: surface, root: Point(x: 200, y: 140), time: 0)).intents == [.dragReplyCaret(id: "t", to: Point(x: 100, y: 90))])
        #expect(route(.release(surface: surface, button: 1, root: Point(x: 0, y: 0), time: 0, serverTime: 12)).intents
                == [.endReplyDrag(id: "t", serverTime: 12)])
        session.drag(to: 5, now: 2)
        #expect(session.field.selection == 2..<5 && session.field.caret == 5)
        session.endDrag()
        #expect(session.dragAnchor == nil)
        #expect(route(.release(surface: surface, button: 1, root: Point(x: 0, y: 0), time: 0, serverTime: 12)) == InputRouter.Decision(.cards))
    }

    // MARK: The session

    @Test("60 s without typing close the field; each key starts the 60 s again (the clock passed in)")
    func idleTimeout() {
        var session = ReplySession(id: "t", now: 100, serverTime: 1)
        #expect(session.deadline == 160)
        #expect(!session.isExpired(now: 159.9))
        #expect(session.isExpired(now: 160))
        session.apply(.typing("o"), now: 150)
        #expect(!session.isExpired(now: 209))
        #expect(session.isExpired(now: 210))
        session.askPaste(now: 199.5)
        session.paste("k", now: 200)
        #expect(session.deadline == 260)
        #expect(session.field.string == "ok")
    }

    @Test("a paste's text is typed only if it was asked for within 2 s: a late answer (an owner that hung) and an unasked one are dropped")
    func pasteTimeout() {
        var session = ReplySession(id: "t", now: 0, serverTime: 1)
        #expect(session.paste("unasked", now: 1) == .ignored)
        session.askPaste(now: 10)
        #expect(session.paste("in time", now: 10 + ReplySession.pasteTimeout) == .edited)
        #expect(session.paste("again", now: 12.5) == .ignored, "one answer per request")
        session.askPaste(now: 20)
        #expect(session.paste("late", now: 22.01) == .ignored)
        #expect(session.field.string == "in time" && session.pasteAskedAt == nil)
    }

    @Test("the caret blinks by the half period from the last key (nil: it stays on)")
    func blink() {
        let session = ReplySession(id: "t", now: 10, serverTime: 1)
        #expect(session.caretVisible(now: 10.5, halfPeriod: 0.6))
        #expect(!session.caretVisible(now: 10.7, halfPeriod: 0.6))
        #expect(session.caretVisible(now: 11.3, halfPeriod: 0.6))
        #expect(session.caretVisible(now: 10.7, halfPeriod: nil))
        #expect(abs(session.nextBlink(after: 10.7, halfPeriod: 0.6)! - 11.2) < 1e-9)
        #expect(session.nextBlink(after: 10.7, halfPeriod: nil) == nil)
        #expect(DesktopSettings(cursorBlinkTime: 1000).caretHalfPeriod == 0.5)
    }

    @Test("a paste is cut to the field's 4 KiB; blanks only are never sent")
    func bounds() {
        var session = ReplySession(id: "t", now: 0, serverTime: 1)
        session.askPaste(now: 0.5)
        session.paste(String(repeating: "x", count: 10_000), now: 1)
        #expect(session.field.byteCount == ReplyField.maxBytes)
        session.setText("   \n ", now: 2)
        #expect(session.submission == nil)
    }

    // MARK: The socket

    @Test("show --reply: alone, with =TEXT, or with a placeholder before the message; the JSON field round-trips; bounds refused")
    func commandLine() {
        func reply(_ args: [String]) -> (ReplyOptions?, String)? {
            guard case let .show(show)? = parse(["show"] + args) else { return nil }
            return (show.request.reply, show.request.message)
        }
        let lone = reply(["--reply", "coming?"]), before = reply(["--reply", "Where?", "Ann:", "coming?"]), inline = reply(["--reply=Where?", "coming?"])
        #expect(lone?.0?.placeholder == "" && lone?.1 == "coming?", "a lone word is the message")
        #expect(before?.0?.placeholder == "Where?" && before?.1 == "Ann: coming?")
        #expect(inline?.0?.placeholder == "Where?" && inline?.1 == "coming?")
        #expect(reply(["coming?"])?.0 == nil)
        #expect((try? CommandParser.parse(["show", "--reply=" + String(repeating: "x", count: 300), "m"])) == nil)
        guard case let .success(.show(decoded)) = decode(#"{"op":"show","message":"m","reply":"Where?"}"#) else {
            Issue.record("the reply field should decode")
            return
        }
        #expect(decoded.reply?.placeholder == "Where?")
        #expect(Request.show(decoded).text.contains(#""reply":"Where?""#))
        if case .success = decode(#"{"op":"show","message":"m","reply":"a\nb"}"#) { Issue.record("a newline in the placeholder is refused") }
        if case .success = decode(#"{"op":"show","message":"m","reply":3}"#) { Issue.record("a number is refused") }
    }

    // MARK: The board and the bus

    func notify(_ board: inout Board, _ call: NotifyCall, sender: String = ":1.7") -> String {
        let submission = NotificationMapping.decide(call).submission(replacesID: 0, sender: sender)
        return board.carryOut(Admission.decide(submission, board: board, now: 0), owner: bus, now: 0)
    }

    @Test("a sent reply: the owner hears reply (to the sender's unique name only), with its token, then the toast closes with 2; no ActionInvoked")
    func sent() {
        var board = Board()
        let id = notify(&board, replyCall(hints: kdeHints()))
        _ = board.takeChanges()
        let took = board.reply("on my way", on: id, activationToken: "xtoast-1-h-1_TIME42", now: 1)
        #expect(took)
        let changes = board.takeChanges()
        let reply = try! #require(changes.deliveries.first)
        #expect(reply.event == .replied(id: id, text: "on my way"))
        #expect(reply.destination == ":1.7")
        #expect(reply.recipients == [bus])
        let signals = changes.deliveries.flatMap(NotificationMapping.signals(for:))
        let n = UInt32(id)!
        #expect(signals == [.activationToken(id: n, token: "xtoast-1-h-1_TIME42"), .notificationReplied(id: n, text: "on my way"),
                            .notificationClosed(id: n, reason: 2)])
        #expect(board.toast(id) == nil)
        let again = board.reply("again", on: id, now: 2)
        #expect(!again, "gone: nothing more")
    }

    @Test("a late reply: a restored bus toast's reply reaches its sender under the original id, unicast, late; once the sender left, no reply button")
    func lateReply() throws {
        var board = Board()
        let id = notify(&board, replyCall())
        board.dismiss(id, reason: .close, now: 1)
        _ = board.takeChanges()
        let restored = try board.restore(id: nil, owner: Owner(.socket, 9), now: 2).get()
        #expect(restored != id && board.toast(restored)?.reply != nil)
        _ = board.takeChanges()
        let took = board.reply("late but here", on: restored, now: 3)
        #expect(took)
        let delivery = try #require(board.takeChanges().deliveries.first)
        #expect(delivery.event == .replied(id: id, text: "late but here") && delivery.late && delivery.destination == ":1.7")
        #expect(delivery.recipients.first == bus)
        // The sender leaves: a restored toast loses its reply with its buttons.
        let again = notify(&board, replyCall())
        board.dismiss(again, reason: .close, now: 4)
        let second = try board.restore(id: nil, owner: Owner(.socket, 9), now: 5).get()
        board.dropListeners { $0.busName == ":1.7" }
        #expect(board.toast(second)?.reply == nil)
    }

    @Test("a toast without a reply takes none; the socket's event line is reply with its text")
    func socketEvent() {
        var board = Board()
        let id = board.show(ShowRequest(message: "plain"), owner: Owner(.socket, 1), now: 0)
        let took = board.reply("x", on: id, now: 1)
        #expect(!took)
        let line = ToastEvent.replied(id: "3", text: "on my way").json
        #expect(ToastEvent.decode(line) == .replied(id: "3", text: "on my way"))
        #expect(line["event"] == .string("reply"))
    }

    @Test("while the field is open its toast's timer stops; closed, it runs again from what was left")
    func timer() {
        var board = Board()
        var request = ShowRequest(message: "ask", timeout: 5)
        request.reply = ReplyOptions()
        let id = board.show(request, owner: Owner(.socket, 1), now: 0)
        func hold(_ reply: String?, now: Double) {
            let held = board.heldStacks(pointer: [], focusedCard: nil, replyCard: reply, holdAll: false)
            for key in board.keys { board.setPaused(key, held.contains(key), now: now) }
        }
        hold(id, now: 2)
        board.expire(now: 100)
        #expect(board.toast(id) != nil, "the open field keeps it")
        hold(nil, now: 100)
        board.expire(now: 102.9)
        #expect(board.toast(id) != nil, "3 s were left")
        board.expire(now: 103.1)
        #expect(board.toast(id) == nil)
    }
}

/// The reply field as a screen reader sees it.
@Suite struct InlineReplyAccessibilityTests {
    func card(reply: ReplyField?) -> AccessibleTree.CardInput {
        var toast = Toast(id: "7", title: "Ann", message: "coming?")
        toast.reply = ReplyOptions(placeholder: "Write to Ann")
        return AccessibleTree.CardInput(toast: toast, frame: Rect(x: 0, y: 0, width: 300, height: 90), focused: false, reply: reply)
    }

    @Test("closed: a Reply push button whose press opens the field; open: an editable, focused ENTRY child with the text and caret")
    func entry() throws {
        let closed = AccessibleTree(cards: [card(reply: nil)])
        let cardNode = try #require(closed[AccessibleTree.cardPath("7")])
        let button = try #require(cardNode.children.compactMap { closed[$0] }.first { $0.role == .pushButton })
        #expect(button.name == "Reply" && button.press == AccessibleTree.Press(toast: "7", action: "inline-reply"))
        var field = ReplyField("on my way")
        field.select(from: 2, to: 2)
        let open = AccessibleTree(cards: [card(reply: field)])
        let entry = try #require(open[AccessibleTree.cardPath("7")]?.children.compactMap { open[$0] }.first { $0.role == .entry })
        #expect(entry.name == "Write to Ann" && entry.states.isSuperset(of: [.editable, .focused, .focusable]))
        #expect(entry.text == ReplyText(text: "on my way", caret: 2, toast: "7"))
        #expect(entry.text?.characterCount == 9 && entry.text?.text(from: 3, to: -1) == "my way" && entry.text?.text(from: 50, to: 2) == "")
        #expect(AccessibleTree.Role.entry.rawValue == 79 && AccessibleTree.Role.entry.name == "entry")
        var announcer = AccessibleAnnouncer()
        _ = announcer.advance(to: closed, now: 0)
        #expect(announcer.advance(to: open, now: 1).contains(.focused(path: entry.path, true)), "the entry takes the focus when it opens")
    }

    @Test("EditableText's edits: set, insert at an offset, delete a range, Text's caret; bounded and clamped")
    func edits() {
        let field = ReplyField("on way")
        #expect(field.applying(.insert("my ", at: 3)).string == "on my way")
        #expect(field.applying(.insert("my ", at: 3)).caret == 6)
        #expect(field.applying(.delete(from: 2, to: 6)).string == "on")
        #expect(field.applying(.delete(from: -5, to: 99)).string == "")
        #expect(field.applying(.setText("x\u{1}y")).string == "xy")
        #expect(field.applying(.caret(at: 3)).caret == 3 && field.applying(.caret(at: 3)).selection == nil)
        #expect(field.applying(.caret(at: 99)).caret == 6 && field.applying(.caret(at: -4)).caret == 0, "clamped")
        #expect(field.applying(.insert(String(repeating: "z", count: 9000), at: 100)).byteCount == ReplyField.maxBytes)
    }
}
