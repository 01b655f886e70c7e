import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import Operations
import SDBus
import ToastCore

/// `org.dunstproject.cmd0` on the notification object: dunst's control interface, so dunst's
/// own `dunstctl` (Debian's is a shell script over `dbus-send` and `busctl`) and bar modules
/// that read `paused` work against xtoast unchanged. Each method is the request `xtoast
/// dunstctl` sends for the same command (`Dunstctl`, `DunstRecords`), carried out by a
/// `DunstControl`; this type only reads and writes the messages. Signatures as dunst's
/// src/dbus.c (1.13; Debian 12's 1.9 has a subset).
final class DunstInterface {
    static let name = "org.dunstproject.cmd0"

    /// dunst's signatures (src/dbus.c of dunst 1.13; Debian 12's dunstctl 1.9 calls a subset),
    /// so dunst's own `dunstctl` and bar modules that read `paused` work against xtoast. The
    /// lengths are read when asked and not announced (dunst 1.9 announces none); `paused` and
    /// `pauseLevel` are.
    static let interface = BusInterface(name, [
        .method("ContextMenuCall", takes: "", returns: ""),
        .method("NotificationAction", takes: "u", names: ["number"], returns: ""),
        .method("NotificationClearHistory", takes: "", returns: ""),
        .method("NotificationCloseLast", takes: "", returns: ""),
        .method("NotificationCloseAll", takes: "", returns: ""),
        .method("NotificationListHistory", takes: "", returns: "aa{sv}", resultNames: ["notifications"]),
        .method("NotificationPopHistory", takes: "u", names: ["id"], returns: ""),
        .method("NotificationRemoveFromHistory", takes: "u", names: ["id"], returns: ""),
        .method("NotificationShow", takes: "", returns: ""),
        .method("RuleEnable", takes: "si", names: ["name", "state"], returns: ""),
        .method("RuleList", takes: "", returns: "aa{sv}", resultNames: ["rules"]),
        .method("ConfigReload", takes: "as", names: ["configs"], returns: ""),
        .method("Ping", takes: "", returns: ""),
        .property("paused", "b", writable: true, change: .emits),
        .property("pauseLevel", "u", writable: true, change: .emits),
        .property("displayedLength", "u", change: .unannounced),
        .property("historyLength", "u", change: .unannounced),
        .property("waitingLength", "u", change: .unannounced),
    ])

    private let control: any DunstControl
    private let now: () -> Double
    private let wallNow: () -> Double

    init(control: any DunstControl, now: @escaping () -> Double, wallNow: @escaping () -> Double) {
        self.control = control
        self.now = now
        self.wallNow = wallNow
    }

    private func perform(_ request: Request) -> Reply { control.perform(request, now: now(), wallNow: wallNow()) }

    /// A reply's member `key`, nil for a refusal or a reply without it.
    private func member(_ key: String, of request: Request) -> JSON? {
        guard case let .ok(_, extra) = perform(request) else { return nil }
        return extra.first { $0.0 == key }?.1
    }

    /// Who answers the interface for `NotificationBus.connect`'s export (this object held weakly).
    var handlers: BusInterface.Handlers {
        BusInterface.Handlers(method: { [weak self] in self?.dispatch($0) ?? .passOn },
                              get: { [weak self] name, reply in try self?.readProperty(name, reply) },
                              set: { [weak self] name, value in try self?.writeProperty(name, value) })
    }

    /// One method call of the interface; its answer is sent here; a malformed one is refused
    /// with `InvalidArgs`.
    private func dispatch(_ message: BusMessage) -> HandlerResult {
        let name = message.member ?? ""
        do {
            return try answer(message, member: name)
        } catch {
            return .invalidArgs("malformed \(name) arguments")
        }
    }

    /// dunst answers every call but a bad `RuleEnable` with success, whatever it found to do
    /// (closing with nothing on screen, popping an empty history), and so does this.
    private func answer(_ message: BusMessage, member name: String) throws(BusError) -> HandlerResult {
        switch name {
        case "ContextMenuCall":
            control.openMenu()
        case "NotificationAction":
            let position = try message.readUInt32()
            let toasts = position == 0 ? nil : member("toasts", of: .list(limit: nil))
            if let invoke = Dunstctl.invocation(position: Int(position), toasts: toasts) { _ = perform(.invoke(invoke)) }
        case "NotificationClearHistory":
            _ = perform(.clearHistory)
        case "NotificationCloseLast":
            _ = perform(.dismissNewest)
        case "NotificationCloseAll":
            _ = perform(.dismissAll)
        case "NotificationShow":
            _ = perform(.restore(id: nil))
        case "NotificationPopHistory":
            _ = perform(.restore(id: String(try message.readUInt32())))
        case "NotificationRemoveFromHistory":
            _ = control.removeFromHistory(String(try message.readUInt32()), now: now())
        case "NotificationListHistory":
            var entries: [JSON] = []
            if case let .array(list)? = member("history", of: .history(limit: nil)) { entries = list }
            let records = DunstRecords.history(entries)
            return message.reply { try appendRecords($0, records) }
        case "RuleList":
            var rules: [JSON] = []
            if case let .array(list)? = member("rules", of: .rules) { rules = list }
            let records = DunstRecords.rules(rules)
            return message.reply { try appendRecords($0, records) }
        case "RuleEnable":
            let rule = try readString(message)
            let state = try message.readInt32()
            // dunst's states: 0 disable, 1 enable, 2 toggle.
            let change: RuleSwitch
            switch state {
            case 0: change = .disable
            case 1: change = .enable
            case 2: change = .toggle
            default:
                return .invalidArgs("Couldn't understand state \(state). It must be 0, 1 or 2")
            }
            if case let .error(text) = perform(.rule(name: rule, change: change)) {
                return .invalidArgs(text)
            }
        case "ConfigReload":
            // dunst reloads the files it is given; xtoast has one config file, read again.
            try message.skip("as")
            if case let .ok(_, extra) = perform(.reload), case let .string(warning)? = extra.first(where: { $0.0 == "warning" })?.1 {
                Log.info("ConfigReload: \(warning)")
            }
        case "Ping":
            break
        default:
            return .error(name: BusErrorName.unknownMethod, message: "no method \(Log.quoted(name))")
        }
        return message.reply()
    }

    // MARK: Properties

    /// `paused`, `pauseLevel` and the three lengths, read now. `ENOENT` for any other name.
    private func readProperty(_ name: String, _ reply: BusMessage) throws {
        switch name {
        case "paused": try reply.append(control.pauseLevel(wallNow: wallNow()) > 0)
        case "pauseLevel": try reply.append(UInt32(clamping: control.pauseLevel(wallNow: wallNow())))
        case "displayedLength": try reply.append(UInt32(clamping: control.counts.visible))
        case "waitingLength": try reply.append(UInt32(clamping: control.counts.queued))
        case "historyLength": try reply.append(UInt32(clamping: control.counts.history))
        default: throw BusError(errno: ENOENT)
        }
    }

    /// `Set` of `paused` (true: do-not-disturb until resumed; false: `resume`, which ends
    /// the user's pause, not a schedule's or an application's) or `pauseLevel` (0 resumes;
    /// above 100 is 100, as dunst caps it).
    private func writeProperty(_ name: String, _ value: BusMessage) throws {
        switch name {
        case "paused":
            _ = perform(try value.readBool() ? .pause() : .resume)
        case "pauseLevel":
            let level = min(Int(try value.readUInt32()), QuietState.fullLevel)
            _ = perform(level > 0 ? .pause(PauseRequest(level: level)) : .resume)
        default:
            throw BusError(errno: ENOENT)
        }
    }
}

/// `aa{sv}`: each record a dictionary of variants.
private func appendRecords(_ m: BusMessage, _ records: [DunstRecords.Record]) throws {
    try m.appendArray(of: "a{sv}") {
        for record in records {
            try m.appendArray(of: "{sv}") {
                for field in record {
                    try m.appendDictEntry("sv") {
                        try m.append(field.key)
                        try m.appendVariant(field.value.letter) {
                            switch field.value {
                            case let .string(s): try m.append(s)
                            case let .int32(n): try m.append(n)
                            case let .int64(n): try m.append(n)
                            case let .bool(b): try m.append(b)
                            }
                        }
                    }
                }
            }
        }
    }
}
