@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Issue 26's first bug: an update kept neither the critical policy nor a rule's timeout
/// (`Board.update` recomputed the timeout from the new kind, so a critical toast expired 4 s
/// later). `Admission.decideUpdate` applies the admission's own `Admission.timeout`.
@Suite struct AdmissionUpdateTests {
    let bus = Owner(.bus, 1), script = Owner(.socket, 1)

    func board(_ rules: String = "") -> Board {
        let parsed = ConfigParser.parse(rules, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return Board(config: parsed.config)
    }

    func submission(_ title: String, source: ToastSource, urgency: Urgency = .normal, timeout: Double? = nil,
                    app: String = "mail") -> Submission {
        var request = ShowRequest(message: "", title: title, kind: .info, timeout: timeout)
        request.app = app
        request.urgency = urgency
        return Submission(request, source: source)
    }

    /// Admits and carries out, as the service does; returns the id.
    func admit(_ submission: Submission, on board: inout Board, owner: Owner) -> String {
        board.carryOut(Admission.decide(submission, board: board), owner: owner, now: 0)
    }

    /// What the user sees: the toast is still live after a long wait.
    func stillUp(_ board: Board, _ id: String, after seconds: Double) -> Bool {
        var later = board
        later.expire(now: seconds)
        return later.toast(id) != nil
    }

    @Test("a critical socket toast stays critical through update --kind: timeout 0, still up a minute later")
    func criticalThroughKindUpdate() throws {
        var b = board()
        let id = admit(submission("disk full", source: .socket, urgency: .critical), on: &b, owner: script)
        #expect(b.toast(id)?.timeout == 0)
        let updated = try b.update(UpdateRequest(id: id, kind: .warning), now: 1).get()
        #expect(updated.kind == .warning && updated.timeout == 0, "before the fix: the warning kind's 4 s")
        #expect(stillUp(b, id, after: 60))
        #expect(b.nextDeadline == nil)
        // The update's own timeout counts, as a script's does at admission.
        _ = try b.update(UpdateRequest(id: id, timeout: 3), now: 2).get()
        #expect(b.toast(id)?.timeout == 3 && !stillUp(b, id, after: 5.1))
    }

    @Test("a critical bus toast stays timeout 0 through a replaces_id, and through a socket update of its kind")
    func criticalThroughReplacesID() throws {
        var b = board()
        let id = admit(submission("battery 5%", source: .bus, urgency: .critical, timeout: 2), on: &b, owner: bus)
        var again = submission("battery 4%", source: .bus, urgency: .critical, timeout: 2)
        again.replacesID = id
        let decision = Admission.decide(again, board: b)
        #expect(decision.action == .replace(id: id) && decision.toast.timeout == 0)
        #expect(admit(again, on: &b, owner: bus) == id)
        #expect(b.toast(id)?.title == "battery 4%" && b.toast(id)?.timeout == 0)
        #expect(stillUp(b, id, after: 60))
        _ = try b.update(UpdateRequest(id: id, kind: .error), now: 3).get()
        #expect(b.toast(id)?.timeout == 0 && stillUp(b, id, after: 60))
    }

    @Test("a rule's timeout survives an update of the kind and an update's own timeout, as it wins over a sender's")
    func ruleTimeoutSurvives() throws {
        var b = board("[rule slow]\nmatch app = backup\ntimeout = 30\n")
        let id = admit(submission("copying", source: .socket, app: "backup"), on: &b, owner: script)
        #expect(b.toast(id)?.timeout == 30)
        _ = try b.update(UpdateRequest(id: id, kind: .success), now: 1).get()
        #expect(b.toast(id)?.timeout == 30 && b.nextDeadline == 31, "restarted with the rule's 30 s, not the kind's 4 s")
        _ = try b.update(UpdateRequest(id: id, timeout: 2), now: 2).get()
        #expect(b.toast(id)?.timeout == 30 && stillUp(b, id, after: 20))
        // A bus replacement applies the rule again (it is a new notification).
        let mail = admit(submission("new", source: .bus, app: "backup"), on: &b, owner: bus)
        #expect(b.toast(mail)?.timeout == 30)
    }

    @Test("without a policy, a new kind still gives that kind's default; text alone keeps the timer")
    func plainKindChange() throws {
        var b = board()
        let id = admit(submission("job", source: .socket, timeout: 9), on: &b, owner: script)
        _ = try b.update(UpdateRequest(id: id, message: "half"), now: 1).get()
        #expect(b.nextDeadline == 9)
        _ = try b.update(UpdateRequest(id: id, kind: .error), now: 2).get()
        #expect(b.toast(id)?.timeout == b.config.timeout(for: .error) && b.nextDeadline == 2 + b.config.timeout(for: .error))
        #expect(Admission.decideUpdate(UpdateRequest(id: "77", kind: .error), board: b).map(\.toast.id)
                    == .failure(RequestError("no toast with id \"77\"")))
    }
}
