/// Pointer input and screen news, decoded by the output so the loop never sees the
/// windowing system's own events.
public enum InputEvent: Equatable, Sendable {
    /// `time` is the server's timestamp in seconds, `serverTime` the same in its own units
    /// (for grabs); `root` is the pointer in screen coordinates.
    case press(surface: SurfaceID, button: UInt32, root: Point, time: Double, serverTime: UInt)
    case release(surface: SurfaceID, button: UInt32, root: Point, time: Double, serverTime: UInt)
    case motion(surface: SurfaceID, root: Point, time: Double)
    /// `grabbing` marks crossings caused by a pointer grab starting or ending.
    case enter(surface: SurfaceID, grabbing: Bool)
    case leave(surface: SurfaceID, grabbing: Bool)
    /// A compositing manager started or stopped: surfaces made from now on are of the new
    /// kind (with alpha or shaped), and existing ones must be made again.
    case compositorChanged
    /// The monitors a locker or the screen saver covers now (all of them, some, or none):
    /// nothing is drawn there while `[general] lock = hold` (`CoveringWindows`).
    case lockChanged(Set<String>)
    /// Monitors, the screen's size or the panels' reservations changed: cards move to
    /// their monitor's new frame.
    case screenChanged
    /// Images that were decoding off the loop can be drawn now.
    case imagesReady
    /// The monitors the active window covers while it is fullscreen, all at once (empty: none
    /// now), each time that set changes: the board holds exactly these.
    case fullscreenChanged(monitors: Set<String>)
    /// Nobody has touched the keyboard or pointer for the idle threshold (true), or input
    /// came again (false); see `Output.watchIdle`.
    case idleChanged(Bool)
    /// The desktop's settings (XSETTINGS) changed: what they say now.
    case desktopSettingsChanged(DesktopSettings)
    /// Other clients' top-level windows or their names changed: all of them now (for quiet
    /// while the screen is shared).
    case topLevelWindowsChanged(SharingWindows)
    /// Another window became the active one (`_NET_ACTIVE_WINDOW`): who owns it now. It has
    /// been active since the service hears of it (`FocusedApp`).
    case activeWindowChanged(ActiveWindow)
    /// A key went down: a bound one (`Grab.keys`), or any while focus mode or the centre holds
    /// the keyboard (`Grab.focus`, `Grab.panel`).
    case key(KeyStroke)
    /// The text a paste asked for (`ScreenInput.requestPaste`) arrived; empty when the
    /// selection had no owner, no text, or did not answer in time.
    case pasted(String)
    /// The keyboard's focus left `surface` for another window (the user clicked one that a
    /// window manager focused): an open reply field there closes.
    case focusLost(surface: SurfaceID)
}

/// A key press as the loop sees it.
public struct KeyStroke: Equatable, Sendable {
    /// Its keysym's name without Shift (`Return`, `space`, `1`, `Escape`), as `xev` prints it.
    public var key: String
    public var modifiers: KeyModifiers
    /// The bound key it is, if any (the output knows which key each binding grabbed).
    public var bound: KeyAction?
    /// The screen's own number for the key, for the output to tell which binding it is.
    public var code: UInt32
    /// What it types in the keyboard's layout, Shift included ("C"); empty for a key that
    /// types nothing (arrows, Escape, a modifier). The centre's filter reads it.
    public var text: String
    /// The X server's time of the press (its milliseconds), for the activation token of an
    /// action the key chooses.
    public var serverTime: UInt

    public init(key: String, modifiers: KeyModifiers = [], bound: KeyAction? = nil, code: UInt32 = 0, text: String = "",
                serverTime: UInt = 0) {
        self.key = key
        self.modifiers = modifiers
        self.bound = bound
        self.code = code
        self.text = text
        self.serverTime = serverTime
    }
}

extension InputEvent {
    /// The X server's time of a press, a release or a key; nil for events without one.
    public var serverTime: UInt? {
        switch self {
        case let .press(_, _, _, _, time), let .release(_, _, _, _, time): time
        case let .key(stroke): stroke.serverTime
        default: nil
        }
    }
}

extension InputEvent {
    /// `events` without the pointer motion that later motion on the same surface makes
    /// stale, with no press or release between them: a batch of moves costs one, and a
    /// swipe still sees where the pointer was at each press and release. A notice that
    /// only says "read it again" (the screen, the compositor), or the desktop's settings as
    /// they now stand, is kept once, its last time: a client changing `_NET_WORKAREA` in a loop then fills no
    /// batch, so the flood is read as fast as it comes rather than waiting in Xlib's queue
    /// (60 MiB of it in 3 s).
    public static func latestMotion(_ events: [InputEvent]) -> [InputEvent] {
        var movedLater: Set<SurfaceID> = []
        var noticedLater: (screen: Bool, compositor: Bool, settings: Bool) = (false, false, false)
        var kept: [InputEvent] = []
        kept.reserveCapacity(events.count)
        for event in events.reversed() {
            switch event {
            case .screenChanged:
                guard !noticedLater.screen else { continue }
                noticedLater.screen = true
            case .compositorChanged:
                guard !noticedLater.compositor else { continue }
                noticedLater.compositor = true
            case .desktopSettingsChanged:
                guard !noticedLater.settings else { continue }
                noticedLater.settings = true
            case let .motion(surface, _, _):
                guard movedLater.insert(surface).inserted else { continue }
            case .press, .release:
                movedLater.removeAll()
            default:
                break
            }
            kept.append(event)
        }
        return kept.reversed()
    }
}
