/// Shortcuts for tests and tools (the bench), which the daemon does not take: its toasts and
/// updates go through `Admission` and `carryOut`, and the centre marks everything it lists
/// read at once (`markAllRead`).
extension Board {
    /// Do-not-disturb on (new toasts wait) or off (what waited shows, in order); the daemon
    /// sets the whole gate (`setQuiet`) as `QuietState` decides it.
    public mutating func setDoNotDisturb(_ on: Bool, now: Double) { setQuiet(on ? .pause : .off, now: now) }

    /// Shows a toast straight from a request, with the config's defaults and no rules or
    /// policies but the holds' (tests and tools; the daemon's toasts go through `Admission`).
    @discardableResult
    public mutating func show(_ request: ShowRequest, owner: Owner, monitor: String = "", iconFile: String? = nil,
                              now: Double) -> String {
        var toast = Toast(request, id: request.id ?? "", config: config)
        toast.iconFile = iconFile
        return present(toast, owner: owner, monitor: monitor, now: now)
    }

    /// Changes a toast in place as `Admission.decideUpdate` decides (tests and tools; the
    /// daemon decides, then calls `update(_:now:)`). `iconFile` is what the new `icon`
    /// resolved to, if one was given.
    public mutating func update(_ given: UpdateRequest, iconFile: String? = nil, now: Double) -> Result<Toast, RequestError> {
        Admission.decideUpdate(given, iconFile: iconFile, board: self).map { decision in
            update(decision, now: now)
            return decision.toast
        }
    }

    /// Marks a history entry read (the centre showed it); false when no entry has that number.
    @discardableResult
    public mutating func markRead(_ historyID: UInt64) -> Bool {
        guard let i = history.index(ofHistoryID: historyID) else { return false }
        if history[i].unread { pending.historyEdited = true }
        history[i].unread = false
        return true
    }
}
