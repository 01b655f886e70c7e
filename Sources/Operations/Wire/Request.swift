import JSONCodec
import ToastCore

/// A client's request, decoded and validated from one protocol line. Each op is declared
/// in `Operation.table` (how it parses, decodes and is documented); see there to add one.
public enum Request: Equatable, Sendable {
    case show(ShowRequest)
    case update(UpdateRequest)
    case dismiss(id: String)
    case dismissAll
    /// The newest visible toast, as if the user had closed it (reason `close`).
    case dismissNewest
    /// An action (or a link) of a toast, as if the user had clicked it.
    case invoke(InvokeRequest)
    /// Shows the most recently ended toast (or the toast `id`) from history again.
    case restore(id: String?)
    /// The actions and links `xtoast menu` offers: the newest toast's, or every visible one's.
    case menu(all: Bool)
    /// How many toasts are visible, queued, in history and unread; with `follow`, the
    /// connection then hears `{"event":"count",…}` each time they change.
    case count(follow: Bool)
    /// Visible and queued toasts.
    /// The first `limit` live toasts (visible, then queued); nil for all of them.
    case list(limit: Int?)
    /// Do-not-disturb: new toasts queue until `resume` or the end asked for (critical ones
    /// still show; a level below 100 lets toasts whose rules set a higher one through).
    case pause(PauseRequest = PauseRequest())
    /// Whether it is quiet, until when, and who asks (the user, applications, schedules).
    case pauseStatus
    case resume
    /// Mutes an application for a while or always, lists or ends snoozes (`xtoast snooze`).
    case snooze(SnoozeRequest)
    /// The last `limit` ended toasts (at most `HistoryLimits.maxKeep`).
    case history(limit: Int?)
    /// Forgets every ended toast, in memory and in the history file.
    case clearHistory
    /// Turns the connection into an event stream of every toast.
    case subscribe
    case ping
    /// Reads the config file again.
    case reload
    /// The config's rules, whether each applies now and how many toasts each matched.
    case rules
    /// Enables, disables or toggles one rule at run time.
    case rule(name: String, change: RuleSwitch)
    /// What the rules would make of a toast: nothing is shown and nothing counted.
    case test(Submission)
    /// Keyboard focus on the cards (`KeyboardFocus`), from the newest visible one.
    case focus

    /// Opens, closes or toggles the notification centre's panel.
    case center(CenterSwitch, monitor: MonitorChoice? = nil)
    /// `xtoastd --replace` asks the daemon of its socket to end its toasts (`replaced`),
    /// let go of the socket, its lock, the keys and the history file, and exit; allowed only
    /// to the same user running the same executable (`PeerIdentity.mayTakeOver`).
    case handOver
    /// `xtoastd --replace` proves to the bus name's holder, over that daemon's socket, that
    /// it is the process that asked on the bus (`HandOverChallenge` answered `nonce`): the
    /// kernel names who wrote on a socket, while the bus never says which process sent a call.
    case busHandOver(nonce: String)

    /// The operations the daemon understands, in `Operation.table`'s order, for error messages.
    public static let operations = Operation.table.compactMap { $0.wire == nil ? nil : $0.name }
}

/// `xtoast pause [--for DURATION | --until TIME] [--level N]`.
public struct PauseRequest: Equatable, Sendable {
    /// 1-100 (dunst's pause level; 100 is plain `pause`).
    public var level: Int
    /// Nil: until `resume`.
    public var end: QuietEnd?

    public init(level: Int = QuietState.fullLevel, end: QuietEnd? = nil) {
        self.level = level
        self.end = end
    }
}

/// The fields of an `invoke` request: which toast (nil: the newest visible one that has
/// actions) and what: an action (nil: the default one) or, instead, one of its links.
public struct InvokeRequest: Equatable, Sendable {
    public var id: String?
    public var action: String?
    public var link: String?

    public init(id: String? = nil, action: String? = nil, link: String? = nil) {
        self.id = id
        self.action = action
        self.link = link
    }
}

/// `xtoast snooze APP DURATION|always`, `--list`, `--clear APP`.
public enum SnoozeRequest: Equatable, Sendable {
    /// Mutes `app` until `end` (`--for`'s and `--until`'s words); nil: always (a rule).
    case mute(app: String, end: QuietEnd?)
    case list
    case clear(app: String)
}
