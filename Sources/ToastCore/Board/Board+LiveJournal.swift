/// What the crash journal (`LiveJournal`) reads of the board, and what a daemon started after
/// a crash restores from it.
extension Board {
    /// What the journal keeps: every live toast (`liveToasts`: on screen and waiting in each
    /// stack, held ones wait), then those kept open in the centre; not a digest's or a
    /// summary's card, which stand for toasts already in history, nor a transient toast, which
    /// history never keeps (`skip = history`). O(live).
    public var journaledToasts: [Toast] {
        (liveToasts + history.filter(\.kept).map(\.toast)).filter { $0.digest == nil && $0.summary == nil && !$0.transient }
    }

    /// Keeps the toasts a killed daemon left live in the history, ended `crashed` (unread but
    /// for `no`), and shows again as cards those `mode` says (`CrashRestore.showsCard`), as
    /// `restore` does, for `owner`. A bus toast's entry keeps its buttons, heard by the bus
    /// (`busOwner`) as late actions under its id: the application may still be running (a
    /// socket client went with the daemon). New ids go on after theirs. Call after `restoreHistory`.
    public mutating func restoreCrashed(_ toasts: [Toast], mode: CrashRestore, owner: Owner, busOwner: Owner, now: Double) {
        for toast in toasts {
            let answered = toast.source == .bus && (!toast.actions.isEmpty || toast.defaultAction != nil)
            let listener = answered ? Listener(id: toast.id, owner: busOwner) : nil
            guard var entry = keepInHistory(toast, reason: .crashed, now: now, listener: listener) else { continue }
            entry.unread = mode != .no
            if let i = history.index(ofHistoryID: entry.historyID) { history[i].unread = entry.unread }
            pending.kept.append(entry)
            if mode.showsCard(toast), let i = history.index(ofHistoryID: entry.historyID) {
                _ = restore(at: i, owner: owner, monitor: "", now: now)
            }
        }
        if let largest = toasts.compactMap({ UInt32($0.id) }).max(), UInt64(largest) >= nextID {
            nextID = largest == UInt32.max ? 1 : UInt64(largest) + 1
        }
    }
}
