import Operations
import ToastCore

/// What `org.dunstproject.cmd0` (`DunstInterface`) asks of the daemon (its `DunstCommands`):
/// dunstctl's commands as xtoast's own requests, answered as a socket client's are, so the
/// bus and `xtoast dunstctl` do the same thing for each command.
public protocol DunstControl: AnyObject {
    /// A request as a socket client sends it, answered as one.
    func perform(_ request: Request, now: Double, wallNow: Double) -> Reply
    /// `ContextMenuCall`: the menu of the newest toast's actions and links, as the `[keys]
    /// menu` key opens it (started off the loop; the call does not wait for the choice).
    func openMenu()
    /// `NotificationRemoveFromHistory`: forgets the history entry of toast `id`; false when
    /// none has it.
    func removeFromHistory(_ id: String, now: Double) -> Bool
    /// The pause level in force (0: not quiet): `paused` is this above 0.
    func pauseLevel(wallNow: Double) -> Int
    /// `displayedLength`, `waitingLength`, `historyLength`.
    var counts: Counts { get }
}
