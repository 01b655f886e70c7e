/// Where the cards of one stack go on screen.
///
/// The newest card sits nearest the screen edge; older ones are pushed away from it,
/// `gap` apart, each `margin` from the screen's sides.
public struct StackLayout: Equatable, Sendable {
    public var margin: Double = 16
    public var gap: Double = 8

    public init(margin: Double = 16, gap: Double = 8) {
        self.margin = margin
        self.gap = gap
    }

    /// Frames for cards of the given sizes, newest first, on `screen`.
    public func frames(for sizes: [Size], at position: Position, in screen: Rect) -> [Rect] {
        var frames: [Rect] = []
        var offset = margin
        for size in sizes {
            let x: Double
            switch position.horizontal {
            case -1: x = screen.x + margin
            case 0: x = screen.x + ((screen.width - size.width) / 2).rounded(.down)
            default: x = screen.maxX - margin - size.width
            }
            let y = position.isTop ? screen.y + offset : screen.maxY - offset - size.height
            frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
            offset += size.height + gap
        }
        return frames
    }

    /// Where a card enters from and leaves to: just past the nearer screen edge.
    /// Side positions slide horizontally; centred ones vertically.
    public func offscreen(_ frame: Rect, at position: Position, in screen: Rect) -> Point {
        switch position.horizontal {
        case -1: Point(x: screen.x - frame.width - 1, y: frame.y)
        case 1: Point(x: screen.maxX + 1, y: frame.y)
        default: Point(x: frame.x, y: position.isTop ? screen.y - frame.height - 1 : screen.maxY + 1)
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
}
