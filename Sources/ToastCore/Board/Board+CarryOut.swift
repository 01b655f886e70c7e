/// The board carries out what `Admission.decide` decided, one mechanic per action: the
/// daemon's `submit` and `xtoast rules --test` read the same decision, so what the test
/// reports is what the daemon does.
///
///     let decision = Admission.decide(submission, board: board, centerOpen: centerOpen, place: chooseMonitor)
///     let id = board.carryOut(decision, owner: owner, now: now)
extension Board {
    /// Returns the toast's id (its own, a new automatic one, a repeat's alias, or the id of
    /// the bus toast it replaced in place). The admission has just read this board, so the
    /// toast a `replace`, `takeOver` or `repeatOf` names is live; were it not, the toast shows
    /// as a new one.
    @discardableResult
    public mutating func carryOut(_ decision: Admission.Decision, owner: Owner, now: Double) -> String {
        let id = perform(decision, owner: owner, now: now)
        noteBurst(decision, id: id, now: now)
        return id
    }

    private mutating func perform(_ decision: Admission.Decision, owner: Owner, now: Double) -> String {
        let toast = decision.toast
        let monitor = decision.placement ?? ""
        switch decision.action {
        case .show, .supersede: return show(toast, owner: owner, monitor: monitor, now: now)
        case .suppress: return skip(toast, reason: .suppressed, owner: owner, now: now)
        case .skipDisplay: return skip(toast, reason: .skipped, owner: owner, now: now)
        case .drop: return skip(toast, reason: .dropped, owner: owner, now: now)
        case .snooze:
            if isQuiet { quietSnoozed.note(toast.app ?? "", historyID: toast.transient ? nil : nextHistoryID) }
            return skip(toast, reason: .snoozed, owner: owner, now: now)
        case .focused: return skip(toast, reason: .focused, owner: owner, now: now)
        case .intoCenter: return intoCenter(toast, owner: owner, now: now)
        case .keepInCenter: return keepInCenter(toast, owner: owner, now: now)
        case let .repeatOf(card):
            // No card of its own: the live one counts it, under an alias the caller keeps.
            return repeatToast(card, owner: owner, now: now) ?? present(toast, owner: owner, monitor: monitor, now: now)
        case let .sameAs(original):
            return sameToast(as: original, owner: owner) ?? present(toast, owner: owner, monitor: monitor, now: now)
        case let .fold(digest):
            guard let ticket = decision.burst else { return present(toast, owner: owner, monitor: monitor, now: now) }
            return fold(toast, into: digest, app: ticket.app, owner: owner, monitor: monitor, now: now)
        case let .replace(old):
            return replace(old, with: toast, monitor: monitor, now: now) ? old : present(toast, owner: owner, monitor: monitor, now: now)
        case let .takeOver(old):
            return takeOver(old, with: toast, owner: owner, now: now) ?? present(toast, owner: owner, monitor: monitor, now: now)
        }
    }
}
