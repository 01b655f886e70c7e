/// What the centre's user meant that reaches past the panel, for the daemon to carry out: the
/// centre's counterpart of `UserIntent`, decided by `CenterState` from its keys and clicks
/// (the router gives the open centre every key and pointer event).
public enum CenterCommand: Equatable, Sendable {
    case close
    /// Removes one entry from the history.
    case remove(HistoryKey)
    case clearAll
    /// The do-not-disturb switch (the state `xtoast pause` and `resume` set): on until turned
    /// off, or off.
    case toggleDoNotDisturb
    /// A choice of the switch's menu: do-not-disturb for a while.
    case pauseFor(QuietChoice)
    /// A click or Enter on an entry: what it does is `CenterActivation.decide`'s.
    case activate(HistoryEntry)
    /// One of an entry's buttons: its sender hears the action late (`Board.lateAction`).
    case lateAction(String, historyID: UInt64)
    /// An entry's Reply (a click, or `r` on it): its toast comes back as a card with its reply
    /// field open (`Board.restoreToReply`), whose reply its sender hears late.
    case reply(historyID: UInt64)
    /// Shift+M on an entry (or a group), or a choice of its snooze menu: its application is
    /// snoozed ("Mute APP for 1 hour"; `always` writes the rule).
    case snoozeApp(String, SnoozeChoice)
}

/// What a click or Enter on a centre entry does (`CenterCommand.activate`): its default
/// action, late, while its sender can still hear it (`Board.lateAction`); otherwise the entry
/// opens to show its whole message (`CenterState.toggleExpanded`).
public enum CenterActivation: Equatable, Sendable {
    case lateAction(String, historyID: UInt64)
    case expand(HistoryKey)

    /// Decided from the board as it is now, not from the panel's rows (a sender may have left
    /// since they were listed): the entry's listener and default action.
    public static func decide(_ entry: HistoryEntry, board: Board) -> CenterActivation {
        let current = board.history.index(ofHistoryID: entry.historyID).map { board.history[$0] }
        if let current, current.listener != nil, let action = current.toast.defaultAction {
            return .lateAction(action, historyID: current.historyID)
        }
        return .expand(HistoryKey(entry))
    }
}
