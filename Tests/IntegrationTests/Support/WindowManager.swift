import CX11
import Foundation
import ToastCore

/// A real window manager (openbox, Debian's package) on a test's display, for what only a
/// window manager does: `_NET_ACTIVE_WINDOW`, fullscreen on request (`wmctrl`). Stopped
/// when the value goes.
final class WindowManager {
    private let process: Process
    let display: String

    init(display: String) throws {
        self.display = display
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        process.arguments = ["--sm-disable"]
        process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let probe = try XProbe(display)
        try waitUntil("openbox to manage the screen") { probe.rootWindows("_NET_SUPPORTING_WM_CHECK").first != nil }
    }

    deinit {
        // SIGKILL, as `PrivateDisplay` does: started from a test thread, openbox inherits its
        // blocked SIGTERM and would never end.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs `wmctrl` on the display with `args`; throws when it fails.
    func wmctrl(_ args: [String]) throws {
        let r = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/wmctrl"), args, environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"])
        guard r.status == 0 else { throw TestFailure("wmctrl \(args) exited \(r.status): \(r.stderr)") }
    }

    /// Turns `window`'s fullscreen state on or off as a user's key binding would.
    func setFullscreen(_ window: Window, _ on: Bool) throws {
        try wmctrl(["-i", "-r", "0x" + String(window, radix: 16), "-b", (on ? "add" : "remove") + ",fullscreen"])
    }
}

extension XProbe {
    /// A root property's window (or cardinal) values; empty when it is not set.
    func rootWindows(_ name: String) -> [UInt] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, root, XInternAtom(display, name, 0), 0, 64, 0, Atom(AnyPropertyType), &type,
                                 &format, &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { p in (0..<Int(count)).map { UInt(UInt32(truncatingIfNeeded: p[$0])) } }
    }

    /// Maps an ordinary application window (a window manager manages it; the probe's
    /// connection keeps it) filled with `rgb`, and returns it.
    func openWindow(at origin: Point, size: Size, rgb: UInt32 = 0x2060A0) -> Window {
        let w = XCreateSimpleWindow(display, root, Int32(origin.x), Int32(origin.y), UInt32(size.width), UInt32(size.height), 0, 0, UInt(rgb))
        "xtoast-test-app".withCString { name in
            var hint = XClassHint()
            hint.res_name = UnsafeMutablePointer(mutating: name)
            hint.res_class = UnsafeMutablePointer(mutating: name)
            XSetClassHint(display, w, &hint)
        }
        XMapWindow(display, w)
        XSync(display, 0)
        return w
    }
}

extension XProbe {
    /// Sets (or, with nil, deletes) a window's 32-bit property as any client may.
    func setProperty(_ window: Window, _ name: String, type: Atom, _ values: [UInt]?) {
        let atom = XInternAtom(display, name, 0)
        if let values {
            values.withUnsafeBytes { bytes in
                _ = XChangeProperty(display, window, atom, type, 32, PropModeReplace,
                                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
            }
        } else {
            XDeleteProperty(display, window, atom)
        }
        XSync(display, 0)
    }

    /// Says `window` is fullscreen (or not) by its own `_NET_WM_STATE`, as a client does
    /// with no window manager to ask.
    func setFullscreenState(_ window: Window, _ on: Bool) {
        setProperty(window, "_NET_WM_STATE", type: XA_ATOM, on ? [UInt(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0))] : [])
    }

    func focus(_ window: Window) {
        XSetInputFocus(display, window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display, 0)
    }
}

