#if canImport(Glibc)
import Glibc
#endif
import Accessibility
import Bus
import DaemonLog
import Operations
import Sound
import ToastCore
import Transport

/// The daemon: one thread, one `poll()` over what its parts register in its `WakeRegistry`
/// (the screen's connection, the socket, its clients, a signalfd, the frame timer, the
/// session bus, the accessibility bus, the image decoder's wake pipe, the rule scripts'
/// output, and every deadline: a toast's timeout, a partial line's, the bus's, quiet's).
/// It sleeps until one of them is ready or due; with nothing to do it never wakes. It
/// holds wiring only: what it does is `ToastService`'s.
public final class ToastDaemon {
    private let service: ToastService
    /// What the loop asks of the screen itself: its readiness, flushing, errors, its end.
    private let screen: any ScreenInput
    /// The socket clients connect to, with its lock, its path and who holds it.
    private var socket: ListeningSocket
    private let clients: Clients
    /// Serves each client its bounded share of a turn.
    private let turns: ClientTurns
    /// The freedesktop notification server; nil with `--no-dbus` or without a session bus.
    /// While another server holds the name it waits in the bus's queue; should the bus it was
    /// started on go away, the daemon shuts down.
    private var bus: NotificationBus?
    /// xtoast as an AT-SPI application: watches for the accessibility bus and publishes the
    /// cards there while it runs (nil with `--no-dbus` or without a session bus).
    private var accessibility: AccessibilityBus?
    /// What wakes the loop, by name: every descriptor and deadline of the daemon's parts.
    private let wakes = WakeRegistry()
    private let clock = DaemonClock()
    /// The code the process ends with, once the loop is to end; nil while it runs.
    private var exitCode: Int32?
    /// After a granted `handover`, until when the successor may take the socket and its lock
    /// (`awaitSuccessor`); nil otherwise.
    private var successorDue: Double?

    public struct StartError: Error { public let message: String }

    /// How the daemon meets the session bus: `--no-dbus` skips it, `--replace` takes the
    /// notification name from a server that allows that (a previous xtoast), and the socket
    /// from the daemon running on it (`SocketTakeOver`).
    public struct BusOptions: Sendable {
        public var enabled = true
        public var replace = false
        public init(arguments: [String]) {
            enabled = !arguments.contains("--no-dbus")
            replace = arguments.contains("--replace")
        }
    }

    /// `children` is the process table the output spawns its helpers into (the daemon reaps
    /// them all on SIGCHLD, and runs the rules' scripts in it too).
    public init(output: any Output, configPath: String?, busOptions: BusOptions = BusOptions(arguments: []),
                children: ChildProcesses = ChildProcesses()) throws(StartError) {
        screen = output
        let resolved = SocketPath.resolve(override: Environment.get("XTOAST_SOCKET"), runtimeDir: Environment.get("XDG_RUNTIME_DIR"),
                                          display: output.facts.displayName, uid: getuid())
        do {
            socket = busOptions.replace ? try SocketTakeOver.open(resolved) : try ListeningSocket.open(resolved)
        } catch {
            throw StartError(message: error.message)
        }
        let config = ConfigFile.load(configPath).config
        let desktopScale = { (config: Config) in Scale.resolve(configured: config.scale, resourceManager: output.facts.desktopResources) }
        guard output.setFont(config.fontFace, pixelSize: config.fontSize * 96 / 72 * desktopScale(config)) else {
            unlink(resolved.path)
            throw StartError(message: "no usable font for \(config.fontFace.description); install fonts-dejavu-core")
        }
        // Before any thread starts (the sound player's): threads inherit the blocked signals,
        // so SIGTERM and SIGCHLD reach only the signalfd, never a default action elsewhere.
        let signals: Int32
        do { signals = try SignalFD.open() } catch { throw StartError(message: error.message) }
        clients = Clients()
        clients.now = { [clock] in clock.now() }
        let router = EventRouter(clients: clients)
        let clock = clock
        let programs = Programs(children: children, scriptTimeout: { config.scriptTimeout }, clock: { clock.now() })
        let scripts = programs.scripts, userActions = programs.userActions
        // Each matching rule's script runs once the admission step has decided.
        let service = ToastService(config: config, output: output, sink: router,
                               loadConfig: { ConfigFile.load(configPath, keeping: $0) }, desktopScale: desktopScale,
                               runScript: { script, environment in scripts.run(script, environment: environment, now: clock.now()) },
                               runForUser: { program, environment in userActions.run(program, environment: environment, now: clock.now()) },
                               sound: CanberraPlayer(),
                               wallClock: { now in clock.wallNow() - (clock.now() - now) }, zone: SystemZone.local)
        self.service = service
        clients.beforeWriting = { [unowned service] in service.writeHeldHistory() }
        router.beforeSending = { [unowned service] in service.writeHeldHistory() }
        turns = ClientTurns(service: service, clients: clients, flushScreen: { output.flush() }, clock: { clock.now() },
                            wallNow: { clock.wallNow() })
        scripts.timeout = { [unowned service] in service.board.config.scriptTimeout }
        // GSettings, read in child processes at start and at each reload, speak for a desktop
        // with no XSETTINGS manager.
        programs.gsettings.done = { [unowned service] settings in service.gsettingsRead(settings, now: clock.now()) }
        service.readGSettings = { programs.gsettings.start(now: clock.now()) }
        service.readGSettings()
        // A file size limit (`ulimit -f`) reached by the history file fails that write (EFBIG,
        // which stops the saving) rather than killing the daemon.
        signal(SIGXFSZ, SIG_IGN)
        // After the socket's lock: a daemon refused for its display never touches the history.
        let historyPath = HistoryFile.path(xdgStateHome: Environment.get("XDG_STATE_HOME"), home: Environment.get("HOME"))
        service.keepHistory(in: HistoryStore(path: historyPath, wallNow: { clock.wallNow() }), now: clock.now())
        if let quietPath = QuietStore.path(xdgStateHome: Environment.get("XDG_STATE_HOME"), home: Environment.get("HOME")) {
            service.keepQuiet(in: QuietStore(path: quietPath), now: clock.now())
        }
        service.configPath = configPath
        if let snoozePath = SnoozeStore.path(xdgStateHome: Environment.get("XDG_STATE_HOME"), home: Environment.get("HOME")) {
            service.keepSnoozes(in: SnoozeStore(path: snoozePath), now: clock.now())
        }
        let frames: FrameTimer
        do { frames = try FrameTimer() } catch { throw StartError(message: error.message) }
        // Weak: the output (and its connection) can outlive the daemon, and a connection that
        // breaks then (closing it after the server died) has no one left to tell.
        output.onConnectionLost { [weak self] in self?.connectionLost() }
        turns.drop = { [unowned self] in self.drop($0) }
        turns.handOver = { [unowned self] in self.handOverReply(to: $0) }
        turns.busHandOver = { [unowned self] in self.busHandOverReply(to: $0, nonce: $1) }
        turns.nextFrame = { [unowned self] in self.service.nextFrame }
        if busOptions.enabled {
            let clock = clock
            let desktopEntries = DesktopEntryIndex(directories: DesktopEntry.directories(IconEnvironment(variable: Environment.get)))
            desktopEntries.start()
            service.onReload = { desktopEntries.refresh() }
            let notifications = DesktopNotifications(service: service, readDesktopEntry: desktopEntries.entry)
            // Read at start: GLib asks whether the name has an owner once per process.
            // One private folder where the gtk and portal toasts' icon bytes become files.
            let spool = MediaSpool(runtimeDir: Environment.get("XDG_RUNTIME_DIR"))
            let gtk = config.gtkNotifications
                ? GtkNotifications(service: service, readDesktopEntry: desktopEntries.entry,
                                   runForUser: { program, environment in userActions.run(program, environment: environment, now: clock.now()) },
                                   spool: spool)
                : nil
            let portal = PortalNotifications(service: service, readDesktopEntry: desktopEntries.entry,
                                             runForUser: { program, environment in userActions.run(program, environment: environment, now: clock.now()) },
                                             spool: spool)
            bus = NotificationBus.connect(notifications, dunst: DunstCommands(service: service), gtk: gtk, portal: portal,
                                          replace: busOptions.replace,
                                          socketPath: socket.path, proveHandOver: { BusHandOverProof.send(nonce: $0, to: $1, clock: clock) },
                                          now: { clock.now() }, wallNow: { clock.wallNow() })
            router.bus = { [weak self] delivery in self?.bus?.emit(delivery) }
            router.gtk = { [weak self] delivery in self?.bus?.emitGtk(delivery) }
            router.portal = { [weak self] delivery in self?.bus?.emitPortal(delivery) }
            service.onInhibitedChanged = { [weak self] _ in self?.bus?.inhibitedChanged() }
            service.onPauseLevelChanged = { [weak self] _ in self?.bus?.pauseChanged() }
            accessibility = AccessibilityBus.watch(host: AccessibleCards(service: service, now: { clock.now() }), now: { clock.now() })
        }
        register(signals: signals, frames: frames, programs: programs)
        // Under systemd (Type=notify): ready once the socket listens.
        _ = ServiceNotify.ready()
        Log.info("listening at \(socket.path) on display \(output.facts.displayName) (\(output.hasAlpha ? "compositor: ARGB" : "no compositor: XShape"), scale \(desktopScale(config)), \(Int((1 / service.stage.frameInterval).rounded())) Hz; \(output.facts.description))")
    }

    /// Registers what the loop's own parts wake for; the service registers its concerns'
    /// deadlines itself (`registerDeadlines`). Registered in the order a wake serves them.
    private func register(signals: Int32, frames: FrameTimer, programs: Programs) {
        let screen = screen, service = service, clients = clients
        // While a flood's reads rest, only the connection's end wakes the loop; work done off
        // the loop (an image decoded) is taken by the next turn, through the screen's input.
        wakes.register("screen", due: { screen.readiness.readDue }, watching: {
            let readiness = screen.readiness
            return [.init(fd: readiness.connection, events: readiness.readsConnection ? Int16(POLLIN) : 0)]
                + (readiness.wake >= 0 ? [.init(fd: readiness.wake)] : [])
        }) { [unowned self] wake in
            guard let connection = wake.ready.first, Int32(connection) & (POLLHUP | POLLERR | POLLNVAL) != 0 else { return }
            Log.info("the X server connection was lost; shutting down")
            stop(code: 1)
        }
        wakes.register("listener", watching: { [unowned self] in [.init(fd: socket.pollDescriptor)] }) { [unowned self] _ in
            acceptClients()
        }
        wakes.register("signals", watching: { [.init(fd: signals)] }) { [unowned self] wake in
            handleSignals(from: signals, programs: programs, now: wake.now)
        }
        // Each frame's deadline on a timer to the nanosecond (poll's timeout has whole
        // milliseconds only, which put frames 17 ms apart instead of 16.7); poll's timeout
        // only should the timer fail. The frame itself is drawn by the next turn.
        wakes.register("frames", first: true, due: { frames.deadline == nil ? service.nextFrame : nil }, watching: {
            Self.arm(frames, at: service.nextFrame)
            return [.init(fd: frames.fileDescriptor)]
        }) { wake in
            if wake.isReady { frames.clear() }
        }
        // A rule script or a user's program has printed (or closed its output), or overrun its time.
        wakes.register("programs", due: { programs.nextDeadline }, watching: { programs.descriptors.map { .init(fd: $0) } }) { wake in
            programs.killOverdue(now: wake.now)
            if wake.isReady { programs.readOutput() }
        }
        // sd-bus wants processing at its deadline too (0 while messages wait unread).
        wakes.register("bus", due: { [unowned self] in bus?.deadline }, watching: { [unowned self] in
            guard let bus, bus.isConnected else { return [] }
            return [.init(fd: bus.fd, events: bus.events)]
        }) { [unowned self] _ in
            bus?.process(frame: service.nextFrame)
        }
        // The session bus's news of the accessibility bus, or the accessibility bus itself.
        wakes.register("accessibility", due: { [unowned self] in accessibility?.deadline }, watching: { [unowned self] in
            (accessibility?.descriptors ?? []).map { .init(fd: $0.0, events: $0.1) }
        }) { [unowned self] _ in
            accessibility?.process()
        }
        service.registerDeadlines(in: wakes)
        // A client cut short by its time last turn is served again at once, ready or not; a
        // partial line's timeout and a stalled client's shedding come due too.
        var polledClients: [Connection] = []
        wakes.register("clients", due: {
            if clients.anyCutShort { return 0 }
            let partial = clients.connections.values.compactMap(\.partialSince).min().map { $0 + Connection.partialLineTimeout }
            return [partial, clients.nextShedDeadline].compactMap { $0 }.min()
        }, watching: {
            polledClients = Array(clients.connections.values)
            // Requests waiting for their answer are answered when the socket can take more.
            return polledClients.map { c in
                .init(fd: c.fd, events: (c.wantsToRead ? Int16(POLLIN) : 0) | (c.wantsToWrite || c.canAnswer ? Int16(POLLOUT) : 0))
            }
        }) { [unowned self] wake in
            for (c, revents) in zip(polledClients, wake.ready) { serve(c, ready: Int32(revents), now: wake.now) }
        }
    }

    /// Runs until a signal (or the screen's connection is lost); returns the exit code.
    public func run() -> Int32 {
        // Start-up (fonts, the configuration) leaves freed memory behind: hand it back now.
        ProcessMemory.trim()
        var hadCards = false
        while exitCode == nil {
            turn()
            // The screen has just emptied, or a client's large queue was freed: give it back.
            if (hadCards && service.stage.isEmpty) || clients.takeTrimDue() { ProcessMemory.trim() }
            hadCards = !service.stage.isEmpty
            // While the screen holds input already read, the loop does not sleep.
            if wakes.wait(now: clock.now(), busy: service.hasInputWaiting) < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                Log.info("poll failed: \(String(cString: strerror(errno))); shutting down")
                stop(code: 1)
                break
            }
            // A due frame is drawn before anyone is served (`WakeRegistry.dispatch`).
            guard wakes.dispatch(now: clock.now()) else { continue }
            // Past its bound, or edited, the history file is rewritten once the turn's replies are out.
            service.writeHistory(now: clock.now())
            if service.handingOver { awaitSuccessor() }
            // The session bus the daemon was started on went away (the session is ending): a
            // bus-activated daemon would otherwise live on, reachable only through its socket.
            if bus?.isLost == true {
                Log.info("the session bus is gone; shutting down")
                stop(code: 1)
            }
        }
        let code = exitCode ?? 0
        shutdown()
        // From here the process only ends: should the connection break now (the server dying
        // with the session while what is left is released), end with the loop's own code
        // rather than Xlib's 1.
        screen.onConnectionLost { exit(code) }
        return code
    }

    /// Ends the loop after this wake; the process ends with 1 if any reason given in it was
    /// a failure (the screen or the bus lost as a signal came), else 0.
    private func stop(code: Int32) {
        exitCode = max(exitCode ?? 0, code)
    }

    /// A client's descriptor after `poll()`: gone for good (both directions closed), or
    /// readable, or writable; cut short by its time last turn, it is served again, ready or
    /// not (a client blocked writing its requests reads nothing until they are answered).
    private func serve(_ c: Connection, ready revents: Int32, now: Double) {
        guard revents != 0 else {
            if c.cutShort, clients.connections[c.owner] === c { turns.serve(c, now: now) }
            return
        }
        if revents & (POLLHUP | POLLERR | POLLNVAL) != 0 && !(revents & POLLIN != 0 && c.wantsToRead) {
            drop(c)
        } else if revents & POLLIN != 0 {
            turns.serve(c, now: now)
        } else if !c.flush(now: now) {
            drop(c)
        } else if c.canAnswer || c.cutShort {
            turns.serve(c, now: now)
        }
    }

    /// The work that does not wait: a due frame, one bounded batch of screen input (by count
    /// and time as it is read, and by `TurnBudget` as it is handled), due timeouts and
    /// frames, then output (`ToastService.takeTurn`). Input left over
    /// (a flood, or what handling made the screen read into a buffer `poll()` cannot see)
    /// waits for the next turn, after the sockets and the bus are served: the loop does not
    /// sleep while it waits.
    private func turn() {
        service.takeTurn(budget: TurnBudget(clock: { [clock] in clock.now() }), now: { [clock] in clock.now() })
        screen.flush()
        // What the turn changed, told to a screen reader (nothing is built without one).
        accessibility?.publish()
        for error in screen.takeErrors() {
            service.logRoom.info(\.screenErrors, "screen: \(error)", now: clock.now())
        }
        // What the log left out in a window that is over is counted now (`LogRoom`).
        service.logRoom.windowsEnded(now: clock.now())
        expirePartialLines(clock.now())
        clients.shedStalled(now: clock.now())
        for gone in clients.flush() { drop(gone) }
        // `center open` is answered once the panel has the keyboard, or has closed without it.
        for c in clients.connections.values where c.awaitsKeyboard && !service.center.isAwaitingKeyboard {
            c.awaitsKeyboard = false
            c.send(reply: (service.center.isOpen ? Reply.ok(id: nil, extra: [("open", .bool(true))])
                : .error("the centre could not take the keyboard: another client holds it")).json)
            turns.serve(c, now: clock.now())
        }
        // Large replies that waited for the clients' total to come under its bound.
        for c in clients.connections.values where c.waitsForRoom && !clients.isOverTotal {
            c.waitsForRoom = false
            turns.serve(c, now: clock.now())
        }
    }

    /// Points the frame timer at the stage's next frame (it stays on the stage's grid), or
    /// stops it while nothing moves.
    private static func arm(_ frames: FrameTimer, at next: Double?) {
        guard next != frames.deadline else { return }
        guard let next else { return frames.disarm() }
        do { try frames.arm(at: next) } catch { Log.info("\(error); frames fall back to poll's timeout") }
    }

    /// Accepts waiting connections within one turn's bound (`Acceptor`); when no descriptor
    /// is left, the listener is left alone until a client goes.
    private func acceptClients() {
        let outcome = Acceptor.acceptTurn(from: socket.socket, into: clients, now: { [clock] in clock.now() },
                                          log: { service.logRoom.info(\.clients, $0, now: clock.now()) })
        if outcome == .outOfDescriptors {
            socket.acceptPaused = true
        }
    }

    /// A granted hand-over ends nothing until the successor holds the socket and its lock:
    /// first both are let go, then each turn (every `SocketTakeOver.lockRetryMilliseconds`)
    /// looks whether it has taken them; then every toast ends (`replaced`) and the loop ends.
    /// A successor that has not come within `SocketTakeOver.patience` (it failed, or was never
    /// one) finds this daemon serving on, the socket and lock taken back.
    private func awaitSuccessor() {
        let now = clock.now()
        guard let due = successorDue else {
            Log.info("a new xtoastd asked for this display: letting go of the socket for it, serving on until it has taken it")
            socket.letGo()
            successorDue = now + SocketTakeOver.patience
            wakes.setDeadline(Self.successorLook, at: now + Double(SocketTakeOver.lockRetryMilliseconds) / 1000)
            return
        }
        if socket.successorHasTaken() {
            Log.info("a new xtoastd asked for this display and has taken the socket: ending every toast (replaced) and handing over")
            stop(code: 0)
        } else if now >= due {
            successorDue = nil
            wakes.setDeadline(Self.successorLook, at: nil)
            do throws(ListeningSocket.StartError) {
                // The same path, given as an override: its directory already stands.
                socket = try ListeningSocket.open(SocketPath.resolve(override: socket.path, runtimeDir: nil, display: nil, uid: getuid()))
                service.handOverFailed()
                Log.info("the new xtoastd did not take the socket within \(Int(SocketTakeOver.patience)) s; serving on")
            } catch {
                Log.info("the new xtoastd did not take the socket, and it cannot be taken back (\(error.message)); handing over")
                stop(code: 0)
            }
        } else {
            wakes.setDeadline(Self.successorLook, at: now + Double(SocketTakeOver.lockRetryMilliseconds) / 1000)
        }
    }

    /// The deadline, set by name, at which the loop looks again whether the successor has
    /// taken the socket.
    private static let successorLook = "successor"

    /// A client's `handover`: granted only to this daemon's own executable, run by its user,
    /// when the process that connected is unchanged since it was accepted (the same process,
    /// not exec'd since) and wrote every byte the daemon read from it: a program that
    /// connects, forks, and execs `xtoastd` while its child asks is refused.
    private func handOverReply(to connection: Connection) -> Reply {
        let caller = connection.peer.flatMap { pin in
            pin.isUnchanged && !connection.heardAnotherWriter ? PeerIdentity(uid: pin.uid, executable: pin.executable) : nil
        }
        return service.handOverRequest(from: caller, own: socket.holder)
    }

    /// A client's `bushandover`: the proof that the process the bus named when it asked for a
    /// challenge is this connection's, which that process made and alone wrote on, and runs
    /// this daemon's executable. Granted by the bus, which then ends its D-Bus toasts; the
    /// daemon itself goes on serving its socket.
    private func busHandOverReply(to connection: Connection, nonce: String) -> Reply {
        guard let bus else { return .error("this daemon does not serve the session bus") }
        guard let pin = connection.peer, pin.isUnchanged, !connection.heardAnotherWriter,
              PeerIdentity(uid: pin.uid, executable: pin.executable).mayTakeOver(from: socket.holder),
              bus.grantHandOver(nonce: nonce, pid: pin.pid, caller: PeerIdentity(uid: pin.uid, executable: pin.executable)) else {
            return .error("bushandover is only for xtoastd --replace (the process that asked on the bus, with its nonce)")
        }
        return .ok(id: nil)
    }

    /// Drops clients whose partial line has waited too long for its newline, telling them why.
    private func expirePartialLines(_ now: Double) {
        for c in clients.connections.values {
            guard let since = c.partialSince, now - since >= Connection.partialLineTimeout else { continue }
            c.send(reply: Reply.error("an incomplete request line waited \(Int(Connection.partialLineTimeout)) s for its newline").json)
            _ = c.flush(now: now)
            drop(c)
        }
    }

    private func drop(_ connection: Connection) {
        if let reason = connection.dropReason {
            let waited = connection.stalledSince.map { " for \(Double(Int(((clock.now() - $0) * 10).rounded())) / 10) s" } ?? ""
            service.logRoom.info(\.clients, "dropped a client (\(connection.peakWaiting >> 10) KiB waited\(waited)): \(reason)", now: clock.now())
        }
        service.forget(connection.owner, now: clock.now())
        clients.remove(connection)
        socket.acceptPaused = false
    }

    private func handleSignals(from signals: Int32, programs: Programs, now: Double) {
        for signal in SignalFD.read(signals) {
            switch signal {
            case SIGHUP: _ = service.reload(now: now)
            // Whoever a child was started by, its end goes to its own `onEnd`.
            case SIGCHLD: programs.reap()
            default:
                Log.info("signal \(signal): shutting down")
                stop(code: 0)
            }
        }
    }

    /// The X server went away (called from inside Xlib): every owner, subscriber and
    /// `--wait` client hears `dismissed shutdown`, the socket goes, and the process exits 1.
    private func connectionLost() {
        Log.info("lost the connection to the X server; shutting down")
        service.abandonScreen(now: clock.now())
        accessibility?.close()
        bus?.close()
        socket.stopListening()
        drainClients()
        exit(1)
    }

    /// Every toast ends with reason `shutdown` and its owner hears it; slow readers get a
    /// moment to take their last events.
    private func shutdown() {
        service.shutdown(now: clock.now())
        accessibility?.publish()
        accessibility?.close()
        bus?.close()
        screen.flush()
        socket.stopListening()
        drainClients()
        // Last: the daemon taking over waits for the lock, and then finds all the rest free.
        // Its connection closes only as this process ends, after this.
        if service.handingOver { socket.releaseLock() }
    }

    /// Gives slow readers half a second to take what is queued for them.
    private func drainClients() {
        let deadline = clock.now() + 0.5
        let slow = clients.connections.values.filter(\.wantsToWrite).count
        if slow > 0 { Log.info("giving \(slow) client\(slow == 1 ? "" : "s") up to 0.5 s to read their last events") }
        while clients.anyWaitingToWrite, clock.now() < deadline {
            for gone in clients.flush() { drop(gone) }
            var fds = clients.connections.values.filter(\.wantsToWrite).map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
        }
    }
}

/// Ends the daemon when it cannot go on (the screen has no font left to draw with): one line
/// in the daemon's log, exit code 1. For the layers below, which report and leave the decision here.
public func stopDaemon(_ reason: String) -> Never {
    Log.info("\(reason); stopping")
    exit(1)
}

/// Starts the daemon on `output` and runs it until a signal; returns the process exit code.
/// Exits 1 with one line on stderr when a live daemon holds the socket.
/// `children` is the process table `output` spawns its helpers into.
public func runDaemon(output: any Output, arguments: [String] = [], children: ChildProcesses = ChildProcesses()) -> Int32 {
    do {
        return try ToastDaemon(output: output, configPath: ConfigFile.defaultPath(),
                               busOptions: ToastDaemon.BusOptions(arguments: arguments), children: children).run()
    } catch {
        Log.info(error.message)
        return 1
    }
}
