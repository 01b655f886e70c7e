/// What the loop asks of the screen. The X11 layer implements it; tests implement it with
/// a fake that records the calls, so every decision the loop makes runs without an X server.
///
/// Surfaces are cards' windows: created already sized and placed, painted before they are
/// mapped, moved (never repainted) while they animate.
public protocol Output: AnyObject {
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
    /// Where the pointer is, for `follow = mouse`; nil when unknown. May ask the server.
    func pointerPosition() -> Point?
    /// The centre of the window holding the keyboard focus, for `follow = keyboard`; nil
    /// when nothing (or the root) has it. May ask the server.
    func focusedWindowCenter() -> Point?
    /// Whether a compositor runs: surfaces then have alpha (soft corners, shadows, fading).
    var hasAlpha: Bool { get }
    /// The display's refresh rate in Hz; nil when unknown.
    var refreshRate: Double? { get }
    /// Measures text for the card composer, with the current font.
    var textMetrics: any TextMeasuring { get }
    /// Chooses the text font; false (and the old font kept) when none matches.
    func setFont(family: String, pixelSize: Double) -> Bool

    /// Finds and loads an icon (a file or a theme name) at `pixelSize`, once, at show or update.
    /// Success gives the file that `CardComposer.Appearance.iconImage` then names.
    /// A large image may still be decoding when this returns: `isImageReady` says when it can
    /// be drawn, and `.imagesReady` input comes when one becomes ready.
    func loadIcon(_ spec: String, pixelSize: Int) -> Result<String, IconLoadError>
    func isImageReady(_ file: String) -> Bool
    /// Keeps raw pixels (a D-Bus notification's `image-data`) under `name`, scaled to fit
    /// `pixelSize`, so a toast whose icon file is the returned name draws them. The image's
    /// header must already have passed `RawImage.neededBytes`.
    func storeImage(_ name: String, _ image: RawImage, pixelSize: Int) -> Result<String, IconLoadError>

    func createSurface(size: Size, at origin: Point) -> SurfaceID
    /// Paints `scene` into the surface, fitting its size and shape to the scene, and moves it
    /// to `origin` in the same request.
    func paint(_ surface: SurfaceID, _ scene: CardScene, at origin: Point)
    func move(_ surface: SurfaceID, to origin: Point)
    /// Shows only the part of the surface inside `clip` (screen coordinates; nil: all of it),
    /// so a card entering or leaving across an edge its monitor shares with another never
    /// shows on the neighbour.
    func setClip(_ surface: SurfaceID, _ clip: Rect?)
    /// 0...1; honoured only under a compositor.
    func setOpacity(_ surface: SurfaceID, _ opacity: Double)
    func map(_ surface: SurfaceID)
    func destroy(_ surface: SurfaceID)
    /// Shows a spinner over part of the surface (nil removes it).
    func setSpinner(_ surface: SurfaceID, _ spinner: SpinnerSpec?)
    /// Turns every spinner to `phase` (turns, 0..<1 repeating).
    func turnSpinners(phase: Double)

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
    /// Errors the screen reported since the last call (a window gone, a bad size), one line
    /// each, for the log: none of them stops the daemon.
    func takeErrors() -> [String]
}

/// Why an icon could not be used; the client is told, the card shows the kind's icon.
public struct IconLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
