import Testing
@testable import ToastCore

/// Issue 17: a toast is announced once, however often it waits and comes back, and stacks
/// that merge (a monitor went away) keep their cards in order of age.
@Suite struct BoardMergeTests {
    let owner = Owner(.socket, 1)
    let topRight = StackKey(monitor: "LEFT", position: .topRight)

    func show(_ board: inout Board, _ id: String, on monitor: String, now: Double = 0) {
        var r = ShowRequest(message: id)
        r.id = id
        r.timeout = 0
        board.show(r, owner: owner, monitor: monitor, now: now)
    }

    func config(maxVisible: Int) -> Config {
        var c = Config()
        c.maxVisible = maxVisible
        return c
    }

    /// How many `shown` each toast was announced with, over everything taken so far.
    func shownCounts(_ events: [ToastEvent]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for case let .shown(id) in events { counts[id, default: 0] += 1 }
        return counts
    }

    @Test("max_visible lowered and raised again: every toast hears `shown` exactly once, and the cards that come back enter again")
    func maxVisibleDownAndUp() {
        var board = Board(config: config(maxVisible: 5))
        for id in ["a", "b", "c", "d"] { show(&board, id, on: "LEFT") }
        var events = board.takeChanges().events
        board.reconfigure(config(maxVisible: 2), now: 1)
        events += board.takeChanges().events
        board.reconfigure(config(maxVisible: 5), now: 2)
        let back = board.takeChanges()
        events += back.events
        #expect(shownCounts(events) == ["a": 1, "b": 1, "c": 1, "d": 1])
        #expect(Set(back.entered) == ["a", "b"], "their cards enter again")
        #expect(board.view(of: topRight).fromEdge.count == 4)
    }

    @Test("a removed monitor's toasts: those already seen are not announced again when they wait and come back; one never seen is, once")
    func monitorGoneShownOnce() {
        var board = Board(config: config(maxVisible: 2))
        show(&board, "l1", on: "LEFT")
        show(&board, "l2", on: "LEFT")
        show(&board, "r1", on: "RIGHT")
        show(&board, "r2", on: "RIGHT")
        show(&board, "r3", on: "RIGHT")  // waits: RIGHT shows two
        var events = board.takeChanges().events
        board.gather(keeping: ["LEFT"], onto: "LEFT", now: 1)
        events += board.takeChanges().events
        for id in ["l1", "l2", "r1", "r2", "r3"] {
            board.dismiss(id, reason: .click, now: 2)
            events += board.takeChanges().events
        }
        #expect(shownCounts(events) == ["l1": 1, "l2": 1, "r1": 1, "r2": 1, "r3": 1])
        #expect(events.filter { if case .dismissed = $0 { true } else { false } }.count == 5)
    }

    @Test("moved cards take their place by age among those already there: newest nearest the edge")
    func mergedByAge() {
        var board = Board()
        show(&board, "r-old", on: "RIGHT", now: 0)
        show(&board, "l-mid", on: "LEFT", now: 1)
        show(&board, "r-new", on: "RIGHT", now: 2)
        show(&board, "l-newest", on: "LEFT", now: 3)
        _ = board.takeChanges()
        board.gather(keeping: ["LEFT"], onto: "LEFT", now: 4)
        let changes = board.takeChanges()
        #expect(board.view(of: topRight).fromEdge.map(\.id) == ["l-newest", "r-new", "l-mid", "r-old"])
        #expect(changes.events.isEmpty, "moved, not shown anew")
        #expect(changes.stacks.contains(topRight) && changes.stacks.contains(StackKey(monitor: "RIGHT", position: .topRight)))
    }

    @Test("past max_visible the newest of the merged stack wait, first in the queue; nothing is lost")
    func mergedOverflowWaits() {
        var board = Board(config: config(maxVisible: 2))
        show(&board, "r-old", on: "RIGHT", now: 0)
        show(&board, "l-mid", on: "LEFT", now: 1)
        show(&board, "r-new", on: "RIGHT", now: 2)
        show(&board, "l-new", on: "LEFT", now: 3)
        _ = board.takeChanges()
        board.gather(keeping: ["LEFT"], onto: "LEFT", now: 4)
        #expect(board.view(of: topRight).fromEdge.map(\.id) == ["l-mid", "r-old"])
        #expect(board.view(of: topRight).more == 2)
        board.dismiss("r-old", reason: .click, now: 5)
        #expect(board.view(of: topRight).fromEdge.map(\.id) == ["r-new", "l-mid"])
        #expect(board.takeChanges().events == [.dismissed(id: "r-old", reason: .click)], "r-new comes back without a second shown")
    }

    @Test("toasts a merge drops from a full queue end with `overflow`, and their owner hears it")
    func mergedQueueOverflow() {
        var board = Board(config: config(maxVisible: 1))
        for i in 0..<101 { show(&board, "l\(i)", on: "LEFT", now: Double(i)) }
        for i in 0..<101 { show(&board, "r\(i)", on: "RIGHT", now: Double(200 + i)) }
        _ = board.takeChanges()
        board.gather(keeping: ["LEFT"], onto: "LEFT", now: 400)
        let dropped = board.takeChanges().events.filter { if case .dismissed(_, .overflow) = $0 { true } else { false } }
        // One visible and 100 waiting is all a stack holds: of 202, 101 go.
        #expect(dropped.count == 101)
        #expect(board.view(of: topRight).fromEdge.count == 1 && board.view(of: topRight).more == 100)
        #expect(board.history.count == 101 && board.history.allSatisfy { $0.reason == .overflow })
    }
}
