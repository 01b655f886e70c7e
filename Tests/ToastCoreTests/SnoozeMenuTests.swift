@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Issue 30, "Snooze an app. From a card (a small menu on right click or a key in focus mode)
/// and from the centre": the menu's decisions, without a screen.
@Suite struct SnoozeMenuTests {
    let card = CardFacts(id: "7", actions: ["reply"], defaultAction: nil)

    @Test("the choices read as the issue says: for 1 hour, until tomorrow, always; always is no snooze but a rule")
    func labels() {
        #expect(SnoozeMenu.choices.map { $0.label(app: "Slack") } == ["Mute Slack for 1 hour", "Mute Slack until tomorrow", "Mute Slack always"])
        #expect(SnoozeChoice.oneHour.end == .after(3600))
        #expect(SnoozeChoice.tomorrowMorning.end == .at(day: .tomorrow, minute: QuietEnd.morning))
        #expect(SnoozeChoice.always.end == nil)
    }

    @Test("a card whose toast names no application (or one no snooze can take) gets no menu")
    func noApp() {
        #expect(SnoozeMenu(app: "", on: .card("1")) == nil)
        #expect(SnoozeMenu(app: "a]b", on: .card("1")) == nil)
        var toast = Toast(id: "1", title: "t", message: "m")
        toast.desktopEntry = "org.gnome.Evolution"
        #expect(SnoozeMenu.app(of: toast) == "org.gnome.Evolution", "the desktop entry when there is no name")
        toast.app = "Evolution"
        #expect(SnoozeMenu.app(of: toast) == "Evolution")
    }

    @Test("keys: Down and Up move the highlight and stop at the ends, Enter takes it, a digit takes that choice, Escape or another key closes")
    func keys() throws {
        var menu = try #require(SnoozeMenu(app: "Slack", on: .card("7")))
        func press(_ key: KeyPress) -> SnoozeMenu.Outcome { menu.press(key) }
        #expect(press(KeyPress(.enter)) == .closed, "Enter with nothing highlighted chooses nothing")
        #expect(press(KeyPress(.down)) == .open)
        #expect(menu.selection == 0)
        for _ in 0..<3 { #expect(press(KeyPress(.down)) == .open) }
        #expect(menu.selection == 2, "stops at the last")
        #expect(press(KeyPress(.up)) == .open)
        #expect(menu.selection == 1)
        #expect(press(KeyPress(.enter)) == .chose(.tomorrowMorning))
        #expect(press(KeyPress(.digit(1))) == .chose(.oneHour))
        #expect(press(KeyPress(.digit(3))) == .chose(.always))
        #expect(press(KeyPress(.digit(4))) == .closed)
        #expect(press(KeyPress(.escape)) == .closed)
        #expect(press(.typing("x")) == .closed)
    }

    @Test("the pointer: a press on a row takes it, on the box between rows keeps the menu, anywhere else closes it; hover lights a row")
    func pointer() throws {
        var menu = try #require(SnoozeMenu(app: "Slack", on: .card("7")))
        let layout = SnoozeMenuLayout(composer: CardComposer(config: .default, scale: 1), metrics: FixedMetrics())
        let composed = layout.compose(menu)
        let rows = composed.targets.filter { if case .choice = $0.target { true } else { false } }
        #expect(rows.count == 3)
        // Each row's middle hits that row; the rows stack downwards inside the box.
        for (row, choice) in zip(rows, SnoozeMenu.choices) {
            let middle = Point(x: row.rect.x + row.rect.width / 2, y: row.rect.y + row.rect.height / 2)
            #expect(composed.target(at: middle) == .choice(choice))
            #expect(row.rect.maxY <= composed.size.height)
        }
        #expect(composed.target(at: Point(x: 2, y: 1)) == .box, "the box's top padding")
        #expect(composed.target(at: Point(x: composed.size.width + 5, y: 5)) == nil)
        #expect(menu.press(on: .choice(.oneHour)) == .chose(.oneHour))
        #expect(menu.press(on: .box) == .open)
        #expect(menu.press(on: nil) == .closed)
        func hover(_ target: SnoozeMenu.Target) -> Bool { menu.hover(target) }
        #expect(hover(.choice(.always)))
        #expect(menu.selection == 2)
        #expect(!hover(.choice(.always)), "no change, no repaint")
        #expect(!hover(.box))
        // The highlighted row is drawn tinted, under its text.
        let lit = layout.compose(menu)
        #expect(lit.ops.count == composed.ops.count + 1)
        let texts = composed.ops.compactMap { if case let .text(block, _, _) = $0 { block.text } else { nil } }
        #expect(texts == ["Mute Slack for 1 hour", "Mute Slack until tomorrow", "Mute Slack always"])
        // A long name keeps the box within its widest, the label cut by its block's width.
        let long = try #require(SnoozeMenu(app: String(repeating: "x", count: 200), on: .center))
        #expect(layout.size(long).width == SnoozeMenuLayout.maxWidth)
    }

    @Test("the popup opens just beside the pointer, turned back at the monitor's right and bottom edges, never off it")
    func placement() {
        let monitor = Rect(x: 0, y: 0, width: 1280, height: 800)
        let size = Size(width: 200, height: 100)
        #expect(SnoozeMenuLayout.place(size, at: Point(x: 100, y: 100), on: monitor) == Point(x: 102, y: 102))
        #expect(SnoozeMenuLayout.place(size, at: Point(x: 1200, y: 750), on: monitor) == Point(x: 998, y: 648))
        #expect(SnoozeMenuLayout.place(Size(width: 2000, height: 100), at: Point(x: 10, y: 10), on: monitor).x == 0)
        let right = Rect(x: 1280, y: 0, width: 1024, height: 768)
        #expect(SnoozeMenuLayout.place(size, at: Point(x: 1281, y: 5), on: right) == Point(x: 1283, y: 7))
    }

    @Test("a right click on a card opens the snooze menu by default; a bound right button keeps its binding; none is nothing")
    func rightClick() {
        let surface = SurfaceID(3)
        func route(_ mouse: MouseBindings, centerOpen: Bool = false) -> InputRouter.Decision {
            let ctx = InputRouter.Context(centerOpen: centerOpen, cardSurfaces: [surface], surfaceCards: [surface: card], mouse: mouse)
            return InputRouter.route(.press(surface: surface, button: 3, root: Point(x: 5, y: 5), time: 0, serverTime: 0), ctx, board: Board())
        }
        #expect(route(MouseBindings()) == InputRouter.Decision(.nobody, [.openSnoozeMenu(id: "7")]))
        #expect(route(.dunst).intents == [.dismissAll], "dunst's close_all, as a dunstrc sets it")
        #expect(route(MouseBindings(right: [])).intents == [])
        #expect(route(MouseBindings(middle: [.snooze])).intents == [.openSnoozeMenu(id: "7")])
        #expect(route(MouseBindings(), centerOpen: true).recipient == .center)
        #expect(MouseBindings.parse("snooze") == [.snooze])
        let (config, diagnostics) = ConfigParser.parse("[mouse]\nright_click = none\nmiddle_click = snooze\n", file: "c")
        #expect(diagnostics.isEmpty && config.mouse.right == [] && config.mouse.middle == [.snooze])
        #expect(ConfigParser.parse("[mouse]\nright_click = default\n", file: "c").0.mouse.right == [.snooze])
    }

    @Test("issue 44: the router reads the menu's raw input: a key is a key press, a press a choice at its point, motion a hover; the wheel's notches and releases are nothing")
    func menuInputRead() {
        let surface = SurfaceID(9)
        let at = Point(x: 4, y: 5)
        let escape = KeyStroke(key: "Escape")
        #expect(InputRouter.snoozeMenuInput(.key(escape)) == .key(KeyPress(escape)))
        #expect(InputRouter.snoozeMenuInput(.press(surface: surface, button: 1, root: at, time: 0, serverTime: 0)) == .press(at, on: surface))
        #expect(InputRouter.snoozeMenuInput(.press(surface: surface, button: 3, root: at, time: 0, serverTime: 0)) == .press(at, on: surface))
        #expect(InputRouter.snoozeMenuInput(.press(surface: surface, button: 4, root: at, time: 0, serverTime: 0)) == nil, "a wheel notch")
        #expect(InputRouter.snoozeMenuInput(.press(surface: surface, button: 5, root: at, time: 0, serverTime: 0)) == nil, "a wheel notch")
        #expect(InputRouter.snoozeMenuInput(.motion(surface: surface, root: at, time: 0)) == .hover(at, on: surface))
        #expect(InputRouter.snoozeMenuInput(.release(surface: surface, button: 1, root: at, time: 0, serverTime: 0)) == nil)
    }

    @Test("while the menu is open it has every key and pointer event (not the centre's key), in focus mode too")
    func routedToMenu() throws {
        let surface = SurfaceID(9)
        let focus = try #require(KeyboardFocus(cards: [card], now: 0))
        let ctx = InputRouter.Context(focus: focus, cardSurfaces: [SurfaceID(3)], cards: [card], snoozeMenuOpen: true)
        let board = Board()
        let escape = InputRouter.route(.key(KeyStroke(key: "Escape")), ctx, board: board)
        #expect(escape.recipient == .snoozeMenu && escape.intents.isEmpty, "Escape closes the menu, not focus mode")
        #expect(escape.keepsFocusAlive)
        #expect(InputRouter.route(.press(surface: surface, button: 1, root: .zero, time: 0, serverTime: 0), ctx, board: board)
            == InputRouter.Decision(.snoozeMenu), "a press off the cards closes the menu and does not end focus mode")
        #expect(InputRouter.route(.motion(surface: surface, root: .zero, time: 0), ctx, board: board).recipient == .snoozeMenu)
        var center = KeyStroke(key: "n")
        center.bound = .center
        #expect(InputRouter.route(.key(center), ctx, board: board).intents == [.toggleCenter])
        #expect(InputRouter.route(.idleChanged(true), ctx, board: board).recipient == .screen)
    }

    @Test("focus mode: S opens the focused card's snooze menu")
    func focusKey() throws {
        let focus = try #require(KeyboardFocus(cards: [card], now: 0))
        #expect(focus.intent(for: .typing("s"), cards: [card]) == .openSnoozeMenu(id: "7"))
        #expect(focus.intent(for: KeyPress(.text, text: "s", command: true), cards: [card]) == nil)
    }
}

/// The same menu in the centre: a right click on an entry or a group, or S on the selected row.
@Suite struct CenterSnoozeMenuTests {
    static func ended(_ id: String, app: String?, at: Double) -> HistoryEntry {
        var t = Toast(id: id, title: "t\(id)", message: "m")
        t.app = app
        return HistoryEntry(toast: t, reason: .timeout, ended: at)
    }
    let rows = CenterContent.rows([ended("1", app: "Mail", at: 10), ended("2", app: nil, at: 20)], grouping: .none)
    func h(_ i: Int) -> Double { 50 }

    @Test("S on the selected entry opens its app's menu; Down, Down, Enter mutes it until tomorrow; Escape closes only the menu")
    func keys() throws {
        var s = CenterState()
        func press(_ key: KeyPress) -> CenterCommand? { s.press(key, rows: rows, viewport: 400, now: 0, height: h) }
        #expect(press(.typing("s")) == nil && s.snoozeMenu == nil, "nothing selected")
        let mail = try #require(rows.firstIndex { $0.entry?.toast.app == "Mail" })
        while s.selectedIndex(in: rows) != mail { _ = press(KeyPress(.down)) }
        _ = press(.typing("s"))
        #expect(s.snoozeMenu?.app == "Mail" && s.snoozeMenu?.place == .center)
        #expect(press(KeyPress(.escape)) == nil && s.snoozeMenu == nil)
        #expect(press(KeyPress(.escape)) == .close, "the next Escape closes the panel")
        _ = press(.typing("s"))
        _ = press(KeyPress(.down))
        _ = press(KeyPress(.down))
        #expect(press(KeyPress(.enter)) == .snoozeApp("Mail", .tomorrowMorning))
        #expect(s.snoozeMenu == nil)
        // An entry without an application's name has no menu.
        let nameless = try #require(rows.firstIndex { $0.entry?.toast.app == nil })
        while s.selectedIndex(in: rows) != nameless { _ = press(KeyPress(nameless > mail ? .down : .up)) }
        _ = press(.typing("s"))
        #expect(s.snoozeMenu == nil)
    }

    @Test("a right click on an entry opens the menu there; its rows are drawn and clickable; a click elsewhere only closes it")
    func clicks() throws {
        let layout = CenterLayout(composer: CardComposer(config: .default, scale: 1), metrics: FixedMetrics(), size: Size(width: 420, height: 600))
        let status = CenterLayout.Status(unread: 0, doNotDisturb: false, now: 100, wallNow: 1_796_133_750) { .utc($0) }
        var s = CenterState()
        let plain = layout.compose(rows: rows, state: s, status: status, height: h)
        let entry = try #require(plain.targets.first { if case let .entry(key) = $0.target { key.id == "1" } else { false } })
        let at = Point(x: entry.rect.x + 20, y: entry.rect.y + 10)
        let opened = s.openSnoozeMenu(on: plain.target(at: at), rows: rows, at: at)
        #expect(opened)
        let open = layout.compose(rows: rows, state: s, status: status, height: h)
        let texts = open.scene.ops.compactMap { if case let .text(block, _, _) = $0 { block.text } else { nil } }
        #expect(texts.suffix(3) == ["Mute Mail for 1 hour", "Mute Mail until tomorrow", "Mute Mail always"], "drawn over the list, last")
        let hour = try #require(open.targets.first { $0.target == .snoozeChoice(.oneHour) })
        #expect(hour.rect.x > at.x && hour.rect.y > at.y, "the menu opens beside the pointer")
        // A click on the entry under the menu's corner does not activate it: the menu closes.
        let under = s.click(.entry(HistoryKey(rows.compactMap(\.entry)[0])), rows: rows, now: 0)
        #expect(under == nil && s.snoozeMenu == nil)
        _ = s.openSnoozeMenu(on: plain.target(at: at), rows: rows, at: at)
        let always = s.click(.snoozeChoice(.always), rows: rows, now: 0)
        #expect(always == .snoozeApp("Mail", .always))
        let none = s.openSnoozeMenu(on: .clearAll, rows: rows, at: at)
        #expect(!none, "no row, no menu")
    }
}
