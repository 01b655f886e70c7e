/// Where the cards of one stack go on screen.
///
/// The newest card sits nearest the screen edge; older ones are pushed away from it,
/// `gap` apart, `marginX` from the screen's left or right side and `marginY` from its top or
/// bottom (`[card] margin` both, `margin_x` and `margin_y` each; dunst's `offset`).
///
/// The three stacks of one edge (top-left, top, top-right; the same at the bottom) never
/// cover each other: on a monitor too narrow for their columns to sit side by side, a later
/// stack (left, then centre, then right) whose column crosses an earlier one's starts one gap
/// past that stack's farthest card, so it hangs below it (above it, at the bottom).
/// The stacks centred vertically (`left`, `right`, `center`) sit about the screen's middle.
public struct StackLayout: Equatable, Sendable {
    public var marginX: Double = 16
    public var marginY: Double = 16
    public var gap: Double = 8

    public init(margin: Double = 16, gap: Double = 8) {
        self.init(marginX: margin, marginY: margin, gap: gap)
    }

    public init(marginX: Double, marginY: Double, gap: Double = 8) {
        self.marginX = marginX
        self.marginY = marginY
        self.gap = gap
    }

    /// Frames for cards of the given sizes, newest first, on `screen`; the first `start` from
    /// the stack's edge (one margin unless another stack of the edge is in the way).
    public func frames(for sizes: [Size], at position: Position, in screen: Rect, start: Double? = nil) -> [Rect] {
        var frames: [Rect] = []
        var offset = start ?? marginY
        if position.vertical == 0 {
            // Centred vertically: the whole stack, gaps included, about the screen's middle
            // (dunst's left-center, right-center and center); no other stack shares its edge.
            let total = sizes.map(\.height).reduce(0, +) + gap * Double(max(0, sizes.count - 1))
            offset = max(0, ((screen.height - total) / 2).rounded(.down))
        }
        for size in sizes {
            let x: Double
            switch position.horizontal {
            case -1: x = screen.x + marginX
            case 0: x = screen.x + ((screen.width - size.width) / 2).rounded(.down)
            default: x = screen.maxX - marginX - size.width
            }
            let y = position.isBottom ? screen.maxY - offset - size.height : screen.y + offset
            frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
            offset += size.height + gap
        }
        return frames
    }

    /// Where a card enters from and leaves to: just past the nearer screen edge.
    /// Side positions slide horizontally; centred ones vertically (the screen's centre from the top).
    public func offscreen(_ frame: Rect, at position: Position, in screen: Rect) -> Point {
        switch position.horizontal {
        case -1: Point(x: screen.x - frame.width - 1, y: frame.y)
        case 1: Point(x: screen.maxX + 1, y: frame.y)
        default: Point(x: frame.x, y: position.isBottom ? screen.maxY + 1 : screen.y - frame.height - 1)
        }
    }

    /// Where a card leaves to: back past its stack's edge, or, swiped, onward in the swipe's
    /// direction exactly until it is wholly off `screen` (a flung card goes the frame it gets
    /// there, so not a pixel further).
    public func exitTarget(_ frame: Rect, at position: Position, in screen: Rect, swipe: SwipeDirection? = nil) -> Point {
        switch swipe {
        case nil: offscreen(frame, at: position, in: screen)
        case .left: Point(x: screen.x - frame.width, y: frame.y)
        case .right: Point(x: screen.maxX, y: frame.y)
        case .up: Point(x: frame.x, y: screen.y - frame.height)
        case .down: Point(x: frame.x, y: screen.maxY)
        }
    }

    // MARK: Stacks sharing an edge

    /// How much of its edge a laid-out stack takes: the columns its cards span, and how far
    /// from the edge its farthest card ends.
    public struct Placement: Equatable, Sendable {
        public var column: Range<Double>
        public var reach: Double

        public init(column: Range<Double>, reach: Double) {
            self.column = column
            self.reach = reach
        }
    }

    /// Where a stack's frames place it on its edge; nil for no frames.
    public func placement(of frames: [Rect], at position: Position, in screen: Rect) -> Placement? {
        guard let minX = frames.map(\.x).min(), let maxX = frames.map(\.maxX).max(), minX < maxX else { return nil }
        let reach = position.isBottom ? screen.maxY - (frames.map(\.y).min() ?? 0) : (frames.map(\.maxY).max() ?? 0) - screen.y
        return Placement(column: minX..<maxX, reach: reach)
    }

    /// Stacks of one edge are placed in this order, each clear of those before it.
    public static func edgeOrder(_ position: Position) -> Int { position.horizontal + 1 }

    /// Where a stack whose cards span `column` starts, from its edge: one margin, or one gap
    /// past the farthest reach of the earlier stacks of its edge whose columns it crosses.
    public func start(column: Range<Double>, after earlier: [Placement]) -> Double {
        earlier.filter { $0.column.overlaps(column) }.map { $0.reach + gap }.reduce(marginY, max)
    }
}
