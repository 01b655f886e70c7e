import JSONCodec
import ToastCore
import Transport

/// The socket's connected clients, each an owner on the board; they hear the events of
/// their toasts. While a request is handled its events wait, so its reply goes out first.
final class Clients: EventSink {
    private(set) var connections: [Owner: Connection] = [:]
    /// More connections than this are refused with a line saying so: each costs a
    /// descriptor and buffers.
    static let maxConnections = 256
    private var nextNumber: UInt64 = 1
    /// Events held back while a request is being answered.
    private var held: [BoardChanges.Delivery]?
    /// Other lines (counts) held back with them.
    private var heldLines: [(JSON, [Owner])] = []

    func add(_ socket: UnixSocket, peer: PinnedProcess? = nil) -> Connection {
        let connection = Connection(socket: socket, owner: Owner(.socket, nextNumber), peer: peer, tally: tally)
        connection.clock = { [unowned self] in self.now() }
        connection.beforeWrite = { [unowned self] in self.beforeWriting() }
        nextNumber += 1
        connections[connection.owner] = connection
        return connection
    }

    func remove(_ connection: Connection) {
        connections.removeValue(forKey: connection.owner)
        connection.discardOutput()
        if connection.takeFreedPeak() { trimDue = true }
        connection.socket.close()
    }

    /// Set when a large queue was freed: the loop hands the heap's free pages back.
    private var trimDue = false
    /// The clock, for how long a client has been stalled; the daemon's monotonic seconds.
    var now: () -> Double = { 0 }
    /// Runs before any client's queue is written: what must be on disk before a client hears
    /// of it (the ended toasts' history lines, `ToastService.writeHeldHistory`) is written first.
    var beforeWriting: () -> Void = {}

    func deliver(_ delivery: BoardChanges.Delivery) {
        if held != nil {
            held?.append(delivery)
            return
        }
        // Encoded once, however many hear it.
        let line = delivery.json.utf8
        for owner in delivery.recipients { sendEvent(line, to: owner) }
    }

    func send(_ line: JSON, to owners: [Owner]) {
        if held != nil {
            heldLines.append((line, owners))
            return
        }
        let bytes = line.utf8
        for owner in owners { sendEvent(bytes, to: owner) }
    }

    /// An event for one client. While the clients' total is past its bound and this client's
    /// socket is full, the clients stalled longest are dropped first (subscribers that never
    /// read, long before a client that only writes its requests before it reads), until the
    /// total is under; if this one is among them, it gets no more.
    private func sendEvent(_ line: [UInt8], to owner: Owner) {
        guard let connection = connections[owner] else { return }
        if connection.stalledSince != nil, isOverTotal { shedStalled(now: now(), grace: 0) }
        connection.send(event: line)
    }

    private let tally = WaitingTally()
    /// Bytes all clients have waiting.
    var waitingTotal: Int { tally.bytes }
    /// Past `ClientLimits.totalWaitingBytes`: large replies wait, stalled clients go.
    var isOverTotal: Bool { waitingTotal > ClientLimits.totalWaitingBytes }

    /// While the total is past its bound, the clients stalled longest (each for at least
    /// `grace`) are marked to be dropped at the next flush, until it is under.
    func shedStalled(now: Double, grace: Double = ClientLimits.stallGrace) {
        var total = waitingTotal
        guard total > ClientLimits.totalWaitingBytes else { return }
        let stalled = connections.values.compactMap { c in c.stalledSince.map { (c, $0) } }
            .filter { now - $0.1 >= grace }.sorted { $0.1 < $1.1 }
        for (connection, _) in stalled where total > ClientLimits.totalWaitingBytes {
            total -= connection.waiting
            connection.fallBehind(.total)
        }
    }

    /// When the total is past its bound, the moment the next stalled client may be dropped for
    /// it; nil otherwise.
    var nextShedDeadline: Double? {
        guard isOverTotal else { return nil }
        return connections.values.compactMap(\.stalledSince).min().map { $0 + ClientLimits.stallGrace }
    }

    /// Whether a large queue has been freed since the last call.
    func takeTrimDue() -> Bool {
        for c in connections.values where c.takeFreedPeak() { trimDue = true }
        defer { trimDue = false }
        return trimDue
    }

    /// Runs `answer` with events held, queues its reply to `connection`, then the events.
    func reply(to connection: Connection, _ answer: () -> Reply) {
        held = []
        let reply = answer()
        let events = held ?? []
        let lines = heldLines
        held = nil
        heldLines = []
        // A `center open` still waiting for the keyboard is answered once that is known.
        if !connection.awaitsKeyboard { connection.send(reply: reply.json) }
        for delivery in events { deliver(delivery) }
        for (line, owners) in lines { send(line, to: owners) }
    }

    /// Writes what each client will take now; returns those that are gone or too far behind.
    func flush() -> [Connection] {
        let now = now()
        return connections.values.filter { $0.fellBehind != nil || ($0.wantsToWrite && !$0.flush(now: now)) }
    }

    /// Whether a client's requests were left for the next turn by its time bound.
    var anyCutShort: Bool { connections.values.contains(where: \.cutShort) }

    var anyWaitingToWrite: Bool { connections.values.contains(where: \.wantsToWrite) }
}
