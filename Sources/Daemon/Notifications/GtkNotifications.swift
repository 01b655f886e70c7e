import Bus
import DaemonLog
import ToastCore

/// The `org.gtk.Notifications` server without the bus: an `AddNotification` becomes a
/// freedesktop-shaped call (`GtkNotification.notifyCall`) and then a `Submission` for the
/// service's one way in, as a `Notify` does, from its own owner and with the application id
/// as its desktop entry; a chosen action becomes what `GtkNotificationBus` sends the
/// application. Which toast is which application's notification is remembered here
/// (`GtkNotificationTable`), so a replacement, a withdrawal and a late action from the centre
/// find it.
final class GtkNotifications: GtkNotificationServer {
    /// The interface's one owner: its events go to `GtkNotificationBus`, not to the
    /// freedesktop interface's signals.
    static let owner = Owner(.bus, 2)
    private let service: ToastService
    private let readDesktopEntry: (String) -> DesktopEntry?
    /// Starts a program for the user (`Programs.userActions`), with variables over the daemon's environment.
    private let runForUser: (RuleScript, [(String, String)]) -> Void
    private var table = GtkNotificationTable()

    init(service: ToastService, readDesktopEntry: @escaping (String) -> DesktopEntry?,
         runForUser: @escaping (RuleScript, [(String, String)]) -> Void) {
        self.service = service
        self.readDesktopEntry = readDesktopEntry
        self.runForUser = runForUser
    }

    /// The sender a gtk toast carries: not a bus name (those start with `:` or hold no `:`), so
    /// no freedesktop client can replace or close it by its number, and the application's
    /// leaving the bus never drops its late actions (the bus starts it again for one).
    static func sender(_ appID: String) -> String { "gtk:" + appID }

    func add(appID: String, id: String, _ notification: GtkNotification, now: Double, wallNow: Double) -> [String] {
        let entry = readDesktopEntry(appID)
        let mapped = NotificationMapping.decide(notification.notifyCall(appID: appID, entry: entry), entry: entry, tameChromium: false)
        var submission = mapped.submission(replacesID: 0, sender: Self.sender(appID))
        submission.interface = .gtk
        // The same id from the same application replaces its notification in place.
        if let shown = table.toastID(appID: appID, id: id), service.board.owner(of: shown) == Self.owner {
            submission.replacesID = shown
        }
        let admitted = service.submit(submission, from: Self.owner, now: now, wallNow: wallNow)
        if !admitted.id.isEmpty { table.remember(toastID: admitted.id, appID: appID, id: id, notification) }
        return mapped.notes + admitted.warnings
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

    /// Runs the application's `Exec` (field codes dropped) with its startup id in the
    /// environment. The `.desktop` file is the user's or the system's, chosen by a
    /// self-declared (but valid) application id: it starts only what is installed.
    func launch(appID: String, token: String?, now: Double) -> Bool {
        guard let exec = readDesktopEntry(appID)?.exec, let words = DesktopExec.words(exec) else { return false }
        let environment = token.map { [("DESKTOP_STARTUP_ID", $0), ("XDG_ACTIVATION_TOKEN", $0)] } ?? []
        runForUser(RuleScript(rule: appID, command: words), environment)
        return true
    }

    /// Every live toast of this interface ends with reason 4 (another server has the name).
    func endAll(now: Double) {
        for id in service.board.ids(ownedBy: Self.owner) where service.board.owner(of: id) == Self.owner {
            _ = service.dismiss(id, reason: .replaced, now: now)
        }
    }
}

/// Which toast shows which application's notification, both ways, at most
/// `GtkNotificationLimits.maxRemembered` (the oldest forgotten first), so a late action from
/// the centre still finds what to activate.
struct GtkNotificationTable {
    struct Key: Hashable {
        var appID: String
        var id: String
    }

    struct Record {
        var appID: String
        var id: String
        var notification: GtkNotification
    }

    private var byToast: [String: Record] = [:]
    private var byKey: [Key: String] = [:]
    /// Toast ids, oldest first, for forgetting.
    private var order: [String] = []

    func toastID(appID: String, id: String) -> String? { byKey[Key(appID: appID, id: id)] }

    func record(toastID: String) -> Record? { byToast[toastID] }

    mutating func remember(toastID: String, appID: String, id: String, _ notification: GtkNotification) {
        let key = Key(appID: appID, id: id)
        if let old = byKey[key], old != toastID { byToast[old] = nil }
        if byToast[toastID] == nil { order.append(toastID) }
        byToast[toastID] = Record(appID: appID, id: id, notification: notification)
        byKey[key] = toastID
        while order.count > GtkNotificationLimits.maxRemembered {
            let oldest = order.removeFirst()
            guard let record = byToast.removeValue(forKey: oldest) else { continue }
            let oldKey = Key(appID: record.appID, id: record.id)
            if byKey[oldKey] == oldest { byKey[oldKey] = nil }
        }
    }

    /// A withdrawn notification: no later action reaches it.
    mutating func forget(appID: String, id: String) {
        guard let toastID = byKey.removeValue(forKey: Key(appID: appID, id: id)) else { return }
        byToast[toastID] = nil
    }
}
