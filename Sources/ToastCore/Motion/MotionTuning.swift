/// Every number that shapes how cards move and how a swipe is read, in one place.
///
/// Times are seconds, distances pixels (before HiDPI scaling), speeds pixels per second.
/// The config file's `[motion]` section overrides them.
public struct MotionTuning: Equatable, Sendable {
    /// How long the default spring takes to cover most of a move. 0.4 s (SwiftUI's default is
    /// 0.55): with 0.55 and 0.825 a card thrown in from 380 px away overshot 4 px around
    /// 490 ms and crept back a pixel at a time until about 750 ms.
    public var springResponse: Double = 0.4
    /// Below 1 the spring overshoots a little. 0.92, with `springResponse` 0.4 and the throw
    /// below, lands a 380 px entry in 420 ms and a 750 px one (at 2x scale) in 450 ms, passing
    /// the slot by under a third of a pixel: the landing stays soft, the tail short. At 0.9 the
    /// 750 px entry sat one pixel past its slot for 150 ms and came to rest at 570 ms.
    public var springDampingFraction: Double = 0.92
    /// A card released short of the threshold must be back at rest within about 350 ms,
    /// so snapping back uses a quicker, critically damped spring.
    public var snapBackResponse: Double = 0.22
    public var snapBackDampingFraction: Double = 1.0
    /// A new card starts moving at this many times its distance per second (3: 26 px into
    /// view in the first 60 Hz frame of a 380 px entry instead of 11), so it feels thrown in,
    /// not pulled; with the spring above it passes its slot by under 0.1 %.
    public var enterThrow: Double = 3
    /// Exit slide toward the edge (ease-out cubic). sonner uses 200 ms, Material 250 ms.
    public var exitDuration: Double = 0.25
    /// A swiped card flies off at its release speed, and never slower than this (1.2 px/ms):
    /// a slow drag past the distance threshold still leaves briskly, not at the pointer's crawl.
    public var flingMinimumSpeed: Double = 1200
    /// ...and speeds up by this much (px/s²) on its way out, so it reads as thrown: a card at
    /// 1.2 px/ms crosses the last 200 px in about 120 ms.
    public var flingAcceleration: Double = 6000
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
    /// ...and slower than this: 15 px/s is a quarter pixel per 60 Hz frame. Slower than that
    /// a card within half a pixel of its slot shows no movement in whole pixels, so at 5 px/s
    /// the enter spring spent its last 5 or 6 frames (100 ms) moving nothing on screen.
    public var settleSpeed: Double = 15

    public init() {}
    public static let standard = MotionTuning()
}
