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

    func add(_ socket: UnixSocket) -> Connection {
        let connection = Connection(socket: socket, owner: Owner(.socket, nextNumber))
        nextNumber += 1
        connections[connection.owner] = connection
        return connection
    }

    func remove(_ connection: Connection) {
        connections.removeValue(forKey: connection.owner)
        connection.socket.close()
    }

    func deliver(_ delivery: BoardChanges.Delivery) {
        if held != nil {
            held?.append(delivery)
            return
        }
        let line = delivery.json
        for owner in delivery.recipients { connections[owner]?.send(event: line) }
    }

    func send(_ line: JSON, to owners: [Owner]) {
        if held != nil {
            heldLines.append((line, owners))
            return
        }
        for owner in owners { connections[owner]?.send(event: line) }
    }

    /// Runs `answer` with events held, queues its reply to `connection`, then the events.
    func reply(to connection: Connection, _ answer: () -> Reply) {
        held = []
        let reply = answer()
        let events = held ?? []
        let lines = heldLines
        held = nil
        heldLines = []
        connection.send(reply: reply.json)
        for delivery in events { deliver(delivery) }
        for (line, owners) in lines { send(line, to: owners) }
    }

    /// Writes what each client will take now; returns those that are gone or too far behind.
    func flush() -> [Connection] {
        connections.values.filter { $0.wantsToWrite && !$0.flush() }
    }

    var anyWaitingToWrite: Bool { connections.values.contains(where: \.wantsToWrite) }
}
