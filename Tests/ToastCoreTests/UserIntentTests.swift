@testable import ConfigParsing
import Testing
@testable import ToastCore

/// The click order (close, button, expand, default action, dismiss), shared by the pointer
/// and the keyboard, and what each bound key means.
@Suite struct UserIntentTests {
    let plain = CardFacts(id: "1")
    let cut = CardFacts(id: "2", isTruncated: true)
    let withDefault = CardFacts(id: "3", actions: ["yes", "no"], defaultAction: "open", isTruncated: true)

    @Test("the close button closes; a button chooses its action; a body click on a plain card dismisses it as clicked")
    func clickOrder() {
        #expect(CardActivation.click(.close, on: withDefault) == .dismiss(id: "3", reason: .close))
        #expect(CardActivation.click(.button("no"), on: withDefault) == .invoke(id: "3", action: "no"))
        #expect(CardActivation.click(.body, on: plain) == .dismiss(id: "1", reason: .click))
    }

    @Test("a cut card expands from its body without a default action, from its chevron with one; expanded, the body means the card again")
    func expandOrder() {
        #expect(CardActivation.click(.body, on: cut) == .expand(id: "2"))
        #expect(CardActivation.click(.body, on: withDefault) == .invoke(id: "3", action: "open"))
        #expect(CardActivation.click(.expandChevron, on: withDefault) == .expand(id: "3"))
        var expanded = cut
        expanded.isExpanded = true
        #expect(CardActivation.click(.body, on: expanded) == .dismiss(id: "2", reason: .click))
    }

    @Test("a release over another button than the one pressed is a body click")
    func releaseOverAnotherButton() {
        #expect(CardActivation.click(.button("no"), on: withDefault, pressed: "yes") == .invoke(id: "3", action: "open"))
        #expect(CardActivation.click(.button("yes"), on: withDefault, pressed: "yes") == .invoke(id: "3", action: "yes"))
    }

    @Test("bound keys: dismiss closes the newest, invoke the newest with a default action; those needing a card mean nothing without one")
    func boundKeys() {
        var board = Board()
        var withDefault = ShowRequest(message: "with")
        withDefault.actions = [Action(id: "yes", label: "Yes")]
        withDefault.defaultAction = "open"
        board.show(withDefault, owner: Owner(.socket, 1), now: 0)
        board.show(ShowRequest(message: "cut"), owner: Owner(.socket, 1), now: 1)
        board.show(ShowRequest(message: "plain"), owner: Owner(.socket, 1), now: 2)
        #expect(KeyAction.dismiss.intent(on: board) == .dismiss(id: "3", reason: .close))
        #expect(KeyAction.dismissAll.intent(on: board) == .dismissAll)
        #expect(KeyAction.invoke.intent(on: board) == .invoke(id: "1", action: "open"))
        #expect(KeyAction.focus.intent(on: board) == .startFocus)
        var plain = Board()
        plain.show(ShowRequest(message: "plain"), owner: Owner(.socket, 1), now: 0)
        #expect(KeyAction.invoke.intent(on: plain) == nil)
        for action in [KeyAction.dismiss, .dismissAll, .invoke, .focus] { #expect(action.intent(on: Board()) == nil, "\(action)") }
        #expect(KeyAction.restore.intent(on: Board()) == .restore)
        #expect(KeyAction.menu.intent(on: Board()) == .menu)
        #expect(KeyAction.center.intent(on: Board()) == .toggleCenter && KeyAction.center.intent(on: board) == .toggleCenter)
    }

    @Test("dismiss, dismiss_all, invoke and focus are held only while a card is visible; restore, menu and center always")
    func grabbedWhileVisible() {
        var keys = KeyBindings()
        for action in KeyAction.allCases { keys[action] = KeyChord([.super], action.rawValue.prefix(1).lowercased()) }
        #expect(Set(keys.grabbed(cardVisible: false).keys) == [.restore, .menu, .center])
        #expect(Set(keys.grabbed(cardVisible: true).keys) == Set(KeyAction.allCases))
        #expect(KeyBindings().grabbed(cardVisible: true).isEmpty, "nothing is grabbed by default")
    }
}

/// Focus mode's keys: moving across the cards newest first, the buttons, Return, digits,
/// Delete, Space, Escape, the idle deadline, and a card that goes passing the ring on.
@Suite struct KeyboardFocusTests {
    let cards = [CardFacts(id: "new", actions: ["a", "b"]), CardFacts(id: "mid", isTruncated: true),
                 CardFacts(id: "old", defaultAction: "open")]

    @Test("it starts on the newest card; Up and Down move, stopping at the ends")
    func moving() throws {
        var focus = try #require(KeyboardFocus(cards: cards, now: 0))
        #expect(focus.card == "new")
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Down")), cards: cards) == .focusMove(by: 1))
        focus.apply(.focusMove(by: 1), cards: cards)
        focus.apply(.focusMove(by: 1), cards: cards)
        #expect(focus.card == "old")
        focus.apply(.focusMove(by: 1), cards: cards)
        #expect(focus.card == "old")
        focus.apply(.focusMove(by: -1), cards: cards)
        #expect(focus.card == "mid")
        #expect(KeyboardFocus(cards: [], now: 0) == nil)
    }

    @Test("Return means the body (expand a cut card, the default action, or dismiss as clicked), or the focused button")
    func returnKey() throws {
        var focus = try #require(KeyboardFocus(cards: cards, now: 0))
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Return")), cards: cards) == .dismiss(id: "new", reason: .click))
        focus.apply(.focusButton(by: 1), cards: cards)
        #expect(focus.button == "a")
        focus.apply(.focusButton(by: 1), cards: cards)
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "KP_Enter")), cards: cards) == .invoke(id: "new", action: "b"))
        focus.apply(.focusMove(by: 1), cards: cards)
        #expect(focus.button == nil, "the button focus stays with its card")
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Return")), cards: cards) == .expand(id: "mid"))
        focus.apply(.focusMove(by: 1), cards: cards)
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Return")), cards: cards) == .invoke(id: "old", action: "open"))
    }

    @Test("1 to 3 press the buttons there are; Delete and BackSpace close; Space toggles the timers; Escape ends; other keys mean nothing")
    func otherKeys() throws {
        var focus = try #require(KeyboardFocus(cards: cards, now: 0))
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "2")), cards: cards) == .invoke(id: "new", action: "b"))
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "3")), cards: cards) == nil)
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Delete")), cards: cards) == .dismiss(id: "new", reason: .close))
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "BackSpace")), cards: cards) == .dismiss(id: "new", reason: .close))
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "Escape")), cards: cards) == .endFocus)
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "q")), cards: cards) == nil)
        #expect(focus.intent(for: KeyPress(KeyStroke(key: "space")), cards: cards) == .togglePause)
        focus.apply(.togglePause, cards: cards)
        #expect(focus.holdsTimers)
    }

    @Test("focus mode ends 10 s after the last key")
    func idleDeadline() throws {
        var focus = try #require(KeyboardFocus(cards: cards, now: 100))
        #expect(focus.deadline == 110)
        focus.touch(now: 104)
        #expect(focus.deadline == 114)
    }

    @Test("a card that goes hands the ring to the next older one (else the last); none left ends focus mode")
    func following() throws {
        var focus = try #require(KeyboardFocus(cards: cards, now: 0))
        focus.apply(.focusMove(by: 1), cards: cards)
        let kept = focus.follow(cards: [cards[0], cards[2]])
        #expect(kept && focus.card == "old")
        let last = focus.follow(cards: [CardFacts(id: "newer"), cards[0]])
        #expect(last && focus.card == "new", "the last card when none older is left")
        let none = focus.follow(cards: [])
        #expect(!none)
    }
}

/// `[keys]`: `ctrl+space`, `super+shift+n`, and the mistakes.
@Suite struct KeyChordTests {
    @Test("modifiers in any case and order, alt as mod1 and super as mod4; the key as written")
    func parsing() throws {
        #expect(try KeyChord.parse("ctrl+space") == KeyChord([.control], "space"))
        #expect(try KeyChord.parse("Super+Shift+n") == KeyChord([.super, .shift], "n"))
        #expect(try KeyChord.parse("mod1+F12") == KeyChord([.alt], "F12"))
        #expect(try KeyChord.parse("mod4+XF86AudioMute") == KeyChord([.super], "XF86AudioMute"))
        #expect(try KeyChord.parse("grave") == KeyChord([], "grave"))
        #expect(KeyChord([.super, .control], "n").description == "ctrl+super+n")
    }

    @Test("no key, an unknown modifier or a key that is no keysym name is refused, naming what is wrong")
    func mistakes() {
        #expect(throws: KeySpecError.self) { try KeyChord.parse("ctrl+") }
        #expect(throws: KeySpecError.self) { try KeyChord.parse("") }
        #expect(throws: KeySpecError.self) { try KeyChord.parse("hyper+n") }
        #expect(throws: KeySpecError.self) { try KeyChord.parse("ctrl+a b") }
        #expect(throws: KeySpecError.self) { try KeyChord.parse("ctrl+" + String(repeating: "x", count: 65)) }
        do {
            _ = try KeyChord.parse("meta+n")
        } catch {
            #expect(error.message.contains("'meta' is not a modifier"))
        }
    }

    @Test("[keys] in the config: set, none, and a bad line that keeps the rest")
    func config() {
        let result = ConfigParser.parse("""
            [keys]
            dismiss = ctrl+space
            invoke = none
            focus = super+shift+f
            menu = hyper+m
            """, file: "test.conf")
        #expect(result.config.keys[.dismiss] == KeyChord([.control], "space"))
        #expect(result.config.keys[.invoke] == nil)
        #expect(result.config.keys[.focus] == KeyChord([.super, .shift], "f"))
        #expect(result.config.keys[.menu] == nil)
        #expect(result.diagnostics.map(\.description) == ["test.conf:5: menu: 'hyper' is not a modifier; expected ctrl, shift, alt (mod1) or super (mod4)"])
        #expect(Config.default.keys == KeyBindings())
    }
}
