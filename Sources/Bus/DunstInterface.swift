import CSDBus
import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import Operations
import ToastCore

/// `org.dunstproject.cmd0` on the notification object: dunst's control interface, so dunst's
/// own `dunstctl` (Debian's is a shell script over `dbus-send` and `busctl`) and bar modules
/// that read `paused` work against xtoast unchanged. Each method is the request `xtoast
/// dunstctl` sends for the same command (`Dunstctl`, `DunstRecords`), carried out by a
/// `DunstControl`; this type only reads and writes the messages. Signatures as dunst's
/// src/dbus.c (1.13; Debian 12's 1.9 has a subset).
final class DunstInterface {
    static let name = "org.dunstproject.cmd0"

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

    /// One method call of the interface; its answer is sent here. dunst answers every call
    /// but a bad `RuleEnable` with success, whatever it found to do (closing with nothing on
    /// screen, popping an empty history), and so does this.
    func dispatch(_ message: OpaquePointer, member name: String, _ busError: UnsafeMutablePointer<sd_bus_error>?) throws(BusError) -> Int32 {
        switch name {
        case "ContextMenuCall":
            control.openMenu()
        case "NotificationAction":
            let position = try readU32(message)
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
            _ = perform(.restore(id: String(try readU32(message))))
        case "NotificationRemoveFromHistory":
            _ = control.removeFromHistory(String(try readU32(message)), now: now())
        case "NotificationListHistory":
            var entries: [JSON] = []
            if case let .array(list)? = member("history", of: .history(limit: nil)) { entries = list }
            let records = DunstRecords.history(entries)
            return reply(message) { appendRecords($0, records) }
        case "RuleList":
            var rules: [JSON] = []
            if case let .array(list)? = member("rules", of: .rules) { rules = list }
            let records = DunstRecords.rules(rules)
            return reply(message) { appendRecords($0, records) }
        case "RuleEnable":
            let rule = try readString(message)
            var state: Int32 = 0
            try check(sd_bus_message_read_basic(message, busType("i"), &state))
            // dunst's states: 0 disable, 1 enable, 2 toggle.
            let change: RuleSwitch
            switch state {
            case 0: change = .disable
            case 1: change = .enable
            case 2: change = .toggle
            default:
                return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs",
                                        "Couldn't understand state \(state). It must be 0, 1 or 2")
            }
            if case let .error(text) = perform(.rule(name: rule, change: change)) {
                return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs", text)
            }
        case "ConfigReload":
            // dunst reloads the files it is given; xtoast has one config file, read again.
            try check(sd_bus_message_skip(message, "as"))
            if case let .ok(_, extra) = perform(.reload), case let .string(warning)? = extra.first(where: { $0.0 == "warning" })?.1 {
                Log.info("ConfigReload: \(warning)")
            }
        case "Ping":
            break
        default:
            return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.UnknownMethod", "no method \(Log.quoted(name))")
        }
        return reply(message) { _ in true }
    }

    // MARK: Properties

    /// `paused`, `pauseLevel` and the three lengths, read now. -ENOENT for any other name.
    func readProperty(_ name: String, _ reply: OpaquePointer) -> Int32 {
        switch name {
        case "paused":
            var value: Int32 = control.pauseLevel(wallNow: wallNow()) > 0 ? 1 : 0  // D-Bus booleans are 32-bit
            return sd_bus_message_append_basic(reply, busType("b"), &value)
        case "pauseLevel":
            return appendProperty(reply, UInt32(clamping: control.pauseLevel(wallNow: wallNow())))
        case "displayedLength": return appendProperty(reply, UInt32(clamping: control.counts.visible))
        case "waitingLength": return appendProperty(reply, UInt32(clamping: control.counts.queued))
        case "historyLength": return appendProperty(reply, UInt32(clamping: control.counts.history))
        default: return -ENOENT
        }
    }

    /// `Set` of `paused` (true: do-not-disturb until resumed; false: `resume`, which ends
    /// the user's pause, not a schedule's or an application's) or `pauseLevel` (0 resumes;
    /// above 100 is 100, as dunst caps it).
    func writeProperty(_ name: String, _ value: OpaquePointer) throws(BusError) -> Int32 {
        switch name {
        case "paused":
            var on: Int32 = 0
            try check(sd_bus_message_read_basic(value, busType("b"), &on))
            _ = perform(on != 0 ? .pause() : .resume)
        case "pauseLevel":
            let level = min(Int(try readU32(value)), QuietState.fullLevel)
            _ = perform(level > 0 ? .pause(PauseRequest(level: level)) : .resume)
        default:
            return -ENOENT
        }
        return 0
    }

    private func readU32(_ m: OpaquePointer) throws(BusError) -> UInt32 {
        var value: UInt32 = 0
        try check(sd_bus_message_read_basic(m, busType("u"), &value))
        return value
    }
}

/// A `u` property's value; sd-bus's result, as a property reader returns it.
private func appendProperty(_ m: OpaquePointer, _ value: UInt32) -> Int32 {
    var v = value
    return sd_bus_message_append_basic(m, busType("u"), &v)
}

/// `aa{sv}`: each record a dictionary of variants. The corresponding C functions are
/// `sd_bus_message_open_container`, `…_append_basic` and `…_close_container`.
private func appendRecords(_ m: OpaquePointer, _ records: [DunstRecords.Record]) -> Bool {
    func open(_ type: String, _ contents: String) -> Bool { sd_bus_message_open_container(m, busType(type), contents) >= 0 }
    func close() -> Bool { sd_bus_message_close_container(m) >= 0 }
    func value(_ v: DunstRecords.Value) -> Bool {
        switch v {
        case let .string(s): return appendString(m, s)
        case var .int32(n): return sd_bus_message_append_basic(m, busType("i"), &n) >= 0
        case var .int64(n): return sd_bus_message_append_basic(m, busType("x"), &n) >= 0
        case let .bool(b):
            var n: Int32 = b ? 1 : 0
            return sd_bus_message_append_basic(m, busType("b"), &n) >= 0
        }
    }
    guard open("a", "a{sv}") else { return false }
    for record in records {
        guard open("a", "{sv}") else { return false }
        for field in record {
            guard open("e", "sv"), appendString(m, field.key), open("v", field.value.letter), value(field.value), close(), close() else {
                return false
            }
        }
        guard close() else { return false }
    }
    return close()
}
