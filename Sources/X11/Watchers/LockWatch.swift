import CX11
import ToastCore

/// Watches for a locker: the XScreenSaver extension's notify events (the server's saver
/// on), and other clients' override-redirect windows on the root, as the root's
/// `SubstructureNotify` events report them (i3lock, slock, xscreensaver each map one over the
/// screen; a compositor maps the Composite overlay window, which `XQueryTree` does not list,
/// and xsecurelock draws inside that one). `CoveringWindows` keeps the table and
/// `LockDecision` decides; this decodes the events, reads what a covering window is (InputOnly
/// or not, its `WM_CLASS` and `_NET_WM_NAME`, once, watching it for changes after), and makes
/// the keyboard probe when asked.
///
/// The server is asked about windows only at start (those already there), for a window
/// heard of without its frame or map state (reparented to the root, or forgotten from a full
/// table), and for a mapped window that covers a monitor, at most `questionsPerTurn` times a
/// batch. The corresponding C functions are `XScreenSaverSelectInput`, `XScreenSaverQueryInfo`,
/// `XQueryTree`, `XGetWindowAttributes`, `XGetClassHint`, `XGetWindowProperty`, `XGrabKeyboard`.
final class LockWatch {
    private unowned let display: XDisplay
    private(set) var windows = CoveringWindows()
    /// The extension's first event number; nil without it (then only windows are watched).
    private var saverEventBase: Int32?
    /// Whether a window is one of the daemon's own cards.
    private let isOurs: (Window) -> Bool
    /// Windows asked about per batch at most, so a client making windows by the thousand
    /// cannot stall the loop with round trips; past it a window counts with what its event
    /// said (a `MapNotify` alone gives no frame, so such a window covers nothing).
    static let questionsPerTurn = 16
    private var questions = 0
    /// The last keyboard probe's answer, and the table's generation it was made in: it holds
    /// until a window is mapped, moved or gone, or changes inside (a child of the overlay).
    private var probe: (answer: KeyboardProbe, generation: UInt64)?
    private lazy var netWMName = display.atom("_NET_WM_NAME")
    private static let substructureEvents: Set<Int32> = [CreateNotify, MapNotify, UnmapNotify, DestroyNotify, ReparentNotify, ConfigureNotify]
    /// The longest `_NET_WM_NAME` read, in bytes (a locker's name is a word).
    static let nameLimit = 256

    init(display: XDisplay, isOurs: @escaping (Window) -> Bool) {
        self.display = display
        self.isOurs = isOurs
        let d = display.handle, root = display.root
        // Added to what the root already reports (the screen's changes), not instead.
        display.addEventMask(root, SubstructureNotifyMask)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        if XScreenSaverQueryExtension(d, &eventBase, &errorBase) != 0 {
            saverEventBase = eventBase
            XScreenSaverSelectInput(d, root, UInt(ScreenSaverNotifyMask))
            if let info = XScreenSaverAllocInfo() {
                if XScreenSaverQueryInfo(d, root, info) != 0 { windows.saverIsOn = Self.isOn(info.pointee.state) }
                XFree(info)
            }
        }
        scan()
    }

    private static func isOn(_ state: Int32) -> Bool { state == ScreenSaverOn || state == ScreenSaverCycle }

    /// Which monitors are locked, with the probe's answer while it holds.
    func verdict(_ monitors: [Monitor]) -> LockVerdict {
        identifyCovering(monitors)
        let answer = probe.flatMap { $0.generation == windows.generation ? $0.answer : nil }
        return windows.verdict(monitors, keyboard: answer)
    }

    /// Probes the keyboard: a grab of it on the root, let go at once; `AlreadyGrabbed` (or
    /// frozen) means another client holds it, as a locker does. When the daemon holds the
    /// keyboard itself (focus mode, the centre) nobody else can: the probe would take that
    /// grab away, so it is not made.
    func probeKeyboard(daemonHoldsKeyboard: Bool) {
        var answer = KeyboardProbe.free
        if !daemonHoldsKeyboard {
            let d = display.handle
            switch XGrabKeyboard(d, display.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) {
            case GrabSuccess: XUngrabKeyboard(d, UInt(CurrentTime))
            case AlreadyGrabbed, GrabFrozen: answer = .grabbed
            default: break
            }
            XFlush(d)
        }
        probe = (answer, windows.generation)
    }

    /// Whether the last probe found the keyboard held and still holds for the table.
    var probeFoundGrab: Bool { probe.map { $0.answer == .grabbed && $0.generation == windows.generation } ?? false }

    /// Reads the class and names of mapped windows that cover a monitor and have not been
    /// read, within the batch's budget, and asks to hear of their renames and of windows made
    /// or gone inside them. A window that went meanwhile is expected: no error is logged.
    private func identifyCovering(_ monitors: [Monitor]) {
        for window in windows.unread(monitors) {
            guard questions < Self.questionsPerTurn else { return }
            questions += 1
            let w = Window(window)
            let d = display.handle
            var a = XWindowAttributes()
            let read = display.quietly { () -> (Bool, WindowIdentity)? in
                guard XGetWindowAttributes(d, w, &a) != 0 else { return nil }
                display.addEventMask(w, PropertyChangeMask | SubstructureNotifyMask, having: a.your_event_mask)
                var hint = XClassHint()
                var identity = WindowIdentity(name: text(w, "_NET_WM_NAME"))
                if XGetClassHint(d, w, &hint) != 0 {
                    identity.instance = hint.res_name.map { String(cString: $0) }
                    identity.className = hint.res_class.map { String(cString: $0) }
                    if let n = hint.res_name { XFree(n) }
                    if let c = hint.res_class { XFree(c) }
                }
                return (a.`class` == InputOutput, identity)
            }
            guard let read else {
                windows.removed(window)
                continue
            }
            windows.read(window, inputOutput: read.0, identity: read.1)
        }
    }

    /// A text property of another client's window, at most `nameLimit` bytes; nil when missing.
    private func text(_ window: Window, _ name: String) -> String? { display.text(window, name, limit: Self.nameLimit) }

    /// A new batch of events: the budget of questions starts again.
    func beginBatch() { questions = 0 }

    /// The root's children already there when the daemon starts (a locker running before
    /// it): the one bounded scan (`XDisplay.rootChildren`).
    private func scan() {
        let children = display.rootChildren()
        // A window that goes while it is asked about is expected, not an error to log.
        display.quietly {
            for window in children where !isOurs(window) { learn(window, budgeted: false) }
        }
    }

    /// Asks the server what a window is, and records it; false when it could not be asked.
    @discardableResult
    private func learn(_ window: Window, budgeted: Bool = true) -> Bool {
        if budgeted {
            guard questions < Self.questionsPerTurn else { return false }
            questions += 1
        }
        var a = XWindowAttributes()
        // Heard of from an event, it may have gone since (a card of ours the daemon just
        // destroyed is no longer known as ours): that BadWindow is expected, not logged.
        let asked = budgeted ? display.quietly { XGetWindowAttributes(display.handle, window, &a) }
                             : XGetWindowAttributes(display.handle, window, &a)
        guard asked != 0 else { return true }
        windows.created(UInt(window), frame: Self.frame(a.x, a.y, a.width, a.height, a.border_width),
                        overrideRedirect: a.override_redirect != 0, mapped: a.map_state != IsUnmapped, ours: isOurs(window))
        return true
    }

    private static func frame(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ border: Int32) -> Rect? {
        CoveringWindows.frame(x: Int(x), y: Int(y), width: Int(width), height: Int(height), border: Int(border))
    }

    /// Takes what an event says about the root's children or the screen saver. Other events
    /// pass untouched; none is consumed (a dock's unmap also means the work area changed).
    func observe(_ e: XEvent) {
        let root = display.root
        if e.type == PropertyNotify {
            let p = e.xproperty
            if p.window != root, p.atom == XA_WM_CLASS || p.atom == netWMName { windows.renamed(UInt(p.window)) }
            return
        }
        // Made, mapped or gone inside a covering window (xsecurelock's windows in the
        // compositor's overlay): a probe made before may no longer hold. These events name
        // the window they were selected on first (`xany.window`: the parent).
        if Self.substructureEvents.contains(e.type), e.xany.window != root {
            windows.changedInside(UInt(e.xany.window))
            return
        }
        switch e.type {
        case CreateNotify:
            let c = e.xcreatewindow
            guard c.parent == root else { return }
            windows.created(UInt(c.window), frame: Self.frame(c.x, c.y, c.width, c.height, c.border_width),
                            overrideRedirect: c.override_redirect != 0, ours: isOurs(c.window))
        case MapNotify:
            let m = e.xmap
            guard m.event == root else { return }
            if !windows.mapped(UInt(m.window), overrideRedirect: m.override_redirect != 0, ours: isOurs(m.window)),
               !learn(m.window) {
                windows.created(UInt(m.window), frame: nil, overrideRedirect: true, mapped: true, ours: false)
            }
        case UnmapNotify:
            guard e.xunmap.event == root else { return }
            windows.unmapped(UInt(e.xunmap.window))
        case ConfigureNotify:
            let c = e.xconfigure
            guard c.event == root, c.window != root else { return }
            let frame = Self.frame(c.x, c.y, c.width, c.height, c.border_width)
            if !windows.configured(UInt(c.window), frame: frame, overrideRedirect: c.override_redirect != 0, ours: isOurs(c.window)),
               !learn(c.window) {
                // Not known and not asked: taken as mapped, so a locker is not missed.
                windows.created(UInt(c.window), frame: frame, overrideRedirect: true, mapped: true, ours: false)
            }
        case DestroyNotify:
            guard e.xdestroywindow.event == root else { return }
            windows.removed(UInt(e.xdestroywindow.window))
        case ReparentNotify:
            let r = e.xreparent
            guard r.event == root else { return }
            if r.parent == root, r.override_redirect != 0, !isOurs(r.window) {
                if !learn(r.window) { windows.created(UInt(r.window), frame: nil, overrideRedirect: true, mapped: false, ours: false) }
            } else if r.parent != root {
                windows.removed(UInt(r.window))
            }
        default:
            guard let base = saverEventBase, e.type == base + ScreenSaverNotify else { return }
            var copy = e
            windows.saverIsOn = Self.isOn(xt_screensaver_notify_state(&copy))
        }
    }
}
