/// The screen as the loop's source of facts and input: which display, its monitors and work
/// areas, where the pointer and focus are, the input batches and the grabs that route keys and
/// presses to the daemon, its errors, and its end. Everything here is read or asked for once per
/// loop turn (or once per toast placed); nothing here draws.
///
/// A part of `Output` of its own because the loop's `poll()`, placement (`follow`) and the
/// board's holds (idle, fullscreen, lock) come from it, and none of them draws.
public protocol ScreenInput: AnyObject {
    /// The display's name (`:0`), for the socket's path and the log.
    var displayName: String { get }
    /// A descriptor that becomes readable when input arrives, for `poll()`; -1 when none.
    var fileDescriptor: Int32 { get }
    /// A second one, readable when work done off the loop (an image decoding) has finished;
    /// -1 when none. `takeInput` then reports it.
    var wakeDescriptor: Int32 { get }
    /// The desktop's resource string (where `Xft.dpi` lives), for the default scale.
    var desktopResources: String? { get }
    /// The monitors, in the order `xrandr --listmonitors` gives (the whole screen as one
    /// monitor without RandR), each with the work area that panels leave free. Never empty.
    var monitors: [Monitor] { get }
    /// The screen's size and monitors in a line, for the log.
    var screenDescription: String { get }
    /// The display's refresh rate in Hz; nil when unknown.
    var refreshRate: Double? { get }
    /// Where the pointer is, for `follow = mouse`; nil when unknown. May ask the server.
    func pointerPosition() -> Point?
    /// The centre of the window holding the keyboard focus, for `follow = keyboard`; nil
    /// when nothing (or the root) has it. May ask the server.
    func focusedWindowCenter() -> Point?

    /// The input events received, decoded, in order: at most one loop turn's worth (a
    /// bounded batch), so a flood of input cannot keep the loop from its other clients.
    func takeInput() -> [InputEvent]
    /// Whether input already read from the screen's connection waits for the next
    /// `takeInput`, where `poll()` on `fileDescriptor` cannot see it: the loop must not sleep.
    var hasPendingInput: Bool { get }
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

    /// Keeps pointer input on `surface` during a drag, even off the card.
    func grabPointer(_ surface: SurfaceID, serverTime: UInt)
    func ungrabPointer(serverTime: UInt)
    /// Holds exactly `keys` (with every Caps Lock and Num Lock combination, so those never
    /// change what a key does), letting go of those held before that are not among them; a
    /// press comes as `.key` with its `bound` action. One line each, for the log, for a key
    /// that cannot be held (a name the screen does not know, a key another client holds).
    func grabKeys(_ keys: [KeyAction: KeyChord]) -> [String]
    /// Focus mode: takes the keyboard (every press comes as `.key`) and the pointer's presses
    /// off the cards (a `.press` on a surface that is no card's); false when another client
    /// holds the keyboard. A drag's pointer grab and its end keep this one.
    func grabKeyboard() -> Bool
    /// Takes the keyboard and the pointer for `surface` (the centre's panel), as launchers do:
    /// its keys come as `.key`, and a press outside it comes to it too, so it can close. False
    /// when another client holds a grab (try again a frame later).
    func grabInput(_ surface: SurfaceID) -> Bool
    /// Lets go of what `grabInput` took.
    func ungrabInput()
    func ungrabKeyboard()
}
