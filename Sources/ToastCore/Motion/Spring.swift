import Glibc

/// A damped harmonic spring (mass 1) in SwiftUI's terms: `response` and `dampingFraction`.
///
/// It is solved in closed form instead of being integrated step by step, so where a card is at a
/// given time does not depend on how often or how late frames come: a stalled X server can delay
/// a frame but cannot make the card overshoot more or land somewhere else.
public struct Spring: Equatable, Sendable {
    /// Seconds for one undamped oscillation; roughly how long a move takes.
    public var response: Double
    /// 1 is critically damped (fastest with no overshoot); below 1 bounces, above 1 creeps in.
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        precondition(response > 0 && dampingFraction >= 0, "spring needs response > 0, dampingFraction >= 0")
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// Moves between slots in the stack: a soft single bounce.
    public static func standard(_ t: MotionTuning) -> Spring {
        Spring(response: t.springResponse, dampingFraction: t.springDampingFraction)
    }

    /// A card released short of the swipe threshold: quick and without bounce.
    public static func snapBack(_ t: MotionTuning) -> Spring {
        Spring(response: t.snapBackResponse, dampingFraction: t.snapBackDampingFraction)
    }

    /// k = (2π / response)².
    public var stiffness: Double { naturalFrequency * naturalFrequency }
    /// c = 4π · dampingFraction / response, i.e. 2ζ√k.
    public var damping: Double { 2 * dampingFraction * naturalFrequency }

    /// ω₀ = √(k / m), in radians per second.
    private var naturalFrequency: Double { 2 * .pi / response }

    /// Where a value that is `displacement` away from its target, moving at `velocity`,
    /// will be (still relative to the target) `time` seconds later, and how fast it will move.
    ///
    /// The spring is linear, so each axis of a 2-D move can be evolved on its own.
    public func evolve(displacement x0: Double, velocity v0: Double, after time: Double)
        -> (displacement: Double, velocity: Double)
    {
        let w0 = naturalFrequency
        let zeta = dampingFraction
        // Close to ζ = 1 the under- and over-damped formulas divide by almost zero; the critical
        // solution is their common limit.
        if abs(zeta - 1) < 1e-6 {
            let b = v0 + w0 * x0
            let decay = exp(-w0 * time)
            let x = (x0 + b * time) * decay
            return (x, b * decay - w0 * x)
        }
        if zeta < 1 {
            let decayRate = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + decayRate * x0) / wd
            let decay = exp(-decayRate * time)
            let c = cos(wd * time)
            let s = sin(wd * time)
            let x = decay * (x0 * c + b * s)
            return (x, decay * wd * (b * c - x0 * s) - decayRate * x)
        }
        let spread = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + spread
        let r2 = -zeta * w0 - spread
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = exp(r1 * time)
        let e2 = exp(r2 * time)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
