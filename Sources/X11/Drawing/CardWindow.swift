#if canImport(Glibc)
import Glibc
#endif
import CX11
import CXInput2
import ToastCore

/// One toast's override-redirect window, painted once into a background pixmap.
///
/// The X server repaints exposed parts from that pixmap by itself, so moving the window
/// (the whole of the animation) never makes the daemon draw. The corresponding C functions
/// are `XCreateWindow`, `XSetWindowBackgroundPixmap`, `XShapeCombineRectangles`, `XMoveWindow`.
final class CardWindow {
    let display: XDisplay
    let visual: CardVisual
    let window: Window
    private var pixmap: Pixmap = 0
    private(set) var size: Size
    private(set) var origin: (x: Int32, y: Int32)
    private(set) var isMapped = false

    init(display: XDisplay, visual: CardVisual, size: Size, at origin: Point) {
        self.display = display
        self.visual = visual
        self.size = size
        self.origin = (Int32(pixel: origin.x), Int32(pixel: origin.y))
        let d = display.handle
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.border_pixel = 0
        attributes.background_pixel = 0
        attributes.colormap = visual.colormap
        attributes.event_mask = Self.pointerMask(display)
        let mask = UInt(CWOverrideRedirect | CWBorderPixel | CWBackPixel | CWColormap | CWEventMask)
        window = XCreateWindow(d, display.root, self.origin.x, self.origin.y,
                               UInt32(windowSize: size.width), UInt32(windowSize: size.height), 0,
                               visual.depth, UInt32(InputOutput), visual.visual, mask, &attributes)
        if display.crossingsOpcode != nil { xt_select_crossings(d, window) }
        setProperties()
    }

    /// The pointer's events, with motion only while the first button is held (a swipe, a
    /// selection) unless the scene painted follows the pointer (`CardScene.followsPointer`);
    /// keys only while a reply field on it has the focus (`selectKeys`). Crossings come as
    /// XInput 2 events (`xt_select_crossings`), or as core ones without it (`coreCrossings`).
    static let eventMask = ButtonPressMask | ButtonReleaseMask | Button1MotionMask
    /// The core crossings, asked for only on a server without XInput 2: another program can
    /// forge these, and each one it sends with their mask would be written to the daemon.
    static let coreCrossings = EnterWindowMask | LeaveWindowMask

    /// `eventMask`, with the core crossings on a server without XInput 2.
    private static func pointerMask(_ display: XDisplay) -> Int {
        display.crossingsOpcode == nil ? eventMask | coreCrossings : eventMask
    }
    /// Every pointer motion comes: the scene painted last lights something under the pointer.
    private var followsPointer = false
    private var takesKeys = false

    /// Key presses (and the focus leaving it) come to the card while its reply field has the
    /// keyboard's focus, and only then.
    func selectKeys(_ on: Bool) {
        takesKeys = on
        selectInput()
    }

    /// The corresponding C function is `XSelectInput`.
    private func selectInput() {
        let motion = followsPointer ? PointerMotionMask : 0
        let keys = takesKeys ? KeyPressMask | FocusChangeMask : 0
        XSelectInput(display.handle, window, Self.pointerMask(display) | motion | keys)
    }

    deinit {
        XDestroyWindow(display.handle, window)
        if pixmap != 0 { XFreePixmap(display.handle, pixmap) }
    }

    /// Tells compositors and tools what this window is: a notification that takes no focus,
    /// of the class `Xtoast`, from this process on this machine.
    /// The corresponding C functions are `XSetClassHint`, `XStoreName`, `XSetWMClientMachine`.
    private func setProperties() {
        let d = display.handle
        display.setProperty(window, "_NET_WM_WINDOW_TYPE", type: XA_ATOM, [display.atom("_NET_WM_WINDOW_TYPE_NOTIFICATION")])
        display.setProperty(window, "_NET_WM_PID", type: XA_CARDINAL, [UInt(max(0, getpid()))])
        display.setText(window, "_NET_WM_NAME", "xtoast")
        var hint = XClassHint()
        "xtoast".withCString { name in
            "Xtoast".withCString { cls in
                hint.res_name = UnsafeMutablePointer(mutating: name)
                hint.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(d, window, &hint)
            }
        }
        XStoreName(d, window, "xtoast")
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, host.count - 1) == 0 else { return }
        host.withUnsafeMutableBufferPointer { buffer in
            var text = XTextProperty()
            var list: [UnsafeMutablePointer<CChar>?] = [buffer.baseAddress]
            guard XStringListToTextProperty(&list, 1, &text) != 0 else { return }
            XSetWMClientMachine(d, window, &text)
            XFree(text.value)
        }
    }

    /// Paints `scene` into a fresh pixmap, makes it the window's background and fits the
    /// window's size and shape to it. Done before mapping, so the first frame is complete.
    /// Moved to `origin` in the same request as a resize, so a card that grows never shows
    /// its new size at its old place. The corresponding C function is `XMoveResizeWindow`.
    func paint(_ scene: CardScene, painter: Painter, at origin: Point) {
        let d = display.handle
        let w = Int(Int32(pixel: scene.size.width).clamped(1, 32767)), h = Int(Int32(pixel: scene.size.height).clamped(1, 32767))
        let fresh = painter.render(scene, width: w, height: h)
        if scene.followsPointer != followsPointer {
            followsPointer = scene.followsPointer
            selectInput()
        }
        if scene.size != size {
            size = scene.size
            self.origin = (Int32(pixel: origin.x), Int32(pixel: origin.y))
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
    /// With one, the ARGB pixmap's alpha does it; any old shape is removed. A clip (the
    /// card's monitor, while it reaches past it) cuts the bounding shape further.
    private func applyShape(_ scene: CardScene, width: Int, height: Int) {
        shape = (scene.cornerRadius, scene.inset)
        let d = display.handle
        if visual.hasAlpha {
            // A shadow's margin is drawn but not clickable: input goes only to the card.
            let inset = Int16(clamping: Int(scene.inset.rounded()))
            var input = XRectangle(x: inset, y: inset, width: UInt16(clamping: width - 2 * Int(inset)),
                                   height: UInt16(clamping: height - 2 * Int(inset)))
            XShapeCombineRectangles(d, window, ShapeInput, 0, 0, &input, 1, ShapeSet, YXBanded)
        }
        applyBoundingShape()
    }

    /// The corner radius and shadow margin of the scene painted last, for reshaping on clip.
    private var shape: (radius: Double, inset: Double) = (0, 0)
    /// The part of the screen the window may show in; nil: anywhere.
    private var clip: Rect?

    /// Cuts the window to `clip` (screen coordinates), or lifts the cut.
    func setClip(_ clip: Rect?) {
        guard clip != self.clip else { return }
        self.clip = clip
        applyBoundingShape()
    }

    /// Whether `_COMPTON_SHADOW` is 0 on the window now.
    private var shadowSuppressed = false

    /// A window reaching past its clip (a card entering or leaving across the edge its monitor
    /// shares with another, the centre sliding in) would get a compositor's shadow cast on the
    /// neighbour: `_COMPTON_SHADOW` 0, which picom honours, while it does; deleted once inside.
    private func updateShadowHint() {
        let x = Double(origin.x), y = Double(origin.y)
        let crossing = clip.map { c in x < c.x || y < c.y || x + size.width > c.maxX || y + size.height > c.maxY } ?? false
        guard crossing != shadowSuppressed else { return }
        shadowSuppressed = crossing
        if crossing {
            display.setProperty(window, "_COMPTON_SHADOW", type: XA_CARDINAL, [0])
        } else {
            XDeleteProperty(display.handle, window, display.atom("_COMPTON_SHADOW"))
        }
    }

    private func applyBoundingShape() {
        updateShadowHint()
        let d = display.handle
        let width = Int(Int32(pixel: size.width)), height = Int(Int32(pixel: size.height))
        // A drawn shadow needs its margin: no bounding shape then (unless clipped). Otherwise
        // the window is the rounded card, even with alpha, so a compositor's shadow follows it.
        let ownShadow = visual.hasAlpha && shape.inset > 0
        if ownShadow && clip == nil {
            XShapeCombineMask(d, window, ShapeBounding, 0, 0, 0, ShapeSet)
            return
        }
        var spans = ownShadow
            ? (0..<max(0, height)).map { (y: $0, start: 0, end: width) }
            : roundedSpans(width: width, height: height)
        if let clip {
            // The clip in the window's own coordinates.
            let x0 = Int((clip.x - Double(origin.x)).rounded()), x1 = Int((clip.maxX - Double(origin.x)).rounded())
            let y0 = Int((clip.y - Double(origin.y)).rounded()), y1 = Int((clip.maxY - Double(origin.y)).rounded())
            spans = spans.compactMap { span in
                guard span.y >= y0, span.y < y1 else { return nil }
                let start = max(span.start, x0), end = min(span.end, x1)
                return end > start ? (span.y, start, end) : nil
            }
        }
        var rects = spans.map {
            XRectangle(x: Int16(clamping: $0.start), y: Int16(clamping: $0.y), width: UInt16(clamping: max(0, $0.end - $0.start)), height: 1)
        }
        XShapeCombineRectangles(d, window, ShapeBounding, 0, 0, &rects, Int32(clamping: rects.count), ShapeSet, YXBanded)
    }

    /// The rounded card's rows, computed again only when its size or radius changes: a clipped
    /// card reshapes on every frame of its slide, and the corners' coverage is the costly part.
    private func roundedSpans(width: Int, height: Int) -> [(y: Int, start: Int, end: Int)] {
        if let cached = spanCache, cached.width == width, cached.height == height, cached.radius == shape.radius {
            return cached.spans
        }
        let spans = RoundedRectCoverage.rowSpans(width: width, height: height, radius: shape.radius,
                                                 minimumCoverage: visual.hasAlpha ? 0.02 : 0.5)
        spanCache = (width, height, shape.radius, spans)
        return spans
    }

    private var spanCache: (width: Int, height: Int, radius: Double, spans: [(y: Int, start: Int, end: Int)])?

    func map() {
        guard !isMapped else { return }
        XMapRaised(display.handle, window)
        isMapped = true
    }

    /// Moves the window; rounded to whole pixels, and skipped when it would not move.
    func move(to point: Point) {
        let x = Int32(pixel: point.x), y = Int32(pixel: point.y)
        guard x != origin.x || y != origin.y else { return }
        origin = (x, y)
        XMoveWindow(display.handle, window, x, y)
        // The clip is fixed on screen, so it moves across the window as the window moves.
        if clip != nil { applyBoundingShape() }
    }

    /// Sets `_NET_WM_WINDOW_OPACITY` (read by compositors; ignored without one).
    func setOpacity(_ opacity: Double) {
        let value = UInt(UInt32(max(0, min(1, opacity.isNaN ? 1 : opacity)) * Double(UInt32.max)))
        display.setProperty(window, "_NET_WM_WINDOW_OPACITY", type: XA_CARDINAL, [value])
    }
}
