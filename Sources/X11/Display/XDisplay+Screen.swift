import CX11
import ToastCore

/// Monitors, panels and the pointer: where on the screen toasts should go.
extension XDisplay {
    /// The monitors from XRandR 1.5 (active ones, in the server's order, as
    /// `xrandr --listmonitors` lists them), or the root window as one monitor without RandR;
    /// each with the work area panels leave free and the refresh rate of its mode.
    /// The corresponding C functions are `XRRGetMonitors` and `XRRGetScreenResourcesCurrent`.
    func readMonitors() -> [Monitor] {
        let screen = screenRect
        var monitors: [Monitor] = []
        var count: Int32 = 0
        if randrEventBase != nil, let list = XRRGetMonitors(handle, root, 1, &count) {
            defer { XRRFreeMonitors(list) }
            let resources = XRRGetScreenResourcesCurrent(handle, root)
            defer { if let resources { XRRFreeScreenResources(resources) } }
            for i in 0..<min(Int(max(0, count)), Self.maxMonitors) {
                let m = list[i]
                let name = XGetAtomName(handle, m.name).map { p in defer { XFree(p) }; return Self.monitorName(p) } ?? "monitor-\(i)"
                let frame = Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height))
                guard frame.width > 0, frame.height > 0 else { continue }
                let outputs = m.outputs.map { Array(UnsafeBufferPointer(start: $0, count: min(Int(max(0, m.noutput)), Self.maxMonitors))) } ?? []
                let rate = resources.flatMap { refreshRate(of: outputs, in: $0) }
                monitors.append(Monitor(name: name, frame: frame, isPrimary: m.primary != 0, refreshRate: rate))
            }
        }
        if monitors.isEmpty { monitors = [Monitor(name: "screen", frame: screen, isPrimary: true)] }
        let areas = WorkArea.areas(frames: monitors.map(\.frame), screen: Size(width: screen.width, height: screen.height),
                                   struts: readStruts(), workarea: readWorkArea())
        for i in monitors.indices { monitors[i].workArea = areas[i] }
        return monitors
    }

    /// Monitors (and outputs per monitor) read at most: a desktop has a handful, and any
    /// client can define more with `xrandr --setmonitor`.
    static let maxMonitors = 64

    /// A monitor's name as the server gives it (an atom's name, which any client can make),
    /// cut to `MonitorChoice`'s 64 bytes, the longest a `--monitor` can name.
    private static func monitorName(_ p: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(start: p, count: strnlen(p, 64)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The highest refresh rate among the modes `outputs` show now (dot clock over the total
    /// pixels of a frame), so cards moving on this monitor get a frame each refresh; nil when
    /// no output says. The corresponding C functions are `XRRGetOutputInfo` and `XRRGetCrtcInfo`.
    private func refreshRate(of outputs: [RROutput], in resources: UnsafeMutablePointer<XRRScreenResources>) -> Double? {
        let modes = UnsafeBufferPointer(start: resources.pointee.modes, count: Int(max(0, resources.pointee.nmode)))
        var best: Double?
        for output in outputs {
            guard let info = XRRGetOutputInfo(handle, resources, output) else { continue }
            defer { XRRFreeOutputInfo(info) }
            guard info.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(handle, resources, info.pointee.crtc) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            guard let mode = modes.first(where: { $0.id == crtc.pointee.mode }) else { continue }
            var lines = Double(mode.vTotal)
            if mode.modeFlags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
            if mode.modeFlags & UInt(RR_Interlace) != 0 { lines /= 2 }
            let pixels = Double(mode.hTotal) * lines
            guard pixels > 0 else { continue }
            let rate = Double(mode.dotClock) / pixels
            // A server's numbers are not trusted: only rates a display could have count.
            if rate >= 20, rate <= 500 { best = max(best ?? 0, rate) }
        }
        return best
    }

    /// `_NET_WORKAREA` for the current desktop: one rectangle across every monitor. Any
    /// client may set either property to anything; `WorkArea.desktopArea` takes them as found.
    private func readWorkArea() -> Rect? {
        WorkArea.desktopArea(cardinals(root, "_NET_WORKAREA"), current: cardinals(root, "_NET_CURRENT_DESKTOP").first)
    }

    /// Every top-level window's `_NET_WM_STRUT_PARTIAL` (or `_NET_WM_STRUT`): what docks
    /// and panels reserve (the one bounded scan, `rootChildren`). Windows that reserve are
    /// watched, so a change is heard.
    private func readStruts() -> [Strut] {
        let screen = Size(width: screenRect.width, height: screenRect.height)
        var struts: [Strut] = []
        for w in rootChildren() {
            var values = cardinals(w, "_NET_WM_STRUT_PARTIAL")
            if values.count < 12 { values = cardinals(w, "_NET_WM_STRUT") }
            let found = Strut.parse(values, screen: screen)
            if !found.isEmpty {
                addEventMask(w, PropertyChangeMask | StructureNotifyMask)
                struts += found
            }
        }
        return struts
    }

    /// Asks to hear of monitor changes (RandR), a resized root window, and the root's
    /// work-area and client-list properties. The corresponding C function is `XRRSelectInput`.
    func watchScreen() {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        if XRRQueryExtension(handle, &eventBase, &errorBase) != 0 {
            var major: Int32 = 0, minor: Int32 = 0
            if XRRQueryVersion(handle, &major, &minor) != 0, major > 1 || (major == 1 && minor >= 5) {
                randrEventBase = eventBase
                XRRSelectInput(handle, root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
            }
        }
        addEventMask(root, StructureNotifyMask | PropertyChangeMask)
    }

    /// Whether an event means the monitors, the screen's size or the panels changed. Screen
    /// size changes are passed to Xlib first, so `XDisplayWidth` is right afterwards.
    /// The corresponding C function is `XRRUpdateConfiguration`.
    func isScreenChange(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ConfigureNotify:
            guard event.xconfigure.window == root else { return false }
            XRRUpdateConfiguration(&event)
            return true
        case PropertyNotify:
            let atom = event.xproperty.atom
            if event.xproperty.window == root {
                return atom == self.atom("_NET_WORKAREA") || atom == self.atom("_NET_CLIENT_LIST")
            }
            return atom == self.atom("_NET_WM_STRUT_PARTIAL") || atom == self.atom("_NET_WM_STRUT")
        case UnmapNotify, DestroyNotify:
            // A dock we watch went away.
            return event.xany.window != root
        default:
            guard let base = randrEventBase else { return false }
            if event.type == base + RRScreenChangeNotify {
                XRRUpdateConfiguration(&event)
                return true
            }
            return event.type == base + RRNotify
        }
    }

    /// Where the pointer is, in screen coordinates. The corresponding C function is `XQueryPointer`.
    func pointerPosition() -> Point? {
        var rootReturn: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(handle, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return Point(x: Double(rx), y: Double(ry))
    }

    /// The centre of the window with the keyboard focus, in screen coordinates; nil when
    /// the focus is nowhere, follows the pointer, or is the root.
    /// The corresponding C functions are `XGetInputFocus` and `XTranslateCoordinates`.
    func focusedWindowCenter() -> Point? {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(handle, &focus, &revert)
        guard focus > 1, focus != root else { return nil }  // None is 0, PointerRoot is 1
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(handle, focus, &attributes) != 0 else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(handle, focus, root, 0, 0, &x, &y, &child) != 0 else { return nil }
        return Point(x: Double(x) + Double(attributes.width) / 2, y: Double(y) + Double(attributes.height) / 2)
    }
}
