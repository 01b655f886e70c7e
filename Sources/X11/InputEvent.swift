import CX11
import ToastCore

/// An X window id, named for code above this layer (which does not import CX11).
public typealias WindowID = UInt

/// The X events the daemon acts on, decoded so nothing above this layer sees an `XEvent`.
public enum InputEvent: Equatable, Sendable {
    /// `time` is the server's timestamp in seconds (from its millisecond clock), `root` the
    /// pointer in screen coordinates.
    case press(window: WindowID, button: UInt32, root: Point, time: Double, serverTime: UInt)
    case release(window: WindowID, button: UInt32, root: Point, time: Double, serverTime: UInt)
    case motion(window: WindowID, root: Point, time: Double)
    /// `grabbing` marks crossings caused by a pointer grab starting or ending.
    case enter(window: WindowID, grabbing: Bool)
    case leave(window: WindowID, grabbing: Bool)
    /// A compositing manager started or stopped.
    case compositorChanged
    case other
}

extension XDisplay {
    /// Takes the next buffered event; call only while `pendingEvents > 0`.
    public func nextInputEvent() -> InputEvent {
        var e = nextEvent()
        switch e.type {
        case ButtonPress:
            let b = e.xbutton
            return .press(window: b.window, button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                          time: Double(b.time) / 1000, serverTime: b.time)
        case ButtonRelease:
            let b = e.xbutton
            return .release(window: b.window, button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                            time: Double(b.time) / 1000, serverTime: b.time)
        case MotionNotify:
            // Only the latest position matters; skip motion events already queued behind this one.
            var m = e.xmotion
            while XCheckTypedWindowEvent(handle, m.window, MotionNotify, &e) != 0 { m = e.xmotion }
            return .motion(window: m.window, root: Point(x: Double(m.x_root), y: Double(m.y_root)), time: Double(m.time) / 1000)
        case EnterNotify:
            return .enter(window: e.xcrossing.window, grabbing: e.xcrossing.mode != NotifyNormal)
        case LeaveNotify:
            return .leave(window: e.xcrossing.window, grabbing: e.xcrossing.mode != NotifyNormal)
        default:
            if let base = fixesEventBase, e.type == base + XFixesSelectionNotify { return .compositorChanged }
            return .other
        }
    }

    /// Keeps pointer events coming to `window` while a drag is under way, even off the card.
    /// The corresponding C function is `XGrabPointer`.
    public func grabPointer(_ window: WindowID, time: UInt) {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        XGrabPointer(handle, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, 0, time)
    }

    public func ungrabPointer(time: UInt) { XUngrabPointer(handle, time) }

    /// Where the pointer is now, in screen coordinates. The corresponding C function is `XQueryPointer`.
    public func pointerPosition() -> Point? {
        var rootReturn: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(handle, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return Point(x: Double(rx), y: Double(ry))
    }
}
