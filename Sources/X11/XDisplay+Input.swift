import CX11
import ToastCore

/// Decoding X events into the loop's `InputEvent`s, so nothing above this layer sees an `XEvent`.
extension XDisplay {
    /// Takes the buffered events (`XPending`, `XNextEvent`) and decodes those the loop acts
    /// on. `compositorChanged` is reported as the bare X notification; the output decides
    /// whether the compositor really came or went.
    func takeEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        while XPending(handle) > 0 {
            if let event = decode(nextEvent()) { events.append(event) }
        }
        return events
    }

    private func decode(_ event: XEvent) -> InputEvent? {
        var e = event
        // Any client can send any event to any window (`XSendEvent`), and the server marks
        // those: pointer and key input is taken only from the server's own devices (as xterm
        // does by default), so no program can click a card or choose a toast's action.
        if Self.isUserInput(e.type), e.xany.send_event != 0 { return nil }
        switch e.type {
        case ButtonPress:
            let b = e.xbutton
            return .press(surface: SurfaceID(b.window), button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                          time: Double(b.time) / 1000, serverTime: b.time)
        case ButtonRelease:
            let b = e.xbutton
            return .release(surface: SurfaceID(b.window), button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                            time: Double(b.time) / 1000, serverTime: b.time)
        case MotionNotify:
            // Only the latest position matters; skip motion events already queued behind this one.
            var m = e.xmotion
            while XCheckTypedWindowEvent(handle, m.window, MotionNotify, &e) != 0 { m = e.xmotion }
            return .motion(surface: SurfaceID(m.window), root: Point(x: Double(m.x_root), y: Double(m.y_root)),
                           time: Double(m.time) / 1000)
        case EnterNotify:
            return .enter(surface: SurfaceID(e.xcrossing.window), grabbing: e.xcrossing.mode != NotifyNormal)
        case LeaveNotify:
            return .leave(surface: SurfaceID(e.xcrossing.window), grabbing: e.xcrossing.mode != NotifyNormal)
        default:
            if let base = fixesEventBase, e.type == base + XFixesSelectionNotify { return .compositorChanged }
            if isScreenChange(&e) { return .screenChanged }
            return nil
        }
    }

    /// The event types that carry what the user did with the pointer or the keyboard.
    private static func isUserInput(_ type: Int32) -> Bool {
        [ButtonPress, ButtonRelease, MotionNotify, EnterNotify, LeaveNotify, KeyPress, KeyRelease].contains(type)
    }

    /// Keeps pointer events coming to `window` while a drag is under way, even off the card.
    /// The corresponding C function is `XGrabPointer`.
    func grabPointer(_ window: Window, time: UInt) {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        XGrabPointer(handle, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, 0, time)
    }

    func ungrabPointer(time: UInt) { XUngrabPointer(handle, time) }
}
