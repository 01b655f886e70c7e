/// The history's bounds: `[center] keep` entries, none older than `keep_days`.
///
/// Applied when an entry goes in, when the config changes and when the daemon restores what
/// its file kept: never on a timer, so an idle daemon has nothing to wake up for (an entry past
/// `keep_days` in an idle daemon goes at the next toast's end, or the next start).
extension Board {
    /// The history the daemon's file kept, oldest first, in place of what is there (the daemon
    /// restores it once, before any toast); bounded as every entry is.
    public mutating func restoreHistory(_ entries: [HistoryEntry], now: Double) {
        history = HistoryLog(entries)
        // Numbered as this daemon's own: `restore` and late actions name entries by it.
        // Nobody can hear a late action on an entry from an earlier run.
        for i in history.indices {
            history[i].historyID = nextHistoryID
            history[i].listener = nil
            nextHistoryID += 1
        }
        boundHistory(now: now)
        // New toasts' ids go on after the previous run's, so `restore --id N` names one entry
        // (ids stay within a bus id's 32 bits, never 0: past UInt32.max they start at 1).
        if let largest = history.compactMap({ UInt32($0.toast.id) }).max(), UInt64(largest) >= nextID {
            nextID = largest == UInt32.max ? 1 : UInt64(largest) + 1
        }
    }

    /// Forgets every ended toast (`history --clear`).
    public mutating func clearHistory() {
        endKept(in: history, reason: .close)
        history.removeAll()
    }

    /// Puts an ended toast into the history, cut to `HistoryLimits`; returns the entry, nil
    /// when nothing is kept (`keep = 0`). `kept`: the toast stays open (`Board+Kept`).
    mutating func keepInHistory(_ toast: Toast, reason: DismissReason, now: Double, listener: Listener? = nil,
                                kept: Bool = false) -> HistoryEntry? {
        guard config.historyKeep > 0 else { return nil }
        // `focused_app = history`: the user was looking at its application, so it is read.
        let unread = reason.leavesUnread && !(reason == .focused && config.focusedApp == .history)
        var entry = HistoryEntry(toast: HistoryLimits.cut(toast), reason: reason, ended: now, listener: listener,
                                 unread: unread, historyID: nextHistoryID)
        entry.kept = kept
        nextHistoryID += 1
        history.append(entry)
        boundHistory(now: now)
        return entry
    }

    /// Drops the oldest entries past `keep` and those that ended more than `keep_days` ago; a
    /// kept toast among them ends (`timeout`: it aged out).
    mutating func boundHistory(now: Double) {
        // Only the stale ones are read: the rest are younger (the history is in the order toasts ended).
        let oldest = now - Double(config.historyKeepDays) * 86_400
        var stale = 0
        while stale < history.count, history[stale].ended < oldest { stale += 1 }
        work += stale + 1
        stale = max(stale, history.count - config.historyKeep)
        guard stale > 0 else { return }
        endKept(in: history.prefix(stale), reason: .timeout)
        history.removeFirst(stale)
    }
}
