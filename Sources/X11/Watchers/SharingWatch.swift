import CX11
import ToastCore
import Transport

/// Follows other clients' top-level windows and their names, for quiet while the screen is
/// shared (`SharingWindows` keeps the table; `SharingPattern` and `QuietState` decide).
/// Nothing is polled: the root's `SubstructureNotify` says which windows are made, mapped,
/// unmapped or gone, and each tracked window's own `PropertyNotify` and `StructureNotify`
/// say when its `_NET_WM_NAME`, `WM_NAME` or `WM_CLASS` changes and when it maps or unmaps
/// inside a window manager's frame. Under a window manager that keeps `_NET_CLIENT_LIST` on
/// the root, that list says which client windows there are (the root's children are frames).
///
/// Bounded: `SharingWindows.capacity` windows, `readsPerTurn` windows' names (or
/// `TurnBudget.seconds` of them) read per turn, and only once the input has drained (more
/// left: another turn at once, `hasPendingWork`), names cut at 256 bytes, the client
/// list read up to the capacity. The C functions are `XGetWindowProperty`, `XGetClassHint`,
/// `XGetWindowAttributes`, `XSelectInput`.
final class SharingWatch: XEventWatcher {
    static let readsPerTurn = 16

    private unowned let display: XDisplay
    private let isOurs: (Window) -> Bool
    private(set) var windows = SharingWindows()
    private var reported = SharingWindows()
    private let clientListAtom: Atom, netWMName: Atom, utf8: Atom
    /// The root's `_NET_CLIENT_LIST` changed (or was never read).
    private var clientListStale = true
    /// Whether a window manager keeps the list: then the root's children are not tracked.
    private var usesClientList = false

    init(display: XDisplay, isOurs: @escaping (Window) -> Bool) {
        self.display = display
        self.isOurs = isOurs
        clientListAtom = display.atom("_NET_CLIENT_LIST")
        netWMName = display.atom("_NET_WM_NAME")
        utf8 = display.atom("UTF8_STRING")
        display.addEventMask(display.root, SubstructureNotifyMask | PropertyChangeMask)
        readClientList()
        if !usesClientList {
            // The root's children already there (the one bounded scan), with their map state.
            let children = display.rootChildren()
            display.quietly {
                for window in children where !isOurs(window) {
                    var a = XWindowAttributes()
                    guard XGetWindowAttributes(display.handle, window, &a) != 0, a.override_redirect == 0 else { continue }
                    windows.created(UInt(window), mapped: a.map_state != IsUnmapped)
                }
            }
        }
    }

    func notice(_ e: inout XEvent) -> Bool {
        let root = display.root
        switch e.type {
        case PropertyNotify:
            let p = e.xproperty
            if p.window == root {
                if p.atom == clientListAtom { clientListStale = true }
            } else if p.atom == netWMName || p.atom == XA_WM_NAME || p.atom == XA_WM_CLASS {
                windows.renamed(UInt(p.window))
            }
        case CreateNotify:
            let c = e.xcreatewindow
            guard !usesClientList, c.parent == root, c.override_redirect == 0, !isOurs(c.window) else { break }
            windows.created(UInt(c.window), mapped: false)
        case MapNotify:
            let m = e.xmap
            // On the root (no window manager), or on a tracked window itself (in a frame).
            if m.event == root, !usesClientList, m.override_redirect == 0, !isOurs(m.window) {
                windows.mapped(UInt(m.window))
            } else if windows.entries[UInt(m.window)] != nil {
                windows.mapped(UInt(m.window))
            }
        case UnmapNotify:
            windows.unmapped(UInt(e.xunmap.window))
        case DestroyNotify:
            windows.removed(UInt(e.xdestroywindow.window))
        default:
            break
        }
        return false
    }

    /// Names are left to read (past this turn's budget): the loop turns again at once.
    var hasPendingWork: Bool { windows.hasUnread || clientListStale }

    /// Reads what changed, within the budget (`readsPerTurn` windows, and `TurnBudget.seconds`);
    /// true when the table differs from the last report. Asks the server nothing unless
    /// `mayAsk` (the batch drained the input, `XDisplay.takeEvents`): each read is a round
    /// trip, which first reads every event the server holds for the daemon into Xlib's queue,
    /// so behind an X client's flood 16 windows' names cost the flood's backlog in memory
    /// and the frame grid a late frame. The names are read once the flood pauses.
    func report(mayAsk: Bool) -> Bool {
        if mayAsk {
            if clientListStale { readClientList() }
            let budget = TurnBudget(clock: MonotonicClock.now)
            for window in windows.unread(limit: Self.readsPerTurn) {
                readNames(Window(window))
                if budget.isSpent { break }
            }
        }
        guard windows != reported else { return false }
        reported = windows
        return true
    }

    /// `_NET_CLIENT_LIST` (32-bit window ids), at most `capacity` of them; without it, the
    /// root's children are tracked as their events come.
    private func readClientList() {
        clientListStale = false
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display.handle, display.root, clientListAtom, 0, SharingWindows.capacity, 0, XA_WINDOW,
                                 &type, &format, &count, &after, &data) == Success, let data else { return }
        defer { XFree(data) }
        guard format == 32, type == XA_WINDOW else { return }
        // Format 32 arrives as C longs.
        let ids = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { p in
            (0..<min(Int(count), SharingWindows.capacity)).map { p[$0] }
        }
        if !usesClientList {
            usesClientList = true
            windows = SharingWindows()
        }
        windows.replace(with: ids.filter { $0 != 0 && !isOurs(Window($0)) })
    }

    /// Asks to hear of the window's renames and mapping first, then reads its names, so a
    /// rename between the two is not missed. A window gone meanwhile leaves the table.
    private func readNames(_ window: Window) {
        let d = display.handle
        let identity = display.quietly { () -> (WindowIdentity, Bool)? in
            var a = XWindowAttributes()
            guard XGetWindowAttributes(d, window, &a) != 0 else { return nil }
            display.addEventMask(window, PropertyChangeMask | StructureNotifyMask, having: a.your_event_mask)
            var identity = WindowIdentity(name: text(window, netWMName) ?? text(window, XA_WM_NAME))
            var hint = XClassHint()
            if XGetClassHint(d, window, &hint) != 0 {
                identity.instance = hint.res_name.map { String(cString: $0) }
                identity.className = hint.res_class.map { String(cString: $0) }
                if let n = hint.res_name { XFree(n) }
                if let c = hint.res_class { XFree(c) }
            }
            return (identity, a.map_state != IsUnmapped)
        }
        guard let identity else { return windows.removed(UInt(window)) }
        windows.read(UInt(window), identity: identity.0)
        if !identity.1 && !usesClientList { windows.unmapped(UInt(window)) }
    }

    /// A text property, at most `SharingWindows.maxNameBytes` bytes; nil when missing.
    private func text(_ window: Window, _ property: Atom) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display.handle, window, property, 0, SharingWindows.maxNameBytes / 4, 0, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8, count > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: min(Int(count), SharingWindows.maxNameBytes)), as: UTF8.self)
    }
}
