import Testing
@testable import ToastCore

@Suite("Easing")
struct EasingTests {
    @Test("ease-out cubic runs 0 to 1, clamped, and starts at slope 3")
    func easeOutCubic() {
        #expect(Easing.easeOutCubic(0) == 0)
        #expect(Easing.easeOutCubic(1) == 1)
        #expect(Easing.easeOutCubic(-0.5) == 0)
        #expect(Easing.easeOutCubic(1.5) == 1)
        #expect(Easing.easeOutCubic(0.5) == 0.875)
        #expect(Easing.easeOutCubicSlope(0) == 3)
        #expect(Easing.easeOutCubicSlope(1) == 0)
        var previous = 0.0
        for u in stride(from: 0.01, through: 1.0, by: 0.01) {
            let value = Easing.easeOutCubic(u)
            #expect(value > previous)
            previous = value
            let h = 1e-6
            let numeric = (Easing.easeOutCubic(u + h) - Easing.easeOutCubic(u - h)) / (2 * h)
            #expect(abs(numeric - Easing.easeOutCubicSlope(u)) < 1e-4)
        }
    }

    @Test("a tween runs its full duration when nothing asks it to hurry")
    func plainTween() {
        let tween = Tween(from: Point(x: 100, y: 50), to: Point(x: 500, y: 50), duration: 0.25)
        #expect(tween.duration == 0.25)
        #expect(tween.position(at: 0) == Point(x: 100, y: 50))
        #expect(tween.position(at: 0.125) == Point(x: 450, y: 50))
        #expect(tween.position(at: 0.25) == Point(x: 500, y: 50))
        #expect(tween.position(at: 9) == Point(x: 500, y: 50))
        #expect(abs(tween.velocity(at: 0).x - 3 * 400 / 0.25) < 1e-9)
        #expect(tween.velocity(at: 0.25) == .zero)
    }

    @Test("a slow minimum speed leaves the duration alone")
    func slowMinimum() {
        let tween = Tween(from: .zero, to: Point(x: 400, y: 0), duration: 0.25, minimumInitialSpeed: 1000)
        #expect(tween.duration == 0.25)
    }

    @Test("a flick shortens the tween so it starts at least as fast as the flick")
    func fastMinimum() {
        let tween = Tween(from: .zero, to: Point(x: 0, y: -200), duration: 0.25, minimumInitialSpeed: 3000)
        #expect(tween.duration < 0.25)
        #expect(abs(tween.duration - 0.2) < 1e-12)
        #expect(-tween.velocity(at: 0).y >= 3000 - 1e-9)
        #expect(tween.position(at: tween.duration) == Point(x: 0, y: -200))
    }

    @Test("a tween going nowhere is already done")
    func emptyTween() {
        let tween = Tween(from: Point(x: 3, y: 4), to: Point(x: 3, y: 4), duration: 0.25, minimumInitialSpeed: 900)
        #expect(tween.duration == 0)
        #expect(tween.position(at: 0) == Point(x: 3, y: 4))
        #expect(tween.velocity(at: 0) == .zero)
    }
}
