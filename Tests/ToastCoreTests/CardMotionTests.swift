import Glibc
import Testing
@testable import ToastCore

@Suite("CardMotion")
struct CardMotionTests {
    let tuning = MotionTuning.standard
    let frame = 1.0 / 60

    /// Steps at `interval` from `start` until settled; returns the time of the `.settled` event
    /// and how many were reported (stepping on for a while after).
    func runToRest(_ card: inout CardMotion, from start: Double, interval: Double, limit: Double = 5)
        -> (settledAt: Double?, events: Int)
    {
        var settledAt: Double?
        var events = 0
        var now = start
        while now < start + limit {
            now += interval
            if card.step(to: now) == .settled {
                events += 1
                settledAt = settledAt ?? now
            }
        }
        return (settledAt, events)
    }

    @Test("a new card rests where it was put")
    func startsAtRest() {
        var card = CardMotion(at: Point(x: 10, y: 20), now: 0)
        #expect(card.isSettled)
        #expect(!card.isAnimating)
        #expect(card.step(to: 1) == nil)
        #expect(card.position == Point(x: 10, y: 20))
        #expect(card.target == Point(x: 10, y: 20))
    }

    @Test("a spring settles exactly on target and says so once")
    func settlesOnce() {
        var card = CardMotion(at: Point(x: 100, y: 40), now: 0)
        let target = Point(x: 100, y: 190)
        card.spring(to: target, now: 0, spring: .standard(tuning))
        #expect(card.isAnimating)
        #expect(!card.isSettled)
        let run = runToRest(&card, from: 0, interval: frame)
        #expect(run.events == 1)
        #expect(card.position == target)
        #expect(card.velocity == .zero)
        #expect(card.isSettled)
        #expect(!card.isAnimating)
    }

    @Test("uneven frame times still settle once, exactly on target")
    func unevenFrames() {
        var card = CardMotion(at: .zero, now: 0)
        let target = Point(x: -250, y: 80)
        card.spring(to: target, now: 0, spring: .standard(tuning))
        let gaps = [0.004, 0.016, 0.051, 0.009, 0.033, 0.120, 0.002]
        var now = 0.0
        var events = 0
        for i in 0..<400 {
            now += gaps[i % gaps.count]
            if card.step(to: now) == .settled { events += 1 }
        }
        #expect(events == 1)
        #expect(card.position == target)
    }

    @Test("where a card is does not depend on the frame rate")
    func frameRateIndependent() {
        var slow = CardMotion(at: .zero, now: 0)
        var fast = CardMotion(at: .zero, now: 0)
        let target = Point(x: 300, y: -120)
        slow.spring(to: target, now: 0, spring: .standard(tuning))
        fast.spring(to: target, now: 0, spring: .standard(tuning))
        for i in 1...18 { slow.step(to: Double(i) / 60) }
        for i in 1...43 { fast.step(to: Double(i) / 144) }
        slow.step(to: 0.3)
        fast.step(to: 0.3)
        #expect(abs(slow.position.x - fast.position.x) < 1e-9)
        #expect(abs(slow.position.y - fast.position.y) < 1e-9)
    }

    @Test("retargeting mid-flight keeps position and velocity")
    func retargetIsContinuous() {
        var card = CardMotion(at: .zero, now: 0)
        card.spring(to: Point(x: 0, y: 200), now: 0, spring: .standard(tuning))
        card.step(to: 0.1)
        let position = card.position
        let velocity = card.velocity
        #expect(velocity.y > 100, "moving when retargeted")

        card.spring(to: Point(x: 0, y: -100), now: 0.1, spring: .standard(tuning))
        card.step(to: 0.1)
        #expect(abs(card.position.y - position.y) < 1e-9)
        #expect(abs(card.velocity.y - velocity.y) < 1e-9)
        card.step(to: 0.1 + 1e-4)
        #expect(abs(card.position.y - position.y) < abs(velocity.y) * 1e-4 * 1.5, "no jump")
        #expect(card.position.y > position.y, "still carried on the old way")
    }

    @Test("retargeting between frames starts from where the card really is at that moment")
    func retargetBetweenFrames() {
        var stepped = CardMotion(at: .zero, now: 0)
        var unstepped = CardMotion(at: .zero, now: 0)
        stepped.spring(to: Point(x: 200, y: 0), now: 0, spring: .standard(tuning))
        unstepped.spring(to: Point(x: 200, y: 0), now: 0, spring: .standard(tuning))
        stepped.step(to: 0.13)
        stepped.spring(to: Point(x: 50, y: 0), now: 0.13, spring: .snapBack(tuning))
        unstepped.spring(to: Point(x: 50, y: 0), now: 0.13, spring: .snapBack(tuning))
        stepped.step(to: 0.2)
        unstepped.step(to: 0.2)
        #expect(abs(stepped.position.x - unstepped.position.x) < 1e-9)
    }

    @Test("each movement reports its own settle")
    func settlePerMovement() {
        var card = CardMotion(at: .zero, now: 0)
        card.spring(to: Point(x: 80, y: 0), now: 0, spring: .standard(tuning))
        #expect(runToRest(&card, from: 0, interval: frame).events == 1)
        card.spring(to: .zero, now: 5, spring: .standard(tuning))
        #expect(runToRest(&card, from: 5, interval: frame).events == 1)
        #expect(card.position == .zero)
        card.spring(to: .zero, now: 10, spring: .standard(tuning))
        #expect(card.step(to: 10 + frame) == .settled, "already there: settles on the next frame")
    }

    @Test("the standard spring settles a 150 px move within a second")
    func standardSettleTime() {
        var card = CardMotion(at: .zero, now: 0)
        card.spring(to: Point(x: 0, y: 150), now: 0, spring: .standard(tuning))
        let settledAt = runToRest(&card, from: 0, interval: frame).settledAt
        #expect(settledAt != nil && settledAt! <= 1.0)
    }

    @Test("snapping back from 150 px is over within 350 ms")
    func snapBackSettleTime() {
        var card = CardMotion(at: Point(x: 150, y: 0), now: 0)
        card.spring(to: .zero, now: 0, spring: .snapBack(tuning))
        let settledAt = runToRest(&card, from: 0, interval: frame).settledAt
        #expect(settledAt != nil && settledAt! <= 0.35)
    }

    @Test("a dragged card follows the pointer, and springs back carrying the throw")
    func followThenSpring() {
        var card = CardMotion(at: .zero, now: 0)
        card.follow(Point(x: 60, y: 0), velocity: Point(x: 400, y: 0))
        #expect(!card.isAnimating)
        #expect(!card.isSettled)
        #expect(card.step(to: 0.5) == nil)
        #expect(card.position == Point(x: 60, y: 0))

        card.spring(to: .zero, now: 0.5, spring: .snapBack(tuning))
        card.step(to: 0.5)
        #expect(card.position == Point(x: 60, y: 0))
        #expect(card.velocity == Point(x: 400, y: 0))
        card.step(to: 0.505)
        #expect(card.position.x > 60, "keeps going outward for a moment")
        let run = runToRest(&card, from: 0.505, interval: frame)
        #expect(run.events == 1)
        #expect(card.position == .zero)
    }

    @Test("an exit slide after a flick leaves at least as fast and lands exactly, in time")
    func exitSlide() {
        var card = CardMotion(at: Point(x: 40, y: 0), now: 0)
        card.follow(Point(x: 40, y: 0), velocity: Point(x: 3000, y: 0))
        let offscreen = Point(x: 240, y: 0)
        card.slide(to: offscreen, now: 1, duration: tuning.exitDuration, minimumInitialSpeed: 3000)
        card.step(to: 1)
        #expect(card.velocity.x >= 3000 - 1e-9)
        let settledAt = runToRest(&card, from: 1, interval: frame).settledAt
        #expect(settledAt != nil && settledAt! <= 1 + tuning.exitDuration)
        #expect(card.position == offscreen)
    }

    @Test("an exit slide from rest takes the whole exit duration")
    func plainExitSlide() {
        var card = CardMotion(at: .zero, now: 0)
        card.slide(to: Point(x: 400, y: 0), now: 0, duration: tuning.exitDuration)
        #expect(card.step(to: 0.2) == nil)
        #expect(card.position.x < 400)
        #expect(card.step(to: tuning.exitDuration) == .settled)
        #expect(card.position == Point(x: 400, y: 0))
    }
}
