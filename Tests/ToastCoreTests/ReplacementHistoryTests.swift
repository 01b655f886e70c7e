@testable import Operations
import Testing
@testable import ToastCore

/// A replacement is the same notification (issue 49, item 1): a volume OSD's steps, by stack
/// tag or `x-canonical-private-synchronous`, a socket `show` with a live toast's id and a bus
/// `replaces_id` each leave one history entry with the newest text and a count of updates,
/// while every replaced id still hears `replaced` (the bus's reason 4).
@Suite struct ReplacementHistoryTests {
    let bus = Owner(.bus, 1)
    let script = Owner(.socket, 1)

    /// Steps of `notify-send -h string:HINT:volume -h int:value:V Volume "V%"`: each a new bus
    /// connection, gone once its call returned (so the next may take its toast's place).
    struct OSD {
        var hint = "x-dunst-stack-tag"
        var connections = 0
        /// The ids that heard `dismissed`, and why.
        var ended: [(id: String, reason: DismissReason)] = []

        @discardableResult
        mutating func step(_ value: Int, on board: inout Board, now: Double) -> String {
            connections += 1
            let sender = ":1.\(connections)"
            let call = NotifyCall(appName: "notify-send", summary: "Volume", body: "\(value)%",
                                  hints: [hint: .string("volume"), "value": .int(Int64(value))])
            let submission = NotificationMapping.decide(call).submission(replacesID: 0, sender: sender)
            let id = board.carryOut(Admission.decide(submission, board: board, now: now), owner: Owner(.bus, 1), now: now)
            board.senderLeft(sender)
            note(board.takeChanges())
            return id
        }

        mutating func note(_ changes: BoardChanges) {
            for delivery in changes.deliveries {
                if case let .dismissed(id, reason) = delivery.event { ended.append((id, reason)) }
            }
        }
    }

    /// The OSD's last card times out (4 s a step apart is long past any timeout).
    func timeOut(_ board: inout Board, _ osd: inout OSD, now: Double) {
        board.expire(now: now)
        osd.note(board.takeChanges())
    }

    @Test("fifty x-dunst-stack-tag steps leave one entry (the newest text, 49 updates), then twenty more one more; every replaced id heard replaced, reason 4 on the bus; the centre shows a row for each", arguments: ["x-dunst-stack-tag", "x-canonical-private-synchronous"])
    func volumeOSD(_ hint: String) {
        var board = Board(config: .default)
        var osd = OSD(hint: hint)
        var now = 0.0
        var ids: [String] = []
        for step in 1...50 {
            ids.append(osd.step(step * 2, on: &board, now: now))
            now += 0.05
        }
        #expect(board.history.isEmpty, "no entry while the OSD is up")
        timeOut(&board, &osd, now: now + 60)
        #expect(board.history.count == 1)
        #expect(board.history.last?.toast.message == "100%" && board.history.last?.toast.updates == 49)
        #expect(board.history.last?.reason == .timeout)
        let replaced = osd.ended.filter { $0.reason == .replaced }.map(\.id)
        #expect(replaced == Array(ids.dropLast()), "each replaced id heard replaced, once")
        #expect(NotificationMapping.closedReason(.replaced) == 4)
        #expect(CenterContent.rows(board.history, grouping: .none).count == 1)

        now += 120
        for step in 1...20 {
            osd.step(step * 5, on: &board, now: now)
            now += 0.05
        }
        timeOut(&board, &osd, now: now + 60)
        #expect(board.history.count == 2)
        #expect(board.history.last?.toast.message == "100%" && board.history.last?.toast.updates == 19)
        #expect(CenterContent.rows(board.history, grouping: .none).count == 2)
        #expect(CenterContent.rows(board.history, grouping: .app).filter { if case .entry = $0 { true } else { false } }.count == 1,
                "grouped: one app, collapsed to its newest")
    }

    @Test("a socket show with a live toast's id, ten times, then a dismiss: one entry with the last text and 9 updates; the first owner heard replaced each time")
    func socketShowByID() {
        var board = Board(config: .default)
        for i in 0..<10 {
            board.show(Toast(id: "build", message: "step \(i)", timeout: 0), owner: Owner(.socket, UInt64(i + 1)), now: Double(i))
        }
        let changes = board.takeChanges()
        let replaced = changes.deliveries.filter { $0.event == .dismissed(id: "build", reason: .replaced) }
        #expect(replaced.count == 9)
        #expect(board.history.isEmpty)
        let dismissed = board.dismiss("build", reason: .click, now: 20)
        #expect(dismissed)
        #expect(board.history.map(\.toast.message) == ["step 9"])
        #expect(board.history.last?.toast.updates == 9)
    }

    @Test("an in-place replaces_id counts its updates the same way, and one kept open in the centre replaced by a show with its id stays one entry")
    func inPlaceAndKept() {
        var board = Board(config: .default)
        board.show(Toast(id: "7", message: "one"), owner: bus, now: 0)
        let replaced = [board.replace("7", with: Toast(id: "7", message: "two"), now: 1),
                        board.replace("7", with: Toast(id: "7", message: "three"), now: 2)]
        let ended = board.dismiss("7", reason: .timeout, now: 3)
        #expect(replaced == [true, true] && ended)
        #expect(board.history.map(\.toast.message) == ["three"] && board.history.last?.toast.updates == 2)

        var kept = Toast(id: "mail", message: "first", timeout: 1)
        kept.keepsOpen = true
        board.show(kept, owner: script, now: 10)
        board.expire(now: 20)
        #expect(board.kept("mail") != nil)
        _ = board.takeChanges()
        board.show(Toast(id: "mail", message: "second", timeout: 0), owner: script, now: 21)
        #expect(board.history.filter { $0.toast.id == "mail" }.isEmpty, "the kept entry became the live toast's")
        let heard = board.takeChanges().deliveries.map(\.event)
        #expect(heard.contains(.dismissed(id: "mail", reason: .replaced)))
        let clicked = board.dismiss("mail", reason: .click, now: 22)
        #expect(clicked)
        #expect(board.history.filter { $0.toast.id == "mail" }.map(\.toast.message) == ["second"])
        #expect(board.history.last?.toast.updates == 1)
    }

    @Test("the count of updates is kept across a restart: written as \"updates\" and read back; a count that is no count is damage")
    func updatesInTheFile() throws {
        var toast = Toast(id: "3", message: "100%")
        toast.updates = 49
        let record = HistoryRecord(toast: toast, reason: .timeout, wallEnded: 1_700_000_000)
        let line = record.line
        #expect(String(decoding: line, as: UTF8.self).contains(#""updates":49"#))
        #expect(try HistoryRecord.decode(line).toast.updates == 49)
        let plain = HistoryRecord(toast: Toast(id: "4", message: "once"), reason: .timeout, wallEnded: 1_700_000_000)
        #expect(!String(decoding: plain.line, as: UTF8.self).contains("updates"))
        for bad in ["-1", "1.5", "1e12", "\"3\""] {
            let text = #"{"v":1,"ended":1700000000,"id":"3","message":"m","kind":"info","reason":"timeout","updates":\#(bad)}"#
            #expect(throws: HistoryRecord.Damage.self) { try HistoryRecord.decode(Array(text.utf8)) }
        }
        let atBound = #"{"v":1,"ended":1700000000,"id":"3","message":"m","kind":"info","reason":"timeout","updates":\#(HistoryLimits.maxUpdates)}"#
        #expect(try HistoryRecord.decode(Array(atBound.utf8)).toast.updates == HistoryLimits.maxUpdates)
        var most = Toast(id: "5", message: "m")
        most.updates = HistoryLimits.maxUpdates
        #expect(Board.updates(after: most) == HistoryLimits.maxUpdates, "the count stops at its bound")
    }
}
