/// Who still hears a toast's actions once it has ended, and under which id: the owner that
/// showed it while it is still there (a socket connection still open; for the bus, the
/// application's unique name still on the bus). A late action (`xtoast restore`'s buttons,
/// the notification centre's) reaches it as `action` with `"late":true` (the socket) or
/// `ActionInvoked` with the original id (the bus): the one documented exception to
/// "`dismissed` is always last".
///
/// The board drops a listener the moment its owner goes (`Board.forget`) or its bus name
/// leaves the bus (`Board.busNameLeft`), so holding one means it can hear.
public struct Listener: Equatable, Sendable {
    /// The toast's id when it was shown: the one its sender knows.
    public var id: String
    public var owner: Owner
    /// The bus application's unique name (`:1.42`); nil for socket owners (and bus calls
    /// that named no sender, as tests make).
    public var busName: String?

    public init(id: String, owner: Owner, busName: String? = nil) {
        self.id = id
        self.owner = owner
        self.busName = busName
    }
}
