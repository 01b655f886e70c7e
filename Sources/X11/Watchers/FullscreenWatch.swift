import CX11
import ToastCore

/// Which monitors a fullscreen window covers, followed from the server's events, never asked
/// on a timer: the active window (the root's `_NET_ACTIVE_WINDOW`; without it, the top-level
/// client holding the input focus) and that window's own `_NET_WM_STATE`, geometry and
/// mapping, each watched on the window itself, so a toggle is seen in the turn it happens
/// (dunst reads the state only when the active window changes, and misses a late one).
///
/// A fullscreen window holds each monitor it covers at least half of (`FullscreenCoverage`).
/// Only the active window counts: a video fullscreen on one monitor while the user works on
/// the other holds nothing.
///
/// Every value is another client's to set: window ids are range-checked, and asking about a
/// window that has gone (or never was) fails quietly (`XDisplay.quietly`).
final class FullscreenWatch: XEventWatcher {
    /// Window levels walked from the focus up to its top-level window at most.
    static let maxDepth = 64

    private let display: XDisplay
    private let activeAtom: Atom, stateAtom: Atom, fullscreenAtom: Atom, wmStateAtom: Atom
    /// The window followed now (0: none), and the event mask it had before (the daemon may
    /// already listen to it: a card named active by some client, a dock), given back after.
    private var watched: Window = 0
    private var watchedMask = 0
    /// Something changed that may change the answer: it is read again at the next report.
    private var stale = true
    private var covered: Set<String> = []

    init(display: XDisplay) {
        self.display = display
        activeAtom = display.atom("_NET_ACTIVE_WINDOW")
        stateAtom = display.atom("_NET_WM_STATE")
        fullscreenAtom = display.atom("_NET_WM_STATE_FULLSCREEN")
        wmStateAtom = display.atom("WM_STATE")
        // The root's property changes are already selected (`watchScreen`); its focus
        // changes tell where the focus went without a window manager.
        display.quietly { display.addEventMask(display.root, FocusChangeMask) }
    }

    func notice(_ event: inout XEvent) -> Bool {
        switch event.type {
        case PropertyNotify:
            let p = event.xproperty
            if (p.window == display.root && p.atom == activeAtom) || (p.window == watched && watched != 0 && p.atom == stateAtom) {
                stale = true
            }
        case ConfigureNotify, MapNotify, UnmapNotify:
            if watched != 0 && event.xany.window == watched { stale = true }
        case DestroyNotify:
            if watched != 0 && event.xdestroywindow.window == watched {
                watched = 0
                stale = true
            }
        case FocusIn, FocusOut:
            stale = true
        default:
            break
        }
        return false
    }

    /// The monitors held now, when they differ from those last reported; nil when nothing
    /// changed. Reads the server (a few round trips) only after a change was noticed or the
    /// monitors changed.
    func report(monitors: [Monitor], monitorsChanged: Bool) -> Set<String>? {
        guard stale || monitorsChanged else { return nil }
        stale = false
        let now = display.quietly { () -> Set<String> in
            let (window, viaFocus) = activeWindow()
            follow(window, focus: viaFocus)
            guard window != 0, let frame = fullscreenFrame(window) else { return [] }
            return FullscreenCoverage.monitors(heldBy: frame, in: monitors)
        }
        guard now != covered else { return nil }
        covered = now
        return now
    }

    /// The active window: `_NET_ACTIVE_WINDOW` when the window manager keeps it (0 when it
    /// says none is), else the client holding the focus; `viaFocus` says which.
    private func activeWindow() -> (window: Window, viaFocus: Bool) {
        let values = display.cardinals(display.root, "_NET_ACTIVE_WINDOW")
        if let first = values.first { return (Self.validWindow(first) ?? 0, false) }
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.handle, &focus, &revert)
        guard focus > 1, focus != display.root else { return (0, true) }  // None is 0, PointerRoot 1
        return (client(of: focus), true)
    }

    /// An X resource id has its top three bits clear; 0 is None.
    private static func validWindow(_ value: UInt) -> Window? {
        value != 0 && value <= 0x1FFF_FFFF ? Window(value) : nil
    }

    /// The client window `window` belongs to: the first one on the way up to the root that
    /// has `WM_STATE` (set by the window manager on what it manages), else the top-level
    /// window itself (`XDisplay.tree`).
    private func client(of window: Window) -> Window {
        var current = window
        var client: Window?
        for _ in 0..<Self.maxDepth {
            if client == nil, hasProperty(current, wmStateAtom) { client = current }
            guard let parent = display.tree(of: current, childLimit: 0)?.parent else { return 0 }
            if parent == display.root || parent == 0 { return client ?? current }
            current = parent
        }
        return client ?? current
    }

    private func hasProperty(_ window: Window, _ name: Atom) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display.handle, window, name, 0, 0, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success else { return false }
        if let data { XFree(data) }
        return type != 0
    }

    /// Listens to `window` (its state, geometry, mapping; its focus when the focus is what
    /// says which window is active) instead of the one followed before. Selected before the
    /// state is read, so a change between the two is still heard.
    private func follow(_ window: Window, focus: Bool) {
        let mask = PropertyChangeMask | StructureNotifyMask | (focus ? FocusChangeMask : 0)
        guard window != watched else { return }
        if watched != 0 { display.restoreEventMask(watched, to: watchedMask) }
        watched = window
        watchedMask = window == 0 ? 0 : display.addEventMask(window, mask)
    }

    /// Where `window` is on the screen, when it is mapped and says it is fullscreen.
    /// The corresponding C functions are `XGetWindowAttributes` and `XTranslateCoordinates`.
    private func fullscreenFrame(_ window: Window) -> Rect? {
        guard display.cardinals(window, "_NET_WM_STATE").contains(UInt(fullscreenAtom)) else { return nil }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display.handle, window, &attributes) != 0, attributes.map_state == IsViewable else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display.handle, window, display.root, 0, 0, &x, &y, &child) != 0 else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }
}
