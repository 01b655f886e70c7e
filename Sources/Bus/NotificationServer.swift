import Operations
import ToastCore

/// What `NotificationBus` asks of the notification server behind it (the daemon's
/// `DesktopNotifications`): every decision, in plain values. The bus side only reads and
/// writes messages, so this is the whole of what crosses from sd-bus to the daemon.
public protocol NotificationServer: AnyObject {
    /// A `Notify` call from `sender` (its process and sandbox, when the bus told): the id it
    /// gets and notes for the log.
    func notify(_ call: NotifyCall, sender: String?, process: SenderProcess?, now: Double, wallNow: Double) -> (id: UInt32, notes: [String])
    /// A `CloseNotification` call from `sender`.
    func close(_ id: UInt32, sender: String?, now: Double)
    /// What `GetCapabilities` answers now.
    var capabilities: [String] { get }
    /// The signals that tell the bus of `delivery`, in order (none for most events).
    func signals(for delivery: BoardChanges.Delivery) -> [NotificationMapping.Signal]
    /// The bus name `name` lost its owner (an application left).
    func nameLeft(_ name: String, now: Double)
    /// Another server took the name: end what was shown for the bus.
    func endAll(now: Double)
    /// The name is this daemon's (again).
    func nameAcquired()
    /// The freedesktop ids a killed daemon left live, taken once: each hears `NotificationClosed`
    /// (reason 4) once this server owns the name, so a client waiting on one returns.
    func takeCrashedIDs() -> [UInt32]
    /// `Inhibit(desktop_entry, reason, hints)` from the bus name `caller`: the cookie, or why not.
    func inhibit(desktopEntry: String, reason: String, hints: [String: HintValue], caller: String, now: Double) -> Result<UInt32, QuietProblem>
    /// `UnInhibit(cookie)` from `caller`; false when it holds no such cookie.
    func uninhibit(_ cookie: UInt32, caller: String, now: Double) -> Bool
    /// The `Inhibited` property: whether it is quiet (the user, schedules, inhibitions).
    var inhibited: Bool { get }
    /// Whether `caller` may make this daemon (`own`) hand over its bus toasts; granted, they end.
    func handOver(from caller: PeerIdentity?, own: PeerIdentity, now: Double) -> Bool
}
