/// A straight move that starts at a given speed and only speeds up: how a swiped card leaves.
///
/// An ease-out tween brakes from its first frame, so a card flicked at 2 px/ms visibly slowed
/// down and crept over the last pixels. A fling keeps at least the speed the pointer gave it
/// and gains `acceleration` px/s² on top, and it ends the instant it reaches `to` (the first
/// position wholly off screen), at full speed: nothing is spent on motion nobody sees.
public struct Fling: Equatable, Sendable {
    public let from: Point
    public let to: Point
    /// Speed at the start, px/s (at least 1, so every fling ends).
    public let initialSpeed: Double
    /// Gain in speed, px/s² (not negative).
    public let acceleration: Double
    /// Seconds from the start until it reaches `to`.
    public let duration: Double

    public init(from: Point, to: Point, initialSpeed: Double, acceleration: Double) {
        self.from = from
        self.to = to
        // Speeds come from pointer samples: anything not finite or too slow is raised to a crawl.
        let v0 = initialSpeed.isFinite ? max(1, initialSpeed) : 1
        let a = acceleration.isFinite ? max(0, acceleration) : 0
        self.initialSpeed = v0
        self.acceleration = a
        let distance = from.distance(to: to)
        // distance = v0·t + a·t²/2, solved for t ≥ 0 (the form that stays exact when a is 0).
        duration = distance > 0 ? 2 * distance / (v0 + (v0 * v0 + 2 * a * distance).squareRoot()) : 0
    }

    /// Position `time` seconds after the start; exactly `to` from `duration` on.
    public func position(at time: Double) -> Point {
        guard time < duration else { return to }
        let t = max(0, time)
        let travelled = initialSpeed * t + acceleration * t * t / 2
        let f = travelled / from.distance(to: to)
        return Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
    }

    /// Velocity in px/s `time` seconds after the start (never below `initialSpeed` while it
    /// runs); zero once it has arrived.
    public func velocity(at time: Double) -> Point {
        guard time < duration else { return .zero }
        let speed = initialSpeed + acceleration * max(0, time)
        let distance = from.distance(to: to)
        return Point(x: (to.x - from.x) / distance * speed, y: (to.y - from.y) / distance * speed)
    }
}
