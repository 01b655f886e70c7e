import Testing
@testable import ToastCore

/// The centre's late reply (issue 29): an entry whose toast had a reply field offers Reply
/// while its sender listens; pressing it brings the toast back to answer it.
@Suite struct CenterReplyTests {
    let alice = Owner(.socket, 1), bob = Owner(.socket, 2)

    func ended(_ board: inout Board, id: String, reply: Bool, owner: Owner) -> HistoryEntry {
        var show = ShowRequest(message: "coming?", title: id)
        show.id = id
        show.actions = [Action(id: "open", label: "Open")]
        if reply { show.reply = ReplyOptions(label: "Answer") }
        board.show(show, owner: owner, now: 0)
        board.dismiss(id, reason: .timeout, now: 1)
        return board.history.first { $0.toast.id == id }!
    }

    @Test("Reply is offered (first, with the card's label) only while the sender listens, and only for a toast that had a reply")
    func offered() {
        var board = Board()
        let ann = ended(&board, id: "ann", reply: true, owner: alice)
        let plain = ended(&board, id: "plain", reply: false, owner: alice)
        #expect(CenterContent.offersReply(ann))
        #expect(CenterContent.buttons(of: ann).map(\.id) == [ReplyOptions.actionKey, "open"])
        #expect(CenterContent.buttons(of: ann).first?.label == "Answer")
        #expect(!CenterContent.offersReply(plain))
        #expect(CenterContent.buttons(of: plain).map(\.id) == ["open"])
        board.forget(alice)
        let gone = board.history.first { $0.toast.id == "ann" }!
        #expect(!CenterContent.offersReply(gone) && CenterContent.buttons(of: gone).isEmpty && !CenterContent.showsButtons(gone))
    }

    @Test("a click on Reply, or r on the selected entry, asks for the reply; r on an entry without one does nothing")
    func intent() {
        var board = Board()
        let ann = ended(&board, id: "ann", reply: true, owner: alice)
        let plain = ended(&board, id: "plain", reply: false, owner: alice)
        let rows = [CenterRow.entry(plain), .entry(ann)]
        var state = CenterState()
        let clicked = state.click(.reply(historyID: ann.historyID), rows: rows, now: 0)
        #expect(clicked == .reply(historyID: ann.historyID))
        state.selection = .entry(HistoryKey(ann))
        let r = KeyPress(.text, text: "r")
        let pressed = state.press(r, rows: rows, viewport: 500, now: 0, height: { _ in 50 })
        #expect(pressed == .reply(historyID: ann.historyID))
        state.selection = .entry(HistoryKey(plain))
        let none = state.press(r, rows: rows, viewport: 500, now: 0, height: { _ in 50 })
        #expect(none == nil)
        // While the filter is typed, r is text.
        state.isTypingFilter = true
        state.filter = ""
        state.selection = .entry(HistoryKey(ann))
        let typed = state.press(r, rows: rows, viewport: 500, now: 0, height: { _ in 50 })
        #expect(typed == nil && state.filter == "r")
    }

    @Test("the board restores the toast with its reply; the reply reaches the sender late under the original id")
    func carriedOut() throws {
        var board = Board()
        let ann = ended(&board, id: "ann", reply: true, owner: alice)
        _ = board.takeChanges()
        let restored = board.restoreToReply(historyID: ann.historyID, owner: bob, now: 2)
        let id = try #require(restored)
        #expect(board.toast(id)?.reply != nil && board.toast(id)?.restored == true)
        #expect(!board.history.contains { $0.historyID == ann.historyID })
        _ = board.takeChanges()
        let sent = board.reply("late", on: id, now: 3)
        #expect(sent)
        let changes = board.takeChanges()
        let delivery = try #require(changes.deliveries.first { if case .replied = $0.event { true } else { false } })
        #expect(delivery.event == .replied(id: "ann", text: "late") && delivery.late && delivery.recipients == [alice])
    }

    @Test("nothing is restored for an entry whose sender left since the panel drew, or that had no reply")
    func refused() {
        var board = Board()
        let ann = ended(&board, id: "ann", reply: true, owner: alice)
        let plain = ended(&board, id: "plain", reply: false, owner: bob)
        let noReply = board.restoreToReply(historyID: plain.historyID, owner: bob, now: 2)
        #expect(noReply == nil)
        board.forget(alice)
        let left = board.restoreToReply(historyID: ann.historyID, owner: bob, now: 2)
        #expect(left == nil)
        #expect(board.history.count == 2 && board.liveToasts.isEmpty)
    }

    @Test("the panel draws Reply on the entry and hits it as .reply; once the sender left, neither")
    func drawn() {
        let layout = CenterLayout(composer: CardComposer(config: .default, scale: 1), metrics: FixedMetrics(),
                                  size: Size(width: 420, height: 600))
        let status = CenterLayout.Status(unread: 0, doNotDisturb: false, now: 100, wallNow: 1_796_133_750) { .utc($0) }
        func compose(_ board: Board) -> CenterLayout.Composed {
            let rows = CenterContent.rows(board.history, grouping: .none)
            return layout.compose(rows: rows, state: CenterState(), status: status, height: { layout.height(of: rows[$0], expanded: false) })
        }
        func labels(_ c: CenterLayout.Composed) -> [String] {
            c.scene.ops.compactMap { if case let .text(block, _, _) = $0 { return block.text }; return nil }
        }
        var board = Board()
        let ann = ended(&board, id: "ann", reply: true, owner: alice)
        let heard = compose(board)
        #expect(labels(heard).contains("Answer") && labels(heard).contains("Open"))
        #expect(heard.targets.contains { $0.target == .reply(historyID: ann.historyID) })
        #expect(heard.targets.contains { $0.target == .action("open", historyID: ann.historyID) })
        #expect(!heard.targets.contains { $0.target == .action(ReplyOptions.actionKey, historyID: ann.historyID) })
        board.forget(alice)
        let gone = compose(board)
        #expect(!labels(gone).contains("Answer") && !gone.targets.contains { $0.target == .reply(historyID: ann.historyID) })
    }
}
