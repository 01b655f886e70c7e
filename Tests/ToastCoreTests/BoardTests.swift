import JSONCodec
import Testing
import ToastCore

/// The board: defaults, ids, both kinds of replacement, one `dismissed` per toast, owners,
/// do-not-disturb, the history and the answers.
@Suite struct BoardTests {
    let alice = Owner(.socket, 1)
    let bob = Owner(.socket, 2)
    let bus = Owner(.bus, 1)

    func request(_ message: String = "m", id: String? = nil, kind: Kind? = nil, timeout: Double? = nil,
                 position: Position? = nil, urgency: Urgency? = nil) -> ShowRequest {
        var r = ShowRequest(message: message, kind: kind, timeout: timeout, id: id, position: position)
        r.urgency = urgency
        return r
    }

    @Test("a show takes the defaults: the kind's timeout, loading never, the configured position (critical is the admission's)")
    func defaults() {
        var config = Config()
        config.position = .bottomLeft
        config.timeouts[.error] = 9
        var board = Board(config: config)
        board.show(request(kind: .error), owner: alice, now: 0)
        board.show(request(kind: .loading), owner: alice, now: 0)
        board.show(request(urgency: .critical), owner: alice, now: 0)
        board.show(request(timeout: 2, urgency: .critical), owner: alice, now: 0)
        board.show(request(), owner: alice, now: 0)
        #expect(board.toast("1")?.timeout == 9)
        #expect(board.toast("2")?.timeout == 0)
        #expect(board.toast("3")?.timeout == 4, "no policy on the board itself: AdmissionTests")
        #expect(board.toast("4")?.timeout == 2)
        #expect(board.toast("5")?.timeout == 4)
        #expect(board.key(of: "1") == StackKey(monitor: "", position: .bottomLeft))
    }

    @Test("automatic ids come from one counter across sources and skip ids that are live")
    func ids() {
        var board = Board()
        #expect(board.show(request(), owner: alice, now: 0) == "1")
        board.show(request(id: "3"), owner: alice, now: 0)
        #expect(board.show(request(), owner: bus, now: 0) == "2")
        #expect(board.show(request(), owner: alice, now: 0) == "4", "3 is live, so it is skipped")
    }

    @Test("a show with a live id ends the old toast with replaced (to its owner) and the new owner hears shown; the card stays, and the old toast leaves no entry of its own")
    func replaceByID() {
        var board = Board()
        board.show(request("old", id: "x"), owner: alice, now: 0)
        _ = board.takeChanges()
        board.show(request("new", id: "x"), owner: bob, now: 1)
        let changes = board.takeChanges()
        #expect(changes.deliveries == [.init(event: .dismissed(id: "x", reason: .replaced), recipients: [alice], source: .socket),
                                       .init(event: .shown(id: "x"), recipients: [bob], source: .socket)])
        #expect(changes.left.isEmpty, "the card is taken over, not sent away")
        #expect(changes.restyled.map(\.id) == ["x"] && changes.restyled.first?.collapsed == true)
        #expect(board.toast("x")?.message == "new" && board.owner(of: "x") == bob)
        #expect(board.history.isEmpty && board.toast("x")?.updates == 1, "the same notification: the new toast will be its one entry")
    }

    @Test("a silent replacement keeps id, owner and slot, restarts the timer, and sends updated, not dismissed")
    func silentReplace() {
        var board = Board()
        board.show(request("one", timeout: 2), owner: bus, now: 0)
        _ = board.takeChanges()
        let replaced = board.replace("1", with: Toast(request("two", timeout: 2), id: "", config: board.config), now: 1.5)
        #expect(replaced)
        #expect(board.takeChanges().events == [.updated(id: "1")])
        #expect(board.owner(of: "1") == bus && board.toast("1")?.message == "two")
        board.expire(now: 3)
        #expect(board.takeChanges().events.isEmpty, "the timer started again at 1.5")
        board.expire(now: 3.5)
        #expect(board.takeChanges().events == [.dismissed(id: "1", reason: .timeout)])
        let replacedAgain = board.replace("1", with: Toast(request(), id: "", config: board.config), now: 4)
        #expect(!replacedAgain, "no toast with that id any more")
    }

    @Test("every toast gets exactly one dismissed, whatever ends it, and then is gone")
    func oneDismissed() {
        var board = Board()
        for _ in 0..<8 { board.show(request(timeout: 0), owner: alice, now: 0) }
        board.dismiss("2", reason: .api, now: 1)
        board.dismiss("2", reason: .api, now: 1)
        board.choose("yes", on: "3", now: 1)
        board.dismissAll(reason: .shutdown, now: 2)
        let ended = board.takeChanges().events.compactMap { if case let .dismissed(id, _) = $0 { id } else { nil } }
        #expect(ended.sorted() == (1...8).map(String.init).sorted())
        #expect(board.keys.isEmpty && board.toast("1") == nil)
    }

    @Test("an action goes to the owner before its dismissed; subscribers hear everything; a forgotten owner hears nothing")
    func addressing() {
        var board = Board()
        board.subscribe(bob)
        board.show(request(), owner: alice, now: 0)
        board.choose("open", on: "1", now: 1)
        #expect(board.takeChanges().deliveries == [
            .init(event: .shown(id: "1"), recipients: [alice, bob], source: .socket),
            .init(event: .action(id: "1", action: "open"), recipients: [alice, bob], source: .socket),
            .init(event: .dismissed(id: "1", reason: .action), recipients: [alice, bob], source: .socket),
        ])
        board.show(request(), owner: alice, now: 2)
        board.forget(alice)
        board.forget(bob)
        board.dismiss("2", reason: .api, now: 3)
        #expect(board.takeChanges().deliveries.last?.recipients == [])
    }

    @Test("every toast's events name its source, app and the rules that matched it")
    func eventsNameTheirSource() {
        var board = Board()
        board.subscribe(alice)
        var fromBus = Toast(request("mail"), id: "", config: board.config)
        fromBus.source = .bus
        fromBus.app = "mailer"
        fromBus.rules = ["mail", "quiet"]
        board.show(fromBus, owner: bus, now: 0)
        var script = request()
        script.app = "backup"
        board.show(script, owner: bob, now: 0)
        board.dismiss("1", reason: .api, now: 1)
        let lines = board.takeChanges().deliveries.map(\.json)
        let source: [(String, JSON)] = [("source", .string("dbus")), ("app", .string("mailer")),
                                        ("rules", .array([.string("mail"), .string("quiet")]))]
        #expect(lines == [
            .object([("event", .string("shown")), ("id", .string("1"))] + source),
            .object([("event", .string("shown")), ("id", .string("2")), ("source", .string("socket")), ("app", .string("backup")),
                     ("rules", .array([]))]),
            .object([("event", .string("dismissed")), ("id", .string("1")), ("reason", .string("api"))] + source),
        ])
    }

    @Test("do-not-disturb queues new toasts, hides the +N count, lets critical through, and resume shows them in order")
    func doNotDisturb() {
        var board = Board()
        board.setDoNotDisturb(true, now: 0)
        board.show(request(), owner: alice, now: 0)
        board.show(request(), owner: alice, now: 0)
        board.show(request(urgency: .critical), owner: alice, now: 0)
        let key = StackKey(position: .topRight)
        #expect(board.view(of: key).fromEdge.map(\.id) == ["3"])
        #expect(board.view(of: key).more == nil)
        #expect(board.takeChanges().entered == ["3"])
        board.setDoNotDisturb(false, now: 1)
        #expect(board.takeChanges().events == [.shown(id: "1"), .shown(id: "2")])
    }

    /// Issue 43: during do-not-disturb one connection's flood pushed every other application's
    /// held toasts out of the queue (100 waiting at most); the queue is shared per sender, so the
    /// flood loses its own oldest instead.
    @Test("during do-not-disturb a flood from one sender overflows its own held toasts, not another's")
    func heldQueueSharedPerSender() {
        var board = Board()
        board.setDoNotDisturb(true, now: 0)
        let others = (0..<3).map { _ in board.show(request("bob's"), owner: bob, now: 0) }
        let flood = (0..<500).map { _ in board.show(request("flood"), owner: alice, now: 0) }
        let dropped = Set(board.takeChanges().events.compactMap { event -> String? in
            if case let .dismissed(id, .overflow) = event { return id }
            return nil
        })
        #expect(dropped.count == 403)
        #expect(dropped.isDisjoint(with: others), "bob's held toasts were pushed out")
        #expect(dropped == Set(flood.prefix(403)))
        #expect(others.allSatisfy { board.owner(of: $0) == bob }, "bob's toasts still wait")
    }

    @Test("past max_visible toasts wait and the stack view counts them for the +N card")
    func moreCount() {
        var board = Board()
        for _ in 0..<7 { board.show(request(), owner: alice, now: 0) }
        let view = board.view(of: StackKey(position: .topRight))
        #expect(view.fromEdge.map(\.id) == ["5", "4", "3", "2", "1"])
        #expect(view.more == 2)
    }

    @Test("a held stack keeps its timers; released, it runs on from what was left")
    func held() {
        var board = Board()
        board.show(request(timeout: 2), owner: alice, now: 0)
        board.setPaused(StackKey(position: .topRight), true, now: 1)
        board.expire(now: 10)
        #expect(board.toast("1") != nil)
        board.setPaused(StackKey(position: .topRight), false, now: 10)
        #expect(board.nextDeadline == 11)
    }

    @Test("update changes fields, restarts the timer on a kind change, and an unknown id is an error")
    func update() {
        var board = Board()
        board.show(request(timeout: 5), owner: alice, now: 0)
        _ = board.takeChanges()
        var u = UpdateRequest(id: "1", message: "half", progress: 50)
        let updated = try? board.update(u, now: 1).get()
        #expect(updated?.progress == 50)
        #expect(board.nextDeadline == 5, "text and progress keep the timer")
        u = UpdateRequest(id: "1", kind: .success)
        _ = board.update(u, now: 2)
        #expect(board.nextDeadline == 6, "a kind change restarts it with the kind's default")
        #expect(board.takeChanges().events == [.updated(id: "1"), .updated(id: "1")])
        if case let .failure(error) = board.update(UpdateRequest(id: "9", message: "x"), now: 3) {
            #expect(error.message == "no toast with id \"9\"")
        } else {
            Issue.record("an unknown id updated")
        }
    }

    @Test("history keeps the last [center] keep (100 here), oldest first, with wall-clock end times from the monotonic clock")
    func history() {
        var config = Config()
        config.historyKeep = 100
        var board = Board(config: config)
        for i in 0..<130 {
            board.show(request("toast \(i)"), owner: alice, now: Double(i))
            board.dismiss(String(i + 1), reason: .click, now: Double(i) + 0.5)
        }
        #expect(board.history.count == 100)
        #expect(board.history.first?.toast.message == "toast 30")
        guard case let .array(items) = board.historyAnswer(limit: 2, now: 200, wallNow: 1_000_000) else {
            Issue.record("history is not an array")
            return
        }
        #expect(items.count == 2)
        #expect(items.last?["ended"] == .number(999_929), "ended 70.5 s before the wall clock's 1000000")
        #expect(items.last?["reason"] == .string("click"))
    }

    @Test("list: visible then queued per stack, with state, urgency and the seconds left")
    func listing() {
        var config = Config()
        config.maxVisible = 1
        var board = Board(config: config)
        board.show(request("a", timeout: 4), owner: alice, now: 0)
        board.show(request("b", timeout: 4), owner: alice, now: 0)
        let list = board.listing(now: 1.25)
        #expect(list["paused"] == .bool(false))
        guard case let .array(toasts)? = list["toasts"] else { Issue.record("no toasts"); return }
        #expect(toasts.map { $0["state"] } == [.string("visible"), .string("queued")])
        #expect(toasts.first?["remaining"] == .number(2.8))
        #expect(toasts.last?["remaining"] == .number(4))
        #expect(list["total"] == .number(2))
        let first = board.listing(limit: 1, now: 1.25)
        #expect(first["total"] == .number(2))
        guard case let .array(limited)? = first["toasts"] else { Issue.record("no toasts"); return }
        #expect(limited.map { $0["message"] } == [.string("a")])
    }

    @Test("max_visible from a reload applies at once: extra toasts go back to wait")
    func reconfigure() {
        var board = Board()
        for _ in 0..<4 { board.show(request(), owner: alice, now: 0) }
        var config = Config()
        config.maxVisible = 2
        board.reconfigure(config, now: 1)
        #expect(board.view(of: StackKey(position: .topRight)).fromEdge.count == 2)
        #expect(board.view(of: StackKey(position: .topRight)).more == 2)
    }
}

/// Motion decisions the stage takes from the model: content transitions, fades and exits.
@Suite struct MotionDecisionTests {
    @Test("a content transition eases height and progress over the tuned duration, then ends")
    func contentTransition() throws {
        let t = try #require(ContentTransition.between(height: 80, and: 200, progress: (20, 60), now: 10, tuning: .standard))
        #expect(t.frame(at: 10)?.heightLimit == 80 && t.frame(at: 10)?.progress == 20)
        let mid = try #require(t.frame(at: 10.125))
        #expect(mid.heightLimit > 140 && mid.heightLimit < 200, "ease-out: past halfway at half time")
        #expect(t.frame(at: 10 + MotionTuning.standard.contentDuration) == nil)
        #expect(ContentTransition.between(height: 80, and: 80, progress: (nil, 50), now: 0, tuning: .standard) == nil)
    }

    @Test("a card fades in as it arrives and out as it leaves")
    func fade() {
        let a = Point(x: 0, y: 0), b = Point(x: 100, y: 0)
        #expect(SlideFade.opacity(start: a, position: Point(x: 25, y: 0), target: b, leaving: false) == 0.25)
        #expect(SlideFade.opacity(start: a, position: Point(x: 25, y: 0), target: b, leaving: true) == 0.75)
        #expect(SlideFade.opacity(start: a, position: a, target: a, leaving: false) == 1)
    }

    @Test("exit targets: back past the stack's edge, or wholly off screen in the swipe's direction")
    func exitTargets() {
        let layout = StackLayout()
        let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
        let frame = Rect(x: 904, y: 16, width: 360, height: 80)
        #expect(layout.exitTarget(frame, at: .topRight, in: screen) == Point(x: 1281, y: 16))
        #expect(layout.exitTarget(frame, at: .topRight, in: screen, swipe: .up) == Point(x: 904, y: -80))
        #expect(layout.exitTarget(frame, at: .topRight, in: screen, swipe: .left) == Point(x: -360, y: 16))
        #expect(layout.exitTarget(frame, at: .top, in: screen, swipe: .down) == Point(x: 904, y: 800))
    }
}

/// Bounds that hold whatever arrives.
@Suite struct BoardBoundsTests {
    @Test("a flood of critical toasts is bounded: past twice the queue's size the oldest critical one overflows")
    func criticalFlood() {
        var board = Board()
        let owner = Owner(.socket, 1)
        for i in 0..<1000 {
            var r = ShowRequest(message: "alarm \(i)")
            r.urgency = .critical
            board.show(r, owner: owner, now: 0)
        }
        let view = board.view(of: StackKey(position: .topRight))
        #expect(view.fromEdge.count == 5)
        #expect(view.more == 200, "5 visible and 200 waiting, no more")
        let overflowed = board.takeChanges().events.filter { $0 == .dismissed(id: $0.id, reason: .overflow) }
        #expect(overflowed.count == 1000 - 205)
        #expect(board.toast("6") == nil && board.toast("1000") != nil, "the oldest waiting ones went")
    }

    @Test("a low toast that comes to a queue full of normal ones ends at once with `overflow`, is heard and kept; DND on and off")
    func lowAtFullQueue() {
        for dnd in [true, false] {
            var board = Board()
            let owner = Owner(.socket, 1)
            board.setDoNotDisturb(dnd, now: 0)
            let waitingBefore = dnd ? 0 : 5
            for i in 0..<(100 + waitingBefore) { board.show(ShowRequest(message: "n\(i)", timeout: 0), owner: owner, now: 0) }
            _ = board.takeChanges()
            var low = ShowRequest(message: "low", timeout: 0)
            low.urgency = .low
            let id = board.show(low, owner: owner, now: 1)
            let changes = board.takeChanges()
            #expect(changes.deliveries == [.init(event: .dismissed(id: id, reason: .overflow), recipients: [owner], source: .socket)],
                    "dnd \(dnd): its owner hears it end, once")
            #expect(board.toast(id) == nil && board.history.last?.toast.id == id && board.history.last?.reason == .overflow)
            #expect(board.counts.queued == 100, "the normal ones all still wait")
        }
    }

    @Test("a burst of 200 with every 17th low: every toast ends exactly once, at every urgency")
    func burstEndsEachOnce() {
        var board = Board()
        let owner = Owner(.socket, 1)
        var ids: [String] = []
        for i in 0..<200 {
            var r = ShowRequest(message: "burst \(i)", timeout: 1)
            r.urgency = i % 17 == 0 ? .low : .normal
            ids.append(board.show(r, owner: owner, now: 0))
        }
        var dismissed: [String: Int] = [:]
        var t = 0.0
        for _ in 0..<200 {
            for event in board.takeChanges().events { if case let .dismissed(id, _) = event { dismissed[id, default: 0] += 1 } }
            guard let next = board.nextDeadline else { break }
            t = max(t, next)
            board.expire(now: t)
        }
        for event in board.takeChanges().events { if case let .dismissed(id, _) = event { dismissed[id, default: 0] += 1 } }
        #expect(board.liveToasts.isEmpty)
        #expect(ids.allSatisfy { dismissed[$0] == 1 }, "each id ends once: \(ids.filter { dismissed[$0] != 1 })")
    }
}
