#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import Operations
import ToastCore
import Transport

/// The client side of one connection: send a request, read lines back.
struct Client {
    let socket: UnixSocket
    /// Replies of any size reach the client (a long `history`): the limit only stops a
    /// runaway peer from taking all memory.
    private var buffer = LineBuffer(limit: Client.maxReplyBytes)
    private var ready: [[UInt8]] = []
    /// Set when a line went past `maxReplyBytes`: reported instead of waiting for ever.
    private var overlong = false
    /// Whether the last `next()` gave up waiting (`replyTimeout`) rather than seeing the end.
    private(set) var timedOut = false
    /// The line the last message came in, printed as it is for events: the daemon's line
    /// carries more than `ToastEvent` keeps (the toast's source, app and rules).
    private var lastLine: [UInt8] = []
    private var lastText: String { String(decoding: lastLine, as: UTF8.self) }

    static let maxReplyBytes = 64 << 20
    /// A reply comes at once; a daemon that sends none in this long is stuck or not xtoast.
    static let replyTimeout = 10

    /// Connects to the daemon's socket, or says how to start one. The daemon must run as this
    /// user (its credentials on the connected socket, `SO_PEERCRED`): anything else at the
    /// path could read every toast and answer `--wait` with a forged action.
    /// Typed throws rather than a `Result`: the client starts once per toast, and a generic
    /// `Result<Client, Failure>` costs its metadata, instantiated at run time, on every start.
    static func connect() throws(Failure) -> Client {
        let path = socketPath()
        let socket: UnixSocket
        do {
            socket = try UnixSocket.connect(to: path)
        } catch {
            throw Failure(code: .noDaemon, message: """
                no xtoast daemon is listening at \(path) (\(error)).
                Start one with: xtoast daemon &
                """)
        }
        guard let uid = socket.peerUID, uid == getuid() else {
            socket.close()
            let who = socket.peerUID.map { "uid \($0)" } ?? "an unknown user"
            throw Failure(code: .noDaemon, message: """
                refusing \(path): the process listening there runs as \(who), not as you (uid \(getuid())).
                Someone else may have created it; remove it or set XTOAST_SOCKET.
                """)
        }
        return Client(socket: socket)
    }

    static func socketPath() -> String {
        SocketPath.resolve(override: Environment.get("XTOAST_SOCKET"), runtimeDir: Environment.get("XDG_RUNTIME_DIR"),
                           display: Environment.get("DISPLAY"), uid: getuid()).path
    }

    func send(_ line: [UInt8]) -> Bool {
        socket.writeAll(line + [UInt8(ascii: "\n")])
    }

    /// The next message from the daemon; nil when the connection ends (or, with `timeout`,
    /// when nothing came for that many seconds: then `timedOut` is set).
    mutating func next(timeout: Int? = nil) -> ServerMessage? {
        while let line = nextLine(timeout: timeout) {
            if overlong {
                overlong = false
                return .reply(.error("the daemon's reply was longer than \(Client.maxReplyBytes >> 20) MiB"))
            }
            if let message = ServerMessage.decode(line: line) {
                lastLine = line
                return message
            }
        }
        return nil
    }

    /// The next line from the daemon, whatever it is (an overlong one comes back empty, with
    /// `overlong` set); nil as for `next`.
    private mutating func nextLine(timeout: Int? = nil) -> [UInt8]? {
        socket.setReceiveTimeout(seconds: timeout ?? 0)
        timedOut = false
        while true {
            if !ready.isEmpty { return ready.removeFirst() }
            if overlong { return [] }
            switch socket.read() {
            case let .data(bytes):
                for line in buffer.append(bytes) {
                    switch line {
                    case let .line(l): ready.append(l)
                    case .tooLong: overlong = true
                    }
                }
            case .wouldBlock:
                // Only a receive timeout makes a blocking read give up like this.
                timedOut = true
                return nil
            case .closed: return nil
            }
        }
    }

    /// Sends one request and waits for its reply (at most `replyTimeout` seconds between
    /// lines), skipping events.
    mutating func roundTrip(_ line: [UInt8]) throws(Failure) -> Reply {
        guard send(line) else { throw Failure(code: .noDaemon, message: "the daemon closed the connection") }
        while let message = next(timeout: Client.replyTimeout) {
            switch message {
            case let .reply(.error(text)): throw Failure(code: .refused, message: text)
            case let .reply(reply): return reply
            case .event: continue
            }
        }
        if timedOut {
            throw Failure(code: .noDaemon, message: "the daemon sent no reply within \(Client.replyTimeout) s")
        }
        throw Failure(code: .noDaemon, message: "the daemon closed the connection before replying")
    }

    /// `show --wait`: reads events until the toast's `dismissed`, then reports the outcome and exits:
    /// 0 with `action ID` when an action was chosen, 0 with `reply TEXT` when a reply was sent
    /// from its field, 4 with `dismissed REASON` otherwise.
    mutating func waitForEnd(of id: String, output: WaitOutput) -> Never {
        var chosen: (String, String)?
        while let message = next() {
            guard case let .event(event) = message, event.id == id else { continue }
            let json = lastText
            switch event {
            case let .action(_, action):
                chosen = (action, json)
            case let .replied(_, text):
                StandardStreams.output(output == .json ? json : "reply \(text)")
                exit(ExitCode.ok.rawValue)
            case let .dismissed(_, reason):
                if let (action, actionJSON) = chosen {
                    StandardStreams.output(output == .json ? actionJSON : "action \(action)")
                    exit(ExitCode.ok.rawValue)
                }
                StandardStreams.output(output == .json ? json : "dismissed \(reason.rawValue)")
                exit(ExitCode.dismissedWithoutAction.rawValue)
            default:
                continue
            }
        }
        StandardStreams.error("xtoast: the daemon went away before toast \(id) ended")
        exit(ExitCode.daemonWentAway.rawValue)
    }

    /// `count --follow`: hands each `count` event's counts to `counted` until the daemon goes
    /// away (`CountFollower` then waits for the next one).
    mutating func readCounts(_ counted: (Counts) -> Void) {
        while let line = nextLine() {
            guard let json = try? JSON.parse(line), json["event"] == .string("count"), let counts = Counts(json) else { continue }
            counted(counts)
        }
    }

    /// `subscribe`: prints every event line until the daemon goes away.
    mutating func streamEvents() -> Never {
        while let message = next() {
            if case .event = message { StandardStreams.output(lastText) }
        }
        StandardStreams.error("xtoast: the daemon went away")
        exit(ExitCode.daemonWentAway.rawValue)
    }
}

struct Failure: Error {
    var code: ExitCode
    var message: String
}
