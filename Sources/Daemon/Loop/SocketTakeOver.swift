#if canImport(Glibc)
import Glibc
#endif
import Operations
import ToastCore
import Transport
import DaemonLog

/// `xtoastd --replace` on a display whose daemon still runs (an `exec_always` line, an
/// upgrade): the socket's lock is held, so the new daemon asks the old one over their socket
/// to hand over (`{"op":"handover"}`, which the old one grants only to the same program run
/// by the same user), takes the socket and its lock, waits for the old one to go, and takes
/// the keys and the history file. Without a running daemon it simply opens the socket.
///
/// The old daemon answers and lets go of the socket and its lock, serving on until it sees
/// them taken; then it ends its toasts (bus reason 4 while it still owns the bus name), gives
/// its clients up to half a second for their last events and lets go of the rest; the
/// connection closes as it exits. A successor that never takes them finds it serving on. All of it is waited for with one
/// deadline, `patience`, so a daemon that does not go never keeps the new one waiting longer.
enum SocketTakeOver {
    /// How long the new daemon waits, all told, for the old one to answer, end its toasts,
    /// drain its clients (at most 0.5 s) and exit. A responsive daemon takes well under a
    /// second; one that has not gone by then is stuck, and the new one gives up.
    static let patience = 5.0
    /// The old daemon's answer is one short line; anything longer is not an xtoast's.
    static let maxReplyBytes = 4096
    /// How often the lock is tried again once the old daemon's connection has closed (its
    /// lock normally goes just before): a few times at most, within `patience`.
    static let lockRetryMilliseconds: Int32 = 10

    /// The socket and its lock, taken from the daemon running on it if there is one.
    static func open(_ resolved: SocketPath.Resolved) throws(ListeningSocket.StartError) -> ListeningSocket {
        do {
            return try ListeningSocket.open(resolved)
        } catch where error.lockHeld {
            let clock = DaemonClock()
            let deadline = clock.now() + patience
            Log.info("another daemon runs on \(resolved.path): asking it to hand over")
            let old = try askToHandOver(resolved.path, deadline: deadline, clock: clock)
            while true {
                do {
                    let taken = try ListeningSocket.open(resolved)
                    // The old daemon ends its toasts and lets go of the rest once it sees the
                    // socket taken; its connection closes as it exits.
                    if let old { try awaitEnd(of: old, at: resolved.path, deadline: deadline, clock: clock) }
                    return taken
                } catch where error.lockHeld {
                    guard clock.now() < deadline else {
                        throw ListeningSocket.StartError(message: "the daemon running on \(resolved.path) did not let go of its lock "
                                                  + "within \(Int(patience)) s; stop it first")
                    }
                    _ = poll(nil, 0, lockRetryMilliseconds)
                }
            }
        }
    }

    /// Sends `handover` to the daemon at `path` and waits, until `deadline`, for its answer:
    /// the connection, to wait on for the old daemon's end once the socket is taken (it ends
    /// nothing before). Throws with the daemon's refusal, or when it does not answer in time.
    /// A daemon whose socket no longer answers is already going (its lock goes last): there is
    /// nothing to ask (nil), only its lock to wait for.
    private static func askToHandOver(_ path: String, deadline: Double, clock: DaemonClock) throws(ListeningSocket.StartError) -> UnixSocket? {
        guard let socket = try? UnixSocket.connect(to: path) else { return nil }
        // The socket's directory is ours, but the peer's uid is what counts.
        guard socket.peerUID == getuid() else {
            throw ListeningSocket.StartError(message: "\(path) is served by another user's process; not taking over")
        }
        guard socket.writeAll(Request.handOver.line + [UInt8(ascii: "\n")]) else {
            throw ListeningSocket.StartError(message: "the running daemon at \(path) closed the connection before the hand-over")
        }
        var lines = LineBuffer(limit: maxReplyBytes)
        var answer: LineBuffer.Line?
        while answer == nil {
            guard let bytes = read(socket, until: deadline, clock: clock) else {
                throw ListeningSocket.StartError(message: "the running daemon at \(path) did not answer the hand-over within \(Int(patience)) s")
            }
            if bytes.isEmpty { break }
            answer = lines.append(bytes).first
        }
        switch answer.flatMap({ line -> ServerMessage? in
            if case let .line(bytes) = line { return ServerMessage.decode(line: bytes) }
            return nil
        }) {
        case .reply(.ok)?:
            break
        case let .reply(.error(message))? where message.hasPrefix("unknown op"):
            throw ListeningSocket.StartError(message: "the running daemon at \(path) is an xtoast older than the hand-over; stop it first")
        case let .reply(.error(message))?:
            throw ListeningSocket.StartError(message: "the running daemon at \(path) refused to hand over: \(message)")
        default:
            throw ListeningSocket.StartError(message: "the running daemon at \(path) did not answer the hand-over as an xtoast does; stop it first")
        }
        return socket
    }

    /// The old daemon's end: its connection closes as it exits, having ended its toasts and
    /// let go of the keys, the bus name and the history file.
    private static func awaitEnd(of socket: UnixSocket, at path: String, deadline: Double, clock: DaemonClock) throws(ListeningSocket.StartError) {
        while true {
            guard let bytes = read(socket, until: deadline, clock: clock) else {
                throw ListeningSocket.StartError(message: "the running daemon at \(path) agreed to hand over but did not exit within \(Int(patience)) s")
            }
            if bytes.isEmpty { return }
        }
    }

    /// What the socket has, waiting for it until `deadline`: nil when the deadline passed,
    /// empty at the end of the stream. The corresponding C function is `poll`.
    static func read(_ socket: UnixSocket, until deadline: Double, clock: DaemonClock) -> [UInt8]? {
        while true {
            let left = deadline - clock.now()
            guard left > 0 else { return nil }
            var fds = [pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno != EINTR { return [] }
            guard ready > 0 else { continue }
            switch socket.read(maxBytes: maxReplyBytes) {
            case let .data(bytes): return bytes
            case .closed: return []
            case .wouldBlock: continue
            }
        }
    }
}
