import JSONCodec
import Operations
import ToastCore
import Transport

/// One client connection: who it is to the board, its unread bytes, its unsent lines.
final class Connection {
    let socket: UnixSocket
    let owner: Owner
    /// The peer process as it was when the connection was accepted (nil when `/proc` did not
    /// tell): what a `handover` is checked against.
    let peer: PinnedProcess?
    /// Set once a read brought bytes written by another process than `peer` (a child that
    /// inherited the connection): such a connection never hands over.
    var heardAnotherWriter = false
    var lines = LineBuffer()
    /// Request lines read but not answered yet: answering stops the moment the replies
    /// waiting to go out pass `readPause`, and the rest wait here (nothing more is read) until
    /// the client reads. At most what one turn reads (`ClientTurns.readsPerTurn`).
    var unanswered: [LineBuffer.Line] = []
    /// Set when its last turn's time (`TurnBudget`) ran out before its requests did: the loop
    /// serves it again next turn whether or not its socket is ready, and does not sleep.
    var cutShort = false
    private var outbox = OutputQueue()
    /// The client shut its writing side (or sent its last line): no more requests, but its
    /// replies and events still go out until it closes.
    var readClosed = false
    /// When the partial line now waiting began to arrive; nil when none waits.
    var partialSince: Double?
    /// Why the client is dropped at the next flush (its output is forgotten at once); nil
    /// while it keeps up.
    private(set) var fellBehind: FellBehind?
    enum FellBehind { case own, total }
    /// Since when output has waited for it without the client reading much: set when output
    /// starts to wait, moved on by each write of at least `ClientLimits.progressBytes`, nil
    /// once nothing waits. The oldest is the client that has read least lately.
    private(set) var stalledSince: Double?
    /// The daemon's monotonic clock, for `stalledSince`.
    var clock: () -> Double = { 0 }
    /// Runs before the queue is written (`Clients.beforeWriting`).
    var beforeWrite: () -> Void = {}
    /// The most bytes that waited since its queue was last empty.
    private(set) var peakWaiting = 0
    /// Set when a large reply waits for the clients' total (`ClientLimits.totalWaitingBytes`)
    /// to come under its bound: the loop answers it then, not when its socket is writable.
    var waitsForRoom = false
    /// Set when its `center open` waits to learn whether the panel gets the keyboard (it
    /// tries for half a second): the reply, and the requests after it, wait until then.
    var awaitsKeyboard = false

    /// Past this much unsent output the daemon stops answering (and reading) the client's
    /// requests until it reads its replies: replies of any size are sent whole, never dropped,
    /// and what one client has queued stays near this plus its largest reply (a `history`
    /// is a few MiB at most), however many requests it sent in one write.
    static let readPause = ClientLimits.waitingBytes
    /// How long a partial request line may wait for the rest of it.
    static let partialLineTimeout = 30.0

    /// The bytes waiting across all of its `Clients`' connections, which this one keeps up to date.
    let tally: WaitingTally

    init(socket: UnixSocket, owner: Owner, peer: PinnedProcess? = nil, tally: WaitingTally = WaitingTally()) {
        self.socket = socket
        self.owner = owner
        self.peer = peer
        self.tally = tally
    }

    var fd: Int32 { socket.fd }
    var wantsToWrite: Bool { !outbox.isEmpty }
    /// Bytes waiting for the client to read (replies and events).
    var waiting: Int { outbox.count }
    /// Too much of its output is unread to answer another request now.
    var isBehind: Bool { outbox.count >= Connection.readPause }
    /// Whether to read more requests now: not while some already read wait for an answer.
    var wantsToRead: Bool { !readClosed && unanswered.isEmpty && !isBehind }
    /// Requests already read can be answered now (the client has read enough of its replies).
    var canAnswer: Bool { !unanswered.isEmpty && !isBehind && !waitsForRoom && !awaitsKeyboard }

    /// Queues a reply: always kept, however large.
    func send(reply json: JSON) { append(json) }

    /// Queues an event's line, unless the client has let `ClientLimits.waitingBytes` wait unread:
    /// then it is dropped, and what waited for it is freed at once.
    func send(event line: [UInt8]) {
        guard fellBehind == nil else { return }
        if outbox.count >= ClientLimits.waitingBytes { return fallBehind(.own) }
        append(line)
    }

    /// The client is dropped at the next flush; its output is forgotten now.
    func fallBehind(_ why: FellBehind) {
        guard fellBehind == nil else { return }
        fellBehind = why
        discardOutput()
    }

    /// What waits for the client is forgotten (it is dropped, or gone).
    func discardOutput() {
        tally.bytes -= outbox.count
        outbox.removeAll()
    }

    private func append(_ json: JSON) { append(json.utf8) }

    private func append(_ line: [UInt8]) {
        if outbox.isEmpty { stalledSince = clock() }
        let before = outbox.count
        outbox.append(line: line)
        tally.bytes += outbox.count - before
        peakWaiting = max(peakWaiting, outbox.count)
    }

    /// Writes what the socket takes now; false when the peer is gone or fell behind. `now`
    /// says since when a client that takes too little has been stalled.
    func flush(now: Double) -> Bool {
        guard fellBehind == nil else { return false }
        guard !outbox.isEmpty else { return true }
        beforeWrite()
        guard let n = outbox.write(to: socket) else { return false }
        tally.bytes -= n
        if outbox.isEmpty {
            stalledSince = nil
        } else if n >= ClientLimits.progressBytes {
            stalledSince = now
        }
        return true
    }

    /// Whether the queue, once large, has just emptied: its freed pages are worth handing
    /// back (`ClientLimits.trimAfterBytes`). Asking starts the count again.
    func takeFreedPeak() -> Bool {
        guard outbox.isEmpty || fellBehind != nil else { return false }
        defer { peakWaiting = 0 }
        return peakWaiting >= ClientLimits.trimAfterBytes
    }

    /// Why a connection is dropped, for the log; nil for an ordinary close.
    var dropReason: String? {
        switch fellBehind {
        case .own: "it left more than \(ClientLimits.waitingBytes >> 20) MiB of replies and events unread"
        case .total: "it read nothing while the clients' unread output passed \(ClientLimits.totalWaitingBytes >> 20) MiB"
        case nil: nil
        }
    }
}

/// The bytes waiting for all of one `Clients`' connections, kept as each queue changes:
/// summing 256 queues for each recipient of each event cost seconds under a flood.
final class WaitingTally {
    var bytes = 0
}
