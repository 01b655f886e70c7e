import CX11
import Foundation
import ToastCore

/// The test's own connection to the X server: it reads what the user would see (windows,
/// pixels via XGetImage) and acts as the user would (pointer via XTest).
final class XProbe {
    let display: OpaquePointer
    let root: Window
    let screen: Int32

    init(_ name: String = TestDisplay.name) throws {
        // Xvfb resets when its last client leaves (a daemon that just exited, say), and a
        // connection made during the reset is refused: try again for up to two seconds.
        var opened = XOpenDisplay(name)
        let deadline = Date().addingTimeInterval(2)
        while opened == nil, Date() < deadline {
            usleep(20_000)
            opened = XOpenDisplay(name)
        }
        guard let d = opened else { throw TestFailure("cannot open display \(name)") }
        display = d
        // Xlib's default handler exits the process on any error, and a card window may be
        // destroyed between listing it and reading it: errors are expected, not fatal.
        ProbeErrors.install()
        screen = XDefaultScreen(d)
        root = XRootWindow(d, screen)
    }

    deinit { XCloseDisplay(display) }

    var screenSize: Size { Size(width: Double(XDisplayWidth(display, screen)), height: Double(XDisplayHeight(display, screen))) }

    /// A window's depth: 32 for the ARGB cards under a compositor, 24 for shaped ones.
    func depth(of window: Window) -> Int32 {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return 0 }
        return attributes.depth
    }

    /// The events every client together asks of `window` (`all_event_masks`): what the X
    /// server delivers, and so what it costs to move the pointer over it.
    func eventMask(of window: Window) -> Int {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return 0 }
        return attributes.all_event_masks
    }

    /// A window's `_NET_WM_WINDOW_OPACITY` as 0...1; nil when it has none (fully opaque).
    func opacity(of window: Window) -> Double? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let atom = XInternAtom(display, "_NET_WM_WINDOW_OPACITY", 0)
        guard XGetWindowProperty(display, window, atom, 0, 1, 0, XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
              let data, count == 1 else { return nil }
        defer { XFree(data) }
        let value = data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee }
        return Double(UInt32(truncatingIfNeeded: value)) / Double(UInt32.max)
    }

    /// Whether a compositing manager holds `_NET_WM_CM_S<screen>`.
    var compositorRunning: Bool {
        XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)) != 0
    }

    /// How many rectangles make the window's bounding shape: 1 for a plain rectangle, one a
    /// row for rounded corners cut with XShape.
    func boundingRectangleCount(of window: Window) -> Int {
        var count: Int32 = 0, ordering: Int32 = 0
        guard let rects = XShapeGetRectangles(display, window, ShapeBounding, &count, &ordering) else { return 0 }
        XFree(rects)
        return Int(count)
    }

    /// The rightmost column (exclusive) the window's bounding shape covers, in the window's
    /// own coordinates; nil when the window has gone.
    func boundingShapeMaxX(of window: Window) -> Int? {
        var count: Int32 = 0, ordering: Int32 = 0
        guard let rects = XShapeGetRectangles(display, window, ShapeBounding, &count, &ordering) else { return nil }
        defer { XFree(rects) }
        return (0..<Int(count)).map { Int(rects[$0].x) + Int(rects[$0].width) }.max()
    }

    /// What the root shows where no window is (black on a bare Xvfb).
    var rootPixel: UInt32 { (try? pixel(0, Int(screenSize.height) - 1)) ?? 0 }

    /// Paints the root window one flat colour, so "what lies beneath a card" is recognisable.
    func setRootColor(_ rgb: UInt32) {
        XSetWindowBackground(display, root, UInt(rgb))
        XClearWindow(display, root)
        XSync(display, 0)
    }

    struct CardWindow: Equatable {
        var window: Window
        var frame: Rect
    }

    /// The daemon's visible card windows (WM_CLASS "xtoast"), in stacking order.
    func cards() -> [CardWindow] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        var result: [CardWindow] = []
        for i in 0..<Int(count) {
            let w = children[i]
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, w, &attributes) != 0, attributes.map_state == IsViewable else { continue }
            var hint = XClassHint()
            guard XGetClassHint(display, w, &hint) != 0 else { continue }
            let name = hint.res_name.map { String(cString: $0) }
            if let n = hint.res_name { XFree(n) }
            if let c = hint.res_class { XFree(c) }
            guard name == "xtoast" else { continue }
            result.append(CardWindow(window: w, frame: Rect(x: Double(attributes.x), y: Double(attributes.y),
                                                             width: Double(attributes.width), height: Double(attributes.height))))
        }
        return result
    }

    /// Cards that are fully on screen (not entering or leaving past an edge).
    func cardsOnScreen() -> [CardWindow] {
        let s = screenSize
        return cards().filter { $0.frame.x >= 0 && $0.frame.y >= 0 && $0.frame.maxX <= s.width && $0.frame.maxY <= s.height }
    }

    /// A rectangle of the screen as 0xRRGGBB values, row-major.
    struct Capture {
        var x: Int, y: Int, width: Int, height: Int
        var pixels: [UInt32]
        func at(_ px: Int, _ py: Int) -> UInt32 { pixels[(py - y) * width + (px - x)] }
    }

    func capture(x: Int, y: Int, width: Int, height: Int) throws -> Capture {
        guard let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), XAllPlanes(), ZPixmap) else {
            throw TestFailure("XGetImage failed for \(width)x\(height)+\(x)+\(y)")
        }
        defer { xt_destroy_image(image) }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for py in 0..<height {
            for px in 0..<width { pixels.append(UInt32(truncatingIfNeeded: xt_get_pixel(image, Int32(px), Int32(py))) & 0xFFFFFF) }
        }
        return Capture(x: x, y: y, width: width, height: height, pixels: pixels)
    }

    func pixel(_ x: Int, _ y: Int) throws -> UInt32 { try capture(x: x, y: y, width: 1, height: 1).pixels[0] }

    // MARK: Input, as a user gives it (XTest)

    func movePointer(to p: Point) {
        XTestFakeMotionEvent(display, -1, Int32(p.x.rounded()), Int32(p.y.rounded()), 0)
        XSync(display, 0)
    }

    func button(_ number: UInt32 = 1, down: Bool) {
        XTestFakeButtonEvent(display, number, down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// A button press or release as any X client can forge one (`XSendEvent`, which marks it
    /// `send_event`), sent straight to `window` at `p` (screen coordinates).
    func sendButton(to window: Window, at p: Point, windowOrigin: Point, down: Bool) {
        var event = XEvent()
        event.xbutton.type = down ? ButtonPress : ButtonRelease
        event.xbutton.display = display
        event.xbutton.window = window
        event.xbutton.root = root
        event.xbutton.x = Int32(p.x - windowOrigin.x)
        event.xbutton.y = Int32(p.y - windowOrigin.y)
        event.xbutton.x_root = Int32(p.x)
        event.xbutton.y_root = Int32(p.y)
        event.xbutton.button = 1
        event.xbutton.same_screen = 1
        event.xbutton.time = UInt(CurrentTime)
        XSendEvent(display, window, 0, down ? ButtonPressMask : ButtonReleaseMask, &event)
        XSync(display, 0)
    }

    func click(at p: Point) {
        movePointer(to: p)
        button(down: true)
        button(down: false)
    }

    /// Presses at `from`, moves to `to` in `steps` over `duration` seconds, and releases there
    /// after `hold` seconds. The pauses are the gesture's own timing, which is what is tested.
    func drag(from: Point, to: Point, steps: Int, duration: Double, hold: Double = 0) {
        movePointer(to: from)
        button(down: true)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            usleep(UInt32(duration / Double(steps) * 1e6))
            movePointer(to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        if hold > 0 { usleep(UInt32(hold * 1e6)) }
        button(down: false)
    }
}

/// Colour distance, per channel, for tolerant pixel checks.
func colorDistance(_ a: UInt32, _ b: UInt32) -> Int {
    let da = abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF))
    let db = abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF))
    let dc = abs(Int(a & 0xFF) - Int(b & 0xFF))
    return max(da, db, dc)
}

/// The probes' X errors: Xlib's default handler would exit the test process; a refused key
/// grab (`BadAccess`) is counted, so `grabKey` can tell.
enum ProbeErrors {
    nonisolated(unsafe) static var badAccess = 0

    static func install() {
        XSetErrorHandler { _, event in
            if event?.pointee.error_code == UInt8(BadAccess) { ProbeErrors.badAccess += 1 }
            return 0
        }
    }
}
