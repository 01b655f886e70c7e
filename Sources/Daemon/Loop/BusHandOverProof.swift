#if canImport(Glibc)
import Glibc
#endif
import Operations
import ToastCore
import Transport

/// The successor's half of the bus hand-over (`HandOverChallenges`): `xtoastd --replace`
/// brings the nonce the bus name's holder gave it back to that holder over its socket, as
/// `bushandover`, and waits for the answer. The holder grants it only to the process that
/// asked on the bus and alone writes on this connection; granted, it has ended its D-Bus
/// toasts, and the successor takes the name.
enum BusHandOverProof {
    /// How long the successor waits for the holder's answer; the name is taken anyway after it.
    static let patience: Double = 2

    /// Sends the proof to the daemon at `path`; whether it was granted.
    @discardableResult
    static func send(nonce: String, to path: String, clock: DaemonClock) -> Bool {
        // The holder of the bus name wrote both: a hostile one gets a well-formed line to a socket of this user, no more.
        guard HandOverNonce.isWellFormed(nonce), let socket = try? UnixSocket.connect(to: path), socket.peerUID == getuid(),
              socket.writeAll(Request.busHandOver(nonce: nonce).line + [UInt8(ascii: "\n")]) else { return false }
        let deadline = clock.now() + patience
        var lines = LineBuffer(limit: SocketTakeOver.maxReplyBytes)
        while true {
            guard let bytes = SocketTakeOver.read(socket, until: deadline, clock: clock), !bytes.isEmpty else { return false }
            guard let line = lines.append(bytes).first else { continue }
            guard case let .line(reply) = line, case .reply(.ok)? = ServerMessage.decode(line: reply) else { return false }
            return true
        }
    }
}
