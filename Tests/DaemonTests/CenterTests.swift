@testable import Daemon
import Testing
@testable import ToastCore

/// The notification centre's panel on the fake screen.
@Suite struct CenterPanelTests {
    @Test("open slides the panel in at the work area's right edge, full height, holding the keyboard; close slides it out")
    func openAndClose() throws {
        let rig = Rig(configure: { $0.monitors[0].workArea = Rect(x: 0, y: 30, width: 1280, height: 770) })
        #expect(rig.request(#"{"op":"center","action":"open"}"#) == .ok(id: nil, extra: [("open", .bool(true))]))
        let (id, surface) = try #require(rig.centerPanel)
        #expect(rig.output.keyboard == id && surface.isMapped)
        #expect(surface.origin.x > 860)  // one frame into its slide
        rig.wait(1)
        #expect(surface.origin == Point(x: 860, y: 30) && surface.size == Size(width: 420, height: 770))
        #expect(rig.request(#"{"op":"center"}"#) == .ok(id: nil, extra: [("open", .bool(false))]))
        #expect(rig.output.keyboard == nil)
        rig.wait(1)
        #expect(surface.isDestroyed)
    }

    @Test("while open, a new toast shows no card: shown, then dismissed center, and its entry is in the panel")
    func toastsGoIntoThePanel() throws {
        let rig = Rig()
        rig.openCenter()
        let id = rig.show(#""title":"Build done","message":"all green""#)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: id), .dismissed(id: id, reason: .center)])
        #expect(rig.output.live.count == 1)
        #expect(rig.surface(showing: "Build done")?.id == rig.centerPanel?.id)
        #expect(rig.service.board.history.last?.reason == .center)
    }

    @Test("Escape closes; a click outside closes; keys move, Delete removes, Shift+C clears, Shift+D switches do-not-disturb")
    func keysAndClicks() throws {
        let rig = Rig()
        rig.show(#""title":"one","timeout":0.1"#)
        rig.show(#""title":"two","timeout":0.1"#)
        rig.wait(1)
        rig.openCenter()
        rig.key(KeyStroke(key: "Down"))
        rig.key(KeyStroke(key: "Down"))
        rig.key(KeyStroke(key: "Delete"))
        #expect(rig.service.board.history.map(\.toast.title) == ["one"])
        rig.key(KeyStroke(key: "d", modifiers: .shift, text: "D"))
        #expect(rig.service.board.doNotDisturb)
        rig.key(KeyStroke(key: "c", modifiers: .shift, text: "C"))
        #expect(rig.service.board.history.isEmpty)
        #expect(rig.centerPanel.map { "\($0.surface.scene!)".contains("No notifications") } == true)
        rig.key(KeyStroke(key: "Escape"))
        #expect(!rig.service.center.isOpen)
        rig.wait(1)
        rig.openCenter()
        let (id, _) = try #require(rig.centerPanel)
        rig.input(.press(surface: id, button: 1, root: Point(x: 100, y: 100), time: 1, serverTime: 1))
        #expect(!rig.service.center.isOpen)
    }

    @Test("Clear all asks for a second click within 3 s")
    func clearAllClicks() throws {
        let rig = Rig()
        rig.show(#""title":"one","timeout":0.1"#)
        rig.wait(1)
        rig.openCenter()
        let (id, surface) = try #require(rig.centerPanel)
        let scene = try #require(surface.scene)
        // "Clear all" is the header's right-hand text.
        let clear = try #require(scene.ops.compactMap { op -> Point? in
            if case let .text(block, origin, _) = op, block.text == "Clear all" { return origin }
            return nil
        }.first)
        let at = Point(x: surface.origin.x + clear.x + 5, y: surface.origin.y + clear.y + 5)
        rig.click(id, at: at)
        #expect(rig.service.board.history.count == 1)
        #expect("\(surface.scene!)".contains("Click again to clear"))
        rig.click(id, at: at)
        #expect(rig.service.board.history.isEmpty)
    }

    @Test("the wheel scrolls a long list; only the rows in view are drawn")
    func wheel() throws {
        let rig = Rig()
        for i in 0..<60 { rig.show(#""title":"entry \#(i)","timeout":0.01,"app":"app\#(i)""#) }
        rig.wait(2)
        rig.openCenter()
        let (id, surface) = try #require(rig.centerPanel)
        #expect("\(surface.scene!)".contains("entry 59") && !"\(surface.scene!)".contains("entry 0\""))
        for _ in 0..<200 { rig.input(.press(surface: id, button: 5, root: Point(x: 1000, y: 400), time: 1, serverTime: 1)) }
        rig.wait(3)
        #expect("\(surface.scene!)".contains("\"entry 0\"") && !"\(surface.scene!)".contains("entry 59"))
    }

    /// The entry titles `scene` draws.
    func titles(_ scene: CardScene?) -> Set<String> {
        Set((scene?.ops ?? []).compactMap { op -> String? in
            if case let .text(block, _, _) = op, block.text.hasPrefix("entry ") { return block.text }
            return nil
        })
    }

    @Test("the wheel slides the list on the frame grid, each frame drawing at most one entry not drawn before; then no frames")
    func wheelSlides() throws {
        let rig = Rig(config: { var c = Config.default; c.center.group = .none; return c }())
        for i in 0..<60 { rig.show(#""title":"entry \#(i)","timeout":0.01"#) }
        rig.wait(2)
        rig.openCenter()
        #expect(rig.service.nextFrame == nil)
        let (id, surface) = try #require(rig.centerPanel)
        var drawn = titles(surface.scene)
        let firstView = drawn
        for _ in 0..<100 { rig.input(.press(surface: id, button: 5, root: Point(x: 1000, y: 400), time: 1, serverTime: 1)) }
        // Nothing jumps: the notches only start the slide.
        #expect(titles(surface.scene) == firstView)
        var frames: [Double] = []
        while let due = rig.service.nextFrame, frames.count < 1000 {
            rig.wait(max(0, due - rig.now))
            frames.append(rig.now)
            let now = titles(surface.scene)
            #expect(now.subtracting(drawn).count <= 1)
            drawn.formUnion(now)
        }
        #expect(titles(surface.scene).contains("entry 0"))
        #expect(frames.count > 40 && frames.count < 1000)
        // On the 60 Hz grid, and idle once it lands.
        #expect(zip(frames, frames.dropFirst()).allSatisfy { abs($1 - $0 - 1.0 / 60) < 1e-6 })
        #expect(rig.service.nextFrame == nil)
    }

    @Test("PageDown slides the list to the selection over frames; End cuts straight there")
    func keysSlide() throws {
        let rig = Rig(config: { var c = Config.default; c.center.group = .none; return c }())
        for i in 0..<40 { rig.show(#""title":"entry \#(i)","timeout":0.01"#) }
        rig.wait(2)
        rig.openCenter()
        let (_, surface) = try #require(rig.centerPanel)
        let before = titles(surface.scene)
        rig.key(KeyStroke(key: "Page_Down"))
        rig.key(KeyStroke(key: "Page_Down"))
        // The selection moved at once; the list has not moved yet.
        #expect(titles(surface.scene) == before)
        #expect(rig.service.nextFrame != nil)
        rig.wait(1)
        #expect(titles(surface.scene) != before && rig.service.nextFrame == nil)
        rig.key(KeyStroke(key: "End"))
        #expect(titles(surface.scene).contains("entry 0"))
        #expect(rig.service.nextFrame == nil)
    }

    @Test("a drag moves the list at once, with the pointer")
    func dragFollows() throws {
        let rig = Rig(config: { var c = Config.default; c.center.group = .none; return c }())
        for i in 0..<30 { rig.show(#""title":"entry \#(i)","timeout":0.01"#) }
        rig.wait(2)
        rig.openCenter()
        let (id, surface) = try #require(rig.centerPanel)
        let before = try #require(origin(of: "entry 25", in: surface.scene!))
        let start = Point(x: surface.origin.x + 200, y: surface.origin.y + 400)
        rig.input(.press(surface: id, button: 1, root: start, time: 1, serverTime: 1))
        rig.input(.motion(surface: id, root: Point(x: start.x, y: start.y - 20), time: 2))
        rig.input(.motion(surface: id, root: Point(x: start.x, y: start.y - 60), time: 3))
        #expect(origin(of: "entry 25", in: surface.scene!)?.y == before.y - 60)
        #expect(rig.service.nextFrame == nil)
        rig.input(.release(surface: id, button: 1, root: Point(x: start.x, y: start.y - 60), time: 4, serverTime: 4))
    }

    @Test("a keyboard held by another client is tried again shortly (GrabRetry)")
    func grabRetry() throws {
        let rig = Rig(configure: { $0.keyboardBusy = true })
        rig.request(#"{"op":"center","action":"open"}"#)
        #expect(rig.output.keyboard == nil)
        rig.output.keyboardBusy = false
        rig.wait(0.1)
        #expect(rig.output.keyboard == rig.centerPanel?.id)
    }

    @Test("a keyboard another client holds past the retries closes the panel: it never stays open without the keys")
    func grabFailureCloses() throws {
        let rig = Rig(configure: { $0.keyboardBusy = true })
        rig.request(#"{"op":"center","action":"open"}"#)
        let (_, surface) = try #require(rig.centerPanel)
        #expect(rig.service.center.isAwaitingKeyboard)
        // Short of the grab's patience (`GrabRetry`, focus mode's rule too) it is still open and trying.
        rig.wait(GrabRetry.patience - 2 * GrabRetry.interval)
        #expect(rig.service.center.isOpen && rig.service.center.isAwaitingKeyboard)
        rig.wait(3 * GrabRetry.interval)
        #expect(!rig.service.center.isOpen && !rig.service.center.isAwaitingKeyboard)
        #expect(rig.output.keyboard == nil)
        rig.wait(1)
        #expect(surface.isDestroyed)
    }

    @Test("typing a filter over 10,000 entries examines a bounded number per key and per frame; the list fills as matches are found")
    func filterIsIncremental() throws {
        var config = Config.default
        config.center.group = .none
        config.historyKeep = 10_000
        let rig = Rig(config: config)
        let entries = (0..<10_000).map { i in
            HistoryEntry(toast: Toast(id: "\(i)", title: "entry \(i)", message: i % 10 == 0 ? "alpha \(i)" : "beta \(i)"),
                         reason: .timeout, ended: rig.now - 10_000 + Double(i))
        }
        rig.service.board.restoreHistory(entries, now: rig.now)
        rig.openCenter()
        rig.key(KeyStroke(key: "slash", text: "/"))
        rig.key(KeyStroke(key: "l", text: "l"))
        #expect(rig.service.center.filterWork == CenterFilter.entriesPerStep)
        // The newest matches show at once, before the search has gone through the history.
        #expect(rig.surface(showing: "alpha 9990") != nil)
        #expect(rig.surface(showing: "beta 9999") == nil)
        #expect(rig.service.nextFrame != nil)
        rig.wait(2)
        #expect(rig.service.center.filterWork == 10_000)
        #expect(rig.service.nextFrame == nil)
        // "lp" looks only at the 1,000 entries "l" matched, and so does "lph".
        rig.key(KeyStroke(key: "p", text: "p"))
        rig.wait(2)
        #expect(rig.service.center.filterWork == 11_000)
        rig.key(KeyStroke(key: "h", text: "h"))
        rig.wait(2)
        #expect(rig.service.center.filterWork == 12_000)
        // BackSpace goes back to "lp", whose result was complete: nothing is examined again.
        rig.key(KeyStroke(key: "BackSpace"))
        #expect(rig.service.center.filterWork == 12_000)
        #expect(rig.surface(showing: "alpha 9990") != nil)
    }
}

extension CenterPanelTests {
    @Test("the filter's caret is placed for the input method while it is typed, moves right as text comes, and goes with Enter")
    func filterCaret() throws {
        let rig = Rig(config: Rig.ungrouped)
        rig.show(#""title":"Café","timeout":0.05"#)
        rig.wait(1)
        rig.openCenter()
        let panel = try #require(rig.centerPanel)
        #expect(panel.surface.caret == nil, "no text is taken before /")
        rig.key(KeyStroke(key: "slash", text: "/"))
        let empty = try #require(panel.surface.caret)
        // Within the filter's box, below the title and the switch.
        #expect(empty.x > 0 && empty.x < panel.surface.size.width && empty.y > 40)
        rig.key(KeyStroke(key: "", text: "カフェ"))
        let typed = try #require(panel.surface.caret)
        #expect(typed.x > empty.x && typed.y == empty.y)
        rig.key(KeyStroke(key: "Return"))
        #expect(panel.surface.caret == nil, "Enter ends the typing: the input method lets go")
    }
}

extension CenterPanelTests {
    /// The scene's op drawing `text`, and where.
    func origin(of text: String, in scene: CardScene) -> Point? {
        scene.ops.compactMap { op -> Point? in
            if case let .text(block, origin, _) = op, block.text == text { return origin }
            return nil
        }.first
    }

    @Test("an entry's × removes it; so does a drag sideways past a third of the panel; a drag up and down scrolls")
    func removeByPointer() throws {
        let rig = Rig(config: { var c = Config.default; c.center.group = .none; return c }())
        rig.show(#""title":"first","timeout":0.1"#)
        rig.show(#""title":"second","timeout":0.1"#)
        rig.wait(1)
        rig.openCenter()
        let (id, surface) = try #require(rig.centerPanel)
        // The newest entry is on top; its × sits right of its title's line.
        let title = try #require(origin(of: "second", in: surface.scene!))
        let close = Point(x: surface.origin.x + 420 - 12 - 12 - 8, y: surface.origin.y + title.y + 4)
        rig.click(id, at: close)
        #expect(rig.service.board.history.map(\.toast.title) == ["first"])
        let first = try #require(origin(of: "first", in: surface.scene!))
        rig.drag(id, from: Point(x: surface.origin.x + first.x, y: surface.origin.y + first.y), by: Point(x: 200, y: 0), duration: 0.2)
        #expect(rig.service.board.history.isEmpty)
        #expect(rig.service.center.isOpen)
    }
}
