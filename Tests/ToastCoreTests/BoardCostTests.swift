import Testing
@testable import ToastCore

/// What one toast costs, counted rather than timed (`Board.work`: entries read in a search or
/// moved in a queue, in the stacks and the history): admitting, showing, replacing, ending and
/// recording a toast read the same handful of entries with none or 600 toasts live and queued
/// (6 positions × (5 + 100)), and with 1,000 or 10,000 kept in the history.
@Suite struct BoardCostTests {
    let owner = Owner(.socket, 1), bus = Owner(.bus, 1)

    func submission(_ message: String, position: Position = .topRight, urgency: Urgency = .normal,
                    source: ToastSource = .socket, tag: String = "") -> Submission {
        var request = ShowRequest(message: message, title: "t", kind: .info)
        request.position = position
        request.urgency = urgency
        request.timeout = 0
        var submission = Submission(request, source: source)
        submission.stackTag = tag
        return submission
    }

    /// Admits as the service does; returns the id and the work it took.
    @discardableResult
    func admit(_ submission: Submission, on board: inout Board, owner: Owner, now: Double = 0) -> (id: String, work: Int) {
        let before = board.work
        let decision = Admission.decide(submission, board: board)
        let id = board.carryOut(decision, owner: owner, now: now)
        _ = board.takeChanges()
        return (id, board.work - before)
    }

    /// A board with `perStack` toasts at each of the six positions (5 visible, the rest waiting).
    func loaded(perStack: Int, keep: Int = 1000) -> Board {
        var config = Config.default
        config.historyKeep = keep
        var board = Board(config: config)
        for position in Position.allCases {
            for i in 0..<perStack { admit(submission("\(position) \(i)", position: position), on: &board, owner: owner) }
        }
        _ = board.takeChanges()
        return board
    }

    @Test("admitting and showing a toast reads the same few entries with 0 or 600 (900 with the 9 positions) live and queued")
    func showFlat() {
        var empty = loaded(perStack: 0), full = loaded(perStack: 105)
        let positions = Position.allCases.count
        #expect(full.counts.visible == 5 * positions && full.counts.queued == 100 * positions)
        for i in 0..<50 {
            let a = admit(submission("new \(i)"), on: &empty, owner: owner)
            let b = admit(submission("new \(i)"), on: &full, owner: owner)
            #expect(a.work <= 4 && b.work <= 4, "read or moved \(a.work) and \(b.work) entries for one toast")
        }
        #expect(full.counts.queued == 100 * positions, "each new one queued, the oldest waiting one pushed out")
    }

    @Test("a copy of the board is a value: its fields share one box until either changes, and a change to one leaves the other as it was")
    func copyIsAValue() {
        var original = loaded(perStack: 2)
        let id = admit(submission("shared"), on: &original, owner: owner).id
        var copy = original
        let dismissed = copy.dismiss(id, reason: .api, now: 1)
        #expect(dismissed)
        #expect(original.toast(id)?.message == "shared" && copy.toast(id) == nil)
        #expect(original.counts.visible == copy.counts.visible + 1)
        admit(submission("only in the original"), on: &original, owner: owner)
        #expect(copy.liveToasts.allSatisfy { $0.message != "only in the original" })
    }

    @Test("a critical toast joins the front of a full queue without moving it")
    func criticalFlat() {
        var full = loaded(perStack: 105)
        let (_, work) = admit(submission("urgent", urgency: .critical), on: &full, owner: owner)
        #expect(work <= 8, "\(work)")
    }

    @Test("replacing, updating, repeating and ending a visible toast with 600 live read at most a stack's visible cards")
    func changesFlat() {
        var board = loaded(perStack: 105)
        let bus1 = admit(submission("from the bus", source: .bus), on: &board, owner: bus).id
        let visible = board.view(of: board.key(of: bus1)!).fromEdge.map(\.id)
        #expect(!visible.contains(bus1), "queued behind the rest")
        let top = visible[0]
        var before = board.work
        var replacement = submission("replaced", source: .bus)
        replacement.replacesID = bus1
        _ = admit(replacement, on: &board, owner: bus)
        #expect(board.work - before <= 110, "a queued toast is found in its own stack's queue only")
        before = board.work
        _ = board.update(UpdateRequest(id: top, message: "changed"), now: 1)
        #expect(board.work - before <= 5)
        before = board.work
        board.dismiss(top, reason: .close, now: 1)
        _ = board.takeChanges()
        #expect(board.work - before <= 12, "found among 5 visible, the next waiting one promoted")
        before = board.work
        let first = admit(submission("same"), on: &board, owner: owner).id
        let repeatWork = admit(submission("same"), on: &board, owner: owner)
        #expect(board.toast(first)?.count == 2 && repeatWork.id != first)
        #expect(repeatWork.work <= 110)
    }

    @Test("a stack tag finds its toast through the index: the same work with 600 others live")
    func stackTagFlat() {
        var board = loaded(perStack: 105)
        let first = admit(submission("volume 1", tag: "volume"), on: &board, owner: owner).id
        let before = board.work
        let second = admit(submission("volume 2", tag: "volume"), on: &board, owner: owner).id
        #expect(first != second && board.toast(first) == nil && board.toast(second)?.message == "volume 2")
        #expect(board.work - before <= 110)
    }

    @Test("ending and recording a toast costs the same with 1,000 or 10,000 kept")
    func historyFlat() {
        for keep in [1000, 10_000] {
            var board = loaded(perStack: 0, keep: keep)
            for i in 0..<(keep + 10) {
                let id = admit(submission("h \(i)"), on: &board, owner: owner).id
                board.dismiss(id, reason: .close, now: 0)
            }
            #expect(board.history.count == keep)
            let id = admit(submission("last"), on: &board, owner: owner).id
            let before = board.work
            board.dismiss(id, reason: .close, now: 1)
            _ = board.takeChanges()
            #expect(board.work - before <= 4, "keep \(keep): \(board.work - before)")
            #expect(board.history.last?.toast.message == "last" && board.history.count == keep)
        }
    }

    @Test("the index agrees with the stacks through shows, repeats, tags, replacements, holds, expiry and merges")
    func indexAgrees() {
        var config = Config.default
        config.maxVisible = 3
        var board = Board(config: config)
        var rng = CostRandom(seed: 7)
        var ids: [String] = []
        for step in 0..<3000 {
            let now = Double(step) * 0.01
            switch rng.next() % 10 {
            case 0, 1, 2, 3:
                var s = submission("m\(rng.next() % 6)", position: [.topRight, .bottom, .topLeft][Int(rng.next() % 3)],
                                   urgency: [.low, .normal, .critical][Int(rng.next() % 3)],
                                   source: rng.next() % 2 == 0 ? .socket : .bus, tag: rng.next() % 4 == 0 ? "tag" : "")
                if rng.next() % 3 == 0 { s.request.timeout = 0.05 }
                if rng.next() % 5 == 0, let old = ids.last { s.replacesID = old }
                ids.append(admit(s, on: &board, owner: rng.next() % 2 == 0 ? owner : bus, now: now).id)
            case 4: if let id = ids.randomElement(using: &rng) { board.dismiss(id, reason: .close, now: now) }
            case 5: if let id = ids.randomElement(using: &rng) { _ = board.update(UpdateRequest(id: id, message: "u"), now: now) }
            case 6: board.expire(now: now)
            case 7: board.setHold(.fullscreen, rng.next() % 2 == 0, monitor: "", now: now)
            case 8: board.gather(keeping: [], onto: rng.next() % 2 == 0 ? "" : "B", now: now)
            default: board.setDoNotDisturb(rng.next() % 2 == 0, now: now)
            }
            _ = board.takeChanges()
            let live = board.liveToasts
            #expect(board.live.count == live.count)
            for t in live { #expect(board.key(of: t.id).flatMap(board.stacks)?.contains(t.id) == true) }
            #expect(board.newestVisibleID == board.visibleNewestFirst.first?.id)
            #expect(board.monitorsDrawingNothing.isEmpty)
            #expect(board.liveCriticalBus(besides: nil) == live.filter { $0.source == .bus && $0.urgency == .critical }.count)
            var probe = Toast(id: "", message: "m\(rng.next() % 6)")
            probe.title = "t"
            probe.collapsesRepeats = true
            #expect(board.repeatOriginal(of: probe) == Repeats.original(of: probe, among: live)?.id)
        }
    }
}

/// A small seeded generator, so the randomized test is the same every run.
struct CostRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
