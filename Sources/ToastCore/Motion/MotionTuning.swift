/// Every number that shapes how cards move and how a swipe is read, in one place.
///
/// Times are seconds, distances pixels (before HiDPI scaling), speeds pixels per second.
/// The config file's `[motion]` section overrides them.
public struct MotionTuning: Equatable, Sendable {
    /// How long the default spring takes to cover most of a move. 0.55 s is SwiftUI's `.spring()`,
    /// the feel the seeds were written against.
    public var springResponse: Double = 0.55
    /// Below 1 the spring overshoots a little; 0.825 (SwiftUI's default) is a single soft bounce.
    public var springDampingFraction: Double = 0.825
    /// A card released short of the threshold must be back at rest within about 350 ms,
    /// so snapping back uses a quicker, critically damped spring.
    public var snapBackResponse: Double = 0.22
    public var snapBackDampingFraction: Double = 1.0
    /// A new card starts moving at this many times its distance per second (3: 22 px into
    /// view in the first 60 Hz frame instead of 6), so it feels thrown in, not pulled; the
    /// overshoot stays about 1%.
    public var enterThrow: Double = 3
    /// Exit slide toward the edge (ease-out cubic). sonner uses 200 ms, Material 250 ms.
    public var exitDuration: Double = 0.25
    /// A card's height (expanding, new text) or progress bar eases to its new value in this
    /// long (ease-out cubic): quick enough to follow a click, slow enough to see.
    public var contentDuration: Double = 0.25
    /// A swipe dismisses once it has travelled this fraction of the card's width...
    public var swipeDistanceFraction: Double = 0.4
    /// ...or is released moving outward at least this fast (0.5 px/ms): a flick.
    public var swipeVelocity: Double = 500
    /// Release speed is measured over this much recent motion, so a drag that stopped
    /// does not count as a flick and a slow drag ending in a flick does.
    public var velocityWindow: Double = 0.08
    /// The drag picks its axis once the pointer has moved this far.
    public var axisLockDistance: Double = 3
    /// A press and release that moved less than this is a click.
    public var clickSlop: Double = 4
    /// Dragging in a disallowed direction is damped and never exceeds this.
    public var rubberBandLimit: Double = 20
    /// A card is settled when within this distance of its target...
    public var settleDistance: Double = 0.5
    /// ...and slower than this.
    public var settleSpeed: Double = 5

    public init() {}
    public static let standard = MotionTuning()
}
