import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore

/// What `PortalNotificationBus` asks of the server behind it (the daemon's `PortalNotifications`),
/// in plain values.
public protocol PortalNotificationServer: AnyObject {
    /// `AddNotification(app_id, id, notification)`: notes for the log.
    func add(_ notification: PortalNotification, now: Double, wallNow: Double) -> [String]
    /// `RemoveNotification(app_id, id)`: withdraws it, if it is still shown.
    func remove(appID: String, id: String, now: Double)
    /// What the application hears of a board event: for an action chosen on one of its
    /// notifications, its ids, the action and an inline reply's text; nil for anything else.
    func invocation(for delivery: BoardChanges.Delivery) -> PortalInvocation?
    /// The application could not be reached on the bus for an `app.` action: start it from
    /// its `.desktop` file, with `token` as its startup id. False when it has no `Exec` to run.
    func launch(appID: String, token: String?, now: Double) -> Bool
    /// Another backend took the name: end what was shown for it.
    func endAll(now: Double)
}

/// An action the user chose on a portal notification, for the application that sent it.
public struct PortalInvocation: Equatable {
    public var appID: String
    public var id: String
    public var action: PortalAction
    /// The inline reply's text (`im.reply-with-text`).
    public var response: String?

    public init(appID: String, id: String, action: PortalAction, response: String?) {
        self.appID = appID
        self.id = id
        self.action = action
        self.response = response
    }
}

/// `org.freedesktop.impl.portal.Notification`, version 2: the backend xdg-desktop-portal
/// forwards sandboxed applications' notifications to, on the same connection as
/// `NotificationBus` and under a name of xtoast's own (`xtoast.portal` names it, and its
/// `.service` file lets the bus start xtoast for it), owned as the other names are: queued
/// while another holds it. The portal says which application calls (`app_id`); `app.` actions
/// reach it through `org.freedesktop.Application` as `org.gtk.Notifications`' do, any other
/// action (and a click without a default action) as `ActionInvoked` here, which the portal
/// passes to the application.
///
///     app ── org.freedesktop.portal.Notification ──▶ xdg-desktop-portal ── AddNotification ──▶ xtoast
///     card click ── ActivateAction (app.*) ──▶ app      ── ActionInvoked ──▶ portal ──▶ app
final class PortalNotificationBus {
    static let name = "org.freedesktop.impl.portal.desktop.xtoast"
    static let path = "/org/freedesktop/portal/desktop"
    static let interfaceName = "org.freedesktop.impl.portal.Notification"
    /// The interface version this backend implements (markup, file-descriptor icons and
    /// sounds, purposes, display hints, categories, `SupportedOptions`).
    static let version: UInt32 = 2
    /// The prefix of an action the application exports on its own bus name.
    static let exportedPrefix = "app."

    static let interface = BusInterface(interfaceName, [
        .method("AddNotification", takes: "ssa{sv}", names: ["app_id", "id", "notification"], returns: ""),
        .method("RemoveNotification", takes: "ss", names: ["app_id", "id"], returns: ""),
        .property("SupportedOptions", "a{sv}", change: .unannounced),
        .property("version", "u", change: .unannounced),
        .signal("ActionInvoked", "sssav", names: ["app_id", "id", "action", "parameter"]),
    ])

    private let bus: BusConnection
    private let server: any PortalNotificationServer
    private let now: () -> Double
    private let wallNow: () -> Double
    private var slots: [BusSlot] = []
    private(set) var ownsName = false
    /// The `org.freedesktop.Application` calls that deliver `app.` actions.
    private let calls: ApplicationCalls
    /// Room in the log for the lines a caller causes: any client can call in a loop.
    private var callLines = LogBudget(lines: 20, what: "portal notification lines")

    init(bus: BusConnection, server: any PortalNotificationServer, now: @escaping () -> Double, wallNow: @escaping () -> Double) {
        self.bus = bus
        self.server = server
        self.now = now
        self.wallNow = wallNow
        calls = ApplicationCalls(bus: bus, now: now) { [weak server] appID, token, now in
            server?.launch(appID: appID, token: token, now: now) ?? false
        }
    }

    /// Exports the interface and asks for the name as `NotificationBus` asks for its own.
    /// False when it cannot be served at all.
    func start(_ request: BusConnection.NameRequest) -> Bool {
        do {
            slots.append(try bus.export(Self.interface, at: Self.path, BusInterface.Handlers(method: { [weak self] in
                self?.dispatch($0) ?? .passOn
            }, get: { [weak self] name, reply in try self?.readProperty(name, reply) })))
            ownsName = try bus.requestName(Self.name, request)
        } catch {
            Log.info("cannot serve \(Self.name) (\(error.description)); sandboxed applications reach xtoast through another backend")
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

    /// `version` and `SupportedOptions`, for `Get` and `GetAll`.
    private func readProperty(_ name: String, _ reply: BusMessage) throws {
        switch name {
        case "version": try reply.append(Self.version)
        case "SupportedOptions":
            try reply.appendArray(of: "{sv}") {
                for (key, values) in PortalNotification.supportedOptions {
                    try reply.appendDictEntry("sv") {
                        try reply.append(key)
                        try reply.appendVariant("as") { try reply.append(values) }
                    }
                }
            }
        default: throw BusError(errno: ENOENT)
        }
    }

    // MARK: Method calls

    private func dispatch(_ message: BusMessage) -> HandlerResult {
        let member = message.member ?? ""
        do {
            // The portal vouches for the id (empty for an application outside a sandbox it
            // cannot name); only its length is bounded here.
            let appID = try message.readString(maxBytes: NotificationLimits.maxNameBytes + 1)
            let id = try message.readString(maxBytes: NotificationLimits.maxNameBytes + 1)
            guard appID.utf8.count <= NotificationLimits.maxNameBytes, !id.isEmpty, id.utf8.count <= NotificationLimits.maxNameBytes else {
                return .invalidArgs("an application id is at most \(NotificationLimits.maxNameBytes) bytes and a notification id 1 to "
                                    + "\(NotificationLimits.maxNameBytes)")
            }
            switch member {
            case "AddNotification":
                let notification = PortalNotification.decode(appID: appID, id: id, try PortalArguments.fields(message))
                let notes = notification.notes + server.add(notification, now: now(), wallNow: wallNow())
                let who = appID.isEmpty ? "an unnamed application" : Log.quoted(appID)
                for note in notes { Log.info("AddNotification from \(who): \(note)", within: &callLines, now: now()) }
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

    /// The bus took the name from this connection (another backend has it now).
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

    /// Sends what a board event asks of an application, if anything: an `app.` action through
    /// `org.freedesktop.Application` on its bus name (a valid application id only), any other
    /// as `ActionInvoked`. Never waits.
    func emit(_ delivery: BoardChanges.Delivery) {
        guard let invocation = server.invocation(for: delivery) else { return }
        let token = delivery.activationToken
        let name = invocation.action.name
        if name.hasPrefix(Self.exportedPrefix), GtkApplication.isValidID(invocation.appID),
           GtkApplication.isValidActionName(String(name.dropFirst(Self.exportedPrefix.count))) {
            calls.send(.action(name: String(name.dropFirst(Self.exportedPrefix.count)), target: invocation.action.target?.actionTarget),
                       appID: invocation.appID, token: token, response: invocation.response)
            return
        }
        do {
            let signal = try bus.signal(path: Self.path, interface: Self.interfaceName, member: "ActionInvoked")
            try signal.append(invocation.appID)
            try signal.append(invocation.id)
            try signal.append(name)
            try Self.appendParameter(invocation, token: token, to: signal)
            try bus.send(signal)
        } catch {
            Log.info("could not send ActionInvoked for \(Log.quoted(invocation.appID))", within: &callLines, now: now())
        }
    }

    /// `ActionInvoked`'s `av`, in the interface's order: the action's target if it has one,
    /// the platform data (`activation-token`), and an inline reply's text. A reply to an action
    /// without a target gets an empty string in the target's place, so the text is always the
    /// third element, where the interface puts it.
    static func appendParameter(_ invocation: PortalInvocation, token: String?, to m: BusMessage) throws {
        try m.appendArray(of: "v") {
            if let target = invocation.action.target {
                try appendTarget(target, to: m)
            } else if invocation.response != nil {
                try m.appendVariant("s") { try m.append("") }
            }
            try m.appendVariant("a{sv}") {
                try m.appendArray(of: "{sv}") { try ApplicationCalls.appendPlatformData(token: token, to: m) }
            }
            if let response = invocation.response { try m.appendVariant("s") { try m.append(response) } }
        }
    }

    /// A target as it came: a basic value of its own type, or a list of strings.
    private static func appendTarget(_ target: PortalValue, to m: BusMessage) throws {
        if case let .strings(strings) = target {
            try m.appendVariant("as") { try m.append(strings) }
        } else if let basic = target.actionTarget {
            try m.appendVariant(basic.signature) { try ApplicationCalls.append(basic, to: m) }
        }
    }
}
