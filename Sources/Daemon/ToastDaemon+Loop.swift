#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport
import X11

/// The loop: drain X, expire, animate, flush, then sleep in `ppoll` until something is ready
/// or the next deadline. Nothing else ever wakes the daemon.
extension ToastDaemon {
    public func run() -> Int32 {
        while running {
            turn()
            let timeout = sleepTimeout(MonotonicClock.now())
            var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let clients = Array(connections.values)
            for c in clients {
                fds.append(pollfd(fd: c.fd, events: Int16(POLLIN) | (c.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            // Rounded up to whole milliseconds, so a deadline is never slept short and spun on.
            let ms = timeout.map { Int32(min(86_400_000, ($0 * 1000).rounded(.up))) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), ms)
            if ready < 0 { continue }
            let now = MonotonicClock.now()
            if fds[1].revents != 0 { acceptClients() }
            if fds[2].revents != 0 { handleSignals(now) }
            for (i, c) in clients.enumerated() where fds[3 + i].revents != 0 {
                serve(c, now: now)
            }
        }
        shutdown()
        return 0
    }

    /// One pass of work that does not wait: X events, timeouts, a due frame, then output.
    func turn() {
        var now = MonotonicClock.now()
        while display.pendingEvents > 0 { handle(display.nextInputEvent(), now: now) }
        expireToasts(now)
        now = MonotonicClock.now()
        if let due = nextFrame, due <= now + 0.001 { stepFrame(now) }
        display.flush()
        flushConnections()
    }

    /// Seconds until the next thing to do, or nil to sleep until input.
    func sleepTimeout(_ now: Double) -> Double? {
        let next = [nextDeadline, nextFrame].compactMap { $0 }.min()
        return next.map { max(0, $0 - now) }
    }

    func acceptClients() {
        while let socket = listener.accept() {
            if let uid = socket.peerUID, uid != getuid() {
                Log.info("refused a connection from uid \(uid)")
                continue
            }
            connections[socket.fd] = Connection(socket: socket)
        }
    }

    /// Reads what a client sent and answers each complete line, in order.
    func serve(_ connection: Connection, now: Double) {
        while true {
            switch connection.socket.read() {
            case let .data(bytes):
                for line in connection.lines.append(bytes) {
                    let reply: Reply
                    switch line {
                    case .tooLong:
                        reply = .error("request line is longer than \(ProtocolLimits.maxLineBytes) bytes")
                    case let .line(bytes):
                        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                        switch Request.decode(line: bytes) {
                        case let .success(request):
                            deferredEvents = []
                            reply = handle(request, from: connection, now: now)
                        case let .failure(error): reply = .error(error.message)
                        }
                    }
                    // The reply first, then the events the request caused (shown, dismissed…).
                    let events = deferredEvents ?? []
                    deferredEvents = nil
                    if !connection.send(reply.json) { drop(connection); return }
                    for (fds, line) in events { for fd in fds { connections[fd]?.send(line) } }
                }
                // Paint and flush in the same turn the request was read.
                display.flush()
            case .wouldBlock:
                if !connection.flush() { drop(connection) }
                return
            case .closed:
                drop(connection)
                return
            }
        }
    }

    func drop(_ connection: Connection) {
        connections.removeValue(forKey: connection.fd)
        subscribers.remove(connection.fd)
        owners = owners.filter { $0.value != connection.fd }
        connection.socket.close()
    }

    func flushConnections() {
        for c in Array(connections.values) where c.wantsToWrite {
            if !c.flush() { drop(c) }
        }
    }

    func handleSignals(_ now: Double) {
        for signal in SignalFD.read(signals) {
            switch signal {
            case SIGHUP: _ = reload(now)
            default:
                Log.info("signal \(signal): shutting down")
                running = false
            }
        }
    }

    /// Every toast still on screen or waiting ends with reason `shutdown`, and its owner hears it.
    func shutdown() {
        for position in Array(stacks.keys) {
            let change = withStack(position) { $0.removeAll(reason: .shutdown) }
            for (id, reason) in change.removed { emit(.dismissed(id: id, reason: reason)) }
        }
        cards.removeAll()
        moreCards.removeAll()
        leaving.removeAll()
        display.flush()
        // Give slow readers a moment to take their last events.
        let deadline = MonotonicClock.now() + 0.5
        while connections.values.contains(where: \.wantsToWrite), MonotonicClock.now() < deadline {
            flushConnections()
            var fds = connections.values.filter(\.wantsToWrite).map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
        }
        unlink(socketPath)
    }
}
