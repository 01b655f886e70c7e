/// The screen as the loop's source of facts and input: which display, its monitors and work
/// areas, where the pointer and focus are, the input batches and the grabs that route keys and
/// presses to the daemon, its errors, and its end. Everything here is read or asked for once per
/// loop turn (or once per toast placed); nothing here draws.
///
/// A part of `Output` of its own because the loop's `poll()`, placement (`follow`) and the
/// board's holds (idle, fullscreen, lock) come from it, and none of them draws. Only the
/// service and the loop hold it: the cards and the centre are given the monitors they need.
public protocol ScreenInput: AnyObject {
    /// The display's name, resources, refresh rate, a line about its size, and the desktop's
    /// settings and windows as they stand, read together.
    var facts: ScreenFacts { get }
    /// The monitors, in the order `xrandr --listmonitors` gives (the whole screen as one
    /// monitor without RandR), each with the work area that panels leave free. Never empty.
    var monitors: [Monitor] { get }
    /// What the loop's `poll()` needs of the screen, asked once before each sleep: its
    /// descriptors, input already read, and when to read though nothing comes.
    var readiness: ScreenReadiness { get }
    /// Where `place` is now, for `follow`; nil when unknown (or nothing has the focus). May
    /// ask the server.
    func locate(_ place: ScreenPlace) -> Point?

    /// The input events received, decoded, in order: at most one loop turn's worth (a
    /// bounded batch), so a flood of input cannot keep the loop from its other clients.
    func takeInput() -> [InputEvent]
    /// Sends what was asked so far to the screen.
    func flush()
    /// Runs `body` if the screen goes away for good (the X server dies). `body` must not call
    /// the output again; the process ends after it.
    func onConnectionLost(_ body: @escaping () -> Void)
    /// Arms the screen's idle watch: `.idleChanged(true)` input comes once nobody has touched
    /// the keyboard or pointer for `threshold` seconds, `.idleChanged(false)` when input comes
    /// again; both as the server's own alarms, never by asking it on a timer. 0 stops watching
    /// (and ends an idle spell). False when the screen cannot tell (no idle counter): idle
    /// then never comes.
    func watchIdle(threshold: Int) -> Bool
    /// The monitors locked now, asked just before a surface maps (and while a lock the probe
    /// found stands, at each change): where a window of another client covers a monitor and
    /// nothing else tells, the keyboard probe does (`LockDecision`). The same as the last
    /// `.lockChanged` when nothing needs asking; the caller applies any difference.
    func confirmLock() -> Set<String>
    /// Errors the screen reported since the last call (a window gone, a bad size), one line
    /// each, for the log: none of them stops the daemon.
    func takeErrors() -> [String]

    /// Routes input to the daemon (`Grab`): what could not be had, one line each for the log;
    /// empty when all of it is held. A refused keyboard or panel grab is tried again by the
    /// caller (`GrabRetry`).
    @discardableResult
    func grab(_ grab: Grab) -> [String]
    /// Lets go of what a grab of that kind took (a drag's at the release's `serverTime`).
    func release(_ grab: Grab)
    /// Asks the owner of `selection` for its text, for the reply field on `surface`; it
    /// comes later as `.pasted` (never blocking), at most `ReplyField.maxBytes`.
    func requestPaste(_ selection: ReplySession.Selection, for surface: SurfaceID, serverTime: UInt)
}

/// What the loop's `poll()` needs of the screen, as one value: one question per sleep
/// rather than five requirements of the seam.
public struct ScreenReadiness: Equatable, Sendable {
    /// Readable when input arrives on the screen's connection; -1 when none.
    public var connection: Int32
    /// False while a flood's reads rest (until `readDue`): `poll()` is then not to wake for
    /// input on `connection`, only for its end (a hang-up, an error).
    public var readsConnection: Bool
    /// Readable when work done off the loop (an image decoding) has finished; -1 when none.
    /// `takeInput` then reports it.
    public var wake: Int32
    /// Input already read from the connection waits for the next `takeInput`, where `poll()`
    /// cannot see it: the loop must not sleep.
    public var hasPendingInput: Bool
    /// When the screen wants `takeInput` called though no input comes (a read it holds back
    /// until a storm of changes settles, a flood's next read), on the daemon's monotonic
    /// clock; nil: never.
    public var readDue: Double?

    public init(connection: Int32, readsConnection: Bool = true, wake: Int32 = -1, hasPendingInput: Bool = false,
                readDue: Double? = nil) {
        self.connection = connection
        self.readsConnection = readsConnection
        self.wake = wake
        self.hasPendingInput = hasPendingInput
        self.readDue = readDue
    }
}

/// What the screen is, as the log, the socket's path and the default scale need it.
public struct ScreenFacts: Equatable, Sendable {
    /// The display's name (`:0`), for the socket's path and the log.
    public var displayName: String
    /// The desktop's resource string (where `Xft.dpi` lives), for the default scale.
    public var desktopResources: String?
    /// The display's refresh rate in Hz; nil when unknown.
    public var refreshRate: Double?
    /// The screen's size and monitors in a line, for the log.
    public var description: String
    /// What the desktop's settings (XSETTINGS) say when the facts are read, for the start;
    /// each change after it comes as `.desktopSettingsChanged` input.
    public var desktopSettings: DesktopSettings
    /// Other clients' top-level windows and their names when the facts are read, for the
    /// start; each change after it comes as `.topLevelWindowsChanged` input.
    public var topLevelWindows: SharingWindows

    public init(displayName: String, desktopResources: String? = nil, refreshRate: Double? = nil, description: String = "",
                desktopSettings: DesktopSettings = DesktopSettings(), topLevelWindows: SharingWindows = SharingWindows()) {
        self.displayName = displayName
        self.desktopResources = desktopResources
        self.refreshRate = refreshRate
        self.description = description
        self.desktopSettings = desktopSettings
        self.topLevelWindows = topLevelWindows
    }
}

/// A place on the screen a new toast can follow (`[general] follow`).
public enum ScreenPlace: Equatable, Sendable {
    case pointer
    /// The centre of the window holding the keyboard focus (not the root's).
    case focusedWindow
}

/// What input a grab routes to the daemon, and for how long: each is let go of by `release`
/// of the same kind.
public enum Grab: Equatable, Sendable {
    /// Exactly these keys (with every Caps Lock and Num Lock combination, so those never change
    /// what a key does), letting go of those held before that are not among them; a press
    /// comes as `.key` with its `bound` action. A key the screen does not know, or one another
    /// client holds, is a line of the answer. `release` lets go of every one.
    case keys([KeyAction: KeyChord])
    /// A drag: pointer input stays on `surface`, even off the card. Its end keeps focus
    /// mode's grab.
    case drag(SurfaceID, serverTime: UInt)
    /// Focus mode: the keyboard (every press comes as `.key`) and the pointer's presses off
    /// the cards (a `.press` on a surface that is no card's).
    case focus
    /// The centre's panel: the keyboard and the pointer for `surface`, as launchers do; its
    /// keys come as `.key`, and a press outside it comes to it too, so it can close.
    case panel(SurfaceID)
    /// An open reply field: the keyboard's input focus on `surface` (its keys come as
    /// `.key`), taken at the click's or key's `serverTime`; `release` gives the focus back
    /// to the window that had it.
    case reply(SurfaceID, serverTime: UInt)

    /// The same kind of grab, whatever it holds: what `release` compares.
    public var kind: Kind {
        switch self {
        case .keys: .keys
        case .drag: .drag
        case .focus: .focus
        case .panel: .panel
        case .reply: .reply
        }
    }
    public enum Kind: Equatable, Sendable { case keys, drag, focus, panel, reply }
}
