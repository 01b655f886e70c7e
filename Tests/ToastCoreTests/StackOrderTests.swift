import ConfigParsing
import Testing
import ToastCore

/// Issue 28: the order of a stack's cards (`[general] sort`, `stack`), `max_visible = 0`
/// and the separate margins.
@Suite struct StackOrderTests {
    let owner = Owner(.socket, 1)
    let key = StackKey(position: .topRight)

    private func board(sort: StackSort, stack: StackDirection) -> Board {
        var config = Config()
        config.sort = sort
        config.stack = stack
        var board = Board(config: config)
        board.show(ShowRequest(message: "old"), owner: owner, now: 0)
        var critical = ShowRequest(message: "critical")
        critical.urgency = .critical
        board.show(critical, owner: owner, now: 1)
        board.show(ShowRequest(message: "new"), owner: owner, now: 2)
        return board
    }

    private func order(_ board: Board) -> [String] { board.view(of: key).fromEdge.map(\.message) }

    @Test("xtoast's default: by arrival, the newest at the edge")
    func defaults() {
        #expect(Config.default.sort == .arrival && Config.default.stack == .newestAtEdge)
        #expect(order(board(sort: .arrival, stack: .newestAtEdge)) == ["new", "critical", "old"])
    }

    @Test("oldest_at_edge is dunst's at the top: the oldest nearest the edge")
    func oldestAtEdge() {
        #expect(order(board(sort: .arrival, stack: .oldestAtEdge)) == ["old", "critical", "new"])
    }

    @Test("sort = urgency: as though critical came first, so with oldest_at_edge it sits at the edge (dunst's sort = yes at the top)")
    func urgency() {
        #expect(order(board(sort: .urgency, stack: .oldestAtEdge)) == ["critical", "old", "new"])
        // At the bottom dunst draws the same list top to bottom: critical farthest from the edge.
        #expect(order(board(sort: .urgency, stack: .newestAtEdge)) == ["new", "old", "critical"])
    }

    @Test("sort = update: a toast updated last counts as the newest")
    func update() {
        var board = board(sort: .update, stack: .newestAtEdge)
        _ = board.update(UpdateRequest(id: "1", message: "old, updated"), now: 3)
        #expect(order(board) == ["old, updated", "new", "critical"])
        _ = board.takeChanges()
        // By arrival the update changes nothing.
        var arrival = self.board(sort: .arrival, stack: .newestAtEdge)
        _ = arrival.update(UpdateRequest(id: "1", message: "old, updated"), now: 3)
        #expect(order(arrival) == ["new", "critical", "old, updated"])
    }

    @Test("max_visible = 0: as many as the monitor holds (setRoom); the config's limit otherwise")
    func unlimited() {
        var config = Config()
        config.maxVisible = 0
        var board = Board(config: config)
        board.setRoom(["": 12], now: 0)
        for i in 0..<20 { board.show(ShowRequest(message: "\(i)"), owner: owner, now: Double(i)) }
        #expect(board.view(of: key).fromEdge.count == 12)
        #expect(board.view(of: key).more == 8)
        board.setRoom(["": 15], now: 21)
        #expect(board.view(of: key).fromEdge.count == 15)
        #expect(ConfigParser.parse("[general]\nmax_visible = 0\n", file: "c").config.maxVisible == 0)
        #expect(ConfigParser.parse("[general]\nmax_visible = -1\n", file: "c").diagnostics.count == 1)
    }

    @Test("the room: one-line cards between the margins, at least 1, at most StackRoom.most, whatever the numbers")
    func room() {
        // 1080 px less two 16 px margins, cards 44 px with an 8 px gap: (1048 + 8) / 52 = 20.
        #expect(StackRoom.cards(height: 1080, margin: 16, gap: 8, smallestCard: 44) == 20)
        #expect(StackRoom.cards(height: 10, margin: 16, gap: 8, smallestCard: 44) == 1)
        #expect(StackRoom.cards(height: 1e12, margin: 0, gap: 0, smallestCard: 1) == StackRoom.most)
        #expect(StackRoom.cards(height: .nan, margin: 0, gap: 0, smallestCard: 1) == 1)
        #expect(StackRoom.cards(height: 100, margin: 0, gap: 0, smallestCard: 0) == 1)
    }

    @Test("margin_x and margin_y: the space from the side and from the top, each; margin both")
    func margins() {
        let (config, diagnostics) = ConfigParser.parse("[card]\nmargin = 20\nmargin_x = 10\nmargin_y = 300\n", file: "c")
        #expect(diagnostics == [])
        #expect(config.marginX == 10 && config.marginY == 300)
        #expect(ConfigParser.parse("[card]\nmargin = 20\n", file: "c").config.marginY == 20)
        let layout = StackLayout(marginX: config.marginX, marginY: config.marginY, gap: 8)
        let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let frames = layout.frames(for: [Size(width: 300, height: 50)], at: .topRight, in: screen)
        #expect(frames == [Rect(x: 1610, y: 300, width: 300, height: 50)])
        let bottom = layout.frames(for: [Size(width: 300, height: 50)], at: .bottomLeft, in: screen)
        #expect(bottom == [Rect(x: 10, y: 730, width: 300, height: 50)])
    }
}

/// Issue 28: what each mouse button does on a card (`[mouse]`), decided by the router.
@Suite struct MouseBindingsTests {
    let surface = SurfaceID(7)
    let withActions = CardFacts(id: "4", actions: ["yes", "no"], defaultAction: "open", links: ["https://a.example"])
    let plain = CardFacts(id: "5")

    private func route(_ button: UInt32, _ mouse: MouseBindings, card: CardFacts) -> InputRouter.Decision {
        let context = InputRouter.Context(cardSurfaces: [surface], surfaceCards: [surface: card], mouse: mouse)
        return InputRouter.route(.press(surface: surface, button: button, root: .zero, time: 0, serverTime: 0), context, board: Board())
    }

    @Test("dunst's actions and lists parse; a bad word is a config error with its line")
    func parsing() {
        #expect(MouseBindings.parse("do_action, close_current") == [.doAction, .closeCurrent])
        #expect(MouseBindings.parse("none") == [])
        #expect(MouseBindings.parse("close_all,close_all") == [.closeAll])
        #expect(MouseBindings.parse("launch") == nil)
        let (config, diagnostics) = ConfigParser.parse("""
            [mouse]
            left_click = close_current
            middle_click = do_action, close_current
            right_click = explode
            """, file: "c")
        #expect(config.mouse.left == [.closeCurrent] && config.mouse.middle == [.doAction, .closeCurrent] && config.mouse.right == [.snooze])
        #expect(diagnostics.map(\.line) == [4])
        #expect(Config.default.mouse == MouseBindings(), "xtoast's own defaults unchanged")
    }

    @Test("middle and right presses on a card: the router returns the bound intents, in order; unbound, the cards get the press")
    func router() {
        #expect(route(2, .dunst, card: withActions) == InputRouter.Decision(.nobody, [.invoke(id: "4", action: "open"), .dismiss(id: "4", reason: .click)]))
        #expect(route(3, .dunst, card: withActions) == InputRouter.Decision(.nobody, [.dismissAll]))
        #expect(route(2, MouseBindings(), card: withActions) == InputRouter.Decision(.nobody, []))
        #expect(route(1, .dunst, card: withActions).recipient == .cards, "the left button may swipe")
        // Off the cards, the cards' handling (nothing) as before.
        let context = InputRouter.Context(surfaceCards: [:], mouse: .dunst)
        #expect(InputRouter.route(.press(surface: SurfaceID(9), button: 3, root: .zero, time: 0, serverTime: 0), context, board: Board()).intents == [])
    }

    @Test("each action's meaning: do_action falls back to the menu, open_url opens a lone link, context is the menu")
    func meanings() {
        #expect(MouseBindings.intents([.doAction], on: plain) == [])
        #expect(MouseBindings.intents([.doAction], on: CardFacts(id: "6", actions: ["a"])) == [.menu])
        #expect(MouseBindings.intents([.openURL], on: withActions) == [.openLink(id: "4", target: "https://a.example")])
        #expect(MouseBindings.intents([.openURL], on: CardFacts(id: "7", links: ["a", "b"])) == [.menu])
        #expect(MouseBindings.intents([.context, .closeCurrent], on: plain) == [.menu, .dismiss(id: "5", reason: .click)])
        #expect(MouseBindings.intents([.none], on: withActions) == [])
    }

    @Test("the left button: a binding is the body's click; the close button, action buttons and links keep theirs")
    func left() {
        let dunst = MouseBindings.dunst
        #expect(dunst.leftClick(.body, on: withActions) == [.dismiss(id: "4", reason: .click)])
        #expect(dunst.leftClick(.button("yes"), on: withActions) == [.invoke(id: "4", action: "yes")])
        #expect(dunst.leftClick(.close, on: withActions) == [.dismiss(id: "4", reason: .close)])
        #expect(dunst.leftClick(.link("https://a.example"), on: withActions) == [.openLink(id: "4", target: "https://a.example")])
        // Unbound: xtoast's click order.
        #expect(MouseBindings().leftClick(.body, on: withActions) == [.invoke(id: "4", action: "open")])
    }
}
