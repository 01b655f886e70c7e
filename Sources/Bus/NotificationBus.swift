import CSDBus
import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import Operations
import ToastCore
import Transport

/// `org.freedesktop.Notifications` on the session bus, through sd-bus: reads each method
/// call into plain values for a `NotificationServer` (the daemon's `DesktopNotifications`),
/// writes its answers and signals back. The sd-bus handles never leave this target: the
/// daemon sees a descriptor to poll, a deadline and `process`.
///
/// Everything runs on the loop's thread: the loop polls `fd` for `events` until `deadline`,
/// then calls `process`, which handles a bounded number of messages so a flood of `Notify`
/// calls cannot starve the screen and the socket. The bus handle never leaves this object.
public final class NotificationBus {
    public static let name = "org.freedesktop.Notifications"
    public static let path = "/org/freedesktop/Notifications"
    /// Messages handled per loop turn at most, and for at most `TurnBudget.seconds`; more
    /// wait for the next turn (sd-bus then reports a deadline of now, so the loop does not sleep).
    static let messagesPerTurn = 32

    /// xtoast's own interface on the same object (`HandOverChallenge`).
    static let daemonInterface = "org.xtoast.Daemon"
    /// How long `--replace` waits for the running server to hand over before taking the name anyway.
    static let handOverTimeout: UInt64 = 2_000_000

    private var bus: OpaquePointer?
    private var objectSlot: OpaquePointer?
    private var daemonSlot: OpaquePointer?
    private var dunstSlot: OpaquePointer?
    private var nameLostSlot: OpaquePointer?
    private var nameAcquiredSlot: OpaquePointer?
    private var nameLeftSlot: OpaquePointer?
    /// What the shim's vtable hands back to `dispatch`: this object, unretained (the slots
    /// that use it are freed in `close` before the object goes).
    private let target: UnsafeMutablePointer<xt_bus_target>
    private let notifications: any NotificationServer
    /// dunst's control interface on the same object; nil when the daemon offers none.
    private let dunst: DunstInterface?
    private let now: () -> Double
    /// UNIX seconds, for the scripts a notification's rules run.
    private let wallNow: () -> Double
    /// Events held while a `Notify` is answered: its reply (the id) goes out before any
    /// signal about that id (a skipped notification's `NotificationClosed`).
    private var heldEvents: [BoardChanges.Delivery]?
    /// Whether this connection owns the name now. It asks with `SD_BUS_NAME_QUEUE`, so while
    /// another server holds the name (or after one took it) it waits in the bus's queue, and
    /// the bus hands the name back (`NameAcquired`) when that server goes.
    public private(set) var ownsName = false
    /// Whether it ever owned the name, for the log's wording.
    private var hasServed = false
    /// Set when the connection broke (the bus went away): the daemon then shuts down.
    public private(set) var isLost = false
    /// This daemon as `HandOverChallenge`'s caller must match it (the same user and executable).
    private let own = PeerIdentity(uid: getuid(), executable: PeerProcess.ownExecutable)
    /// A refused `HandOverChallenge` is logged once: any client can call it in a loop.
    private var loggedRefusal = false
    /// The daemon's socket, where a successor brings its nonce back (`bushandover`).
    private let socketPath: String?
    /// The successor's side: sends a nonce to a holder's socket (`BusHandOverProof`).
    private let proveHandOver: ((_ nonce: String, _ socketPath: String) -> Bool)?
    /// Nonces given to `HandOverChallenge` callers, waiting for their proof on the socket.
    private var challenges = HandOverChallenges()
    /// Room in the log for the lines a caller causes (a `Notify`'s notes, a malformed call, a
    /// forged signal): any client can call in a loop.
    private var callLines = LogBudget(lines: 20, what: "bus call lines")

    private init(bus: OpaquePointer, notifications: any NotificationServer, dunst: (any DunstControl)?,
                 socketPath: String?, proveHandOver: ((String, String) -> Bool)?,
                 now: @escaping () -> Double, wallNow: @escaping () -> Double) {
        self.bus = bus
        self.socketPath = socketPath
        self.proveHandOver = proveHandOver
        self.notifications = notifications
        self.dunst = dunst.map { DunstInterface(control: $0, now: now, wallNow: wallNow) }
        self.now = now
        self.wallNow = wallNow
        target = .allocate(capacity: 1)
        target.initialize(to: xt_bus_target(handler: { message, context, error in
            guard let message, let context else { return -EINVAL }
            return Unmanaged<NotificationBus>.fromOpaque(context).takeUnretainedValue().dispatch(message, error)
        }, property: { name, reply, context in
            guard let name, let reply, let context else { return -EINVAL }
            return Unmanaged<NotificationBus>.fromOpaque(context).takeUnretainedValue().readProperty(name, reply)
        }, set_property: { name, value, context, _ in
            guard let name, let value, let context else { return -EINVAL }
            return Unmanaged<NotificationBus>.fromOpaque(context).takeUnretainedValue().writeProperty(name, value)
        }, context: nil))
        target.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        close()
        target.deallocate()
    }

    /// Connects to the session bus, exports the interface and asks for the name, allowing a
    /// later server to take it and queueing while another holds it; with `replace`, the
    /// running server is first asked to hand over (`askToHandOver`), then the name is taken
    /// from it. `socketPath` is this daemon's socket, named to a later successor's
    /// `HandOverChallenge`; `proveHandOver` brings a holder's nonce back to its socket. Nil, after one log line, when there is no session bus: the daemon then serves its
    /// socket only. The corresponding C functions are `sd_bus_open_user`,
    /// `sd_bus_add_object_vtable`, `sd_bus_match_signal` and `sd_bus_request_name`.
    public static func connect(_ notifications: any NotificationServer, dunst: (any DunstControl)? = nil, replace: Bool,
                               socketPath: String? = nil, proveHandOver: ((_ nonce: String, _ socketPath: String) -> Bool)? = nil,
                               now: @escaping () -> Double, wallNow: @escaping () -> Double = { 0 }) -> NotificationBus? {
        var handle: OpaquePointer?
        var r = sd_bus_open_user(&handle)
        guard r >= 0, let handle else {
            Log.info("no session bus (\(describe(r))): not the desktop's notification server; the socket still serves")
            return nil
        }
        let server = NotificationBus(bus: handle, notifications: notifications, dunst: dunst, socketPath: socketPath,
                                     proveHandOver: proveHandOver, now: now, wallNow: wallNow)
        r = xt_bus_add_notifications(handle, &server.objectSlot, server.target)
        if r >= 0 { r = xt_bus_add_daemon(handle, &server.daemonSlot, server.target) }
        if r >= 0, server.dunst != nil { r = xt_bus_add_dunst(handle, &server.dunstSlot, server.target) }
        // The rules name the bus as the sender; `dispatch` checks it again on each message.
        if r >= 0 {
            r = xt_bus_match_signal(handle, &server.nameLostSlot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                    "org.freedesktop.DBus", "NameLost", server.target)
        }
        if r >= 0 {
            r = xt_bus_match_signal(handle, &server.nameAcquiredSlot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                    "org.freedesktop.DBus", "NameAcquired", server.target)
        }
        // Names that lose their owner (arg2 empty): an application that leaves can no longer
        // hear late actions. Only departures wake the daemon, not every name that appears.
        if r >= 0, xt_bus_add_match(handle, &server.nameLeftSlot, nameLeftRule, server.target) < 0 {
            // Not fatal: late actions then go out even to applications that have left (nobody hears them).
            Log.info("cannot watch applications leaving the bus; late actions are sent without checking")
        }
        guard r >= 0 else {
            Log.info("cannot serve \(name) on the session bus (\(describe(r))); the socket still serves")
            return nil
        }
        if replace { server.askToHandOver() }
        var flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT) | UInt64(SD_BUS_NAME_QUEUE)
        if replace { flags |= UInt64(SD_BUS_NAME_REPLACE_EXISTING) }
        r = sd_bus_request_name(handle, name, flags)
        switch r {
        case 1...:
            server.ownsName = true
            server.hasServed = true
            Log.info("serving \(name) on the session bus")
            server.closeCrashed()
        case 0:
            let holder = server.holder()
            let advice = holder.command == HolderName.xtoast
                ? "Start this one with --replace (or stop that xtoast) to make it the desktop's notifier now"
                : "Stop \(holder.command.map(Log.quoted) ?? "that server") to make xtoast the desktop's notifier now"
            Log.info("\(name) is held by \(holder.description); xtoast waits in the bus's queue for it and serves its socket "
                     + "meanwhile. \(advice); run xtoast doctor to see why")
        default:
            Log.info("cannot own \(name) (\(describe(r))); the socket still serves")
            return nil
        }
        return server
    }

    /// Asks the running server, if it is an xtoast, to end its D-Bus toasts while it still
    /// owns the name, so their clients hear `NotificationClosed` from the owner they listen
    /// to (libnotify ignores signals from anyone else): `HandOverChallenge` answers a nonce
    /// and that server's socket, and the nonce goes back over the socket (`proveHandOver`),
    /// where that server checks that this very process wrote it. Any answer will do: dunst
    /// (or an xtoast older than the challenge) answers `UnknownMethod`, no server at all
    /// `ServiceUnknown`, and the name is taken anyway. Never starts a server by D-Bus
    /// activation. The corresponding C functions are `sd_bus_message_new_method_call`,
    /// `sd_bus_message_set_auto_start` and `sd_bus_call`.
    private func askToHandOver() {
        var call: OpaquePointer?
        guard let bus, sd_bus_message_new_method_call(bus, &call, Self.name, Self.path, Self.daemonInterface,
                                                      "HandOverChallenge") >= 0,
              let call else { return }
        defer { sd_bus_message_unref(call) }
        _ = sd_bus_message_set_auto_start(call, 0)
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var answer: OpaquePointer?
        guard sd_bus_call(bus, call, Self.handOverTimeout, &error, &answer) >= 0, let answer else { return }
        defer { sd_bus_message_unref(answer) }
        guard let nonce = try? readString(answer), let path = try? readString(answer) else { return }
        if proveHandOver?(nonce, path) != true {
            Log.info("the running server did not hand over \(Self.name); taking the name anyway")
        }
    }

    /// The process that owns the name, for the log: its command name (`/proc/PID/comm`) and
    /// pid. The corresponding C functions are `sd_bus_get_name_creds` (on dbus-daemon,
    /// `GetConnectionUnixProcessID`) and `sd_bus_creds_get_pid`.
    private func holder() -> HolderName {
        var creds: OpaquePointer?
        guard let bus, sd_bus_get_name_creds(bus, Self.name, UInt64(SD_BUS_CREDS_PID), &creds) >= 0, let creds else {
            return HolderName(command: nil, pid: nil)
        }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        guard sd_bus_creds_get_pid(creds, &pid) >= 0 else { return HolderName(command: nil, pid: nil) }
        return HolderName(command: PeerProcess.command(pid: pid), pid: pid)
    }

    /// Who holds the name, as the log names it: `"dunst" (pid 812)` (the command name is the process's own word, so quoted).
    struct HolderName {
        /// The command name of xtoast's daemon: only a holder of that name is worth `--replace`.
        static let xtoast = "xtoastd"
        var command: String?
        var pid: pid_t?
        var description: String { "\(command.map(Log.quoted) ?? "another server")\(pid.map { " (pid \($0))" } ?? "")" }
    }

    // MARK: The loop's side

    /// The connection's socket. The corresponding C function is `sd_bus_get_fd`.
    public var fd: Int32 { bus.map { sd_bus_get_fd($0) } ?? -1 }

    /// What to poll for. The corresponding C function is `sd_bus_get_events`.
    public var events: Int16 {
        guard let bus else { return 0 }
        let e = sd_bus_get_events(bus)
        return e < 0 ? 0 : Int16(truncatingIfNeeded: e)
    }

    /// When sd-bus wants `process` called even without input, in seconds on CLOCK_MONOTONIC
    /// (the daemon's clock); nil for never. 0 from sd-bus means messages already wait. The
    /// corresponding C function is `sd_bus_get_timeout` (absolute microseconds).
    public var deadline: Double? {
        guard let bus else { return nil }
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Double(usec) / 1_000_000
    }

    public var isConnected: Bool { bus != nil }

    /// Handles waiting messages, at most `messagesPerTurn` and `TurnBudget.seconds`, ending
    /// early at `frame` (the next animation frame's deadline; at least one message is handled).
    /// A lost connection is logged, closed and marked `isLost`. The corresponding C function
    /// is `sd_bus_process`.
    public func process(frame: Double? = nil) {
        Log.windowEnd(of: &callLines, now: now())
        let budget = TurnBudget(clock: now, frame: frame)
        for i in 0..<Self.messagesPerTurn where i == 0 || !budget.isSpent {
            guard let bus else { return }
            let r = sd_bus_process(bus, nil)
            if r < 0 {
                Log.info("lost the session bus (\(Self.describe(r)))")
                isLost = true
                close()
                return
            }
            if r == 0 { return }
        }
    }

    /// Sends what is queued and closes the connection (at shutdown, after the last
    /// `NotificationClosed`). The corresponding C functions are `sd_bus_flush` and `sd_bus_close_unref`.
    public func close() {
        objectSlot = objectSlot.flatMap { sd_bus_slot_unref($0) }
        daemonSlot = daemonSlot.flatMap { sd_bus_slot_unref($0) }
        dunstSlot = dunstSlot.flatMap { sd_bus_slot_unref($0) }
        nameLostSlot = nameLostSlot.flatMap { sd_bus_slot_unref($0) }
        nameAcquiredSlot = nameAcquiredSlot.flatMap { sd_bus_slot_unref($0) }
        nameLeftSlot = nameLeftSlot.flatMap { sd_bus_slot_unref($0) }
        if let bus { _ = sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    // MARK: Signals

    /// Emits the signals a board event becomes, if any, in order. The corresponding C
    /// functions are `sd_bus_message_new_signal`, `sd_bus_message_append_basic` and `sd_bus_send`.
    public func emit(_ delivery: BoardChanges.Delivery) {
        if heldEvents != nil {
            heldEvents?.append(delivery)
            return
        }
        // A reply goes to its notification's sender only (as Plasma sends it): its token too.
        // Without a sender to address, nobody hears it.
        if case .replied = delivery.event, delivery.destination == nil { return }
        for signal in notifications.signals(for: delivery) {
            emit(signal, for: delivery.event, to: { if case .replied = delivery.event { delivery.destination } else { nil } }())
        }
    }

    /// Tells the bus that the toasts a killed daemon left live have closed (reason 4, as
    /// `crashed` maps), once this connection owns the name: libnotify (`notify-send --wait`)
    /// listens for `NotificationClosed` from the name's owner.
    private func closeCrashed() {
        for id in notifications.takeCrashedIDs() {
            emit(.notificationClosed(id: id, reason: NotificationMapping.closedReason(.crashed)),
                 for: .dismissed(id: String(id), reason: .crashed))
        }
    }

    /// `destination`: a unicast signal to that unique name (`sd_bus_message_set_destination`).
    private func emit(_ signal: NotificationMapping.Signal, for event: ToastEvent, to destination: String? = nil) {
        guard let bus else { return }
        var message: OpaquePointer?
        let member: String
        switch signal {
        case .notificationClosed: member = "NotificationClosed"
        case .actionInvoked: member = "ActionInvoked"
        case .activationToken: member = "ActivationToken"
        case .notificationReplied: member = "NotificationReplied"
        }
        guard sd_bus_message_new_signal(bus, &message, Self.path, Self.name, member) >= 0, let message else { return }
        defer { sd_bus_message_unref(message) }
        var ok: Bool
        switch signal {
        case let .notificationClosed(id, reason):
            ok = appendU32(message, id) && appendU32(message, reason)
        case let .actionInvoked(id, key):
            ok = appendU32(message, id) && appendString(message, key)
        case let .activationToken(id, token):
            ok = appendU32(message, id) && appendString(message, token)
        case let .notificationReplied(id, text):
            ok = appendU32(message, id) && appendString(message, text)
        }
        if ok, let destination { ok = sd_bus_message_set_destination(message, destination) >= 0 }
        if ok { ok = sd_bus_send(bus, message, nil) >= 0 }
        if !ok { Log.info("could not send \(member) for toast \(event.id)") }
    }

    /// Tells the bus that `Inhibited` changed: `PropertiesChanged` on the object. The
    /// corresponding C function is `sd_bus_emit_properties_changed`.
    public func inhibitedChanged() {
        guard let bus else { return }
        if xt_bus_emit_inhibited_changed(bus) < 0 { Log.info("could not send PropertiesChanged for Inhibited") }
    }

    /// Tells the bus that dunst's `paused` or `pauseLevel` may have changed: `PropertiesChanged`
    /// on dunst's interface, for bar modules that watch it. The corresponding C function is
    /// `sd_bus_emit_properties_changed`.
    public func pauseChanged() {
        guard let bus, dunst != nil else { return }
        if xt_bus_emit_pause_changed(bus) < 0 { Log.info("could not send PropertiesChanged for paused") }
    }

    /// A property's value, for `Get`, `GetAll` and `PropertiesChanged` (the names of the two
    /// interfaces differ, so the name alone says whose).
    private func readProperty(_ name: UnsafePointer<CChar>, _ reply: OpaquePointer) -> Int32 {
        guard strcmp(name, "Inhibited") == 0 else { return dunst?.readProperty(String(cString: name), reply) ?? -ENOENT }
        var value: Int32 = notifications.inhibited ? 1 : 0
        return sd_bus_message_append_basic(reply, Self.type("b"), &value)
    }

    /// `Set` of a writable property (dunst's `paused` and `pauseLevel`).
    private func writeProperty(_ name: UnsafePointer<CChar>, _ value: OpaquePointer) -> Int32 {
        guard let dunst else { return -ENOENT }
        do { return try dunst.writeProperty(String(cString: name), value) } catch { return -error.errno }
    }

    // MARK: Method calls

    /// One method call (or the bus's NameLost) from the shim's vtable or match (whose rule
    /// names the bus as the sender; the sender is checked here too). Answers are
    /// sent here; a negative return makes sd-bus answer with the error set in `error`.
    private func dispatch(_ message: OpaquePointer, _ busError: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        do {
            if let dunst, let interface = sd_bus_message_get_interface(message), strcmp(interface, DunstInterface.name) == 0 {
                return try dunst.dispatch(message, member: member, busError)
            }
            switch member {
            case "Notify":
                let call = try readNotify(message)
                let sender = sd_bus_message_get_sender(message).map { String(cString: $0) }
                heldEvents = []
                let (id, notes) = notifications.notify(call, sender: sender, now: now(), wallNow: wallNow())
                for note in notes { Log.info("Notify from \(Log.quoted(call.appName)): \(note)", within: &callLines, now: now()) }
                let answered = reply(message) { appendU32($0, id) }
                let held = heldEvents ?? []
                heldEvents = nil
                for event in held { emit(event) }
                return answered
            case "CloseNotification":
                var id: UInt32 = 0
                try check(sd_bus_message_read_basic(message, Self.type("u"), &id))
                notifications.close(id, sender: sd_bus_message_get_sender(message).map { String(cString: $0) }, now: now())
                return reply(message) { _ in true }
            case "GetCapabilities":
                return reply(message) { appendStrings($0, notifications.capabilities) }
            case "GetServerInformation":
                let info = NotificationMapping.serverInformation
                return reply(message) { m in
                    [info.name, info.vendor, info.version, info.specVersion].allSatisfy { appendString(m, $0) }
                }
            case "Inhibit":
                let desktopEntry = try readString(message)
                let reason = try readString(message)
                let hints = try readHints(message)
                guard let sender = sd_bus_message_get_sender(message).map({ String(cString: $0) }) else {
                    return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs", "Inhibit needs a caller on the bus")
                }
                switch notifications.inhibit(desktopEntry: desktopEntry, reason: reason, hints: hints, caller: sender, now: now()) {
                case let .success(cookie): return reply(message) { appendU32($0, cookie) }
                case let .failure(problem):
                    return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs", problem.message)
                }
            case "UnInhibit":
                var cookie: UInt32 = 0
                try check(sd_bus_message_read_basic(message, Self.type("u"), &cookie))
                let sender = sd_bus_message_get_sender(message).map { String(cString: $0) } ?? ""
                guard notifications.uninhibit(cookie, caller: sender, now: now()) else {
                    return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs",
                                            "no inhibition \(cookie) of this caller")
                }
                return reply(message) { _ in true }
            case "HandOverChallenge":
                guard let nonce = challenge(for: caller(of: message)), let socketPath else {
                    return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.AccessDenied",
                                            "only an xtoastd of the same user (started with --replace) may call HandOverChallenge")
                }
                return reply(message) { appendString($0, nonce) && appendString($0, socketPath) }
            case "NameLost":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                let lost = try readString(message)
                if lost == Self.name { nameLost() }
                return 0
            case "NameOwnerChanged":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                let name = try readString(message)
                _ = try readString(message)
                if try readString(message).isEmpty, name.hasPrefix(":") { notifications.nameLeft(name, now: now()) }
                return 0
            case "NameAcquired":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                let acquired = try readString(message)
                if acquired == Self.name { nameAcquired() }
                return 0
            default:
                return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.UnknownMethod", "no method \(member)")
            }
        } catch {
            Log.info("refused a malformed \(member) call (\(Self.describe(-error.errno)))", within: &callLines, now: now())
            return sd_bus_error_set(busError, "org.freedesktop.DBus.Error.InvalidArgs", "malformed \(member) arguments")
        }
    }

    /// The bus's signal for a name that lost its owner (a unique name: its connection closed).
    static let nameLeftRule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
        + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg2=''"

    /// Whether a signal comes from the bus itself. Only the bus sends `NameLost` and
    /// `NameAcquired`, but any client can send a signal of that name straight to this
    /// connection; the bus stamps every message with its true sender, which no client can
    /// forge. The corresponding C functions are `sd_bus_message_is_signal` and `…_get_sender`.
    private static func isFromBus(_ message: OpaquePointer) -> Bool {
        guard sd_bus_message_is_signal(message, "org.freedesktop.DBus", nil) > 0,
              let sender = sd_bus_message_get_sender(message) else { return false }
        return strcmp(sender, "org.freedesktop.DBus") == 0
    }

    private func ignoreForged(_ message: OpaquePointer, _ member: String) -> Int32 {
        let sender = sd_bus_message_get_sender(message).map { String(cString: $0) } ?? "an unknown sender"
        Log.info("ignored a \(member) signal from \(Log.quoted(sender)): only the bus itself sends it", within: &callLines, now: now())
        return 0
    }

    /// Another server took the name: this one's toasts end (reason 4; the new server has
    /// the bus's notifications now) and the socket keeps serving. The connection stays, so
    /// its place in the bus's queue is kept and the name comes back when that server goes.
    private func nameLost() {
        guard ownsName else { return }
        ownsName = false
        Log.info("another server took \(Self.name); ending the notifications it showed here, the socket still serves "
                 + "and xtoast waits in the bus's queue for the name")
        notifications.endAll(now: now())
    }

    /// The bus gave the name to this connection: at start (already known), or from the queue
    /// when the server before it went.
    private func nameAcquired() {
        guard !ownsName else { return }
        ownsName = true
        Log.info("serving \(Self.name)\(hasServed ? " again" : "") on the session bus: the server before it left")
        hasServed = true
        // That server (dunst) may have held keys of ours; it has gone now.
        notifications.nameAcquired()
        closeCrashed()
    }

    /// `HandOverChallenge` from `caller` (the pid the bus recorded when it connected, and
    /// that pid's executable now): a nonce for an xtoastd of this user, nil for any other
    /// caller, whose call changes nothing. The nonce itself ends nothing: the bus never says
    /// which process sent a call, and a program can connect, fork, and exec xtoastd while its
    /// child calls. The proof comes over the socket (`grantHandOver`).
    private func challenge(for caller: (pid: pid_t, identity: PeerIdentity)?) -> String? {
        guard let caller, caller.identity.mayTakeOver(from: own) else {
            if !loggedRefusal {
                loggedRefusal = true
                Log.info("refused HandOverChallenge from \(caller.map { Log.quoted($0.identity.executable) } ?? "a caller that has gone"): "
                         + "only an xtoastd of this user may call it (further refusals are not logged)")
            }
            return nil
        }
        return challenges.issue(to: caller.pid, now: now())
    }

    /// A new xtoast (`--replace`) brought `nonce` back over this daemon's socket, on a
    /// connection that process `pid` (`caller`) made and alone wrote on, as the daemon checked.
    /// Granted when the nonce was given to that same pid on the bus and has not expired: this
    /// server's D-Bus toasts end now (reason 4), while it still owns the name, so their
    /// clients hear it; the name itself moves when the new server takes it (this one then
    /// waits in the queue). False, and nothing ends, otherwise; a nonce serves one attempt.
    public func grantHandOver(nonce: String, pid: pid_t, caller: PeerIdentity) -> Bool {
        guard challenges.redeem(nonce, by: pid, now: now()) else { return false }
        guard ownsName else { return true }
        guard notifications.handOver(from: caller, own: own, now: now()) else { return false }
        Log.info("a new server asked for \(Self.name); ending the notifications shown here before it takes the name")
        return true
    }

    /// Who sent `message`, as the bus knows it (the uid and pid it recorded when the caller
    /// connected; the executable from /proc). The corresponding C functions are
    /// `sd_bus_query_sender_creds` (on dbus-daemon, a call to `GetConnectionCredentials`),
    /// `sd_bus_creds_get_pid` and `sd_bus_creds_get_euid`.
    private func caller(of message: OpaquePointer) -> (pid: pid_t, identity: PeerIdentity)? {
        var creds: OpaquePointer?
        let mask = UInt64(SD_BUS_CREDS_PID) | UInt64(SD_BUS_CREDS_UID) | UInt64(SD_BUS_CREDS_EUID)
        guard sd_bus_query_sender_creds(message, mask, &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        var uid: uid_t = 0
        guard sd_bus_creds_get_pid(creds, &pid) >= 0,
              sd_bus_creds_get_uid(creds, &uid) >= 0 || sd_bus_creds_get_euid(creds, &uid) >= 0 else { return nil }
        return PeerProcess.executable(pid: pid).map { (pid, PeerIdentity(uid: uid, executable: $0)) }
    }

    // MARK: Reading a Notify call

    /// `susssasa{sv}i`, already checked against the signature by sd-bus. Strings are copied
    /// off the message (sd-bus lends them only while the message lives).
    private func readNotify(_ m: OpaquePointer) throws(BusError) -> NotifyCall {
        var call = NotifyCall()
        call.appName = try readString(m)
        try check(sd_bus_message_read_basic(m, Self.type("u"), &call.replacesID))
        call.appIcon = try readString(m)
        call.summary = try readString(m)
        call.body = try readString(m)
        try check(sd_bus_message_enter_container(m, Self.type("a"), "s"))
        while true {
            var p: UnsafePointer<CChar>?
            let r = sd_bus_message_read_basic(m, Self.type("s"), &p)
            try check(r)
            guard r > 0, let p else { break }
            // Past the limit, strings are read (cheap pointers) but not copied; those kept are
            // cut as every other string is.
            if call.actions.count < NotificationLimits.maxActionStrings {
                call.actions.append(BoundedCString.read(p, maxBytes: NotificationLimits.maxStringBytes).text)
            }
        }
        try check(sd_bus_message_exit_container(m))
        call.hints = try readHints(m)
        try check(sd_bus_message_read_basic(m, Self.type("i"), &call.expireTimeout))
        return call
    }

    private func readHints(_ m: OpaquePointer) throws(BusError) -> [String: HintValue] {
        var hints: [String: HintValue] = [:]
        try check(sd_bus_message_enter_container(m, Self.type("a"), "{sv}"))
        while true {
            let r = sd_bus_message_enter_container(m, Self.type("e"), "sv")
            try check(r)
            if r == 0 { break }
            let key = try readString(m)
            if hints.count < NotificationLimits.maxHints {
                hints[key] = try readVariant(m)
            } else {
                try check(sd_bus_message_skip(m, "v"))
            }
            try check(sd_bus_message_exit_container(m))
        }
        try check(sd_bus_message_exit_container(m))
        return hints
    }

    /// One hint's value; types the server does not read are skipped. The corresponding C
    /// functions are `sd_bus_message_peek_type` and `sd_bus_message_enter_container`.
    private func readVariant(_ m: OpaquePointer) throws(BusError) -> HintValue {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        try check(sd_bus_message_peek_type(m, &type, &contents))
        guard let contents else { throw BusError(errno: EBADMSG) }
        let signature = String(cString: contents)
        try check(sd_bus_message_enter_container(m, Self.type("v"), contents))
        let value: HintValue
        switch signature {
        case "y":
            var v: UInt8 = 0
            try check(sd_bus_message_read_basic(m, Self.type("y"), &v))
            value = .byte(v)
        case "b":
            var v: Int32 = 0  // D-Bus booleans are 32-bit
            try check(sd_bus_message_read_basic(m, Self.type("b"), &v))
            value = .bool(v != 0)
        case "n":
            var v: Int16 = 0
            try check(sd_bus_message_read_basic(m, Self.type("n"), &v))
            value = .int(Int64(v))
        case "q":
            var v: UInt16 = 0
            try check(sd_bus_message_read_basic(m, Self.type("q"), &v))
            value = .int(Int64(v))
        case "i":
            var v: Int32 = 0
            try check(sd_bus_message_read_basic(m, Self.type("i"), &v))
            value = .int(Int64(v))
        case "u":
            var v: UInt32 = 0
            try check(sd_bus_message_read_basic(m, Self.type("u"), &v))
            value = .int(Int64(v))
        case "x":
            var v: Int64 = 0
            try check(sd_bus_message_read_basic(m, Self.type("x"), &v))
            value = .int(v)
        case "t":
            var v: UInt64 = 0
            try check(sd_bus_message_read_basic(m, Self.type("t"), &v))
            value = .int(Int64(clamping: v))
        case "s", "o", "g":
            value = .string(try readString(m, type: signature))
        case "(iiibiiay)":
            value = try readImage(m)
        case "as":
            value = try readStrings(m)
        default:
            try check(sd_bus_message_skip(m, contents))
            value = .unusable("a value of type \(signature)")
        }
        try check(sd_bus_message_exit_container(m))
        return value
    }

    /// Pictures up to this many bytes are copied off the message, rows packed (well under a
    /// millisecond, the message is freed at once, and a repeat's digest reads only pixels);
    /// larger ones are borrowed: the image keeps the message alive, and nothing copies them on
    /// the loop (`PixelBytes`).
    static let maxCopiedImageBytes = Repeats.maxDigestBytes

    /// `(iiibiiay)`: the header is checked before the pixels are touched; a small picture's
    /// pixels are copied (rows packed, whatever the padding), a large one's borrowed from the
    /// message. The corresponding C functions are `sd_bus_message_read_array` and `sd_bus_message_ref`.
    private func readImage(_ m: OpaquePointer) throws(BusError) -> HintValue {
        try check(sd_bus_message_enter_container(m, Self.type("r"), "iiibiiay"))
        var width: Int32 = 0, height: Int32 = 0, rowstride: Int32 = 0, alpha: Int32 = 0, bits: Int32 = 0, channels: Int32 = 0
        try check(sd_bus_message_read_basic(m, Self.type("i"), &width))
        try check(sd_bus_message_read_basic(m, Self.type("i"), &height))
        try check(sd_bus_message_read_basic(m, Self.type("i"), &rowstride))
        try check(sd_bus_message_read_basic(m, Self.type("b"), &alpha))
        try check(sd_bus_message_read_basic(m, Self.type("i"), &bits))
        try check(sd_bus_message_read_basic(m, Self.type("i"), &channels))
        var data: UnsafeRawPointer?
        var size = 0
        try check(sd_bus_message_read_array(m, Self.type("y"), &data, &size))
        try check(sd_bus_message_exit_container(m))
        switch RawImage.neededBytes(width: width, height: height, rowstride: rowstride, hasAlpha: alpha != 0,
                                    bitsPerSample: bits, channels: channels, given: size) {
        case let .failure(error):
            return .unusable(error.message)
        case let .success(needed):
            guard let data else { return .unusable("image-data: no pixels") }
            let bytes = UnsafeRawBufferPointer(start: data, count: needed)
            guard needed > Self.maxCopiedImageBytes else {
                return .image(RawImage.packed(width: Int(width), height: Int(height), rowstride: Int(rowstride), hasAlpha: alpha != 0,
                                              channels: Int(channels), from: bytes))
            }
            let message = sd_bus_message_ref(m)
            return .image(RawImage(width: Int(width), height: Int(height), rowstride: Int(rowstride), hasAlpha: alpha != 0,
                                   bitsPerSample: 8, channels: Int(channels),
                                   pixels: PixelBytes(borrowing: bytes) { sd_bus_message_unref(message) }))
        }
    }

    /// `as`: at most `NotificationLimits.maxHintStrings` strings copied (each cut as every
    /// string is); the rest are read as pointers only. The corresponding C function is
    /// `sd_bus_message_enter_container`.
    private func readStrings(_ m: OpaquePointer) throws(BusError) -> HintValue {
        try check(sd_bus_message_enter_container(m, Self.type("a"), "s"))
        var strings: [String] = []
        while true {
            if strings.count < NotificationLimits.maxHintStrings {
                var more: CChar = 0
                var contents: UnsafePointer<CChar>?
                guard try peekMore(m, &more, &contents) else { break }
                strings.append(try readString(m))
            } else {
                var p: UnsafePointer<CChar>?
                let r = sd_bus_message_read_basic(m, Self.type("s"), &p)
                try check(r)
                if r == 0 { break }
            }
        }
        try check(sd_bus_message_exit_container(m))
        return .strings(strings)
    }

    /// Whether the array being read has another element. The corresponding C function is
    /// `sd_bus_message_peek_type` (0 at the array's end).
    private func peekMore(_ m: OpaquePointer, _ type: inout CChar, _ contents: inout UnsafePointer<CChar>?) throws(BusError) -> Bool {
        let r = sd_bus_message_peek_type(m, &type, &contents)
        try check(r)
        return r > 0
    }

    /// A string off the message, cut to `NotificationLimits.maxStringBytes` (at a scalar's
    /// start) before it is copied: a 20 MB icon name costs no more than a short one.
    private func readString(_ m: OpaquePointer, type: String = "s") throws(BusError) -> String {
        var p: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(m, Self.type(type), &p))
        guard let p else { throw BusError(errno: EBADMSG) }
        return BoundedCString.read(p, maxBytes: NotificationLimits.maxStringBytes).text
    }
    static func type(_ letter: String) -> CChar { busType(letter) }

    static func describe(_ r: Int32) -> String { String(cString: strerror(-r)) }
}
