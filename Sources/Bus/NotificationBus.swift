import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import Operations
import SDBus
import ToastCore
import Transport

/// `org.freedesktop.Notifications` on the session bus, through `SDBus`: reads each method
/// call into plain values for a `NotificationServer` (the daemon's `DesktopNotifications`),
/// writes its answers and signals back. The bus connection never leaves this target: the
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

    private var bus: BusConnection?
    /// The exported interfaces and the bus's signals this server follows; freed in `close`
    /// before the connection. Their handlers hold this object weakly.
    private var slots: [BusSlot] = []
    private let notifications: any NotificationServer
    /// dunst's control interface on the same object; nil when the daemon offers none.
    private let dunst: DunstInterface?
    /// `org.gtk.Notifications` on the same connection; nil when the daemon serves it not.
    private var gtk: GtkNotificationBus?
    /// The portal backend (`org.freedesktop.impl.portal.Notification`) on the same connection;
    /// nil when the daemon serves it not.
    private var portal: PortalNotificationBus?
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
    /// Each sending connection's process and sandbox (`SenderSandbox`), read once per connection.
    private var senders = SenderCache<SenderProcess>()

    private init(bus: BusConnection, notifications: any NotificationServer, dunst: (any DunstControl)?,
                 socketPath: String?, proveHandOver: ((String, String) -> Bool)?,
                 now: @escaping () -> Double, wallNow: @escaping () -> Double) {
        self.bus = bus
        self.socketPath = socketPath
        self.proveHandOver = proveHandOver
        self.notifications = notifications
        self.dunst = dunst.map { DunstInterface(control: $0, now: now, wallNow: wallNow) }
        self.now = now
        self.wallNow = wallNow
    }

    deinit { close() }

    /// Connects to the session bus, exports the interface and asks for the name, allowing a
    /// later server to take it and queueing while another holds it; with `replace`, the
    /// running server is first asked to hand over (`askToHandOver`), then the name is taken
    /// from it. `socketPath` is this daemon's socket, named to a later successor's
    /// `HandOverChallenge`; `proveHandOver` brings a holder's nonce back to its socket. Nil, after one log line, when there is no session bus: the daemon then serves its
    /// socket only.
    public static func connect(_ notifications: any NotificationServer, dunst: (any DunstControl)? = nil,
                               gtk: (any GtkNotificationServer)? = nil, portal: (any PortalNotificationServer)? = nil, replace: Bool,
                               socketPath: String? = nil, proveHandOver: ((_ nonce: String, _ socketPath: String) -> Bool)? = nil,
                               now: @escaping () -> Double, wallNow: @escaping () -> Double = { 0 }) -> NotificationBus? {
        let connection: BusConnection
        switch BusConnection.session() {
        case let .success(opened): connection = opened
        case let .failure(error):
            Log.info("no session bus (\(error.description)): not the desktop's notification server; the socket still serves")
            return nil
        }
        let server = NotificationBus(bus: connection, notifications: notifications, dunst: dunst, socketPath: socketPath,
                                     proveHandOver: proveHandOver, now: now, wallNow: wallNow)
        do {
            try server.register(on: connection)
        } catch {
            Log.info("cannot serve \(name) on the session bus (\(error.description)); the socket still serves")
            return nil
        }
        // Names that lose their owner (arg2 empty): an application that leaves can no longer
        // hear late actions. Only departures wake the daemon, not every name that appears.
        if let slot = try? connection.addMatch(nameLeftRule, { [weak server] in server?.dispatch($0) ?? .passOn }) {
            server.slots.append(slot)
        } else {
            // Not fatal: late actions then go out even to applications that have left (nobody hears them).
            Log.info("cannot watch applications leaving the bus; late actions are sent without checking")
        }
        if replace { server.askToHandOver() }
        var request: BusConnection.NameRequest = [.allowReplacement, .queue]
        if replace { request.insert(.replaceExisting) }
        do {
            if try connection.requestName(name, request) {
                server.ownsName = true
                server.hasServed = true
                Log.info("serving \(name) on the session bus")
                server.closeCrashed()
            } else {
                let holder = server.holder()
                let advice = holder.command == HolderName.xtoast
                    ? "Start this one with --replace (or stop that xtoast) to make it the desktop's notifier now"
                    : "Stop \(holder.command.map(Log.quoted) ?? "that server") to make xtoast the desktop's notifier now"
                Log.info("\(name) is held by \(holder.description); xtoast waits in the bus's queue for it and serves its socket "
                         + "meanwhile. \(advice); run xtoast doctor to see why")
            }
        } catch {
            Log.info("cannot own \(name) (\(error.description)); the socket still serves")
            return nil
        }
        if let gtk {
            let gtkBus = GtkNotificationBus(bus: connection, server: gtk, now: now, wallNow: wallNow)
            if gtkBus.start(request) { server.gtk = gtkBus }
        }
        if let portal {
            let portalBus = PortalNotificationBus(bus: connection, server: portal, now: now, wallNow: wallNow)
            if portalBus.start(request) { server.portal = portalBus }
        }
        return server
    }

    /// Exports the interfaces on the object (dunst's when the daemon offers it) and follows
    /// the bus's `NameLost` and `NameAcquired` (the rules name the bus as the sender;
    /// `dispatch` checks it again on each message).
    private func register(on connection: BusConnection) throws(BusError) {
        let handlers = BusInterface.Handlers(method: { [weak self] in self?.dispatch($0) ?? .passOn },
                                             get: { [weak self] name, reply in try self?.readProperty(name, reply) })
        slots.append(try connection.export(NotificationInterfaces.notifications, at: Self.path, handlers))
        slots.append(try connection.export(NotificationInterfaces.daemon, at: Self.path, handlers))
        if let dunst {
            slots.append(try connection.export(DunstInterface.interface, at: Self.path, dunst.handlers))
        }
        for member in ["NameLost", "NameAcquired"] {
            slots.append(try connection.matchSignal(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                    interface: "org.freedesktop.DBus", member: member) { [weak self] in
                self?.dispatch($0) ?? .passOn
            })
        }
    }

    /// Asks the running server, if it is an xtoast, to end its D-Bus toasts while it still
    /// owns the name, so their clients hear `NotificationClosed` from the owner they listen
    /// to (libnotify ignores signals from anyone else): `HandOverChallenge` answers a nonce
    /// and that server's socket, and the nonce goes back over the socket (`proveHandOver`),
    /// where that server checks that this very process wrote it. Any answer will do: dunst
    /// (or an xtoast older than the challenge) answers `UnknownMethod`, no server at all
    /// `ServiceUnknown`, and the name is taken anyway. Never starts a server by D-Bus
    /// activation.
    private func askToHandOver() {
        guard let bus, let call = try? bus.methodCall(destination: Self.name, path: Self.path, interface: Self.daemonInterface,
                                                      member: "HandOverChallenge"),
              (try? call.setAutoStart(false)) != nil,
              let answer = try? bus.call(call, timeout: Self.handOverTimeout),
              let nonce = try? readString(answer), let path = try? readString(answer) else { return }
        if proveHandOver?(nonce, path) != true {
            Log.info("the running server did not hand over \(Self.name); taking the name anyway")
        }
    }

    /// The process that owns the name, for the log: its command name (`/proc/PID/comm`) and pid.
    private func holder() -> HolderName {
        guard let pid = bus?.credentials(ofName: Self.name)?.pid else { return HolderName(command: nil, pid: nil) }
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

    /// The connection's socket.
    public var fd: Int32 { bus?.fd ?? -1 }

    /// What to poll for.
    public var events: Int16 { bus?.events ?? 0 }

    /// When sd-bus wants `process` called even without input, in seconds on CLOCK_MONOTONIC
    /// (the daemon's clock); nil for never. 0 means messages already wait.
    public var deadline: Double? { bus?.deadline }

    public var isConnected: Bool { bus != nil }

    /// Handles waiting messages, at most `messagesPerTurn` and `TurnBudget.seconds`, ending
    /// early at `frame` (the next animation frame's deadline; at least one message is handled).
    /// A lost connection is logged, closed and marked `isLost`.
    public func process(frame: Double? = nil) {
        Log.windowEnd(of: &callLines, now: now())
        let budget = TurnBudget(clock: now, frame: frame)
        for i in 0..<Self.messagesPerTurn where i == 0 || !budget.isSpent {
            guard let bus else { return }
            do {
                guard try bus.process() else { return }
            } catch {
                Log.info("lost the session bus (\(error.description))")
                isLost = true
                close()
                return
            }
        }
    }

    /// Sends what is queued and closes the connection (at shutdown, after the last
    /// `NotificationClosed`).
    public func close() {
        gtk?.close()
        gtk = nil
        portal?.close()
        portal = nil
        slots = []
        bus?.close()
        bus = nil
    }

    // MARK: Signals

    /// Tells an application what the user chose on its `org.gtk.Notifications` notification.
    public func emitGtk(_ delivery: BoardChanges.Delivery) { gtk?.emit(delivery) }

    /// Tells an application (or the portal, for it) what the user chose on its portal notification.
    public func emitPortal(_ delivery: BoardChanges.Delivery) { portal?.emit(delivery) }

    /// Emits the signals a board event becomes, if any, in order.
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

    /// `destination`: a unicast signal to that unique name.
    private func emit(_ signal: NotificationMapping.Signal, for event: ToastEvent, to destination: String? = nil) {
        guard let bus else { return }
        let member: String
        switch signal {
        case .notificationClosed: member = "NotificationClosed"
        case .actionInvoked: member = "ActionInvoked"
        case .activationToken: member = "ActivationToken"
        case .notificationReplied: member = "NotificationReplied"
        }
        do {
            let message = try bus.signal(path: Self.path, interface: Self.name, member: member)
            switch signal {
            case let .notificationClosed(id, reason):
                try message.append(id)
                try message.append(reason)
            case let .actionInvoked(id, text), let .activationToken(id, text), let .notificationReplied(id, text):
                try message.append(id)
                try message.append(text)
            }
            if let destination { try message.setDestination(destination) }
            try bus.send(message)
        } catch {
            Log.info("could not send \(member) for toast \(event.id)")
        }
    }

    /// Tells the bus that `Inhibited` changed: `PropertiesChanged` on the object.
    public func inhibitedChanged() {
        guard let bus else { return }
        if (try? bus.emitPropertiesChanged(path: Self.path, interface: Self.name, names: ["Inhibited"])) == nil {
            Log.info("could not send PropertiesChanged for Inhibited")
        }
    }

    /// Tells the bus that dunst's `paused` or `pauseLevel` may have changed: `PropertiesChanged`
    /// on dunst's interface, for bar modules that watch it.
    public func pauseChanged() {
        guard let bus, dunst != nil else { return }
        if (try? bus.emitPropertiesChanged(path: Self.path, interface: DunstInterface.name, names: ["paused", "pauseLevel"])) == nil {
            Log.info("could not send PropertiesChanged for paused")
        }
    }

    /// `Inhibited`, for `Get`, `GetAll` and `PropertiesChanged`.
    private func readProperty(_ name: String, _ reply: BusMessage) throws {
        guard name == "Inhibited" else { throw BusError(errno: ENOENT) }
        try reply.append(notifications.inhibited)
    }

    // MARK: Method calls

    /// One method call of the notification and daemon interfaces, or one of the bus's
    /// signals from a match (whose rule names the bus as the sender; the sender is checked
    /// here too). Answers are sent here.
    private func dispatch(_ message: BusMessage) -> HandlerResult {
        let member = message.member ?? ""
        do {
            switch member {
            case "Notify":
                let arguments = try NotifyArguments.notify(message)
                let process = message.sender.flatMap { sender in senders.identity(of: sender) { SenderSandbox.process(of: message) } }
                let call = sandboxed(arguments, by: process?.sandbox)
                heldEvents = []
                let (id, notes) = notifications.notify(call, sender: message.sender, process: process, now: now(), wallNow: wallNow())
                for note in notes { Log.info("Notify from \(Log.quoted(call.appName)): \(note)", within: &callLines, now: now()) }
                let answered = message.reply { try $0.append(id) }
                let held = heldEvents ?? []
                heldEvents = nil
                for event in held { emit(event) }
                return answered
            case "CloseNotification":
                notifications.close(try message.readUInt32(), sender: message.sender, now: now())
                return message.reply()
            case "GetCapabilities":
                let capabilities = notifications.capabilities
                return message.reply { try $0.append(capabilities) }
            case "GetServerInformation":
                let info = NotificationMapping.serverInformation
                return message.reply { m in
                    for text in [info.name, info.vendor, info.version, info.specVersion] { try m.append(text) }
                }
            case "Inhibit":
                let desktopEntry = try readString(message)
                let reason = try readString(message)
                let hints = try NotifyArguments.hints(message)
                guard let sender = message.sender else { return .invalidArgs("Inhibit needs a caller on the bus") }
                switch notifications.inhibit(desktopEntry: desktopEntry, reason: reason, hints: hints, caller: sender, now: now()) {
                case let .success(cookie): return message.reply { try $0.append(cookie) }
                case let .failure(problem): return .invalidArgs(problem.message)
                }
            case "UnInhibit":
                let cookie = try message.readUInt32()
                guard notifications.uninhibit(cookie, caller: message.sender ?? "", now: now()) else {
                    return .invalidArgs("no inhibition \(cookie) of this caller")
                }
                return message.reply()
            case "HandOverChallenge":
                guard let nonce = challenge(for: caller(of: message)), let socketPath else {
                    return .error(name: BusErrorName.accessDenied,
                                  message: "only an xtoastd of the same user (started with --replace) may call HandOverChallenge")
                }
                return message.reply { m in
                    try m.append(nonce)
                    try m.append(socketPath)
                }
            case "NameLost":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                switch try readString(message) {
                case Self.name: nameLost()
                case GtkNotificationBus.name: gtk?.nameLost()
                case PortalNotificationBus.name: portal?.nameLost()
                default: break
                }
                return .passOn
            case "NameOwnerChanged":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                let name = try readString(message)
                _ = try readString(message)
                if try readString(message).isEmpty, name.hasPrefix(":") {
                    senders.forget(name)
                    notifications.nameLeft(name, now: now())
                }
                return .passOn
            case "NameAcquired":
                guard Self.isFromBus(message) else { return ignoreForged(message, member) }
                switch try readString(message) {
                case Self.name: nameAcquired()
                case GtkNotificationBus.name: gtk?.nameAcquired()
                case PortalNotificationBus.name: portal?.nameAcquired()
                default: break
                }
                return .passOn
            default:
                return .error(name: BusErrorName.unknownMethod, message: "no method \(member)")
            }
        } catch {
            Log.info("refused a malformed \(member) call (\(error.description))", within: &callLines, now: now())
            return .invalidArgs("malformed \(member) arguments")
        }
    }

    /// `call` filed under its sender's sandbox, when it has one (`NotifyCall.filed(as:)`): the
    /// verified id replaces the `desktop-entry` the call claims, and the log says so when they differ.
    private func sandboxed(_ call: NotifyCall, by identity: SandboxIdentity?) -> NotifyCall {
        guard let identity else { return call }
        if let claimed = call.hints["desktop-entry"]?.string, claimed != identity.appID {
            Log.info("Notify from \(Log.quoted(call.appName)): desktop-entry \(Log.quoted(claimed)) replaced by its sandbox's "
                     + "application id \(identity.appID)", within: &callLines, now: now())
        }
        return call.filed(as: identity)
    }

    /// The bus's signal for a name that lost its owner (a unique name: its connection closed).
    static let nameLeftRule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
        + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg2=''"

    /// Whether a signal comes from the bus itself. Only the bus sends `NameLost` and
    /// `NameAcquired`, but any client can send a signal of that name straight to this
    /// connection; the bus stamps every message with its true sender, which no client can forge.
    private static func isFromBus(_ message: BusMessage) -> Bool {
        message.isSignal(interface: "org.freedesktop.DBus") && message.sender == "org.freedesktop.DBus"
    }

    private func ignoreForged(_ message: BusMessage, _ member: String) -> HandlerResult {
        let sender = message.sender ?? "an unknown sender"
        Log.info("ignored a \(member) signal from \(Log.quoted(sender)): only the bus itself sends it", within: &callLines, now: now())
        return .passOn
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
    /// connected; the executable from /proc).
    private func caller(of message: BusMessage) -> (pid: pid_t, identity: PeerIdentity)? {
        guard let credentials = message.senderCredentials(), let pid = credentials.pid, let uid = credentials.uid else { return nil }
        return PeerProcess.executable(pid: pid).map { (pid, PeerIdentity(uid: uid, executable: $0)) }
    }
}
