/// A colour as 8-bit straight (not premultiplied) RGBA.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From 0xRRGGBB.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF), a: alpha)
    }

    public var rgb: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// `self` with `other` laid over it at `fraction` opacity (straight colour mix).
    public func mixed(with other: RGBA, _ fraction: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - fraction) + Double(b) * fraction).rounded()) }
        return RGBA(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }

    public func withAlpha(_ alpha: UInt8) -> RGBA { RGBA(r: r, g: g, b: b, a: alpha) }
}

/// The built-in icon shapes (vector, drawn by the renderer in the kind's colour).
public enum IconShape: String, Sendable, CaseIterable {
    case info, check, triangle, octagon, bell, ladybug, spinner, close
}

/// One thing to draw on a card, in card coordinates (pixels, origin top-left).
public enum DrawOp: Equatable, Sendable {
    /// A filled, anti-aliased rounded rectangle.
    case roundedRect(Rect, radius: Double, color: RGBA)
    /// The leading `visibleWidth` pixels of a filled rounded rectangle: the accent style's bar,
    /// which follows the card's rounded corners.
    case roundedRectSlice(Rect, radius: Double, visibleWidth: Double, color: RGBA)
    /// A block of text laid out by the text engine with its top-left corner at `origin`.
    case text(TextBlock, origin: Point, color: RGBA)
    /// A built-in icon in the given square.
    case icon(IconShape, Rect, color: RGBA, phase: Double)
    /// An image file (already loaded and cached by the renderer) scaled into the square; with
    /// `tint`, recoloured to it (a `-symbolic` icon takes the text's colour).
    case image(path: String, Rect, tint: RGBA?)

    /// The same op moved right and down by `d` (into a shadow's margin).
    func offsetBy(_ d: Double) -> DrawOp { offsetBy(x: d, y: d) }

    /// The same op moved right by `dx` and down by `dy`.
    func offsetBy(x dx: Double, y dy: Double) -> DrawOp {
        func move(_ r: Rect) -> Rect { Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        switch self {
        case let .roundedRect(r, radius, color): return .roundedRect(move(r), radius: radius, color: color)
        case let .roundedRectSlice(r, radius, visible, color): return .roundedRectSlice(move(r), radius: radius, visibleWidth: visible, color: color)
        case let .icon(shape, r, color, phase): return .icon(shape, move(r), color: color, phase: phase)
        case let .image(path, r, tint): return .image(path: path, move(r), tint: tint)
        case let .text(block, origin, color):
            return .text(block, origin: Point(x: origin.x + dx, y: origin.y + dy), color: color)
        }
    }
}

/// Everything needed to paint a card: its size, outline and drawing operations.
///
/// Built by the pure model from a toast and measurements; the X11 layer only executes it.
public struct CardScene: Equatable, Sendable {
    /// The whole drawing's size: the card plus `inset` on every side.
    public var size: Size
    /// The card's outline radius: the window's shape (XShape) or alpha follow it.
    public var cornerRadius: Double
    public var ops: [DrawOp]
    /// Room around the card for its shadow (ARGB windows only); the card starts at (inset, inset).
    public var inset: Double
    /// Whether the scene changes as the pointer moves over it (a button or a link lights up),
    /// so its surface needs every pointer motion. Without, it needs motion only while a
    /// button is held (a swipe): the pointer passing over a plain card, or a program moving
    /// it there thousands of times a second, then costs the daemon and the X server nothing.
    public var followsPointer: Bool

    public init(size: Size, cornerRadius: Double, ops: [DrawOp], inset: Double = 0, followsPointer: Bool = true) {
        self.size = size
        self.cornerRadius = cornerRadius
        self.ops = ops
        self.inset = inset
        self.followsPointer = followsPointer
    }

    /// The card itself, without its shadow's margin: what layout and hit-testing use.
    public var cardSize: Size { Size(width: size.width - 2 * inset, height: size.height - 2 * inset) }
}
