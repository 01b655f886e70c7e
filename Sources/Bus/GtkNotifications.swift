import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore

/// What `GtkNotificationBus` asks of the server behind it (the daemon's `GtkNotifications`),
/// in plain values.
public protocol GtkNotificationServer: AnyObject {
    /// `AddNotification(app_id, id, notification)`, `app_id` valid (`GtkApplication.isValidID`):
    /// notes for the log.
    func add(appID: String, id: String, _ notification: GtkNotification, now: Double, wallNow: Double) -> [String]
    /// `RemoveNotification(app_id, id)`: withdraws it, if it is still shown.
    func remove(appID: String, id: String, now: Double)
    /// What the application hears of a board event: for an action chosen on one of its
    /// notifications, its id and what to activate; nil for anything else.
    func activation(for delivery: BoardChanges.Delivery) -> (appID: String, activation: GtkNotification.Activation)?
    /// The application could not be reached on the bus (not running, not D-Bus activatable):
    /// start it from its `.desktop` file, with `token` as its startup id. False when it has no
    /// `Exec` to run.
    func launch(appID: String, token: String?, now: Double) -> Bool
    /// Another server took `org.gtk.Notifications`: end what was shown for it.
    func endAll(now: Double)
}

/// `org.gtk.Notifications` on the session bus (GLib's `GNotification` backend), on the same
/// connection as `NotificationBus` and owned the same way: queued while another server holds
/// it, given back when that server goes. An action the user chooses reaches the application
/// through `org.freedesktop.Application` on its own bus name, as GNOME Shell sends it: the bus
/// starts a D-Bus-activatable application that has quit; one it cannot start is launched
/// from its `.desktop` file (`GtkNotificationServer.launch`) and the action is not delivered.
///
///     app (GLib) ── AddNotification ──▶ org.gtk.Notifications (xtoast) ──▶ card
///     card click ── ActivateAction / Activate ──▶ app's bus name (started by the bus if needed)
final class GtkNotificationBus {
    static let name = "org.gtk.Notifications"
    static let path = "/org/gtk/Notifications"
    static let interface = BusInterface(name, [
        .method("AddNotification", takes: "ssa{sv}", names: ["app_id", "id", "notification"], returns: ""),
        .method("RemoveNotification", takes: "ss", names: ["app_id", "id"], returns: ""),
    ])

    private let bus: BusConnection
    private let server: any GtkNotificationServer
    private let now: () -> Double
    private let wallNow: () -> Double
    private var slots: [BusSlot] = []
    private(set) var ownsName = false
    /// The `org.freedesktop.Application` calls that deliver actions.
    private let calls: ApplicationCalls
    /// Room in the log for the lines a caller causes: any client can call in a loop.
    private var callLines = LogBudget(lines: 20, what: "org.gtk.Notifications lines")

    init(bus: BusConnection, server: any GtkNotificationServer, now: @escaping () -> Double, wallNow: @escaping () -> Double) {
        self.bus = bus
        self.server = server
        self.now = now
        self.wallNow = wallNow
        calls = ApplicationCalls(bus: bus, now: now) { [weak server] appID, token, now in
            server?.launch(appID: appID, token: token, now: now) ?? false
        }
    }

    /// Exports the interface and asks for the name as `NotificationBus` asks for its own
    /// (`request`: queued, replaceable, and with `--replace` taking it). False when it cannot
    /// be served at all.
    func start(_ request: BusConnection.NameRequest) -> Bool {
        do {
            slots.append(try bus.export(Self.interface, at: Self.path, BusInterface.Handlers(method: { [weak self] in
                self?.dispatch($0) ?? .passOn
            })))
            ownsName = try bus.requestName(Self.name, request)
        } catch {
            Log.info("cannot serve \(Self.name) (\(error.description)); GLib applications use org.freedesktop.Notifications")
            slots = []
            return false
        }
        Log.info(ownsName ? "serving \(Self.name) on the session bus"
                          : "\(Self.name) is held by another server; xtoast waits in the bus's queue for it")
        return true
    }

    func close() {
        slots = []
        calls.cancelAll()
    }

    // MARK: Method calls

    private func dispatch(_ message: BusMessage) -> HandlerResult {
        let member = message.member ?? ""
        do {
            let appID = try readString(message)
            guard GtkApplication.isValidID(appID) else { return .invalidArgs("not a valid application id") }
            let id = try message.readString(maxBytes: NotificationLimits.maxNameBytes + 1)
            guard !id.isEmpty, id.utf8.count <= NotificationLimits.maxNameBytes else {
                return .invalidArgs("a notification id is 1 to \(NotificationLimits.maxNameBytes) bytes")
            }
            switch member {
            case "AddNotification":
                let (notification, decodeNotes) = GtkNotification.decode(try GtkArguments.fields(message))
                let notes = decodeNotes + server.add(appID: appID, id: id, notification, now: now(), wallNow: wallNow())
                for note in notes { Log.info("AddNotification from \(appID): \(note)", within: &callLines, now: now()) }
                return message.reply()
            case "RemoveNotification":
                server.remove(appID: appID, id: id, now: now())
                return message.reply()
            default:
                return .error(name: BusErrorName.unknownMethod, message: "no method \(member)")
            }
        } catch {
            Log.info("refused a malformed \(member) call (\(error.description))", within: &callLines, now: now())
            return .invalidArgs("malformed \(member) arguments")
        }
    }

    // MARK: Names

    /// The bus took `org.gtk.Notifications` from this connection (another server has it now).
    func nameLost() {
        guard ownsName else { return }
        ownsName = false
        Log.info("another server took \(Self.name); ending the notifications it showed here")
        server.endAll(now: now())
    }

    /// The bus gave the name (back) to this connection.
    func nameAcquired() {
        guard !ownsName else { return }
        ownsName = true
        Log.info("serving \(Self.name) on the session bus: the server before it left")
    }

    // MARK: Actions

    /// Sends what a board event asks of an application, if anything: never waits for it.
    func emit(_ delivery: BoardChanges.Delivery) {
        guard let (appID, activation) = server.activation(for: delivery) else { return }
        calls.send(activation, appID: appID, token: delivery.activationToken)
    }
}
