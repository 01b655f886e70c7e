#if canImport(Glibc)
import Glibc
#endif
@testable import Daemon
import Testing
import Transport

/// A client connecting in a loop gets a bounded share of a turn: a real listening socket
/// with connections waiting in its backlog, accepted turn by turn. (A turn once accepted
/// until nothing was waiting, and a ping waited 300 ms behind a connect loop.)
@Suite struct AcceptorTests {
    /// A listener in a fresh directory and `count` connections waiting on it.
    func listenerWithWaiting(_ count: Int) throws -> (listener: UnixSocket, waiting: [UnixSocket], directory: String) {
        var template = Array("/tmp/xtoast-accept-XXXXXX".utf8CString)
        try #require(mkdtemp(&template) != nil)
        let directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let listener = try UnixSocket.listen(at: directory + "/socket")
        let waiting = try (0..<count).map { _ in try UnixSocket.connect(to: directory + "/socket") }
        return (listener, waiting, directory)
    }

    func cleanUp(_ directory: String) {
        unlink(directory + "/socket")
        rmdir(directory)
    }

    @Test("40 waiting connections are accepted 16, 16 and 8 over three turns, not all in one")
    func countPerTurn() throws {
        let (listener, waiting, directory) = try listenerWithWaiting(40)
        defer { cleanUp(directory) }
        let clients = Clients()
        let still = { 100.0 }
        #expect(Acceptor.acceptTurn(from: listener, into: clients, now: still) == .boundReached)
        #expect(clients.connections.count == ClientLimits.acceptsPerTurn)
        #expect(Acceptor.acceptTurn(from: listener, into: clients, now: still) == .boundReached)
        #expect(clients.connections.count == 2 * ClientLimits.acceptsPerTurn)
        #expect(Acceptor.acceptTurn(from: listener, into: clients, now: still) == .drained)
        #expect(clients.connections.count == waiting.count)
    }

    @Test("a turn stops accepting once its time is spent, with the count not reached")
    func timePerTurn() throws {
        let (listener, waiting, directory) = try listenerWithWaiting(10)
        defer { cleanUp(directory) }
        let clients = Clients()
        // Each reading of the clock moves it 0.8 ms: the third check finds 2.4 ms spent, so
        // two connections are taken.
        var clock = 100.0
        let stepping = { () -> Double in
            clock += 0.0008
            return clock
        }
        #expect(Acceptor.acceptTurn(from: listener, into: clients, now: stepping) == .boundReached)
        #expect(clients.connections.count == 2)
        #expect(clients.connections.count < waiting.count)
    }
}
