import Foundation
import JSONCodec
import Operations
import ToastCore
import Transport

/// A raw protocol connection, as any program in any language would open one.
final class ProtocolClient {
    let socket: UnixSocket
    private var buffer = LineBuffer(limit: 1 << 20)
    private var lines: [[UInt8]] = []

    init(path: String) throws {
        socket = try UnixSocket.connect(to: path)
    }

    func send(_ line: String) {
        _ = socket.writeAll(Array((line + "\n").utf8))
    }

    func sendBytes(_ bytes: [UInt8]) {
        _ = socket.writeAll(bytes)
    }

    /// The next line from the daemon, parsed; fails after `timeout` seconds.
    func next(timeout: Double = 5) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while lines.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw TestFailure("no line from the daemon within \(timeout) s") }
            var fd = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(left * 1000) + 1) > 0 else { continue }
            switch socket.read() {
            case let .data(bytes):
                for l in buffer.append(bytes) { if case let .line(b) = l { lines.append(b) } }
            case .wouldBlock: continue
            case .closed: throw TestFailure("the daemon closed the connection")
            }
        }
        return try JSON.parse(lines.removeFirst())
    }

    /// Sends a request and returns its reply (the next line).
    func request(_ line: String) throws -> JSON {
        send(line)
        return try next()
    }

    /// Waits for the next event line, skipping nothing: events must come in order.
    func nextEvent(timeout: Double = 5) throws -> JSON {
        let line = try next(timeout: timeout)
        guard line["event"] != nil else { throw TestFailure("expected an event, got \(line.text)") }
        return line
    }

    /// Waits for the next event called `name`, skipping other events (a `shown` before a
    /// `dismissed`, say) but not replies, which would mean the test lost track.
    func event(_ name: String, timeout: Double = 5) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let line = try next(timeout: max(0.01, deadline.timeIntervalSinceNow))
            guard let kind = line["event"]?.string else { throw TestFailure("expected an event, got \(line.text)") }
            if kind == name { return line }
        }
    }
}

extension JSON {
    var string: String? { if case let .string(s) = self { s } else { nil } }
    var bool: Bool? { if case let .bool(b) = self { b } else { nil } }
}
