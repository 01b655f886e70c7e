import ToastCore
import Transport

/// One client connection: who it is to the board, its unread bytes, its unsent lines.
final class Connection {
    let socket: UnixSocket
    let owner: Owner
    var lines = LineBuffer()
    private var outbox: [UInt8] = []
    /// A client that stops reading must not make the daemon's memory grow without bound.
    static let maxOutbox = 4 << 20

    init(socket: UnixSocket, owner: Owner) {
        self.socket = socket
        self.owner = owner
    }

    var fd: Int32 { socket.fd }
    var wantsToWrite: Bool { !outbox.isEmpty }
    /// Past `maxOutbox`: the client is dropped at the next flush.
    var isOverflowing: Bool { outbox.count > Connection.maxOutbox }

    /// Queues one protocol line.
    func send(_ json: JSON) {
        outbox += Array(json.text.utf8)
        outbox.append(0x0A)
    }

    /// Writes what the socket takes now; false when the peer is gone or too far behind.
    func flush() -> Bool {
        guard !isOverflowing else { return false }
        guard !outbox.isEmpty else { return true }
        guard let n = socket.write(outbox[...]) else { return false }
        outbox.removeFirst(n)
        return true
    }
}
