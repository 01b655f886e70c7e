import Testing
import ToastCore

/// Issue 44: decisions the daemon made by hand now sit beside their siblings in the model: a
/// link's end beside the actions' rule (`Board.choose`), and what a summary card's click brings.
@Suite struct DecisionsInTheModelTests {
    let alice = Owner(.socket, 1)

    @Test("an opened link ends its toast as the user's click; a resident toast stays, as it does for an action")
    func linkOpened() {
        var board = Board()
        let plain = board.show(ShowRequest(message: "see https://example.org", timeout: 0), owner: alice, now: 0)
        var stays = ShowRequest(message: "resident https://example.org", timeout: 0)
        stays.resident = true
        let resident = board.show(stays, owner: alice, now: 0)
        _ = board.takeChanges()
        let ended = board.linkOpened(on: plain, now: 1)
        #expect(ended && board.takeChanges().events == [.dismissed(id: plain, reason: .click)])
        let stayed = !board.linkOpened(on: resident, now: 2)
        #expect(stayed && board.toast(resident) != nil && board.takeChanges().events.isEmpty)
        let none = board.linkOpened(on: "99", now: 3)
        #expect(!none, "no such toast")
    }

    @Test("a summary card's click also opens the centre on what came meanwhile; its close button, or another card's click, does not")
    func summaryClick() throws {
        var board = Board(config: { var c = Config.default; c.historyKeep = 100; return c }())
        board.setDoNotDisturb(true, now: 0)
        for n in 0..<10 {
            var request = ShowRequest(message: "m\(n)", title: "m\(n)", kind: .info)
            request.app = "Mail"
            board.show(request, owner: alice, now: Double(n))
        }
        board.setDoNotDisturb(false, now: 20)
        let card = try #require(board.liveToasts.first { $0.summary != nil })
        let summary = try #require(card.summary)
        let click = UserIntent.dismiss(id: card.id, reason: .click)
        #expect(click.following(on: board) == [click, .openCenter(filter: CenterContent.since(summary.firstHistoryID))])
        let close = UserIntent.dismiss(id: card.id, reason: .close)
        #expect(close.following(on: board) == [close])
        let plain = board.show(ShowRequest(message: "plain", timeout: 0), owner: alice, now: 21)
        #expect(UserIntent.dismiss(id: plain, reason: .click).following(on: board) == [.dismiss(id: plain, reason: .click)])
    }
}
