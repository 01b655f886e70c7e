#if canImport(Glibc)
import Glibc
#endif
@testable import Daemon
import Testing
import ToastCore
import Transport

/// A flooding client cannot make another wait behind it: each client's share of a loop turn
/// is bounded by `TurnBudget`. Time here is a clock that moves a fixed step each time it is
/// read, so the budget is a count of requests, and the test counts turns, never milliseconds.
@Suite struct FairTurnsTests {
    /// A connected pair: the daemon's end (non-blocking, as accepted ones are) and the client's.
    func pair() throws -> (daemon: UnixSocket, client: UnixSocket) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return (UnixSocket(fd: fds[0]), UnixSocket(fd: fds[1]))
    }

    /// The reply lines (`{"ok":…}`, not events) waiting on a client's end.
    func replies(on peer: UnixSocket) -> Int {
        var count = 0
        while case let .data(bytes) = peer.read() {
            count += String(decoding: bytes, as: UTF8.self).components(separatedBy: "{\"ok\":").count - 1
        }
        return count
    }

    /// The clock a turn reads: 0.1 ms per reading, so the 2 ms budget is about 20 requests.
    final class SteppingClock {
        var now = 100.0
        func read() -> Double {
            now += 0.0001
            return now
        }
    }

    @Test("with one client flooding shows, another's ping is answered in the turn it is sent, after one budget of the flood at most")
    func pingBesideAFlood() throws {
        let clients = Clients()
        let clock = SteppingClock()
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: clients)
        let turns = ClientTurns(service: service, clients: clients, flushScreen: output.flush, clock: clock.read, wallNow: { 1_700_000_000 })
        let (floodSocket, flooder) = try pair()
        let (pingSocket, pinger) = try pair()
        let flooding = clients.add(floodSocket)
        let pinging = clients.add(pingSocket)
        turns.drop = { Issue.record("client \($0.owner) dropped") }

        // 1,000 shows in one write: more than the socket's two reads a turn take (some 270).
        let shows = 1000
        let line = Array(#"{"op":"show","message":"flood","timeout":0.05}"#.utf8) + [UInt8(ascii: "\n")]
        let flood = Array([[UInt8]](repeating: line, count: shows).joined())
        try #require(flooder.writeAll(flood))

        var floodAnswered = 0
        var perTurn: [Int] = []
        var pingsSent = 0
        var pingsAnsweredIn: [Int: Int] = [:]
        var turn = 0
        while floodAnswered < shows, turn < 200 {
            turn += 1
            // Pings in the first turn and every tenth.
            if turn % 10 == 1 {
                try #require(pinger.writeAll(Array(#"{"op":"ping"}"#.utf8) + [UInt8(ascii: "\n")]))
                pingsSent += 1
            }
            // The flooder first: the pinger is served only after its turn.
            turns.serve(flooding, now: clock.now)
            turns.serve(pinging, now: clock.now)
            let answered = replies(on: flooder)
            floodAnswered += answered
            perTurn.append(answered)
            let pongs = replies(on: pinger)
            if pongs > 0 { pingsAnsweredIn[turn] = pongs }
            if floodAnswered < shows { #expect(flooding.cutShort || flooding.wantsToRead, "left with work but not served next turn") }
        }
        #expect(floodAnswered == shows, "every show answered")
        // Each ping in the same turn it was sent.
        #expect(pingsAnsweredIn == Dictionary(uniqueKeysWithValues: stride(from: 1, through: turn, by: 10).map { ($0, 1) }))
        #expect(pingsSent == pingsAnsweredIn.values.reduce(0, +))
        // The flood's share of each turn is the budget's worth (about 20 here), not what it sent.
        #expect(perTurn.max() ?? 0 <= 21, "at most one budget of the flood per turn: \(perTurn)")
        #expect(perTurn.dropLast().min() ?? 0 >= 19, "and the flood makes its progress every turn: \(perTurn)")
        #expect(turn <= shows / 19 + 1)
        #expect(!flooding.cutShort && pinging.unanswered.isEmpty)
    }

    @Test("a flooding client's share ends at the next frame's deadline too: 0.8 ms before a frame it gets about 8 requests, not the budget's 20; with the frame overdue, one")
    func shareEndsAtTheFrame() throws {
        let clients = Clients()
        let clock = SteppingClock()
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: clients)
        let turns = ClientTurns(service: service, clients: clients, flushScreen: output.flush, clock: clock.read, wallNow: { 1_700_000_000 })
        turns.drop = { Issue.record("client \($0.owner) dropped") }
        let (socket, peer) = try pair()
        let client = clients.add(socket)
        let line = Array(#"{"op":"ping"}"#.utf8) + [UInt8(ascii: "\n")]
        try #require(peer.writeAll(Array([[UInt8]](repeating: line, count: 200).joined())))
        var frame: Double? = nil
        turns.nextFrame = { frame }
        turns.serve(client, now: clock.now)
        let unbounded = replies(on: peer)
        frame = clock.now + 0.0008
        turns.serve(client, now: clock.now)
        let beforeFrame = replies(on: peer)
        frame = clock.now - 0.001
        turns.serve(client, now: clock.now)
        let overdue = replies(on: peer)
        #expect((19...21).contains(unbounded), "a whole budget without a frame due: \(unbounded)")
        #expect((6...9).contains(beforeFrame), "up to the frame: \(beforeFrame)")
        #expect(overdue == 1, "a frame overdue: one request, then the frame")
        #expect(client.cutShort)
    }

    @Test("a turn whose budget is spent still answers one request, so a slow request never stalls its client")
    func oneRequestAtLeast() throws {
        let clients = Clients()
        var now = 100.0
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: clients)
        // Every reading of the clock is a whole budget later.
        let turns = ClientTurns(service: service, clients: clients, flushScreen: output.flush,
                                clock: { now += TurnBudget.seconds; return now }, wallNow: { 1_700_000_000 })
        let (socket, peer) = try pair()
        let client = clients.add(socket)
        try #require(peer.writeAll(Array(String(repeating: #"{"op":"ping"}"# + "\n", count: 5).utf8)))
        var answered: [Int] = []
        for _ in 0..<5 {
            turns.serve(client, now: now)
            answered.append(replies(on: peer))
        }
        #expect(answered == [1, 1, 1, 1, 1])
        #expect(!client.cutShort && client.unanswered.isEmpty)
    }
    @Test("under an X client's flood of input, a frame that is due is drawn at the turn's start, before any of the flood is handled; the flood's share is one budget")
    func dueFrameBeforeTheFlood() throws {
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: RecordingSink())
        output.clock = 100
        _ = service.handle(.show(ShowRequest(message: "sliding in")), from: Owner(.socket, 1), now: 100, wallNow: 1_700_000_000)
        let due = try #require(service.nextFrame, "a card sliding in has a frame due")
        let card = try #require(output.live.first?.surface)
        let movesBefore = card.moves.count
        // A flood already read from the server: motion over no surface of ours, 1,000 events.
        var handled = 0
        output.input = (0..<1000).map { i in
            .motion(surface: SurfaceID(1), root: Point(x: Double(i % 1280), y: 10), time: Double(i) / 1000)
        }
        // The clock moves 0.1 ms a reading (and the fake screen's with it), so handling the
        // flood makes the time go on: a frame drawn after it would be drawn late.
        var now = due
        let clock = { () -> Double in
            now += 0.0001
            output.clock = now
            return now
        }
        output.clock = due
        let start = due
        service.takeTurn(budget: TurnBudget(clock: clock), now: { handled += 1; return clock() })
        #expect(card.moves.count > movesBefore, "the due frame moved the card")
        let firstMove = try #require(card.moveTimes.dropFirst(movesBefore).first)
        // Two readings in: the budget's start, then the turn's own `now` for the frame (handled
        // after the flood, it would be some 20 readings, the budget's 2 ms, in).
        #expect(firstMove <= start + 0.0002 + 1e-9, "the frame was drawn \((firstMove - start) * 1000) ms into the turn, after the flood")
        // Handling took its budget's worth (2 ms at 0.1 ms a reading), not the whole flood.
        #expect(handled < 40, "events handled in the turn: \(handled)")
        #expect(service.hasInputWaiting, "the rest of the flood waits for the next turn")
    }
    @Test("a frame that comes due while a flood of X input is handled ends the batch: it is drawn within an event of its time, the rest waits")
    func frameDueMidBatch() throws {
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: RecordingSink())
        output.clock = 100
        _ = service.handle(.show(ShowRequest(message: "sliding in")), from: Owner(.socket, 1), now: 100, wallNow: 1_700_000_000)
        let card = try #require(output.live.first?.surface)
        var now = try #require(service.nextFrame)
        let clock = { () -> Double in
            now += 0.0001
            output.clock = now
            return now
        }
        // The first turn draws its due frame, then handles the flood; the next frame (16.7 ms
        // on) comes due within this turn's budget, here 50 ms (500 readings).
        output.input = (0..<2000).map { i in
            .motion(surface: SurfaceID(1), root: Point(x: Double(i % 1280), y: 10), time: Double(i) / 1000)
        }
        let movesBefore = card.moves.count
        service.takeTurn(budget: TurnBudget(clock: clock, seconds: 0.05), now: clock)
        let times = Array(card.moveTimes.dropFirst(movesBefore))
        try #require(times.count >= 2, "two frames in the turn: \(times)")
        let interval = times[1] - times[0]
        // On the grid (16.7 ms), late by at most an event's reading or two, never by the budget.
        #expect(interval < 1.0 / 60 + 0.0005, "the second frame came \(interval * 1000) ms after the first")
        #expect(service.hasInputWaiting, "the rest of the flood waits for the next turn")
    }
}
