import CX11
import ToastCore

/// One toast's override-redirect window, painted once into a background pixmap.
///
/// The X server repaints exposed parts from that pixmap by itself, so moving the window
/// (the whole of the animation) never makes the daemon draw. The corresponding C functions
/// are `XCreateWindow`, `XSetWindowBackgroundPixmap`, `XShapeCombineRectangles`, `XMoveWindow`.
public final class CardWindow {
    let display: XDisplay
    let visual: CardVisual
    let window: Window
    private var pixmap: Pixmap = 0
    public private(set) var size: Size
    public private(set) var origin: (x: Int32, y: Int32)
    public private(set) var isMapped = false

    public init(display: XDisplay, visual: CardVisual, size: Size, at origin: Point) {
        self.display = display
        self.visual = visual
        self.size = size
        self.origin = (Int32(origin.x.rounded()), Int32(origin.y.rounded()))
        let d = display.handle
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.border_pixel = 0
        attributes.background_pixel = 0
        attributes.colormap = visual.colormap
        attributes.event_mask = ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
        let mask = UInt(CWOverrideRedirect | CWBorderPixel | CWBackPixel | CWColormap | CWEventMask)
        window = XCreateWindow(d, display.root, self.origin.x, self.origin.y,
                               UInt32(max(1, size.width)), UInt32(max(1, size.height)), 0,
                               visual.depth, UInt32(InputOutput), visual.visual, mask, &attributes)
        setProperties()
    }

    deinit {
        XDestroyWindow(display.handle, window)
        if pixmap != 0 { XFreePixmap(display.handle, pixmap) }
    }

    /// Tells compositors and tools what this window is: a notification that takes no focus.
    private func setProperties() {
        let d = display.handle
        display.setProperty(window, "_NET_WM_WINDOW_TYPE", type: XA_ATOM, [display.atom("_NET_WM_WINDOW_TYPE_NOTIFICATION")])
        var hint = XClassHint()
        "xtoast".withCString { name in
            hint.res_name = UnsafeMutablePointer(mutating: name)
            hint.res_class = UnsafeMutablePointer(mutating: name)
            XSetClassHint(d, window, &hint)
        }
        XStoreName(d, window, "xtoast")
    }

    /// Paints `scene` into a fresh pixmap, makes it the window's background and fits the
    /// window's size and shape to it. Done before mapping, so the first frame is complete.
    /// Moved to `origin` in the same request as a resize, so a card that grows never shows
    /// its new size at its old place. The corresponding C function is `XMoveResizeWindow`.
    public func paint(_ scene: CardScene, painter: Painter, at origin: Point) {
        let d = display.handle
        let w = Int(scene.size.width.rounded()), h = Int(scene.size.height.rounded())
        let fresh = painter.render(scene, width: w, height: h)
        if scene.size != size {
            size = scene.size
            self.origin = (Int32(origin.x.rounded()), Int32(origin.y.rounded()))
            XMoveResizeWindow(d, window, self.origin.x, self.origin.y, UInt32(max(1, w)), UInt32(max(1, h)))
        } else {
            move(to: origin)
        }
        XSetWindowBackgroundPixmap(d, window, fresh)
        if pixmap != 0 { XFreePixmap(d, pixmap) }
        pixmap = fresh
        applyShape(scene, width: w, height: h)
        XClearWindow(d, window)
    }

    /// Without a compositor, the corners are cut with XShape so what lies beneath shows.
    /// With one, the ARGB pixmap's alpha does it; any old shape is removed.
    private func applyShape(_ scene: CardScene, width: Int, height: Int) {
        let radius = scene.cornerRadius
        let d = display.handle
        if visual.hasAlpha {
            XShapeCombineMask(d, window, ShapeBounding, 0, 0, 0, ShapeSet)
            // A shadow's margin is drawn but not clickable: input goes only to the card.
            let inset = Int16(clamping: Int(scene.inset.rounded()))
            var input = XRectangle(x: inset, y: inset, width: UInt16(clamping: width - 2 * Int(inset)),
                                   height: UInt16(clamping: height - 2 * Int(inset)))
            XShapeCombineRectangles(d, window, ShapeInput, 0, 0, &input, 1, ShapeSet, YXBanded)
            return
        }
        var rects = RoundedRectCoverage.rowSpans(width: width, height: height, radius: radius).map {
            XRectangle(x: Int16($0.start), y: Int16($0.y), width: UInt16(max(0, $0.end - $0.start)), height: 1)
        }
        XShapeCombineRectangles(d, window, ShapeBounding, 0, 0, &rects, Int32(rects.count), ShapeSet, YXBanded)
    }

    public func map() {
        guard !isMapped else { return }
        XMapRaised(display.handle, window)
        isMapped = true
    }

    /// Moves the window; rounded to whole pixels, and skipped when it would not move.
    public func move(to point: Point) {
        let x = Int32(point.x.rounded()), y = Int32(point.y.rounded())
        guard x != origin.x || y != origin.y else { return }
        origin = (x, y)
        XMoveWindow(display.handle, window, x, y)
    }

    /// Sets `_NET_WM_WINDOW_OPACITY` (read by compositors; ignored without one).
    public func setOpacity(_ opacity: Double) {
        let value = UInt(UInt32(max(0, min(1, opacity.isNaN ? 1 : opacity)) * Double(UInt32.max)))
        display.setProperty(window, "_NET_WM_WINDOW_OPACITY", type: XA_CARDINAL, [value])
    }
}
