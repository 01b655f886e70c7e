#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// The daemon: one thread, one `poll()` over the screen's connection, the socket, its
/// clients, a signalfd and the frame timer. It sleeps until one of them is ready or the next
/// deadline (a toast's timeout, or the next frame while something moves); with nothing to do
/// it never wakes. It holds wiring only: what it does is `ToastService`'s.
public final class ToastDaemon {
    private let service: ToastService
    private let output: any Output
    private let listener: UnixSocket
    private let socketPath: String
    private let clients: Clients
    private let signals: Int32
    /// Fires on each animation frame's deadline, to the nanosecond (poll's timeout has whole
    /// milliseconds only, which put frames 17 ms apart instead of 16.7).
    private let frames: FrameTimer
    private let clock = DaemonClock()
    private var running = true

    public struct StartError: Error { public let message: String }

    public init(output: any Output, configPath: String?) throws(StartError) {
        self.output = output
        let resolved = SocketPath.resolve(override: Environment.get("XTOAST_SOCKET"), runtimeDir: Environment.get("XDG_RUNTIME_DIR"),
                                          display: output.displayName, uid: getuid())
        do {
            listener = try Listener.open(resolved)
        } catch {
            throw StartError(message: error.message)
        }
        socketPath = resolved.path
        let config = ConfigFile.load(configPath, base: .default).config
        let desktopScale = { (config: Config) in Scale.resolve(configured: config.scale, resourceManager: output.desktopResources) }
        guard output.setFont(family: config.font, pixelSize: config.fontSize * 96 / 72 * desktopScale(config)) else {
            unlink(resolved.path)
            throw StartError(message: "no usable font for \"\(config.font)\"; install fonts-dejavu-core")
        }
        clients = Clients()
        service = ToastService(config: config, output: output, sink: clients,
                               loadConfig: { ConfigFile.load(configPath, base: $0) }, desktopScale: desktopScale)
        do { signals = try SignalFD.open() } catch { throw StartError(message: error.message) }
        do { frames = try FrameTimer() } catch { throw StartError(message: error.message) }
        // Under systemd (Type=notify): ready once the socket listens.
        _ = ServiceNotify.ready()
        Log.info("listening at \(socketPath) on display \(output.displayName) (\(output.hasAlpha ? "compositor: ARGB" : "no compositor: XShape"), scale \(desktopScale(config)), \(Int((1 / service.stage.frameInterval).rounded())) Hz; \(output.screenDescription))")
    }

    /// What the loop waits on, named rather than found by index.
    private enum Source {
        case screen, listener, signals, frames
        case client(Connection)
    }

    /// Runs until a signal (or the screen's connection is lost); returns the exit code.
    public func run() -> Int32 {
        var code: Int32 = 0
        while running {
            turn()
            armFrameTimer()
            var sources: [(Source, pollfd)] = [
                (.screen, pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)),
                (.listener, pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)),
                (.signals, pollfd(fd: signals, events: Int16(POLLIN), revents: 0)),
                (.frames, pollfd(fd: frames.fileDescriptor, events: Int16(POLLIN), revents: 0)),
            ]
            for c in clients.connections.values {
                sources.append((.client(c), pollfd(fd: c.fd, events: Int16(POLLIN) | (c.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0)))
            }
            var fds = sources.map(\.1)
            let ready = poll(&fds, nfds_t(fds.count), pollTimeout(clock.now()))
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                Log.info("poll failed: \(String(cString: strerror(errno))); shutting down")
                code = 1
                break
            }
            let now = clock.now()
            for (i, (source, _)) in sources.enumerated() where fds[i].revents != 0 {
                let revents = Int32(fds[i].revents)
                switch source {
                case .screen:
                    if revents & (POLLHUP | POLLERR | POLLNVAL) != 0 {
                        Log.info("the X server connection was lost; shutting down")
                        running = false
                        code = 1
                    }
                case .listener: acceptClients()
                case .signals: handleSignals(now)
                case .frames: frames.clear()  // the frame itself is drawn by the next turn()
                case let .client(c): serve(c, now: now)
                }
            }
        }
        shutdown()
        return code
    }

    /// The work that does not wait: input, due timeouts and frames, then output. Handling
    /// input can make the screen read more of it into a buffer that `poll()` cannot see, so
    /// this repeats until no input is left.
    private func turn() {
        var input = output.takeInput()
        repeat {
            for event in input { service.handle(event, now: clock.now()) }
            service.advance(now: clock.now())
            output.flush()
            input = output.takeInput()
        } while !input.isEmpty
        for error in output.takeErrors() { Log.info("X error: \(error)") }
        for gone in clients.flush() { drop(gone) }
    }

    /// Points the frame timer at the stage's next frame (it stays on the stage's grid), or
    /// stops it while nothing moves.
    private func armFrameTimer() {
        let next = service.stage.nextFrame
        guard next != frames.deadline else { return }
        guard let next else { return frames.disarm() }
        do { try frames.arm(at: next) } catch { Log.info("\(error); frames fall back to poll's timeout") }
    }

    /// Milliseconds until the next toast timeout (or frame, should the frame timer have
    /// failed), rounded up so a deadline is never slept short and spun on; -1 sleeps until input.
    private func pollTimeout(_ now: Double) -> Int32 {
        let frameFallback = frames.deadline == nil ? service.stage.nextFrame : nil
        guard let next = [service.nextTimeout, frameFallback].compactMap({ $0 }).min() else { return -1 }
        return Int32(min(86_400_000, (max(0, next - now) * 1000).rounded(.up)))
    }

    private func acceptClients() {
        while let socket = listener.accept() {
            if let uid = socket.peerUID, uid != getuid() {
                Log.info("refused a connection from uid \(uid)")
                socket.close()
                continue
            }
            _ = clients.add(socket)
        }
    }

    /// Reads what a client sent and answers each complete line, in order: the reply first,
    /// then the events the request caused.
    private func serve(_ connection: Connection, now: Double) {
        while true {
            switch connection.socket.read() {
            case let .data(bytes):
                for line in connection.lines.append(bytes) {
                    switch line {
                    case .tooLong:
                        connection.send(Reply.error("request line is longer than \(ProtocolLimits.maxLineBytes) bytes").json)
                    case let .line(bytes):
                        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                        clients.reply(to: connection) {
                            switch Request.decode(line: bytes) {
                            case let .success(request):
                                service.handle(request, from: connection.owner, now: now, wallNow: clock.wallNow())
                            case let .failure(error): .error(error.message)
                            }
                        }
                    }
                    if connection.isOverflowing { drop(connection); return }
                }
                // Paint and flush in the same turn the request was read.
                output.flush()
            case .wouldBlock:
                if !connection.flush() { drop(connection) }
                return
            case .closed:
                drop(connection)
                return
            }
        }
    }

    private func drop(_ connection: Connection) {
        service.forget(connection.owner)
        clients.remove(connection)
    }

    private func handleSignals(_ now: Double) {
        for signal in SignalFD.read(signals) {
            switch signal {
            case SIGHUP: _ = service.reload(now: now)
            default:
                Log.info("signal \(signal): shutting down")
                running = false
            }
        }
    }

    /// Every toast ends with reason `shutdown` and its owner hears it; slow readers get a
    /// moment to take their last events.
    private func shutdown() {
        service.shutdown(now: clock.now())
        output.flush()
        let deadline = clock.now() + 0.5
        while clients.anyWaitingToWrite, clock.now() < deadline {
            for gone in clients.flush() { drop(gone) }
            var fds = clients.connections.values.filter(\.wantsToWrite).map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
        }
        unlink(socketPath)
    }
}

/// Starts the daemon on `output` and runs it until a signal; returns the process exit code.
/// Exits 1 with one line on stderr when a live daemon holds the socket.
public func runDaemon(output: any Output) -> Int32 {
    do {
        return try ToastDaemon(output: output, configPath: ConfigFile.defaultPath()).run()
    } catch {
        Log.info(error.message)
        return 1
    }
}

/// Environment variables as Swift strings.
enum Environment {
    static func get(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
