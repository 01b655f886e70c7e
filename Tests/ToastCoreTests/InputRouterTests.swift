import Testing
import ToastCore

/// Who gets each input event: the centre's key, the open centre, focus mode, a bound key
/// and the cards, in that order, for every combination.
@Suite struct InputRouterTests {
    let card = SurfaceID(7)
    let elsewhere = SurfaceID(9)

    func board() -> Board {
        var board = Board()
        var withDefault = ShowRequest(message: "one")
        withDefault.defaultAction = "open"
        board.show(withDefault, owner: Owner(.socket, 1), now: 0)
        board.show(ShowRequest(message: "two"), owner: Owner(.socket, 1), now: 1)
        return board
    }

    func context(centerOpen: Bool, focus: Bool) -> InputRouter.Context {
        let cards = [CardFacts(id: "2"), CardFacts(id: "1", defaultAction: "open")]
        return InputRouter.Context(centerOpen: centerOpen, focus: focus ? KeyboardFocus(cards: cards, now: 0) : nil,
                                   cardSurfaces: [card], cards: cards)
    }

    @Test("keys: the centre's key always toggles it; the open centre takes every other key; then focus mode's keys; then a bound key")
    func keys() {
        let board = board()
        for centerOpen in [false, true] {
            for focus in [false, true] {
                for bound in [nil, KeyAction.dismiss, .invoke, .center] {
                    let label = "centre \(centerOpen), focus \(focus), bound \(String(describing: bound))"
                    // A bound key is held with Super; an unbound one is focus mode's Down.
                    let stroke = bound == nil ? KeyStroke(key: "Down") : KeyStroke(key: "n", modifiers: [.super], bound: bound)
                    let decision = InputRouter.route(.key(stroke), context(centerOpen: centerOpen, focus: focus), board: board)
                    let expected: InputRouter.Decision = switch (bound, centerOpen, focus) {
                    case (.center?, _, _): InputRouter.Decision(.nobody, [.toggleCenter])
                    case (_, true, _): InputRouter.Decision(.center)
                    case (nil, false, true): InputRouter.Decision(.nobody, [.focusMove(by: 1)], keepsFocusAlive: true)
                    case (nil, false, false): InputRouter.Decision(.nobody)
                    case (.dismiss?, false, _): InputRouter.Decision(.nobody, [.dismiss(id: "2", reason: .close)], keepsFocusAlive: focus)
                    case (_, false, _): InputRouter.Decision(.nobody, [.invoke(id: "1", action: "open", serverTime: 0)], keepsFocusAlive: focus)
                    }
                    #expect(decision == expected, "\(label)")
                }
            }
        }
    }

    @Test("an unmodified bound key in focus mode is a focus key when focus mode gives it a meaning, else the bound key")
    func boundKeyInFocusMode() {
        let board = board()
        let space = KeyStroke(key: "space", bound: .dismiss)
        #expect(InputRouter.route(.key(space), context(centerOpen: false, focus: true), board: board).intents == [.togglePause])
        let f12 = KeyStroke(key: "F12", bound: .dismiss)
        #expect(InputRouter.route(.key(f12), context(centerOpen: false, focus: true), board: board).intents
                == [.dismiss(id: "2", reason: .close)])
    }

    @Test("the pointer: the open centre takes it all, else the cards; in focus mode a press off the cards ends it")
    func pointer() {
        let board = board()
        for centerOpen in [false, true] {
            for focus in [false, true] {
                for overCard in [false, true] {
                    let label = "centre \(centerOpen), focus \(focus), over a card \(overCard)"
                    let surface = overCard ? card : elsewhere
                    let ctx = context(centerOpen: centerOpen, focus: focus)
                    let to: InputRouter.Recipient = centerOpen ? .center : .cards
                    let press = InputRouter.route(.press(surface: surface, button: 1, root: .zero, time: 0, serverTime: 0), ctx, board: board)
                    #expect(press == InputRouter.Decision(to, focus && !overCard ? [.endFocus] : []), "\(label)")
                    for event in [InputEvent.release(surface: surface, button: 1, root: .zero, time: 0, serverTime: 0),
                                  .motion(surface: surface, root: .zero, time: 0), .enter(surface: surface, grabbing: false),
                                  .leave(surface: surface, grabbing: false)] {
                        #expect(InputRouter.route(event, ctx, board: board) == InputRouter.Decision(to), "\(label) \(event)")
                    }
                }
            }
        }
    }

    @Test("facts about the screen go to the service whoever holds the keyboard")
    func screen() {
        let board = board()
        for centerOpen in [false, true] {
            for focus in [false, true] {
                for event in [InputEvent.compositorChanged, .lockChanged(["a"]), .screenChanged, .imagesReady,
                              .fullscreenChanged(monitors: []), .idleChanged(true)] {
                    #expect(InputRouter.route(event, context(centerOpen: centerOpen, focus: focus), board: board)
                            == InputRouter.Decision(.screen))
                }
            }
        }
    }

    @Test("a refused grab is asked for again every interval, and given up after the patience")
    func grabRetry() {
        var retry: GrabRetry? = GrabRetry(refusedAt: 10)
        #expect(retry?.next == 10 + GrabRetry.interval)
        var tries = 0
        while let r = retry, tries < 1000 {
            retry = r.refused(at: r.next)
            tries += 1
        }
        #expect(tries == Int((GrabRetry.patience / GrabRetry.interval).rounded()) + 1 || tries == Int((GrabRetry.patience / GrabRetry.interval).rounded()))
        #expect(GrabRetry(refusedAt: 0).refused(at: GrabRetry.patience) == nil)
    }

    @Test("a card's hit test: the close button over a button, a button over the body")
    func hitTest() {
        let card = ComposedCard(scene: CardScene(size: Size(width: 100, height: 50), cornerRadius: 0, ops: []),
                                     closeButton: Rect(x: 80, y: 0, width: 20, height: 20))
        #expect(card.spot(at: Point(x: 90, y: 10)) == .close)
        #expect(card.spot(at: Point(x: 10, y: 40)) == .body)
    }

    @Test("the centre's drag: a click before the slop, a sideways swipe over an entry, a scroll otherwise")
    func centerDrag() {
        let key = HistoryKey(id: "1", ended: 1)
        var click = CenterDragGesture(at: Point(x: 10, y: 10), entry: key)
        #expect(click.move(to: Point(x: 12, y: 11), slop: 5) == 0)
        #expect(click.release(at: Point(x: 12, y: 11), width: 300, fraction: 0.3) == .click(Point(x: 10, y: 10)))
        var swipe = CenterDragGesture(at: Point(x: 10, y: 10), entry: key)
        _ = swipe.move(to: Point(x: 200, y: 12), slop: 5)
        #expect(swipe.mode == .swipe && swipe.swipe?.dx == 190)
        #expect(swipe.release(at: Point(x: 200, y: 12), width: 300, fraction: 0.3) == .remove(key))
        var scroll = CenterDragGesture(at: Point(x: 10, y: 100), entry: nil)
        #expect(scroll.move(to: Point(x: 12, y: 60), slop: 5) == 40)
        #expect(scroll.mode == .scroll)
        #expect(scroll.release(at: Point(x: 12, y: 60), width: 300, fraction: 0.3) == .none)
    }

    @Test("one key vocabulary: focus mode and the centre read the same KeyPress; space and digits still type into the filter")
    func keyVocabulary() {
        #expect(KeyPress(KeyStroke(key: "space", text: " ")) == KeyPress(.space, text: " "))
        #expect(KeyPress(KeyStroke(key: "1", modifiers: [.shift], text: "!")) == KeyPress(.digit(1), text: "!", shift: true))
        #expect(KeyPress(KeyStroke(key: "KP_Left")).key == .left && KeyPress(KeyStroke(key: "Tab", text: "\t")) == KeyPress(.tab))
        var state = CenterState()
        _ = state.press(KeyPress(KeyStroke(key: "slash", text: "/")), rows: [], viewport: 100, now: 0, height: { _ in 10 })
        for (key, text) in [("a", "a"), ("space", " "), ("2", "2")] {
            _ = state.press(KeyPress(KeyStroke(key: key, text: text)), rows: [], viewport: 100, now: 0, height: { _ in 10 })
        }
        #expect(state.filter == "a 2")
    }
}
