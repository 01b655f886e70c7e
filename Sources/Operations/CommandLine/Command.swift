import JSONCodec
import ToastCore

/// A parsed `xtoast` command line.
///
/// Most commands only send their request and print what `Operation.Wire.reply` says of the
/// answer: they are `send`. The others are cases of their own because the client does more
/// than that around them (reads stdin, runs a menu program, reads the config file itself).
public enum Command: Equatable, Sendable {
    /// `flags` are passed to `xtoastd` as given: `--no-dbus`, `--replace`.
    case daemon(flags: [String] = [])
    case show(ShowCommand)
    /// `xtoast menu [--all] [-- PROGRAM ARGS...]`.
    case menu(MenuCommand)
    /// `xtoast count [--follow] [--format TEXT]`.
    case count(CountCommand)
    /// `xtoast rules --test ...`: what the rules make of a toast; without a daemon the
    /// client reads the config file itself.
    case testRules(Submission)
    /// Prints the xtoast config equivalent to a dunstrc (`DunstrcTranslator`); nil reads
    /// dunst's own file. Needs no daemon.
    case importDunstrc(path: String?)
    /// dunstctl's arguments, as dunstctl takes them (`Dunstctl.parse`, which words its own
    /// refusals); the client sends the requests each needs.
    case dunstctl([String])
    /// `xtoast doctor [--json]`: handed to `xtoastd --doctor`, which reads the bus and the X
    /// server (the client links neither).
    case doctor(json: Bool)
    case help(String)
    /// `xtoast help --page NAME`: a man page as text, for a terminal without man.
    case page(String)
    /// Every other command: the request, sent as it is.
    case send(Request)

    /// The request this command sends (nil for the ones that send none).
    public var request: Request? {
        switch self {
        case .daemon, .help, .page, .importDunstrc, .dunstctl, .doctor: nil
        case let .show(s): .show(s.request)
        case let .menu(m): .menu(all: m.all)
        case let .count(c): .count(follow: c.follow)
        case let .testRules(submission): .test(submission)
        case let .send(request): request
        }
    }

    /// `request`'s protocol line, or nil. Made here, not by the client from `request`: an
    /// `Optional<Request>` left in the client to destroy cost it `Optional`'s metadata, built by
    /// demangling, on every launch.
    public var requestLine: [UInt8]? { request?.line }

    /// What the client prints of a successful reply: its operation's `Wire.reply`.
    public var replyOutput: Operation.ReplyOutput {
        guard let request, let wire = Operation.named(request.op)?.wire else { return .nothing }
        return wire.reply(request)
    }
}

/// `xtoast show`: the request, and what the client does around it. A struct rather than the
/// case's own tuple: copying a tuple payload needs its metadata, which the runtime builds by
/// demangling, on every launch of the client.
public struct ShowCommand: Equatable, Sendable {
    public var request: ShowRequest
    /// The message is read from stdin (`-` on the command line).
    public var messageFromStdin: Bool
    /// With `wait`, the client stays until the toast ends and reports how.
    public var wait: WaitOutput?

    public init(_ request: ShowRequest, messageFromStdin: Bool = false, wait: WaitOutput? = nil) {
        self.request = request
        self.messageFromStdin = messageFromStdin
        self.wait = wait
    }
}

/// `xtoast menu`: which toasts' actions and links, and the menu program that chooses.
public struct MenuCommand: Equatable, Sendable {
    public var all: Bool
    /// The program and its arguments; it reads the lines on stdin and prints the chosen one.
    /// Nil: the config's `[general] menu`, as the daemon answers it.
    public var program: [String]?
    /// The config's default (`Config.defaultMenu`), for a client that has read no config.
    public static let defaultProgram = Config.defaultMenu

    public init(all: Bool = false, program: [String]? = nil) {
        self.all = all
        self.program = program
    }
}

/// `xtoast count`: once, or a line per change; as JSON, or `format` with its fields filled.
public struct CountCommand: Equatable, Sendable {
    public var follow: Bool
    /// `{visible} {queued} {history} {unread}` replaced (`Counts.formatted`); nil prints JSON.
    public var format: String?

    public init(follow: Bool = false, format: String? = nil) {
        self.follow = follow
        self.format = format
    }
}

/// How `show --wait` reports the outcome: `action ID` / `dismissed REASON`, or the raw event.
public enum WaitOutput: Equatable, Sendable {
    case text
    case json
}

/// Exit codes, documented in `xtoast --help` and xtoast(1).
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// The daemon refused the request; its error is on stderr.
    case refused = 1
    case usage = 2
    /// No daemon answered at the socket.
    case noDaemon = 3
    /// `show --wait`: the toast ended without an action being chosen (timeout, click, swipe…).
    case dismissedWithoutAction = 4
    /// `show --wait` or `subscribe`: the daemon went away before the toast ended.
    case daemonWentAway = 5
}

/// A usage mistake; the message is printed with a pointer to `--help`.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
