import CX11
import ToastCore

/// Watches for a locker: the XScreenSaver extension's notify events (the server's saver
/// on), and other clients' override-redirect windows on the root, as the root's
/// `SubstructureNotify` events report them (i3lock, slock, xsecurelock, light-locker and
/// xscreensaver each map one over the screen). `CoveringWindows` keeps the table and
/// decides which monitors are covered; this only decodes the events into it.
///
/// The server is asked about windows only at start (those already there) and for a window
/// heard of without its frame or map state (reparented to the root, or forgotten from a full
/// table), at most `questionsPerTurn` times a batch: never when a toast is shown.
/// The corresponding C functions are `XScreenSaverSelectInput`, `XScreenSaverQueryInfo`,
/// `XQueryTree` and `XGetWindowAttributes`.
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

    init(display: XDisplay, isOurs: @escaping (Window) -> Bool) {
        self.display = display
        self.isOurs = isOurs
        let d = display.handle, root = display.root
        // Added to what the root already reports (the screen's changes), not instead.
        var attributes = XWindowAttributes()
        let current = XGetWindowAttributes(d, root, &attributes) != 0 ? attributes.your_event_mask : StructureNotifyMask | PropertyChangeMask
        XSelectInput(d, root, current | SubstructureNotifyMask)
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

    /// The monitors a locker covers now.
    func lockedMonitors(_ monitors: [Monitor]) -> Set<String> { windows.lockedMonitors(monitors) }

    /// A new batch of events: the budget of questions starts again.
    func beginBatch() { questions = 0 }

    /// The root's children already there when the daemon starts (a locker running before
    /// it), bounded as the struts' scan is.
    private func scan() {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display.handle, display.root, &rootReturn, &parent, &children, &count) != 0, let children else { return }
        defer { XFree(children) }
        // A window that goes while it is asked about is expected, not an error to log.
        display.quietly {
            for i in 0..<min(Int(count), 4096) where !isOurs(children[i]) { learn(children[i], budgeted: false) }
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
