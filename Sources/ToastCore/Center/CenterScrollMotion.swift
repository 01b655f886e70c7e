/// The centre's list sliding to where the wheel or a key sent it, one frame at a time.
///
/// A wheel notch or an arrow key adds pixels still to travel; each frame the critically damped
/// scroll spring says how far the view should have come by then, and the move is cut short so
/// that it lays out at most one row never measured before (`CenterScroll.reach`). A long fling
/// over a list of 1,000 entries therefore costs one new entry's layout per frame, not a view's
/// worth; over rows already measured it runs at the spring's pace. Time comes in as `now`
/// (the same monotonic seconds the cards' springs use), so it is tested without a clock.
/// A drag does not go through it: the list follows the pointer directly.
public struct CenterScrollMotion: Equatable, Sendable {
    /// Pixels still to travel: positive down the list.
    public private(set) var remaining = 0.0
    /// How fast the view moves towards its target, in pixels per second (the spring's state).
    public private(set) var velocity = 0.0
    /// When the last frame (or the move's start) was.
    private var last: Double?

    public init() {}

    /// Quick and without bounce: a list that overshoots and comes back reads as a jolt.
    public static let spring = Spring(response: 0.2, dampingFraction: 1)
    /// How far one move may still have to go: far more than any list the centre keeps.
    public static let maxTravel = 1e7
    /// Closer than this, and slower than `settleSpeed`, the view lands on its target.
    static let settleDistance = 0.5
    static let settleSpeed = 20.0
    /// A frame later than this is stepped as if it came on time: a stalled loop does not jump.
    static let maxFrameGap = 0.1

    /// Whether frames are still due.
    public var isMoving: Bool { remaining != 0 }

    /// `dy` more pixels to go (wheel notches pile up), from `now`.
    public mutating func add(_ dy: Double, now: Double) {
        guard dy.isFinite, dy != 0 else { return }
        if !isMoving { last = now }
        remaining = max(-Self.maxTravel, min(Self.maxTravel, remaining + dy))
    }

    /// Exactly `dy` pixels from where the view is now (a key's new target replaces the old one).
    public mutating func retarget(_ dy: Double, now: Double) {
        if !isMoving { last = now }
        remaining = dy.isFinite ? max(-Self.maxTravel, min(Self.maxTravel, dy)) : 0
        if remaining == 0 { stop() }
    }

    /// Where the view is stays; nothing more is due (a drag took over, the list was cut to).
    public mutating func stop() {
        remaining = 0
        velocity = 0
        last = nil
    }

    /// The view at `now`, moved from `scroll` as far as the spring says, never laying out more
    /// than one row `isMeasured` says is new. At either end of the list the move stops.
    public mutating func step(_ scroll: CenterScroll, to now: Double, count: Int, viewport: Double,
                              height: (Int) -> Double, isMeasured: (Int) -> Bool) -> CenterScroll {
        guard isMoving, count > 0 else {
            stop()
            return scroll
        }
        let dt = max(0, min(Self.maxFrameGap, now - (last ?? now)))
        last = now
        // The spring works on the view's place relative to its target.
        let before = -remaining
        let (after, speed) = Self.spring.evolve(displacement: before, velocity: velocity, after: dt)
        var want = after - before
        let settling = abs(after) < Self.settleDistance && abs(speed) < Self.settleSpeed
        if settling { want = remaining }
        let allowed = scroll.reach(want, count: count, viewport: viewport, height: height, isMeasured: isMeasured)
        let moved = scroll.scrolled(by: allowed, count: count, viewport: viewport, height: height)
        let travelled = CenterScroll.distance(from: scroll, to: moved, height: height)
        if abs(travelled - allowed) > 1e-6 || (settling && allowed == want) {
            // An end of the list, or the target: nothing more to go.
            stop()
            return moved
        }
        remaining -= travelled
        // Held back by the bound, the view moves only as fast as it really did: the spring's
        // own speed would carry it past the target once the bound lets go.
        velocity = allowed == want || dt == 0 ? speed : travelled / dt
        if abs(remaining) < 1e-9 { stop() }
        return moved
    }
}

extension CenterScroll {
    /// How much of a move of `dy` pixels lays out at most one row `isMeasured` says is new:
    /// all of it, or up to the edge where a second new row would begin to show. The rows in
    /// view now are not counted (they are laid out already); rows the move passes are.
    public func reach(_ dy: Double, count: Int, viewport: Double, height: (Int) -> Double,
                      isMeasured: (Int) -> Bool) -> Double {
        guard count > 0, dy.isFinite, dy != 0 else { return 0 }
        let s = clampedIndex(count)
        var fresh = 0
        if dy > 0 {
            // Pixels the view can move before the first row below it begins to show.
            var slack = -s.offset
            var i = s.first
            while i < count, slack < viewport {
                slack += height(i)
                i += 1
            }
            slack = max(0, slack - viewport)
            while i < count, slack < dy {
                if !isMeasured(i) {
                    fresh += 1
                    if fresh > 1 { return slack }
                }
                slack += height(i)
                i += 1
            }
            return dy
        }
        // Up: the hidden part of the top row, then the rows above it, each showing as soon as
        // the view moves past the one below.
        var slack = s.offset
        var i = s.first - 1
        while i >= 0, slack < -dy {
            if !isMeasured(i) {
                fresh += 1
                if fresh > 1 { return -slack }
            }
            slack += height(i)
            i -= 1
        }
        return dy
    }

    /// Pixels from `a` down to `b` (negative when `b` is above). Measures the rows between.
    public static func distance(from a: CenterScroll, to b: CenterScroll, height: (Int) -> Double) -> Double {
        if a.first == b.first { return b.offset - a.offset }
        if b.first < a.first { return -distance(from: b, to: a, height: height) }
        var d = -a.offset
        for i in a.first..<b.first { d += height(i) }
        return d + b.offset
    }
}
