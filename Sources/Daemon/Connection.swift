import ToastCore
import Transport

/// One client connection: who it is to the board, its unread bytes, its unsent lines.
final class Connection {
    let socket: UnixSocket
    let owner: Owner
    var lines = LineBuffer()
    /// Request lines read but not answered yet: answering stops the moment the replies
    /// waiting to go out pass `readPause`, and the rest wait here (nothing more is read) until
    /// the client reads. At most what one turn reads (`ToastDaemon.readsPerTurn`).
    var unanswered: [LineBuffer.Line] = []
    private var outbox: [UInt8] = []
    /// The client shut its writing side (or sent its last line): no more requests, but its
    /// replies and events still go out until it closes.
    var readClosed = false
    /// When the partial line now waiting began to arrive; nil when none waits.
    var partialSince: Double?
    /// Set when events piled up past `maxEventBacklog`: the client is dropped at the next flush.
    private(set) var fellBehind = false

    /// Events a client has not read yet may take this much before it is dropped: a
    /// subscriber that never reads must not make the daemon's memory grow.
    static let maxEventBacklog = 2 << 20
    /// Past this much unsent output the daemon stops answering (and reading) the client's
    /// requests until it reads its replies: replies of any size are streamed, never dropped,
    /// and what one client has queued stays near this plus its largest reply (a `history`
    /// is a few MiB at most), however many requests it sent in one write.
    static let readPause = 1 << 20
    /// How long a partial request line may wait for the rest of it.
    static let partialLineTimeout = 30.0

    init(socket: UnixSocket, owner: Owner) {
        self.socket = socket
        self.owner = owner
    }

    var fd: Int32 { socket.fd }
    var wantsToWrite: Bool { !outbox.isEmpty }
    /// Too much of its output is unread to answer another request now.
    var isBehind: Bool { outbox.count >= Connection.readPause }
    /// Whether to read more requests now: not while some already read wait for an answer.
    var wantsToRead: Bool { !readClosed && unanswered.isEmpty && !isBehind }
    /// Requests already read can be answered now (the client has read enough of its replies).
    var canAnswer: Bool { !unanswered.isEmpty && !isBehind }

    /// Queues a reply: always kept, however large.
    func send(reply json: JSON) { append(json) }

    /// Queues an event, unless the client has fallen too far behind to take it.
    func send(event json: JSON) {
        guard !fellBehind else { return }
        if outbox.count > Connection.maxEventBacklog {
            fellBehind = true
            return
        }
        append(json)
    }

    private func append(_ json: JSON) {
        outbox += json.utf8
        outbox.append(0x0A)
    }

    /// Writes what the socket takes now; false when the peer is gone or fell behind.
    func flush() -> Bool {
        guard !fellBehind else { return false }
        guard !outbox.isEmpty else { return true }
        guard let n = socket.write(outbox[...]) else { return false }
        outbox.removeFirst(n)
        return true
    }

    /// Why a connection is dropped, for the log; nil for an ordinary close.
    var dropReason: String? {
        fellBehind ? "it left more than \(Connection.maxEventBacklog >> 20) MiB of events unread" : nil
    }
}
