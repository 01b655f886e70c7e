import CX11
import ToastCore

/// A loading toast's turning spinner: a small child window over the card's icon whose
/// background cycles through frames rendered once. Turning it costs the server a
/// background swap per frame; the card itself is never repainted.
final class SpinnerOverlay {
    let display: XDisplay
    let window: Window
    private var frames: [Pixmap]
    private var shown = -1
    let rect: Rect
    let color: RGBA
    let background: RGBA
    /// One turn a second, in this many steps: smooth at 30 fps, and cheap.
    static let frameCount = 30

    init(parent: CardWindow, painter: Painter, rect: Rect, color: RGBA, background: RGBA) {
        display = parent.display
        self.rect = rect
        self.color = color
        self.background = background
        let size = Int(Int32(pixel: rect.width).clamped(1, 256))
        frames = (0..<Self.frameCount).map { i in
            painter.render(CardScene(size: Size(width: Double(size), height: Double(size)), cornerRadius: 0, ops: [
                .roundedRect(Rect(x: 0, y: 0, width: Double(size), height: Double(size)), radius: 0, color: background),
                .icon(.spinner, Rect(x: 0, y: 0, width: Double(size), height: Double(size)), color: color,
                      phase: Double(i) / Double(Self.frameCount)),
            ]), width: size, height: size)
        }
        var attributes = XSetWindowAttributes()
        attributes.border_pixel = 0
        attributes.colormap = parent.visual.colormap
        attributes.background_pixmap = frames.first ?? 0
        let mask = UInt(CWBorderPixel | CWColormap | CWBackPixmap)
        window = XCreateWindow(display.handle, parent.window, Int32(pixel: rect.x), Int32(pixel: rect.y),
                               UInt32(clamping: size), UInt32(clamping: size), 0, parent.visual.depth, UInt32(InputOutput),
                               parent.visual.visual, mask, &attributes)
        XMapWindow(display.handle, window)
        shown = 0
    }

    deinit {
        XDestroyWindow(display.handle, window)
        for p in frames { XFreePixmap(display.handle, p) }
    }

    func matches(rect: Rect, color: RGBA, background: RGBA) -> Bool {
        self.rect == rect && self.color == color && self.background == background
    }

    /// Shows the frame for time `t` (seconds); does nothing when that frame is already up.
    func show(phase t: Double) {
        let turn = t - t.rounded(.down)
        let index = min(Self.frameCount - 1, Int(turn * Double(Self.frameCount)))
        guard index != shown else { return }
        shown = index
        XSetWindowBackgroundPixmap(display.handle, window, frames[index])
        XClearWindow(display.handle, window)
    }

    /// Keeps the spinner above its card after the card repaints.
    func raise() { XRaiseWindow(display.handle, window) }
}
