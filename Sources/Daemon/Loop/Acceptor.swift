#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// One loop turn's accepting of new socket connections, bounded by count and by time
/// (`ClientLimits.acceptsPerTurn`, `ClientLimits.acceptSeconds`): a client connecting in a
/// loop gets a few connections a turn, and everyone else's requests, the screen and the bus
/// keep theirs (a ping once waited 300 ms behind such a loop, when a turn accepted until
/// nothing was waiting). Connections left over wait in the kernel's backlog for the next turn.
enum Acceptor {
    enum Outcome: Equatable {
        /// Nothing more was waiting.
        case drained
        /// The turn's count or time ran out with connections perhaps still waiting.
        case boundReached
        /// No descriptor is left (EMFILE and the like): stop polling the listener until a
        /// client goes, rather than failing in a busy loop.
        case outOfDescriptors
    }

    /// Accepts from `listener` into `clients`: a peer of another uid is refused (a line to
    /// `log`, which keeps such lines within their room: another user can connect in a loop),
    /// and past `Clients.maxConnections` each is told why and closed. Each connection's peer
    /// process is pinned as it is accepted (`PinnedProcess`).
    static func acceptTurn(from listener: UnixSocket, into clients: Clients, now: () -> Double,
                           log: (String) -> Void = { Log.info($0) }) -> Outcome {
        let start = now()
        for _ in 0..<ClientLimits.acceptsPerTurn {
            guard now() - start < ClientLimits.acceptSeconds else { return .boundReached }
            switch listener.acceptNext() {
            case .success(nil):
                return .drained
            case let .success(socket?):
                let peer = socket.peerProcess
                if let uid = peer?.uid, uid != getuid() {
                    log("refused a connection from uid \(uid)")
                    socket.close()
                } else if clients.connections.count >= Clients.maxConnections {
                    _ = socket.writeAll(Reply.error("too many connections (at most \(Clients.maxConnections))").json.utf8 + [UInt8(ascii: "\n")])
                    socket.close()
                } else {
                    // Pinned now, as early as the daemon can, and each read's writer told: a
                    // `handover` is checked against both.
                    socket.passCredentials()
                    _ = clients.add(socket, peer: peer.flatMap { PinnedProcess.pin(pid: $0.pid, uid: $0.uid) })
                }
            case let .failure(failure):
                Log.info("cannot accept a connection (\(failure)); waiting for a client to leave")
                return .outOfDescriptors
            }
        }
        return .boundReached
    }
}
