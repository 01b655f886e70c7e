/// Toasts the notification centre keeps open (`KeepOpen`, `Toast.keepsOpen`): hidden into
/// the history when their card times out, or put there while the centre is open, but not
/// ended. A kept toast is a history entry with `kept` set whose owner still holds its id: it
/// counts in `history` and `unread`, `list` shows it as `kept`, and it ends (its owner hears
/// `dismissed`, the bus `NotificationClosed`) exactly once: when the user acts on it in the
/// centre (`action`), removes it or clears the centre (`close`), when its sender closes it
/// (`api`), when it ages out of the history or nobody can hear it any more (`timeout`), when
/// a toast with its id replaces it (`replaced`), or at shutdown.
extension Board {
    /// The kept toast with this id (a repeat's alias names its card).
    public func kept(_ given: String) -> HistoryEntry? { keptIndex(given).map { history[$0] } }

    func keptIndex(_ given: String) -> Int? {
        let id = cardID(for: given)
        return history.keptIndex(of: id)
    }

    /// Whether a toast whose card is going with `reason` stays open in the centre instead:
    /// it timed out, the admission marked it, someone can still hear it, and there is a
    /// history to keep it in.
    func staysOpen(_ toast: Toast, reason: DismissReason) -> Bool {
        reason == .timeout && toast.keepsOpen && owners[toast.id] != nil && config.historyKeep > 0
    }

    /// Hides a toast into the centre, open: its card leaves (unless it never had one), its
    /// owner hears nothing yet, and its entry is new and unread, with buttons its sender hears.
    mutating func keepOpen(_ toast: Toast, now: Double, cardLeaves: Bool = true) {
        if cardLeaves { pending.left.append((toast.id, .timeout)) }
        guard let owner = owners[toast.id] else { return }
        let listener = Listener(id: toast.id, owner: owner, busName: toast.sender)
        guard let entry = keepInHistory(toast, reason: .timeout, now: now, listener: listener, kept: true) else { return }
        pending.kept.append(entry)
    }

    /// A toast that came while the centre is open and that it keeps open (`Admission`'s
    /// `keepInCenter`): its owner and the subscribers hear `shown` (its entry appeared with its
    /// buttons), and it stays open. A live or kept toast with its id ends with `replaced`
    /// first. Returns the id.
    @discardableResult
    public mutating func keepInCenter(_ made: Toast, owner: Owner, now: Double) -> String {
        var toast = made
        let id = assignID(&toast)
        if let updates = endReplaced(id, now: now) { toast.updates = updates }
        owners[id] = owner
        deliver(.shown(id: id), toast: toast)
        if config.historyKeep > 0 {
            keepOpen(toast, now: now, cardLeaves: false)
        } else {
            end(toast, reason: .center, now: now, cardLeaves: false)
        }
        return id
    }

    /// Ends the kept toast with this id, if there is one; its entry stays in the history.
    mutating func endKept(named id: String, reason: DismissReason) {
        if let i = keptIndex(id) { endKept(at: i, reason: reason) }
    }

    /// Ends a kept toast: its owner and the subscribers hear `dismissed`, its entry takes the
    /// reason (and is read if the reason is the user's) and stays where it is.
    mutating func endKept(at i: Int, reason: DismissReason) {
        let toast = history[i].toast
        deliver(.dismissed(id: toast.id, reason: reason), toast: toast)
        owners.removeValue(forKey: toast.id)
        history[i].kept = false
        history[i].reason = reason
        if !reason.leavesUnread { history[i].unread = false }
        pending.historyEdited = true
    }

    /// Ends every kept toast in `entries` (entries about to leave the history).
    mutating func endKept<Entries: Sequence<HistoryEntry>>(in entries: Entries, reason: DismissReason) {
        for entry in entries where entry.kept {
            deliver(.dismissed(id: entry.toast.id, reason: reason), toast: entry.toast)
            owners.removeValue(forKey: entry.toast.id)
        }
    }

    /// The user chose `action` on a kept toast in the centre: its owner hears it as an ordinary
    /// `action` (the bus: `ActionInvoked`), then it ends with `action` (a resident one stays).
    mutating func chooseKept(_ action: String, at i: Int, activationToken: String? = nil) {
        let toast = history[i].toast
        deliver(.action(id: toast.id, action: action), toast: toast, activationToken: activationToken)
        if history[i].unread { pending.historyEdited = true }
        history[i].unread = false
        if !toast.resident { endKept(at: i, reason: .action) }
    }

    /// A bus `replaces_id` (or a restore) of a kept toast: its entry leaves the history without
    /// an end, and the toast is live again under its id and owner. Its owner; nil when no toast
    /// with that id is kept.
    mutating func reopenKept(_ id: String) -> (entry: HistoryEntry, owner: Owner)? {
        guard let i = keptIndex(id), let owner = owners[history[i].toast.id] else { return nil }
        let entry = history.remove(at: i)
        pending.historyEdited = true
        return (entry, owner)
    }

    /// The kept toasts, oldest first, for `list`.
    var keptEntries: [HistoryEntry] { history.filter(\.kept) }
}
