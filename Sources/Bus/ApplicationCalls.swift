import DaemonLog
import SDBus
import ToastCore

/// The asynchronous `org.freedesktop.Application` calls that deliver a notification's action
/// to its application, as GNOME Shell sends them (`org.gtk.Notifications` and the portal's
/// `app.` actions share them): on the application's own bus name, so the bus starts a
/// D-Bus-activatable application that has quit; one it cannot start is launched from its
/// `.desktop` file (`launch`) and the action is not delivered. Never waits for an answer.
final class ApplicationCalls {
    static let interface = "org.freedesktop.Application"
    /// How long an action call may take: long enough for the bus to start the application.
    static let callTimeout: UInt64 = 25_000_000
    /// Calls to applications awaiting their answer at most; past it, a click's call is not sent
    /// (an application that never answers cannot pile up slots).
    static let maxPendingCalls = 32

    private let bus: BusConnection
    private let now: () -> Double
    /// Starts the application from its `.desktop` file with `token` as its startup id; false
    /// when it has no `Exec` to run.
    private let launch: (_ appID: String, _ token: String?, _ now: Double) -> Bool
    /// Calls by number, until answered; answered ones are freed at the next call (not inside
    /// their own callback).
    private var pending: [UInt64: BusSlot] = [:]
    private var answered: [UInt64] = []
    private var callNumber: UInt64 = 0
    /// Room in the log for the lines an application's answers cause.
    private var callLines = LogBudget(lines: 20, what: "application action lines")

    init(bus: BusConnection, now: @escaping () -> Double, launch: @escaping (_ appID: String, _ token: String?, _ now: Double) -> Bool) {
        self.bus = bus
        self.now = now
        self.launch = launch
    }

    /// Sends `activation` to `appID` with `token` in the platform data; `response` (an inline
    /// reply's text, the portal's `im.reply-with-text`) goes after the target.
    func send(_ activation: GtkNotification.Activation, appID: String, token: String?, response: String? = nil) {
        for number in answered { pending[number] = nil }
        answered = []
        guard pending.count < Self.maxPendingCalls else {
            Log.info("an action for \(appID) was not sent: \(Self.maxPendingCalls) calls to applications are unanswered",
                     within: &callLines, now: now())
            return
        }
        do {
            let call = try Self.call(activation, appID: appID, token: token, response: response, on: bus)
            callNumber += 1
            let number = callNumber
            pending[number] = try bus.callAsync(call, timeout: Self.callTimeout) { [weak self] answer in
                self?.answered.append(number)
                guard answer.isMethodError else { return }
                self?.notDelivered(appID: appID, token: token, error: answer)
            }
        } catch {
            Log.info("could not call \(appID) for an action (\(error))", within: &callLines, now: now())
        }
    }

    /// Frees every call's slot (at shutdown): their answers are no longer awaited.
    func cancelAll() { pending = [:] }

    /// `ActivateAction(action, [target], platform-data)` or `Activate(platform-data)` on the
    /// application's bus name and path, the startup id in the platform data. The bus may start
    /// the application for it (auto-start, the default for a call).
    static func call(_ activation: GtkNotification.Activation, appID: String, token: String?, response: String? = nil,
                     on bus: BusConnection) throws -> BusMessage {
        let member: String
        switch activation {
        case .action: member = "ActivateAction"
        case .activate: member = "Activate"
        }
        let call = try bus.methodCall(destination: appID, path: GtkApplication.objectPath(appID), interface: interface, member: member)
        if case let .action(name, target) = activation {
            try call.append(name)
            try call.appendArray(of: "v") {
                if let target { try call.appendVariant(target.signature) { try append(target, to: call) } }
                if let response { try call.appendVariant("s") { try call.append(response) } }
            }
        }
        try call.appendArray(of: "{sv}") { try appendPlatformData(token: token, to: call) }
        return call
    }

    /// The platform data's entries: the startup id under both names applications read.
    static func appendPlatformData(token: String?, to m: BusMessage) throws {
        guard let token else { return }
        for key in ["desktop-startup-id", "activation-token"] {
            try m.appendDictEntry("sv") {
                try m.append(key)
                try m.appendVariant("s") { try m.append(token) }
            }
        }
    }

    /// An action's target, of the type it came with.
    static func append(_ target: ActionTarget, to m: BusMessage) throws {
        switch target {
        case let .string(text): try m.append(text)
        case let .objectPath(path): try m.append(path, type: "o")
        case let .bool(value): try m.append(value)
        case let .byte(value): try m.append(value)
        case let .int16(value): try m.append(value)
        case let .uint16(value): try m.append(value)
        case let .int32(value): try m.append(value)
        case let .uint32(value): try m.append(value)
        case let .int64(value): try m.append(value)
        case let .uint64(value): try m.append(value)
        case let .double(value): try m.append(value)
        }
    }

    /// The call came back with an error: an application nobody runs and the bus cannot start
    /// is launched from its `.desktop` file instead; the action itself is lost.
    private func notDelivered(appID: String, token: String?, error answer: BusMessage) {
        let name = answer.errorName ?? ""
        guard name == BusErrorName.serviceUnknown || name == BusErrorName.nameHasNoOwner else {
            Log.info("\(appID) refused an action (\(name): \(answer.errorMessage.map(Log.quoted) ?? ""))", within: &callLines, now: now())
            return
        }
        let launched = launch(appID, token, now())
        Log.info("\(appID) is not running and not D-Bus activatable: the action was not delivered"
                 + (launched ? "; started it from its .desktop file" : " and it has no .desktop file to start"),
                 within: &callLines, now: now())
    }
}
