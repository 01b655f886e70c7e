import Testing
@testable import ToastCore

/// Issue 30: coming back from a quiet time shows one summary instead of a wall of cards.
@Suite struct QuietSummaryTests {
    let alice = Owner(.socket, 1)

    func request(_ title: String, app: String, critical: Bool = false) -> ShowRequest {
        var request = ShowRequest(message: title, title: title, kind: .info)
        request.app = app
        request.urgency = critical ? .critical : .normal
        return request
    }

    func ended(_ changes: BoardChanges) -> [String: DismissReason] {
        var ended: [String: DismissReason] = [:]
        for delivery in changes.deliveries {
            if case let .dismissed(id, reason) = delivery.event { ended[id] = reason }
        }
        return ended
    }

    @Test("the sentence names two apps by count and the rest as others; the second line counts each")
    func text() {
        let apps = Array(repeating: "Slack", count: 9) + ["Mail", "Mail", "Mail", "Build", "Calendar"]
        let summary = QuietSummary(apps: apps, firstHistoryID: 1)
        #expect(summary.sentence == "14 notifications from Slack, Mail and 2 others")
        #expect(summary.perApp == "Slack 9 · Mail 3 · Build 1 · Calendar 1")
        #expect(QuietSummary(apps: ["Mail"], firstHistoryID: 1).sentence == "1 notification from Mail")
        #expect(QuietSummary(apps: ["Mail", "Slack"], firstHistoryID: 1).sentence == "2 notifications from Mail and Slack")
        #expect(QuietSummary(apps: ["a", "b", "c"], firstHistoryID: 1).sentence == "3 notifications from a, b and 1 other")
        let many = QuietSummary(apps: (0..<10).map { "app\($0)" }, firstHistoryID: 1)
        #expect(many.perApp.hasSuffix(" · …"))
    }

    @Test("do-not-disturb, 10 toasts, resume: one summary card, 10 summarized ends kept unread in history; a held critical toast shows first")
    func summaryAfterPause() throws {
        var board = Board(config: { var c = Config.default; c.historyKeep = 100; return c }())
        board.setDoNotDisturb(true, now: 0)
        let ids = (0..<10).map { board.show(request("m\($0)", app: $0 < 7 ? "Slack" : "Mail"), owner: alice, now: Double($0)) }
        _ = board.takeChanges()
        board.setDoNotDisturb(false, now: 20)
        let changes = board.takeChanges()
        let reasons = ended(changes)
        #expect(ids.allSatisfy { reasons[$0] == .summarized }, "\(reasons)")
        #expect(board.liveToasts.count == 1)
        let card = try #require(board.liveToasts.first)
        #expect(card.title == "While you were away")
        #expect(card.message.hasPrefix("10 notifications from Slack and Mail"))
        #expect(card.summary?.counts.map(\.count) == [7, 3])
        #expect(board.history.filter { $0.reason == .summarized && $0.unread }.count == 10)
        #expect(!board.history.contains { $0.toast.summary != nil }, "the card itself is not history")
    }

    @Test("at most summary_over held: they show as they are; after idle nothing is held, so no summary")
    func fewOrIdle() {
        var board = Board()
        board.setDoNotDisturb(true, now: 0)
        for n in 0..<3 { board.show(request("m\(n)", app: "Mail"), owner: alice, now: 0) }
        board.setDoNotDisturb(false, now: 1)
        #expect(board.liveToasts.map(\.title) == ["m0", "m1", "m2"])
        #expect(!board.liveToasts.contains { $0.summary != nil })
        var idle = Board()
        idle.setHold(.idle, true, now: 0)
        for n in 0..<5 { idle.show(request("m\(n)", app: "Mail"), owner: alice, now: 0) }
        idle.setHold(.idle, false, now: 1)
        #expect(!idle.liveToasts.contains { $0.summary != nil })
        #expect(idle.liveToasts.count == 5)
    }

    @Test("after a lock: held critical toasts show first in their order, then the summary for the rest")
    func afterLock() throws {
        var board = Board(config: { var c = Config.default; c.maxVisible = 10; return c }())
        board.setHold(.lock, true, now: 0)
        let critical = board.show(request("alarm", app: "Cal", critical: true), owner: alice, now: 0)
        for n in 0..<5 { board.show(request("m\(n)", app: "Mail"), owner: alice, now: 1) }
        let later = board.show(request("alarm 2", app: "Cal", critical: true), owner: alice, now: 2)
        board.setHold(.lock, false, now: 3)
        let stack = try #require(board.keys.first)
        let view = board.view(of: stack).fromEdge
        #expect(view.map(\.title) == ["While you were away", "alarm 2", "alarm"], "\(view.map(\.title))")
        #expect(board.toast(critical) != nil && board.toast(later) != nil)
        #expect(view.first?.message.hasPrefix("5 notifications from Mail") == true)
    }

    @Test("the summary's centre filter since:N shows the entries from history id N on")
    func sinceFilter() throws {
        var board = Board()
        let before = board.show(request("before", app: "Mail"), owner: alice, now: 0)
        board.dismiss(before, reason: .click, now: 0)
        board.setDoNotDisturb(true, now: 1)
        for n in 0..<5 { board.show(request("m\(n)", app: "Slack"), owner: alice, now: 1) }
        board.setDoNotDisturb(false, now: 2)
        let summary = try #require(board.liveToasts.first?.summary)
        let filter = CenterContent.since(summary.firstHistoryID)
        let shown = board.history.filter { CenterContent.matches($0, filter: filter) }.map(\.toast.title)
        #expect(shown == ["m0", "m1", "m2", "m3", "m4"])
        #expect(board.history.filter { CenterContent.matches($0, filter: filter + " m3") }.map(\.toast.title) == ["m3"])
    }
}
