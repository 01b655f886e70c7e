import ToastCore
import Transport

/// One client connection: its unread bytes, its unsent replies and events.
final class Connection {
    let socket: UnixSocket
    var lines = LineBuffer()
    private var outbox: [UInt8] = []
    /// A client that stops reading must not make the daemon's memory grow without bound.
    static let maxOutbox = 4 << 20

    init(socket: UnixSocket) { self.socket = socket }

    var fd: Int32 { socket.fd }
    var wantsToWrite: Bool { !outbox.isEmpty }

    /// Queues one protocol line. Returns false when the client has fallen too far behind.
    @discardableResult
    func send(_ json: JSON) -> Bool {
        outbox += Array(json.text.utf8)
        outbox.append(0x0A)
        return outbox.count <= Connection.maxOutbox
    }

    /// Writes what the socket takes now; false when the peer is gone.
    func flush() -> Bool {
        guard !outbox.isEmpty else { return true }
        guard let n = socket.write(outbox[...]) else { return false }
        outbox.removeFirst(n)
        return true
    }
}
