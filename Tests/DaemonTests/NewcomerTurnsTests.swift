#if canImport(Glibc)
import Glibc
#endif
@testable import Daemon
import Testing
import ToastCore
import Transport

/// Accepting is part of the fair turn: a client that connects while another floods is
/// answered in the turn it is accepted (a script's `xtoast show` connects and writes at once),
/// or, when its request comes later, in its next turn before the flood's next share. Its
/// toast's id says how much of the flood was admitted before it, so the test counts work and
/// turns, never milliseconds. (New connections were accepted after the flood's share and
/// served only in the next wake-up: a p99 of 35-48 ms under a flood.)
@Suite struct NewcomerTurnsTests {
    let fair = FairTurnsTests()

    /// A listening socket in a fresh directory, as the daemon's.
    func listener() throws -> (socket: UnixSocket, path: String, directory: String) {
        var template = Array("/tmp/xtoast-newcomer-XXXXXX".utf8CString)
        try #require(mkdtemp(&template) != nil)
        let directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (try UnixSocket.listen(at: directory + "/socket"), directory + "/socket", directory)
    }

    /// A client connecting as a script does; non-blocking, so the test can look for replies.
    func connect(_ path: String) throws -> UnixSocket {
        let socket = try UnixSocket.connect(to: path)
        _ = fcntl(socket.fd, F_SETFL, fcntl(socket.fd, F_GETFL) | O_NONBLOCK)
        return socket
    }

    /// What the daemon's `poll` reports of each client (the events it waits for on each).
    func ready(_ clients: Clients) -> [(Connection, Int32)] {
        let connections = Array(clients.connections.values)
        var fds = connections.map { pollfd(fd: $0.fd, events: $0.pollEvents, revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 0)
        return zip(connections, fds).map { ($0, Int32($1.revents)) }
    }

    /// The toast ids of the `show` replies waiting on a client's end, in order.
    func shownIDs(on peer: UnixSocket) -> [Int] {
        var text = ""
        while case let .data(bytes) = peer.read() { text += String(decoding: bytes, as: UTF8.self) }
        return text.split(separator: "\n").filter { $0.hasPrefix(#"{"ok":true"#) }.compactMap { line in
            line.firstRange(of: #""id":""#).flatMap { Int(line[$0.upperBound...].prefix(while: \.isNumber)) }
        }
    }

    @Test("under a flood, a new client's show is answered in the turn it connects, and a later one's in its next turn, each before the flood's next share")
    func newcomerBesideAFlood() throws {
        let clients = Clients()
        let clock = FairTurnsTests.SteppingClock()
        let output = FakeOutput()
        let service = ToastService(config: .default, output: output, sink: clients)
        let turns = ClientTurns(service: service, clients: clients, output: output, clock: clock.read, wallNow: { 1_700_000_000 })
        turns.drop = { Issue.record("client \($0.owner) dropped") }
        let (listening, path, directory) = try listener()
        defer { unlink(path); rmdir(directory) }

        // 1,000 shows in one write: some 50 turns of the flood's budget.
        let flooder = try connect(path)
        let line = Array(#"{"op":"show","message":"flood","timeout":0.05}"#.utf8) + [UInt8(ascii: "\n")]
        try #require(flooder.writeAll(Array([[UInt8]](repeating: line, count: 1000).joined())))
        var floodIDs: [Int] = []
        var turn = 0
        func takeTurn() {
            turn += 1
            turns.takeTurn(accepting: listening, ready: ready(clients), now: clock.now, log: { Issue.record("logged: \($0)") })
            floodIDs += shownIDs(on: flooder)
        }
        takeTurn()
        takeTurn()
        takeTurn()
        try #require(clients.connections.count == 1 && floodIDs.count >= 19, "the flood is under way: \(floodIDs.count)")
        let flooding = try #require(clients.connections.values.first)
        #expect(flooding.tookWholeShare && flooding.cutShort)

        // A script's `xtoast show`: it connects and writes at once, between two turns.
        let script = try connect(path)
        try #require(script.writeAll(Array(#"{"op":"show","message":"build done"}"#.utf8) + [UInt8(ascii: "\n")]))
        let floodBefore = floodIDs.last ?? 0
        let connectedIn = turn + 1
        takeTurn()
        let scriptIDs = shownIDs(on: script)
        #expect(scriptIDs.count == 1, "answered in the turn it connected (turn \(connectedIn)), not later")
        #expect(scriptIDs.first == floodBefore + 1, "before any more of the flood: \(scriptIDs) after flood id \(floodBefore)")
        #expect(floodIDs.last ?? 0 > floodBefore, "and the flood had its share in that turn too")

        // A client that connects, and writes only after the turn that accepted it.
        let later = try connect(path)
        takeTurn()
        #expect(clients.connections.count == 3)
        try #require(later.writeAll(Array(#"{"op":"show","message":"later"}"#.utf8) + [UInt8(ascii: "\n")]))
        let floodBeforeLater = floodIDs.last ?? 0
        takeTurn()
        let laterIDs = shownIDs(on: later)
        #expect(laterIDs.count == 1, "answered in the turn after its request came")
        #expect(laterIDs.first == floodBeforeLater + 1, "before the flood's next share: \(laterIDs) after flood id \(floodBeforeLater)")
        #expect(!clients.connections.values.contains { $0.owner != flooding.owner && $0.tookWholeShare })
    }
}
