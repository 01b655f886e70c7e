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
    mutating func roundTrip(_ request: Request) -> Result<Reply, Failure> {
        guard send(request) else { return .failure(Failure(code: .noDaemon, message: "the daemon closed the connection")) }
        while let message = next() {
            switch message {
            case let .reply(.error(text)): return .failure(Failure(code: .refused, message: text))
            case let .reply(reply): return .success(reply)
            case .event: continue
            }
        }
        return .failure(Failure(code: .noDaemon, message: "the daemon closed the connection before replying"))
    }

    /// `show --wait`: reads events until the toast's `dismissed`, then reports the outcome and exits:
    /// 0 with `action ID` when an action was chosen, 4 with `dismissed REASON` otherwise.
    mutating func waitForEnd(of id: String, output: WaitOutput) -> Never {
        var chosen: (String, JSON)?
        while let message = next() {
            guard case let .event(event) = message, event.id == id else { continue }
            let json = event.json
            switch event {
            case let .action(_, action):
                chosen = (action, json)
            case let .dismissed(_, reason):
                if let (action, actionJSON) = chosen {
                    StandardStreams.output(output == .json ? actionJSON.text : "action \(action)")
                    exit(ExitCode.ok.rawValue)
                }
                StandardStreams.output(output == .json ? json.text : "dismissed \(reason.rawValue)")
                exit(ExitCode.dismissedWithoutAction.rawValue)
            default:
                continue
            }
        }
        StandardStreams.error("xtoast: the daemon went away before toast \(id) ended")
        exit(ExitCode.daemonWentAway.rawValue)
    }

    /// `subscribe`: prints every event line until the daemon goes away.
    mutating func streamEvents() -> Never {
        while let message = next() {
            if case let .event(event) = message { StandardStreams.output(event.json.text) }
        }
        StandardStreams.error("xtoast: the daemon went away")
        exit(ExitCode.daemonWentAway.rawValue)
    }
}

struct Failure: Error {
    var code: ExitCode
    var message: String
}
