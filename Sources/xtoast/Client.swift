#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// The client side of one connection: send a request, read lines back.
struct Client {
    let socket: UnixSocket
    private var buffer = LineBuffer(limit: 1 << 20)
    private var ready: [[UInt8]] = []

    /// Connects to the daemon's socket, or says how to start one.
    static func connect() -> Result<Client, Failure> {
        let path = socketPath()
        do {
            return .success(Client(socket: try UnixSocket.connect(to: path)))
        } catch {
            return .failure(Failure(code: .noDaemon, message: """
                no xtoast daemon is listening at \(path) (\(error)).
                Start one with: xtoast daemon &
                """))
        }
    }

    static func socketPath() -> String {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return SocketPath.resolve(override: env("XTOAST_SOCKET"), runtimeDir: env("XDG_RUNTIME_DIR"),
                                  display: env("DISPLAY"), uid: getuid()).path
    }

    func send(_ request: Request) -> Bool {
        socket.writeAll(Array((request.json.text + "\n").utf8))
    }

    /// The next message from the daemon; nil when the connection ends.
    mutating func next() -> ServerMessage? {
        while true {
            while !ready.isEmpty {
                if let message = ServerMessage.decode(line: ready.removeFirst()) { return message }
            }
            switch socket.read() {
            case let .data(bytes):
                for line in buffer.append(bytes) { if case let .line(l) = line { ready.append(l) } }
            case .wouldBlock: continue
            case .closed: return nil
            }
        }
    }

    /// Sends one request and waits for its reply, skipping events.
    mutating func roundTrip(_ request: Request) -> Result<String?, Failure> {
        guard send(request) else { return .failure(Failure(code: .noDaemon, message: "the daemon closed the connection")) }
        while let message = next() {
            switch message {
            case let .reply(.ok(id)): return .success(id)
            case let .reply(.error(text)): return .failure(Failure(code: .refused, message: text))
            case .event: continue
            }
        }
        return .failure(Failure(code: .noDaemon, message: "the daemon closed the connection before replying"))
    }
}

struct Failure: Error {
    var code: ExitCode
    var message: String
}
