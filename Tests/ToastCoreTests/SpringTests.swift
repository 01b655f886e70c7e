import Glibc
import Testing
@testable import ToastCore

@Suite("Spring")
struct SpringTests {
    static let dampingFractions = [0.3, 0.825, 1.0, 1.6]

    @Test("uses SwiftUI's parameterisation")
    func parameterisation() {
        let spring = Spring.standard(.standard)
        #expect(spring.response == 0.4)
        #expect(spring.dampingFraction == 0.92)
        #expect(abs(spring.stiffness - pow(2 * .pi / 0.4, 2)) < 1e-9)
        #expect(abs(spring.damping - 4 * .pi * 0.92 / 0.4) < 1e-9)
        #expect(Spring.snapBack(.standard) == Spring(response: 0.22, dampingFraction: 1))
    }

    @Test("starts from the given state", arguments: dampingFractions)
    func initialState(zeta: Double) {
        let state = Spring(response: 0.4, dampingFraction: zeta).evolve(displacement: 120, velocity: -300, after: 0)
        #expect(abs(state.displacement - 120) < 1e-9)
        #expect(abs(state.velocity + 300) < 1e-9)
    }

    @Test("solves x'' + c·x' + k·x = 0, with velocity the derivative of displacement", arguments: dampingFractions)
    func satisfiesEquationOfMotion(zeta: Double) {
        let spring = Spring(response: 0.4, dampingFraction: zeta)
        let h = 1e-5
        func at(_ t: Double) -> (displacement: Double, velocity: Double) {
            spring.evolve(displacement: 120, velocity: -300, after: t)
        }
        for t in stride(from: 0.01, through: 1.0, by: 0.07) {
            let now = at(t)
            let velocity = (at(t + h).displacement - at(t - h).displacement) / (2 * h)
            let acceleration = (at(t + h).velocity - at(t - h).velocity) / (2 * h)
            let force = -spring.stiffness * now.displacement - spring.damping * now.velocity
            #expect(abs(velocity - now.velocity) < 1e-3 * max(1, abs(now.velocity)))
            #expect(abs(acceleration - force) < 1e-3 * max(1, abs(force)))
        }
    }

    @Test("converges to the target", arguments: dampingFractions)
    func converges(zeta: Double) {
        let state = Spring(response: 0.55, dampingFraction: zeta).evolve(displacement: 150, velocity: 800, after: 8)
        #expect(abs(state.displacement) < 1e-3)
        #expect(abs(state.velocity) < 1e-3)
    }

    @Test("the default spring overshoots once, by at most e^(−ζπ/√(1−ζ²))")
    func overshootBound() {
        let zeta = 0.825
        let spring = Spring(response: 0.55, dampingFraction: zeta)
        let bound = 150 * exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        let path = stride(from: 0.0, through: 3.0, by: 0.0005).map {
            spring.evolve(displacement: 150, velocity: 0, after: $0).displacement
        }
        let deepest = path.min()!
        #expect(deepest < 0, "0.825 is meant to bounce a little")
        #expect(-deepest <= bound + 1e-9)
        #expect(-deepest > 0.99 * bound)
        #expect(bound < 2, "about 1% of the move")
    }

    @Test("critically damped never crosses the target from rest or moving away")
    func criticalNoOvershoot() {
        let spring = Spring.snapBack(.standard)
        for v0 in [0.0, 400, 4000] {
            let path = stride(from: 0.0, through: 2.0, by: 0.001).map {
                spring.evolve(displacement: 150, velocity: v0, after: $0).displacement
            }
            #expect(path.allSatisfy { $0 >= 0 }, "starting at \(v0) px/s")
        }
    }
}
