import CX11
import Foundation

extension XProbe {
    /// The X server's time now, in its milliseconds: the time of a `PropertyNotify` for a
    /// zero-length append to a window of the probe's own (ICCCM's way to learn the server
    /// time). An XTest event made between two of these was stamped between them.
    func serverTime() throws -> UInt {
        let window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, window); XSync(display, 0) }
        XSelectInput(display, window, PropertyChangeMask)
        let atom = XInternAtom(display, "XTOAST_PROBE_TIME", 0)
        var nothing: UInt8 = 0
        XChangeProperty(display, window, atom, XInternAtom(display, "STRING", 0), 8, PropModeAppend, &nothing, 0)
        XSync(display, 0)
        let deadline = Date().addingTimeInterval(5)
        var event = XEvent()
        while Date() < deadline {
            if XCheckTypedWindowEvent(display, window, PropertyNotify, &event) != 0 { return event.xproperty.time }
            usleep(1000)
        }
        throw TestFailure("no PropertyNotify from the server")
    }
}
