import Operations
import ToastCore
import Transport

/// Each socket client's share of a loop turn: its requests read, answered and flushed, in
/// order, for at most `readsPerTurn` reads and `TurnBudget.seconds` (or until the next
/// frame is due), whichever ends first. A
/// client cut short by the time keeps the rest of what it sent (`Connection.cutShort`) and
/// is served again next turn, which comes at once: a flood from one client delays the
/// others' requests, the screen and the bus by one budget, not by its size.
final class ClientTurns {
    private let service: ToastService
    private let clients: Clients
    /// Sends what the screen was asked so far: the only thing a turn needs of it.
    private let flushScreen: () -> Void
    private let clock: () -> Double
    /// UNIX seconds, for what a request's rules and history record.
    private let wallNow: () -> Double
    /// The answer to a client's `handover` (the daemon's: who may take over is its to say).
    var handOver: (Connection) -> Reply = { _ in .error("no hand-over here") }
    /// The answer to a client's `bushandover` with its nonce (the daemon's, with its bus).
    var busHandOver: (Connection, String) -> Reply = { _, _ in .error("no hand-over here") }
    /// Drops a client that is gone or too far behind (the daemon's, which logs and forgets it).
    var drop: (Connection) -> Void = { _ in }
    /// The next animation frame's deadline, if one is due: a client's share ends there too.
    var nextFrame: () -> Double? = { nil }

    /// What one client gets per loop turn at most: two reads of 8 KiB (some 1,200 small requests).
    static let readsPerTurn = 2
    static let readSize = 8192

    init(service: ToastService, clients: Clients, flushScreen: @escaping () -> Void, clock: @escaping () -> Double,
         wallNow: @escaping () -> Double) {
        self.service = service
        self.clients = clients
        self.flushScreen = flushScreen
        self.clock = clock
        self.wallNow = wallNow
    }

    /// Answers the requests a client sent, in order: the reply first, then the events the
    /// request caused. First those read earlier and not answered yet, then a bounded amount
    /// read now. Replies are flushed as they are made, so a client that writes fast and reads
    /// gets them all.
    func serve(_ connection: Connection, now: Double) {
        let budget = TurnBudget(clock: clock, frame: nextFrame())
        connection.cutShort = false
        answer(connection, now: now, budget: budget)
        reading: for _ in 0..<Self.readsPerTurn where connection.wantsToRead {
            switch connection.socket.read(maxBytes: Self.readSize) {
            case let .data(bytes):
                if connection.socket.lastWriter != connection.peer?.pid { connection.heardAnotherWriter = true }
                let complete = connection.lines.append(bytes)
                connection.unanswered += complete
                // The partial line's wait starts when it began: a client streaming lines for
                // longer than the timeout ends a line in nearly every read, and is not dropped.
                connection.partialSince = connection.lines.hasPartialLine ? (complete.isEmpty ? (connection.partialSince ?? now) : now) : nil
            case .wouldBlock:
                break reading
            case .closed:
                // Half-closed (or gone): a last line without its newline still counts, and
                // replies and events go out until the client closes its end too.
                connection.unanswered += [connection.lines.finish()].compactMap { $0 }
                connection.readClosed = true
                connection.partialSince = nil
            }
            answer(connection, now: now, budget: budget)
            if !connection.flush(now: now) { drop(connection); return }
            // Paint and flush in the same turn the request was read.
            flushScreen()
        }
        // Replies to requests answered without a read (those that waited) go out now too.
        if !connection.flush(now: now) { drop(connection); return }
        flushScreen()
    }

    /// Answers the connection's unanswered lines in order, stopping the moment its unsent
    /// replies pass `Connection.readPause` (150 `history` requests in one write once queued
    /// 150 replies of up to 6 MB each, 915 MiB: the rest wait for the client to read), or
    /// once `budget` is spent (the rest wait for the next turn). At least one line is
    /// answered per call, so every turn makes progress.
    private func answer(_ connection: Connection, now: Double, budget: TurnBudget) {
        var answered = 0
        defer { connection.unanswered.removeFirst(answered) }
        for line in connection.unanswered {
            if connection.awaitsKeyboard { return }
            // Past the bound, what the socket takes now may bring it back under.
            if connection.isBehind && (!connection.flush(now: now) || connection.isBehind) { return }
            // A large reply waits while the clients' unread output is past its bound.
            if case let .line(bytes) = line, clients.isOverTotal, Self.hasLargeReply(bytes) {
                connection.waitsForRoom = true
                return
            }
            if answered > 0, budget.isSpent {
                connection.cutShort = true
                return
            }
            answered += 1
            switch line {
            case .tooLong:
                connection.send(reply: Reply.error("request line is longer than \(ProtocolLimits.maxLineBytes) bytes").json)
            case let .line(bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                clients.reply(to: connection) {
                    switch Request.decode(line: bytes) {
                    case .success(.handOver): return handOver(connection)
                    case let .success(.busHandOver(nonce)): return busHandOver(connection, nonce)
                    case let .success(request):
                        let reply = service.handle(request, from: connection.owner, now: now, wallNow: wallNow())
                        if case .center = request, service.center.isAwaitingKeyboard { connection.awaitsKeyboard = true }
                        return reply
                    case let .failure(error): return .error(error.message)
                    }
                }
                if connection.awaitsKeyboard { return }
            }
        }
    }

    /// Whether a request line asks for a reply that may be megabytes (`history`, `list`).
    static func hasLargeReply(_ line: [UInt8]) -> Bool {
        switch Request.decode(line: line) {
        case .success(.history), .success(.list): true
        default: false
        }
    }
}
