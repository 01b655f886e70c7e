import Glibc

/// Ease-out cubic: full speed at the start, gliding to a stop. An exit slide uses it so a card
/// reads as thrown off the screen rather than pulled.
public enum Easing {
    /// 1 − (1 − u)³, for progress u clamped to 0...1.
    public static func easeOutCubic(_ u: Double) -> Double {
        let rest = 1 - min(max(u, 0), 1)
        return 1 - rest * rest * rest
    }

    /// d/du of `easeOutCubic`: 3(1 − u)². It is 3 at the start, which is why a tween's initial
    /// speed is 3 · distance / duration.
    public static func easeOutCubicSlope(_ u: Double) -> Double {
        let rest = 1 - min(max(u, 0), 1)
        return 3 * rest * rest
    }
}

/// A straight ease-out-cubic move from one point to another over a fixed time.
public struct Tween: Equatable, Sendable {
    public let from: Point
    public let to: Point
    /// Seconds; may be shorter than asked for (see `init`).
    public let duration: Double

    /// `minimumInitialSpeed` (px/s) shortens the tween until its initial speed,
    /// 3 · distance / duration, is at least that: a card flicked at 900 px/s leaves at 900 px/s
    /// or faster instead of braking and starting again from a standstill.
    public init(from: Point, to: Point, duration: Double, minimumInitialSpeed: Double = 0) {
        self.from = from
        self.to = to
        let distance = hypot(to.x - from.x, to.y - from.y)
        let fastEnough = minimumInitialSpeed > 0 ? 3 * distance / minimumInitialSpeed : duration
        self.duration = max(0, min(duration, fastEnough))
    }

    /// Position `time` seconds after the start; exactly `to` from `duration` on.
    public func position(at time: Double) -> Point {
        let eased = Easing.easeOutCubic(progress(at: time))
        return Point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
    }

    /// Velocity in px/s `time` seconds after the start; zero from `duration` on.
    public func velocity(at time: Double) -> Point {
        guard duration > 0 else { return .zero }
        let rate = Easing.easeOutCubicSlope(progress(at: time)) / duration
        return Point(x: (to.x - from.x) * rate, y: (to.y - from.y) * rate)
    }

    private func progress(at time: Double) -> Double {
        duration > 0 ? time / duration : 1
    }
}
