import Testing
@testable import ToastCore

/// A click or Enter on a centre entry: the default action while its sender can hear it, else
/// the entry opens; decided from the board, not from the rows the panel listed.
@Suite struct CenterActivationTests {
    let alice = Owner(.socket, 1), bob = Owner(.socket, 2)

    func ended(_ board: inout Board, id: String, defaultAction: String?, owner: Owner) -> HistoryEntry {
        var show = ShowRequest(message: "", title: id)
        show.id = id
        show.defaultAction = defaultAction
        if let defaultAction { show.actions = [Action(id: defaultAction, label: defaultAction)] }
        board.show(show, owner: owner, now: 0)
        board.dismiss(id, reason: .timeout, now: 1)
        return board.history.first { $0.toast.id == id }!
    }

    @Test("a default action its sender can hear is taken late; one without, or whose sender left, expands")
    func decide() {
        var board = Board()
        let heard = ended(&board, id: "deploy", defaultAction: "open", owner: alice)
        let plain = ended(&board, id: "note", defaultAction: nil, owner: alice)
        let left = ended(&board, id: "vote", defaultAction: "up", owner: bob)
        #expect(CenterActivation.decide(heard, board: board) == .lateAction("open", historyID: heard.historyID))
        #expect(CenterActivation.decide(plain, board: board) == .expand(HistoryKey(plain)))
        #expect(CenterActivation.decide(left, board: board) == .lateAction("up", historyID: left.historyID))
        // The rows still list bob as listening; the board knows he went.
        board.forget(bob)
        #expect(CenterActivation.decide(left, board: board) == .expand(HistoryKey(left)))
    }

    @Test("what it decides is what the board carries out: the late action reaches the sender")
    func carriedOut() {
        var board = Board()
        let heard = ended(&board, id: "deploy", defaultAction: "open", owner: alice)
        _ = board.takeChanges()
        guard case let .lateAction(action, historyID) = CenterActivation.decide(heard, board: board) else {
            return #expect(Bool(false))
        }
        let sent = board.lateAction(action, on: historyID, now: 2)
        #expect(sent)
        let changes = board.takeChanges()
        #expect(changes.deliveries.first?.recipients == [alice])
    }
}
