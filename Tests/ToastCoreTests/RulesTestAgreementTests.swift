@testable import ConfigParsing
@testable import JSONCodec
import Testing
@testable import ToastCore

/// `xtoast rules --test` and the real run agree by construction: both read the one
/// `Admission.decide`, and the board carries that decision out (`Board.carryOut`). Each test
/// feeds the same submission to the report and to the board, and checks that what the report
/// says is what the board did, as the user would see it (events, cards, history): while the
/// centre is open, behind a fullscreen hold, during do-not-disturb, as a repeat and as a
/// socket `show --id` of a live toast. Before issue 26 the report said `show` for the first two.
@Suite struct RulesTestAgreementTests {
    let owner = Owner(.socket, 1)

    func board(_ text: String = "") -> Board {
        let parsed = ConfigParser.parse(text, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return Board(config: parsed.config)
    }

    func submission(_ message: String, id: String? = nil, urgency: Urgency? = nil) -> Submission {
        var request = ShowRequest(message: message)
        request.id = id
        request.urgency = urgency
        return Submission(request, source: .socket)
    }

    /// A report member's string value.
    func member(_ name: String, of report: JSON) -> String? {
        guard case let .object(members) = report, case let .string(value)? = members.first(where: { $0.0 == name })?.1 else {
            return nil
        }
        return value
    }

    /// What the board did with the toast `id`, named as the report names actions.
    func observed(_ id: String, _ changes: BoardChanges, on board: Board) -> String {
        let events = changes.deliveries.map(\.event).filter { $0.id == id }
        if events.contains(.dismissed(id: id, reason: .suppressed)) { return "suppress" }
        if events.contains(.dismissed(id: id, reason: .center)) { return "into-center" }
        if events.contains(.dismissed(id: id, reason: .skipped)) { return "skip-display" }
        if board.repeats.isAlias(id) { return "repeat" }
        if board.kept(id) != nil { return "keep-in-center" }
        guard board.toast(id) != nil else { return "gone" }
        return events.contains(.dismissed(id: id, reason: .replaced)) ? "supersede" : "show"
    }

    /// The report and the run for one submission: the action each names, and whether the
    /// toast waits behind a hold rather than shows.
    func run(_ submission: Submission, on board: inout Board, centerOpen: Bool = false,
             monitor: String = "A") -> (reported: String?, done: String, holdsBack: Bool) {
        _ = board.takeChanges()
        let decision = Admission.decide(submission, board: board, centerOpen: centerOpen) { _ in monitor }
        let reported = member("action", of: decision.report)
        let id = board.carryOut(decision, owner: owner, now: 1)
        let changes = board.takeChanges()
        return (reported, observed(id, changes, on: board), board.holdsBack(id))
    }

    @Test("while the centre is open: the report says into-center, and the toast goes into the centre, no card")
    func centreOpen() {
        var b = board()
        let plain = run(submission("into the list"), on: &b, centerOpen: true)
        #expect(plain.reported == "into-center" && plain.done == "into-center")
        let critical = run(submission("fire", urgency: .critical), on: &b, centerOpen: true)
        #expect(critical.reported == "show" && critical.done == "show" && !critical.holdsBack, "critical still shows as a card")
        #expect(b.history.map(\.toast.message) == ["into the list"])
    }

    @Test("behind a fullscreen hold: suppress is reported and done; delay is show, and the toast waits")
    func fullscreenHold() {
        var suppressing = board("[general]\nfullscreen = suppress\n")
        suppressing.setHold(.fullscreen, monitors: ["A"], now: 0)
        let gone = run(submission("during the film"), on: &suppressing)
        #expect(gone.reported == "suppress" && gone.done == "suppress", "before issue 26 the report said show")
        #expect(suppressing.history.map(\.reason) == [.suppressed])
        let elsewhere = run(submission("other monitor"), on: &suppressing, monitor: "B")
        #expect(elsewhere.reported == "show" && elsewhere.done == "show" && !elsewhere.holdsBack)
        let critical = run(submission("fire", urgency: .critical), on: &suppressing)
        #expect(critical.reported == "show" && critical.done == "show", "critical shows over fullscreen")

        var delaying = board()
        delaying.setHold(.fullscreen, monitors: ["A"], now: 0)
        let waits = run(submission("later"), on: &delaying)
        #expect(waits.reported == "show" && waits.done == "show" && waits.holdsBack)
        #expect(delaying.view(of: StackKey(monitor: "A", position: .topRight)).fromEdge.isEmpty)
    }

    @Test("during do-not-disturb: show is reported and done, the toast waits; a critical one shows")
    func doNotDisturb() {
        var b = board()
        b.setDoNotDisturb(true, now: 0)
        let quiet = run(submission("later"), on: &b)
        #expect(quiet.reported == "show" && quiet.done == "show" && quiet.holdsBack)
        let critical = run(submission("now", urgency: .critical), on: &b)
        #expect(critical.reported == "show" && critical.done == "show" && !critical.holdsBack)
    }

    @Test("as a repeat: repeat is reported and done; a socket show --id of a live toast is supersede, reported and done")
    func repeatAndSupersede() {
        var b = board()
        let first = run(submission("same"), on: &b)
        #expect(first.reported == "show" && first.done == "show")
        let again = run(submission("same"), on: &b)
        #expect(again.reported == "repeat" && again.done == "repeat")
        #expect(b.liveToasts.map(\.count) == [2])

        let job = run(submission("job 1/2", id: "job"), on: &b)
        #expect(job.reported == "show" && job.done == "show")
        let next = run(submission("job 2/2", id: "job"), on: &b)
        #expect(next.reported == "supersede" && next.done == "supersede")
        #expect(b.toast("job")?.message == "job 2/2")
    }
}
