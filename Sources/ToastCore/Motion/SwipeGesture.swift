import Glibc

/// Which way a card is thrown.
public enum SwipeDirection: Sendable, CaseIterable {
    case left, right, up, down

    /// Outward only: a card can be thrown off the screen edges its stack sits against, never
    /// across the screen. A centred stack touches neither side, so both sides count; one
    /// centred vertically touches neither the top nor the bottom, so it goes sideways only.
    public static func allowed(for position: Position) -> Set<SwipeDirection> {
        var directions: Set<SwipeDirection> = switch position.vertical {
        case -1: [.up]
        case 1: [.down]
        default: []
        }
        if position.horizontal <= 0 { directions.insert(.left) }
        if position.horizontal >= 0 { directions.insert(.right) }
        return directions
    }

    /// How fast `velocity` (px/s) moves this way; negative when it moves the other way.
    public func speed(of velocity: Point) -> Double {
        switch self {
        case .left: -velocity.x
        case .right: velocity.x
        case .up: -velocity.y
        case .down: velocity.y
        }
    }
}

/// How a press on a card ended.
public enum SwipeOutcome: Equatable, Sendable {
    /// The pointer barely moved: a click on the card.
    case click
    /// Thrown off: slide out that way, no slower than `direction.speed(of: velocity)`.
    case dismiss(direction: SwipeDirection, velocity: Point)
    /// Not far or fast enough: spring back to rest, starting at `velocity` (px/s).
    case snapBack(velocity: Point)
}

/// Reads one press-drag-release on a card as a click, a swipe away, or nothing.
///
/// Fed timestamped pointer positions; answers with the card's offset from its resting place.
/// The card moves along one axis only, picked once the pointer has moved a few pixels, so a
/// vertical swipe does not wobble sideways. Dragging the way the card may not go is allowed but
/// rubber-banded, so the card feels held rather than stuck.
///
/// The pointer cannot leave the screen: flicked into the monitor's edge it stops there before
/// the release, and a flick would read as a stop (the card left at the slowest fling, or
/// sprang back). While the pointer is pinned at the edge the card may be thrown towards, the
/// release keeps the velocity the card had when the pointer got there.
public struct SwipeGesture: Sendable {
    private enum Axis: Sendable { case horizontal, vertical }

    /// The card's offset at a moment; release velocity is measured from these.
    private struct Sample: Sendable {
        let time: Double
        let offset: Point
    }

    /// UIScrollView's rubber-band coefficient: the card first moves at 0.55 of the pointer's
    /// speed, then ever slower, approaching `rubberBandLimit`.
    private static let rubberBandStiffness = 0.55

    private let start: Point
    private let cardSize: Size
    private let allowed: Set<SwipeDirection>
    private let tuning: MotionTuning
    /// The monitor the card is on (nil: no edge is known).
    private let bounds: Rect?
    private var axis: Axis?
    /// The card's velocity when the pointer reached an edge it is pinned at; nil while it is
    /// at none.
    private var pinnedVelocity: Point?
    /// The farthest the pointer got from the press: a drag that went away and came back is
    /// not a click.
    private var farthest = 0.0
    /// Recent offsets: those within `velocityWindow` of the newest, plus the one before.
    private var samples: [Sample]

    public init(start: Point, time: Double, cardSize: Size, allowed: Set<SwipeDirection>,
                tuning: MotionTuning = .standard, bounds: Rect? = nil) {
        self.start = start
        self.cardSize = cardSize
        self.allowed = allowed
        self.tuning = tuning
        self.bounds = bounds
        samples = [Sample(time: time, offset: .zero)]
    }

    /// The pointer moved: returns the card's offset from rest to show now.
    @discardableResult
    public mutating func move(to pointer: Point, time: Double) -> Point {
        let dx = pointer.x - start.x
        let dy = pointer.y - start.y
        farthest = max(farthest, hypot(dx, dy))
        if axis == nil && farthest >= tuning.axisLockDistance {
            axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
        }
        let offset: Point = switch axis {
        case nil: .zero
        case .horizontal: Point(x: cardOffset(dx, on: .horizontal), y: 0)
        case .vertical: Point(x: 0, y: cardOffset(dy, on: .vertical))
        }
        record(Sample(time: time, offset: offset))
        if isPinned(pointer) {
            if pinnedVelocity == nil { pinnedVelocity = measuredVelocity() }
        } else {
            pinnedVelocity = nil
        }
        return offset
    }

    /// The pointer sits on the monitor's last pixel in a direction the card may be thrown,
    /// along the axis it moves on: it can go no farther that way.
    private func isPinned(_ pointer: Point) -> Bool {
        guard let bounds, let axis else { return false }
        let edge: SwipeDirection? = switch axis {
        case .horizontal: pointer.x >= bounds.maxX - 1 ? .right : pointer.x <= bounds.x ? .left : nil
        case .vertical: pointer.y >= bounds.maxY - 1 ? .down : pointer.y <= bounds.y ? .up : nil
        }
        return edge.map(allowed.contains) ?? false
    }

    /// The button went up. The release's own time counts: a pointer held still before letting
    /// go has no release velocity, however fast it moved earlier.
    public mutating func release(at pointer: Point, time: Double) -> SwipeOutcome {
        let offset = move(to: pointer, time: time)
        if farthest < tuning.clickSlop { return .click }
        let velocity = pinnedVelocity ?? measuredVelocity()
        guard let axis else { return .snapBack(velocity: velocity) }
        let (travel, speed) = axis == .horizontal ? (offset.x, velocity.x) : (offset.y, velocity.y)
        let flung = Self.direction(of: speed, on: axis)
        if allowed.contains(flung) && abs(speed) >= tuning.swipeVelocity {
            return .dismiss(direction: flung, velocity: velocity)
        }
        let dragged = Self.direction(of: travel, on: axis)
        if allowed.contains(dragged) && abs(travel) >= dismissDistance(on: axis) {
            return .dismiss(direction: dragged, velocity: velocity)
        }
        return .snapBack(velocity: velocity)
    }

    /// 1:1 with the pointer in an allowed direction, rubber-banded in the other.
    private func cardOffset(_ delta: Double, on axis: Axis) -> Double {
        if allowed.contains(Self.direction(of: delta, on: axis)) { return delta }
        let stretch = Self.rubberBandStiffness * abs(delta)
        let limit = tuning.rubberBandLimit
        let damped = limit + stretch > 0 ? limit * stretch / (limit + stretch) : 0
        return delta < 0 ? -damped : damped
    }

    /// Horizontally, `swipeDistanceFraction` of the width. A toast is wide and short, so the
    /// same fraction of its height would be a twitch (about 25 px): vertically the pointer must
    /// travel as far as it would sideways, but no farther than one card height, by which point
    /// the card has wholly left its place.
    private func dismissDistance(on axis: Axis) -> Double {
        let sideways = tuning.swipeDistanceFraction * cardSize.width
        return axis == .horizontal ? sideways : min(sideways, cardSize.height)
    }

    private mutating func record(_ sample: Sample) {
        samples.append(sample)
        let windowStart = sample.time - tuning.velocityWindow
        while samples.count > 2 && samples[1].time <= windowStart {
            samples.removeFirst()
        }
    }

    /// The card's velocity over the last `velocityWindow` before the newest sample, not over the
    /// whole drag: a slow drag that ends in a flick is a flick, a fast drag that stopped is not.
    private func measuredVelocity() -> Point {
        let newest = samples[samples.count - 1]
        let windowStart = newest.time - tuning.velocityWindow
        var oldest = samples[0]
        if oldest.time < windowStart {
            let next = samples[1]
            let f = (windowStart - oldest.time) / (next.time - oldest.time)
            oldest = Sample(time: windowStart,
                            offset: Point(x: oldest.offset.x + (next.offset.x - oldest.offset.x) * f,
                                          y: oldest.offset.y + (next.offset.y - oldest.offset.y) * f))
        }
        let dt = newest.time - oldest.time
        guard dt > 0 else { return .zero }
        return Point(x: (newest.offset.x - oldest.offset.x) / dt, y: (newest.offset.y - oldest.offset.y) / dt)
    }

    private static func direction(of value: Double, on axis: Axis) -> SwipeDirection {
        switch axis {
        case .horizontal: value < 0 ? .left : .right
        case .vertical: value < 0 ? .up : .down
        }
    }
}
