import Glibc

/// What `CardMotion.step(to:)` can report.
public enum MotionEvent: Equatable, Sendable {
    /// The card just came to rest exactly on its target; it needs no more frames until it is
    /// given a new spring or slide. Reported once per movement.
    case settled
}

/// One card's animated position (its window's top-left, in px).
///
/// A movement is a spring or a slide, evaluated in closed form from where and how fast the card
/// was when the movement began, so stepping is exact whatever the frame times. Starting a new
/// movement first advances the old one to `now`, so the card carries on from its true position
/// and velocity: a retarget never jumps and never stops dead.
public struct CardMotion: Sendable {
    private enum Driver: Sendable {
        case resting
        case spring(Spring)
        case slide(Tween)
        case fling(Fling)
        /// Dragged: the pointer sets the position, frames do not move it.
        case pointer
    }

    /// Where the card was at the last step.
    public private(set) var position: Point
    /// How fast it was moving at the last step, px/s.
    public private(set) var velocity: Point
    /// Where the current movement ends.
    public private(set) var target: Point

    private var driver: Driver = .resting
    /// When the current movement began, and the card's position and velocity then.
    private var startTime: Double
    private var startPosition: Point
    private var startVelocity: Point = .zero
    private let settleDistance: Double
    private let settleSpeed: Double

    public init(at position: Point, now: Double, tuning: MotionTuning = .standard) {
        self.position = position
        velocity = .zero
        target = position
        startTime = now
        startPosition = position
        settleDistance = tuning.settleDistance
        settleSpeed = tuning.settleSpeed
    }

    /// At rest on its target: position equals target exactly and velocity is zero.
    public var isSettled: Bool {
        if case .resting = driver { true } else { false }
    }

    /// A spring or slide is running, so the daemon must keep its frame timer armed for this card.
    public var isAnimating: Bool {
        switch driver {
        case .spring, .slide, .fling: true
        case .resting, .pointer: false
        }
    }

    /// Springs toward `target` from the current position and velocity.
    public mutating func spring(to target: Point, now: Double, spring: Spring) {
        advance(to: now)
        begin(.spring(spring), toward: target, now: now)
    }

    /// Slides to `target` with ease-out cubic, in `duration` or less: see `Tween` for how
    /// `minimumInitialSpeed` (px/s) shortens it.
    public mutating func slide(to target: Point, now: Double, duration: Double, minimumInitialSpeed: Double = 0) {
        advance(to: now)
        let tween = Tween(from: position, to: target, duration: duration, minimumInitialSpeed: minimumInitialSpeed)
        begin(.slide(tween), toward: target, now: now)
    }

    /// Flies to `target` in a straight line, starting at `speed` px/s and speeding up by
    /// `acceleration` px/s²; it settles the moment it arrives (see `Fling`).
    public mutating func fling(to target: Point, now: Double, speed: Double, acceleration: Double) {
        advance(to: now)
        begin(.fling(Fling(from: position, to: target, initialSpeed: speed, acceleration: acceleration)),
              toward: target, now: now)
    }

    /// Moves the whole movement by `offset` at once (where it is, where it started and where it
    /// goes), keeping its course: for a card whose drawn top is re-based while it moves.
    public mutating func shift(by offset: Point) {
        guard offset != .zero else { return }
        let move = { (p: Point) in Point(x: p.x + offset.x, y: p.y + offset.y) }
        position = move(position)
        startPosition = move(startPosition)
        target = move(target)
        switch driver {
        case .slide(let tween):
            driver = .slide(Tween(from: move(tween.from), to: move(tween.to), duration: tween.duration))
        case .fling(let fling):
            driver = .fling(Fling(from: move(fling.from), to: move(fling.to), initialSpeed: fling.initialSpeed,
                                  acceleration: fling.acceleration))
        case .resting, .pointer, .spring:
            break
        }
    }

    /// Puts the card where the pointer holds it. `velocity` is kept so that a spring started on
    /// release continues the throw.
    public mutating func follow(_ position: Point, velocity: Point) {
        self.position = position
        self.velocity = velocity
        target = position
        driver = .pointer
    }

    /// Advances the running movement to `now`. Once the card is within `settleDistance` of its
    /// target and slower than `settleSpeed` it is placed exactly on the target, stops, and
    /// `.settled` is returned, once.
    @discardableResult
    public mutating func step(to now: Double) -> MotionEvent? {
        guard isAnimating else { return nil }
        advance(to: now)
        let near = hypot(target.x - position.x, target.y - position.y) < settleDistance
        let slow = hypot(velocity.x, velocity.y) < settleSpeed
        guard near && slow else { return nil }
        position = target
        velocity = .zero
        driver = .resting
        return .settled
    }

    /// Starts a movement from the current state; callers advance to `now` first.
    private mutating func begin(_ driver: Driver, toward target: Point, now: Double) {
        self.driver = driver
        self.target = target
        startTime = now
        startPosition = position
        startVelocity = velocity
    }

    /// Evaluates the movement at `now` without judging whether it has settled.
    private mutating func advance(to now: Double) {
        let elapsed = max(0, now - startTime)
        switch driver {
        case .resting, .pointer:
            return
        case .spring(let spring):
            let x = spring.evolve(displacement: startPosition.x - target.x, velocity: startVelocity.x, after: elapsed)
            let y = spring.evolve(displacement: startPosition.y - target.y, velocity: startVelocity.y, after: elapsed)
            position = Point(x: target.x + x.displacement, y: target.y + y.displacement)
            velocity = Point(x: x.velocity, y: y.velocity)
        case .slide(let tween):
            position = tween.position(at: elapsed)
            velocity = tween.velocity(at: elapsed)
        case .fling(let fling):
            position = fling.position(at: elapsed)
            velocity = fling.velocity(at: elapsed)
        }
    }
}
