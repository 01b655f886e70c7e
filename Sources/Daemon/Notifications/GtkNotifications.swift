import Bus
import DaemonLog
import ToastCore

/// The `org.gtk.Notifications` server without the bus: an `AddNotification` becomes a
/// freedesktop-shaped call (`GtkNotification.notifyCall`) and then a `Submission` for the
/// service's one way in, as a `Notify` does, from its own owner and with the application id
/// as its desktop entry; a chosen action becomes what `GtkNotificationBus` sends the
/// application. Which toast is which application's notification is remembered here
/// (`ApplicationNotificationTable`), so a replacement, a withdrawal and a late action from the centre
/// find it.
final class GtkNotifications: GtkNotificationServer {
    /// The interface's one owner: its events go to `GtkNotificationBus`, not to the
    /// freedesktop interface's signals.
    static let owner = Owner(.bus, 2)
    private let service: ToastService
    private let readDesktopEntry: (String) -> DesktopEntry?
    /// Starts an application whose action could not be delivered.
    private let launcher: ApplicationLauncher
    private var table = ApplicationNotificationTable<GtkNotification>()
    /// Where a `bytes` icon becomes a file for the decoder process (shared with the portal's).
    private let spool: MediaSpool?

    init(service: ToastService, readDesktopEntry: @escaping (String) -> DesktopEntry?,
         runForUser: @escaping (RuleScript, [(String, String)]) -> Void, spool: MediaSpool?) {
        self.service = service
        self.readDesktopEntry = readDesktopEntry
        self.spool = spool
        launcher = ApplicationLauncher(readDesktopEntry: readDesktopEntry, runForUser: runForUser)
    }

    /// The sender a gtk toast carries: not a bus name (those start with `:` or hold no `:`), so
    /// no freedesktop client can replace or close it by its number, and the application's
    /// leaving the bus never drops its late actions (the bus starts it again for one).
    static func sender(_ appID: String) -> String { "gtk:" + appID }

    func add(appID: String, id: String, _ notification: GtkNotification, now: Double, wallNow: Double) -> [String] {
        let entry = readDesktopEntry(appID)
        var call = notification.notifyCall(appID: appID, entry: entry)
        var notes: [String] = []
        if case let .bytes(bytes)? = notification.icon {
            if let spool { spool.keepPicture(bytes, for: &call).map { notes.append($0) } } else { notes.append("icon not shown: no folder to keep it in") }
        }
        let mapped = NotificationMapping.decide(call, entry: entry, tameChromium: false)
        var submission = mapped.submission(replacesID: 0, sender: Self.sender(appID))
        submission.interface = .gtk
        // The same id from the same application replaces its notification in place.
        if let shown = table.toastID(appID: appID, id: id), service.board.owner(of: shown) == Self.owner {
            submission.replacesID = shown
        }
        let admitted = service.submit(submission, from: Self.owner, now: now, wallNow: wallNow)
        if !admitted.id.isEmpty { table.remember(toastID: admitted.id, appID: appID, id: id, notification) }
        return notes + mapped.notes + admitted.warnings
    }

    func remove(appID: String, id: String, now: Double) {
        guard let shown = table.toastID(appID: appID, id: id) else { return }
        table.forget(appID: appID, id: id)
        guard service.board.owner(of: shown) == Self.owner else { return }
        _ = service.dismiss(shown, reason: .api, now: now)
    }

    func activation(for delivery: BoardChanges.Delivery) -> (appID: String, activation: GtkNotification.Activation)? {
        guard case let .action(toastID, key) = delivery.event, let record = table.record(toastID: toastID),
              let activation = record.notification.activation(forKey: key) else { return nil }
        return (record.appID, activation)
    }

    func launch(appID: String, token: String?, now: Double) -> Bool { launcher.launch(appID: appID, token: token) }

    /// Every live toast of this interface ends with reason 4 (another server has the name).
    func endAll(now: Double) {
        for id in service.board.ids(ownedBy: Self.owner) where service.board.owner(of: id) == Self.owner {
            _ = service.dismiss(id, reason: .replaced, now: now)
        }
    }
}
