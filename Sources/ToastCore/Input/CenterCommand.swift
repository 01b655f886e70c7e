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
    /// A click or Enter on an entry: its default action while its sender can still hear it;
    /// otherwise the daemon expands it (`CenterState.toggleExpanded`).
    case activate(HistoryEntry)
    /// One of an entry's buttons: its sender hears the action late (`Board.lateAction`).
    case lateAction(String, historyID: UInt64)
}
