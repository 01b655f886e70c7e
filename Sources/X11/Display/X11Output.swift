#if canImport(Glibc)
import Glibc
#endif
import CX11
import ToastCore
import Transport

/// What to do when the X connection breaks. A C callback cannot capture, so it reads this;
/// it is set once, on the loop's thread, and called on that thread from inside Xlib.
nonisolated(unsafe) private var connectionLostHandler: (() -> Void)?

/// The loop's `Output` on a real X server: one override-redirect window per surface,
/// painted with Xft and XRender, input decoded from X events.
///
/// Owns every X handle, and lives on the loop's thread with them.
public final class X11Output: Output {
    private let display: XDisplay
    private var visual: CardVisual
    /// The font asked for; loaded at the first text measured or card painted, not at start.
    /// An idle daemon then holds no font configuration, font map or faces (about 0.8 MiB of
    /// private memory), at the cost of about 12 ms once, on the session's first toast.
    private var fontRequest = (face: FontFace(family: "sans"), pixelSize: 14.0)
    private var loadedFonts: FontLibrary?
    private let fontsFailed: (String) -> Never
    private var loadedPainter: Painter?
    /// Decoded icons, kept across painters.
    private let images: ImageCache
    /// Problems to log that are not X errors (an icon that failed to decode off the loop).
    private var problems: [String] = []
    private var windows: [SurfaceID: CardWindow] = [:]
    private var spinners: [SurfaceID: SpinnerOverlay] = [:]
    /// The bound keys held, and the keyboard in focus mode.
    private lazy var keys = KeyGrabs(display: display)
    /// Read at start and again on every screen change, never per toast.
    public private(set) var monitors: [Monitor]
    /// The screen's refresh rate (for monitors that do not give their own), read when the
    /// monitors are: asking per animation was a synchronous round trip on every toast, and
    /// `XRRGetScreenInfo` makes the server probe its outputs.
    public private(set) var refreshRate: Double?
    /// The screen changed and its monitors are to be read again, once the input drains.
    private var screenReadDue = false
    /// The same for the compositor's selection.
    private var compositorReadDue = false
    /// When the last notice that the screen or the compositor changed came (monotonic seconds).
    private var lastScreenNotice = -Double.infinity
    /// A read of the monitors or the compositor waits until no notice of a change has come
    /// for this long, as well as for the input to drain. A client toggling `_NET_WORKAREA`
    /// or the compositor's selection without pause lets the input drain between its bursts:
    /// each drain read the screen (about 15 round trips, 57 reads in 3 s), and each round
    /// trip read what the server had queued meanwhile into Xlib's queue, which on a loaded
    /// machine grew the daemon past 32 MiB. Settled, the screen is read once the storm
    /// pauses; one change (a panel appearing) is read 50 ms after its notice.
    static let readSettle = 0.05
    /// This many events read within `floodRest` is a flood (32,000 a second, where the pointer
    /// makes one event a millisecond and a key repeat fewer): once caught up with it, the
    /// connection rests for `floodRest` before it is read again, Xlib's queue aside.
    static let floodEvents = 256
    /// Meanwhile the server fills the socket and then holds the rest, and writes it in one
    /// piece when the daemon reads again. Read at once, a flood came as one write (and one
    /// socket buffer) an event: the X server then flushes after every event another client's
    /// fake input makes. So a flood costs the server and the daemon a fraction of what it did;
    /// input waits at most this much longer while it lasts.
    static let floodRest = 0.008
    /// Until when (monotonic seconds) the connection rests; nil: it is read whenever it is ready.
    private var restsUntil: Double?
    /// The events read since `start` (monotonic seconds), for telling a flood (`floodEvents`).
    private var floodWindow = (start: -Double.infinity, read: 0)
    /// The desktop's news that holds toasts: a fullscreen window, the user away.
    private let fullscreen: FullscreenWatch
    private let idle: IdleAlarm
    /// The desktop's settings (XSETTINGS): reduced motion, a high-contrast theme.
    private let xsettings: XSettingsWatch
    /// The reply field's paste and keyboard focus (`PasteWatch`, `ReplyFocus`).
    private let paste: PasteWatch
    private let replyFocus: ReplyFocus
    private var replySurface: SurfaceID?
    /// Who owns the window the user is looking at (`[general] focused_app`).
    private let activeWindow: ActiveWindowWatch

    public struct OpenError: Error { public let message: String }

    /// Opens `$DISPLAY`, watches for a compositor, and opens a first font (the daemon sets
    /// the configured one next). The image decoders are spawned into `children`, the table
    /// the daemon reaps on SIGCHLD.
    /// `fontsFailed` hears when no font at all loads (fonts removed after start-up): nothing
    /// can be drawn then, and the daemon ends (it never returns).
    public init(children: ChildProcesses = ChildProcesses(), fontsFailed: @escaping (String) -> Never) throws(OpenError) {
        self.fontsFailed = fontsFailed
        guard let display = XDisplay() else {
            throw OpenError(message: "cannot open display \"\(Environment.get("DISPLAY") ?? "")\": is an X server running and DISPLAY set?")
        }
        guard xt_fontconfig_has_fonts() != 0 else {
            throw OpenError(message: "no usable font; install fonts-dejavu-core")
        }
        self.display = display
        visual = CardVisual(display: display, argb: display.hasCompositor)
        images = ImageCache(display: display, children: children)
        display.watchCompositor()
        display.watchScreen()
        monitors = display.readMonitors()
        refreshRate = display.refreshRate
        fullscreen = FullscreenWatch(display: display)
        idle = IdleAlarm(display: display)
        xsettings = XSettingsWatch(display: display)
        display.xsettingsWatch = xsettings
        paste = PasteWatch(display: display)
        display.pasteWatch = paste
        replyFocus = ReplyFocus(display: display)
        activeWindow = ActiveWindowWatch(display: display)
        display.lockWatch = LockWatch(display: display) { [weak self] in self?.windows[SurfaceID($0)] != nil }
        sharing = SharingWatch(display: display) { [weak self] in self?.windows[SurfaceID($0)] != nil }
        display.inputMethod = InputMethod(display: display)
    }

    /// Other clients' top-level windows, for quiet while the screen is shared.
    private var sharing: SharingWatch?
    /// The locked monitors last reported to the loop.
    private var reportedLock: Set<String> = []

    public var facts: ScreenFacts {
        ScreenFacts(displayName: display.name, desktopResources: display.resourceManager, refreshRate: refreshRate,
                    description: screenDescription, desktopSettings: xsettings.settings,
                    topLevelWindows: sharing?.windows ?? SharingWindows())
    }
    public func isImageReady(_ file: String) -> Bool { images.isReady(file) }
    public func locate(_ place: ScreenPlace) -> Point? {
        switch place {
        case .pointer: display.pointerPosition()
        case .focusedWindow: display.focusedWindowCenter()
        }
    }
    public var hasAlpha: Bool { visual.hasAlpha }
    public var textMetrics: any TextMeasuring { fonts }

    /// The fonts, loaded on first use. Pango substitutes a family it lacks, so only a screen
    /// without any font fails here, and start-up has already refused that; should it happen
    /// anyway, the generic sans is tried before `fontsFailed` is told (the daemon decides
    /// what then: this layer neither logs nor exits).
    private var fonts: FontLibrary {
        if let loadedFonts { return loadedFonts }
        guard let fonts = FontLibrary(display: display, face: fontRequest.face, pixelSize: fontRequest.pixelSize)
                ?? FontLibrary(display: display, face: FontFace(family: "sans"), pixelSize: 14) else {
            fontsFailed("no usable font for \(fontRequest.face.description); install fonts-dejavu-core")
        }
        loadedFonts = fonts
        return fonts
    }

    private var painter: Painter {
        if let loadedPainter { return loadedPainter }
        let painter = Painter(display: display, visual: visual, fonts: fonts, images: images)
        loadedPainter = painter
        return painter
    }

    public func setFont(_ face: FontFace, pixelSize: Double) -> Bool {
        guard FontLibrary.accepts(pixelSize: pixelSize) else { return false }
        guard let current = loadedFonts else {
            // Nothing loaded yet: the first toast loads this one.
            fontRequest = (face, pixelSize)
            return true
        }
        if face == current.face && pixelSize == current.pixelSize { return true }
        guard let fresh = FontLibrary(display: display, face: face, pixelSize: pixelSize) else { return false }
        fontRequest = (face, pixelSize)
        loadedFonts = fresh
        loadedPainter = nil
        return true
    }

    public func loadImage(_ source: ImageSource, pixelSize: Int) -> Result<String, IconLoadError> {
        switch source {
        case let .named(spec): painter.loadIcon(spec, pixelSize: pixelSize).mapError { IconLoadError("\($0)") }
        case let .raw(name, image): storeImage(name, image, pixelSize: pixelSize)
        }
    }

    private func storeImage(_ name: String, _ image: RawImage, pixelSize: Int) -> Result<String, IconLoadError> {
        if case let .failed(reason) = painter.images.store(name, image, size: pixelSize) {
            return .failure(IconLoadError("cannot use image-data: \(reason)"))
        }
        return .success(name)
    }

    // MARK: Surfaces

    public func createSurface(size: Size, at origin: Point) -> SurfaceID {
        let window = CardWindow(display: display, visual: visual, size: size, at: origin)
        let id = SurfaceID(window.window)
        windows[id] = window
        return id
    }

    public func paint(_ surface: SurfaceID, _ scene: CardScene, at origin: Point) {
        guard let window = windows[surface] else { return }
        window.paint(scene, painter: painter, at: origin)
        spinners[surface]?.raise()
    }

    public func move(_ surface: SurfaceID, to origin: Point) { windows[surface]?.move(to: origin) }
    public func setClip(_ surface: SurfaceID, _ clip: Rect?) { windows[surface]?.setClip(clip) }
    public func setOpacity(_ surface: SurfaceID, _ opacity: Double) { windows[surface]?.setOpacity(opacity) }
    public func map(_ surface: SurfaceID) { windows[surface]?.map() }

    public func destroy(_ surface: SurfaceID) {
        spinners.removeValue(forKey: surface)
        carets.removeValue(forKey: surface)
        if let window = windows[surface]?.window, display.inputMethod?.focusWindow == window { display.inputMethod?.unfocus() }
        windows.removeValue(forKey: surface)
        // Nothing left on screen needs a laid-out text or a coverage mask: a closed centre's
        // last rows were about 600 KiB of Pango layouts (up to `FontLibrary`'s 96), and its
        // rows' and panel's masks another 128 KiB, kept by an idle daemon.
        if windows.isEmpty {
            loadedFonts?.forgetLayouts()
            loadedPainter?.forgetMasks()
        }
    }

    public func setSpinner(_ surface: SurfaceID, _ spinner: SpinnerSpec?) {
        spinners.removeValue(forKey: surface)
        guard let spinner, let window = windows[surface] else { return }
        spinners[surface] = SpinnerOverlay(parent: window, painter: painter, rect: spinner.rect, color: spinner.color,
                                           background: spinner.background)
    }

    public func turnSpinners(phase: Double) {
        for spinner in spinners.values { spinner.show(phase: phase) }
    }

    // MARK: Input

    @discardableResult
    public func grab(_ grab: Grab) -> [String] {
        switch grab {
        case let .keys(bindings):
            return keys.grab(bindings)
        case let .drag(surface, serverTime):
            if let window = windows[surface] { display.grabPointer(window.window, time: serverTime) }
            return []
        case .focus:
            return keys.grabKeyboard() ? [] : ["another client holds the keyboard"]
        case let .panel(surface):
            holdsInput = windows[surface].map { display.grabInput($0.window) } ?? false
            panel = holdsInput ? surface : nil
            // A key may start text (the filter's "/"): the loop acts on it before the next is read.
            display.endsBatchAfterKey = holdsInput
            if holdsInput, let caret = carets[surface] { placeCaret(caret, on: surface) }
            return holdsInput ? [] : ["another client holds the keyboard or the pointer"]
        case let .reply(surface, serverTime):
            guard let window = windows[surface] else { return ["the reply field's card is gone"] }
            replySurface = surface
            replyFocus.take(window, time: serverTime)
            // As for the panel's filter: a key may end the text, so the loop acts on it
            // before the next is read (and filtered by the input method, or not).
            display.endsBatchAfterKey = true
            if let caret = carets[surface] { placeCaret(caret, on: surface) }
            return []
        }
    }

    public func release(_ grab: Grab) {
        switch grab {
        case .keys:
            _ = keys.grab([:])
        case let .drag(_, serverTime):
            // A drag in focus mode ends back in focus mode's own pointer grab.
            if keys.holdsKeyboard { keys.grabPointerForFocus() } else { display.ungrabPointer(time: serverTime) }
        case .focus:
            keys.ungrabKeyboard()
        case .panel:
            holdsInput = false
            panel = nil
            display.endsBatchAfterKey = false
            display.inputMethod?.unfocus()
            display.ungrabInput()
        case .reply:
            if let window = replySurface.flatMap({ windows[$0]?.window }), display.inputMethod?.focusWindow == window {
                display.inputMethod?.unfocus()
            }
            display.endsBatchAfterKey = holdsInput
            replyFocus.giveBack(replySurface.flatMap { windows[$0] })
            replySurface = nil
            paste.cancel()
        }
    }

    public func requestPaste(_ selection: ReplySession.Selection, for surface: SurfaceID, serverTime: UInt) {
        guard let window = windows[surface] else { return }
        paste.request(selection, into: window.window, time: serverTime)
    }

    /// The centre's panel holds the keyboard and pointer (`Grab.panel`).
    private var holdsInput = false

    /// The panel's surface while it holds the keyboard.
    private var panel: SurfaceID?
    /// Whether the keyboard's presses come to `surface`: text typed there can be taken.
    private func takesKeys(_ surface: SurfaceID) -> Bool { surface == panel || surface == replySurface }
    /// Where each surface's text caret is while text is typed into it (`placeCaret`).
    private var carets: [SurfaceID: Point] = [:]

    /// Text is taken (through the input method) exactly while a caret is placed on a surface
    /// that holds the keyboard (`takesKeys`): the centre's filter while it is typed, a card's
    /// open reply field (which holds the input focus). Outside
    /// it the panel's keys ("/", Shift+C, Delete) are read as keys, whatever mode the input
    /// method is in.
    public func placeCaret(_ caret: Point?, on surface: SurfaceID) {
        carets[surface] = caret
        guard let method = display.inputMethod, let window = windows[surface]?.window else { return }
        let taking = method.focusWindow == window
        switch caret {
        case let caret? where takesKeys(surface):
            if taking { method.moveCaret(to: caret) } else { method.focus(on: window, caret: caret) }
        default:
            if taking { method.unfocus() }
        }
    }

    /// One turn's batch of X events. Screen and compositor notifications come in bursts
    /// (RandR sends several per change; a compositor can come and go many times a second):
    /// each is re-read at most once per batch. A compositor change switches the visual here,
    /// before the loop hears of it, so the surfaces it makes again are of the new kind; a
    /// notification that changes nothing is dropped.
    public func takeInput() -> [InputEvent] {
        display.lockWatch?.beginBatch()
        let resting = restsUntil.map { MonotonicClock.now() < $0 } ?? false
        if !resting { restsUntil = nil }
        let (taken, drained, read) = display.takeEvents(watchers: [fullscreen, idle, xsettings, activeWindow] + (sharing.map { [$0] } ?? []),
                                                        readConnection: !resting)
        let now = MonotonicClock.now()
        if now - floodWindow.start >= Self.floodRest { floodWindow = (now, 0) }
        floodWindow.read += read
        if drained && floodWindow.read >= Self.floodEvents {
            restsUntil = now + Self.floodRest
            floodWindow = (now, 0)
        }
        // The monitors are read again once the input has drained (`takeEvents`): a panel
        // changing `_NET_WORKAREA` in a loop delays the read until it pauses, rather than
        // having each read pull the flood it is behind into memory.
        if taken.contains(.screenChanged) { screenReadDue = true }
        if taken.contains(.screenChanged) || taken.contains(.compositorChanged) { lastScreenNotice = now }
        let settled = drained && now - lastScreenNotice >= Self.readSettle
        let screenChanged = screenReadDue && settled
        if screenChanged { screenReadDue = false }
        var events = taken.filter { $0 != .screenChanged && $0 != .compositorChanged }.map { event in
            // Which binding a key is, by the key's code: what the keysym's name cannot tell (`n` or `N`).
            guard case var .key(stroke) = event else { return event }
            stroke.bound = keys.action(code: stroke.code, modifiers: stroke.modifiers)
            return .key(stroke)
        }
        if taken.contains(.compositorChanged) { compositorReadDue = true }
        let compositorChanged = compositorReadDue && settled
        if compositorChanged { compositorReadDue = false }
        if compositorChanged, display.hasCompositor != visual.hasAlpha {
            visual = CardVisual(display: display, argb: !visual.hasAlpha)
            loadedPainter = nil  // made again, for the new visual, when next needed
            events.append(.compositorChanged)
        }
        var extra: [InputEvent] = []
        let decoded = images.collect()
        problems += decoded.failures
        if !decoded.ready.isEmpty { extra.append(.imagesReady) }
        if screenChanged {
            refreshRate = display.refreshRate
            let fresh = display.readMonitors()
            if fresh != monitors {
                monitors = fresh
                extra.append(.screenChanged)
            }
        }
        // First in the batch, so nothing this batch makes the loop do maps a card over a
        // locker that has just come. Where only the keyboard probe can tell, it is made now
        // if a surface is up (a card could be over a locker) or a lock it found stands.
        if let locked = lockVerdict(probing: windows.values.contains(where: \.isMapped) || !reportedLock.isEmpty),
           locked != reportedLock {
            reportedLock = locked
            events.insert(.lockChanged(locked), at: 0)
        }
        // After the monitors: a fullscreen window is measured against the new ones.
        if let held = fullscreen.report(monitors: monitors, monitorsChanged: extra.contains(.screenChanged)) {
            extra.append(.fullscreenChanged(monitors: held))
        }
        if let away = idle.report() { extra.append(.idleChanged(away)) }
        if let settings = xsettings.report() { extra.append(.desktopSettingsChanged(settings)) }
        if let sharing, sharing.report(mayAsk: drained) { extra.append(.topLevelWindowsChanged(sharing.windows)) }
        if let active = activeWindow.report(mayAsk: drained) { extra.append(.activeWindowChanged(active)) }
        if idle.takeRepairs() > 0 { problems.append("the idle alarms were changed or destroyed by another client; made again") }
        return events + extra
    }

    /// The connection and the image decoders' wake-up for `poll()`. A read of the monitors or
    /// the compositor that waits for the input to drain keeps the loop turning, so it is made
    /// even when nothing more comes; so do window names the sharing watch has still to read.
    /// A read of the screen waits for its notices to settle (`readSettle`), and a flood's next
    /// read for its rest (`floodRest`): the loop wakes then, and does not read the connection
    /// while the flood rests.
    public var readiness: ScreenReadiness {
        let isReadDue = screenReadDue || compositorReadDue
        return ScreenReadiness(
            connection: display.fileDescriptor, readsConnection: restsUntil == nil, wake: images.wakeDescriptor,
            hasPendingInput: display.hasQueuedEvents || (isReadDue && MonotonicClock.now() - lastScreenNotice >= Self.readSettle)
                || sharing?.hasPendingWork == true,
            readDue: [isReadDue ? lastScreenNotice + Self.readSettle : nil, restsUntil].compactMap { $0 }.min())
    }

    /// The locked monitors, probing the keyboard first when that alone can tell and `probing`.
    private func lockVerdict(probing: Bool) -> Set<String>? {
        guard let watch = display.lockWatch else { return nil }
        var verdict = watch.verdict(monitors)
        if verdict.needsProbe && probing {
            watch.probeKeyboard(daemonHoldsKeyboard: keys.holdsKeyboard || holdsInput)
            verdict = watch.verdict(monitors)
        }
        return verdict.monitors
    }

    /// Asked before a surface maps: a probe that found the keyboard held is made again (a
    /// grab that was only a menu's may be over), one that found it free holds until a window
    /// changes. Reported here, so the next batch does not report it again.
    public func confirmLock() -> Set<String> {
        guard let watch = display.lockWatch else { return reportedLock }
        if watch.probeFoundGrab { watch.probeKeyboard(daemonHoldsKeyboard: keys.holdsKeyboard || holdsInput) }
        reportedLock = lockVerdict(probing: true) ?? reportedLock
        return reportedLock
    }

    /// One line for the log: the screen's size and its monitors' work areas.
    private var screenDescription: String {
        let s = display.screenRect
        return "screen \(Int(s.width))x\(Int(s.height)), " + monitors.map { m in
            let a = m.workArea
            return "\(m.name)\(m.isPrimary ? "*" : "") \(Int(m.frame.width))x\(Int(m.frame.height))+\(Int(m.frame.x))+\(Int(m.frame.y)) (free \(Int(a.width))x\(Int(a.height))+\(Int(a.x))+\(Int(a.y)))"
        }.joined(separator: ", ")
    }

    public func flush() { display.flush() }

    /// Runs `body` if the X server goes away (it is killed, or the connection breaks), from
    /// inside Xlib, which exits the process when `body` returns. `body` must not touch the screen.
    /// The corresponding C function is `XSetIOErrorHandler`.
    public func onConnectionLost(_ body: @escaping () -> Void) {
        connectionLostHandler = body
        xt_install_io_error_handler { connectionLostHandler?() }
    }
    public func watchIdle(threshold: Int) -> Bool { idle.arm(threshold: threshold) }

    public func takeErrors() -> [String] {
        defer { problems.removeAll() }
        return display.takeErrors() + problems + (display.inputMethod?.takeLines() ?? [])
    }
}
