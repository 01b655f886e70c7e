#if canImport(Glibc)
import Glibc
#endif
@testable import Daemon
import JSONCodec
import Testing
import ToastCore
import Transport

/// What clients that do not read may make the daemon hold: per client, in all, and that it
/// is given back. Real socket pairs, whose far end the test reads or leaves unread.
@Suite struct ClientBoundsTests {
    /// A connected pair: the daemon's end (non-blocking, as accepted ones are) and the client's.
    func pair() throws -> (daemon: UnixSocket, client: UnixSocket) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (UnixSocket(fd: fds[0]), UnixSocket(fd: fds[1]))
    }

    /// An event line of about `bytes` bytes.
    func event(_ bytes: Int) -> JSON { .object([("event", .string("shown")), ("id", .string(String(repeating: "e", count: bytes)))]) }

    @Test("a client that never reads keeps at most waitingBytes of events; the next one drops it, freeing what waited")
    func perClientBound() throws {
        let clients = Clients()
        let (socket, peer) = try pair()
        let reader = clients.add(socket)
        var sent = 0
        // Past what the socket's buffer takes, events wait in the daemon, up to the bound.
        while reader.fellBehind == nil && sent < 10_000 {
            clients.send(event(1000), to: [reader.owner])
            #expect(clients.flush().isEmpty || reader.fellBehind != nil)
            sent += 1
        }
        #expect(reader.fellBehind == .own)
        #expect(reader.waiting == 0)
        // It got as far as the bound, and no further: everything that waited was at most it.
        #expect(reader.peakWaiting >= ClientLimits.waitingBytes && reader.peakWaiting < ClientLimits.waitingBytes + 1100)
        #expect(clients.flush().map(\.owner) == [reader.owner])
        #expect(reader.dropReason?.contains("1 MiB") == true)
        #expect(clients.takeTrimDue())
        _ = peer
    }

    @Test("a client that reads gets every event, however many, and is never dropped")
    func readerKeepsUp() throws {
        let clients = Clients()
        let (socket, peer) = try pair()
        let reader = clients.add(socket)
        var received = 0
        _ = fcntl(peer.fd, F_SETFL, fcntl(peer.fd, F_GETFL) | O_NONBLOCK)
        for _ in 0..<5_000 {
            clients.send(event(1000), to: [reader.owner])
            #expect(clients.flush().isEmpty)
            while case let .data(bytes) = peer.read() { received += bytes.count }
        }
        while reader.wantsToWrite {
            #expect(clients.flush().isEmpty)
            while case let .data(bytes) = peer.read() { received += bytes.count }
        }
        #expect(reader.fellBehind == nil)
        #expect(received == 5_000 * (event(1000).utf8.count + 1))
    }

    @Test("past totalWaitingBytes in all, the clients stalled longest go (past the grace, or at once for an event), until the total is under")
    func totalBound() throws {
        let clients = Clients()
        var now = 100.0
        clients.now = { now }
        var peers: [UnixSocket] = []
        var stalled: [Connection] = []
        // Each holds a reply just under its own bound, unread: a `history` each.
        let reply = JSON.string(String(repeating: "h", count: ClientLimits.waitingBytes - 100))
        let count = ClientLimits.totalWaitingBytes / ClientLimits.waitingBytes + 2
        for _ in 0..<count {
            let (socket, peer) = try pair()
            // A small socket buffer: nearly all of the reply waits in the daemon.
            var size: Int32 = 4096
            setsockopt(socket.fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            peers.append(peer)
            let c = clients.add(socket)
            c.send(reply: reply)
            // The first write fills its socket; the second takes nothing: stalled from now.
            _ = clients.flush()
            _ = clients.flush()
            #expect(c.stalledSince == now)
            stalled.append(c)
            now += 0.001
        }
        #expect(clients.isOverTotal)
        // Within the grace nobody goes: a slow reader of a big reply is still reading.
        clients.shedStalled(now: now)
        #expect(stalled.allSatisfy { $0.fellBehind == nil })
        now += ClientLimits.stallGrace
        clients.shedStalled(now: now)
        let dropped = stalled.filter { $0.fellBehind == .total }
        #expect(!dropped.isEmpty)
        // The oldest first, and only as many as bring the total under.
        #expect(dropped.map(\.owner) == stalled.prefix(dropped.count).map(\.owner))
        #expect(!clients.isOverTotal)
        for c in clients.flush() { clients.remove(c) }
        #expect(clients.waitingTotal <= ClientLimits.totalWaitingBytes)
        #expect(clients.takeTrimDue())
        // While over the total, an event to a stalled client drops the clients stalled
        // longest first, at once: here the older ones, not the subscriber stalled just now.
        let (socket, peer) = try pair()
        peers.append(peer)
        let subscriber = clients.add(socket)
        now += 1
        while subscriber.stalledSince == nil {
            clients.send(event(60_000), to: [subscriber.owner])
            _ = clients.flush()
        }
        let older = clients.connections.values.filter { $0.fellBehind == nil && $0 !== subscriber }
        for c in older { c.send(reply: reply) }
        #expect(clients.isOverTotal)
        clients.send(event(10), to: [subscriber.owner])
        #expect(subscriber.fellBehind == nil && !clients.isOverTotal)
        #expect(older.contains { $0.fellBehind == .total })
    }

    @Test("a large reply's queue is freed chunk by chunk as the client reads, and the heap is trimmed once it is gone")
    func outputQueueFrees() throws {
        let (socket, peer) = try pair()
        var queue = OutputQueue()
        for i in 0..<100 { queue.append(.string("line \(i)")) }
        queue.append(.string(String(repeating: "r", count: 3 << 20)))
        let total = queue.count
        var received: [UInt8] = []
        _ = fcntl(peer.fd, F_SETFL, fcntl(peer.fd, F_GETFL) | O_NONBLOCK)
        while !queue.isEmpty {
            #expect(queue.write(to: socket) != nil)
            while case let .data(bytes) = peer.read() { received += bytes }
        }
        while case let .data(bytes) = peer.read() { received += bytes }
        #expect(received.count == total)
        let lines = received.split(separator: 0x0A)
        #expect(lines.count == 101 && String(decoding: lines[42], as: UTF8.self) == "\"line 42\"")
    }
}
