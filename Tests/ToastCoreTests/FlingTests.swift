import Testing
@testable import ToastCore

@Suite("Fling and the frame grid")
struct FlingTests {
    @Test("a fling never slows below its initial speed and lands exactly at its end, on time")
    func neverSlows() {
        let fling = Fling(from: Point(x: 100, y: 50), to: Point(x: 1381, y: 50), initialSpeed: 2200, acceleration: 6000)
        var last = fling.from.x
        var t = 0.0
        while t < fling.duration {
            t += 1.0 / 60
            let x = fling.position(at: t).x
            if t < fling.duration {
                #expect(x - last >= 2200.0 / 60 - 1e-9, "a step of \(x - last) px")
                #expect(fling.velocity(at: t).x >= 2200)
            }
            last = x
        }
        #expect(fling.position(at: fling.duration) == fling.to)
        #expect(fling.velocity(at: fling.duration) == .zero)
        // 1281 px = 2200 t + 3000 t²
        #expect(abs(2200 * fling.duration + 3000 * fling.duration * fling.duration - 1281) < 1e-6)
    }

    @Test("speeds from outside that are not finite, zero or negative still end; no distance ends at once")
    func oddInputs() {
        for speed in [Double.nan, .infinity, -5, 0] {
            let fling = Fling(from: .zero, to: Point(x: 0, y: -300), initialSpeed: speed, acceleration: .nan)
            #expect(fling.duration.isFinite && fling.duration > 0)
            #expect(fling.position(at: fling.duration) == fling.to)
        }
        #expect(Fling(from: .zero, to: .zero, initialSpeed: 900, acceleration: 0).duration == 0)
    }

    @Test("a flung card settles on the first step at or after it arrives, not later")
    func settlesOnArrival() {
        var card = CardMotion(at: Point(x: 900, y: 16), now: 0)
        card.follow(Point(x: 900, y: 16), velocity: Point(x: 2200, y: 0))
        card.fling(to: Point(x: 1281, y: 16), now: 0, speed: 2200, acceleration: 6000)
        var now = 0.0
        var settled: Double?
        while settled == nil, now < 1 {
            now += 1.0 / 60
            if card.step(to: now) == .settled { settled = now }
        }
        let arrival = Fling(from: Point(x: 900, y: 16), to: Point(x: 1281, y: 16), initialSpeed: 2200, acceleration: 6000).duration
        #expect(settled.map { $0 >= arrival && $0 < arrival + 1.0 / 60 } == true)
        #expect(card.position == Point(x: 1281, y: 16))
    }

    @Test("the standard spring throws a card in: rest by 500 ms, at most 1 % past its slot, no pixel parked past it",
          arguments: [380.0, 753])
    func enterSpring(distance: Double) {
        let tuning = MotionTuning.standard
        let slot = Point(x: 920, y: 16)
        var card = CardMotion(at: Point(x: slot.x + distance, y: 16), now: 0)
        card.follow(card.position, velocity: Point(x: -distance * tuning.enterThrow, y: 0))
        card.spring(to: slot, now: 0, spring: .standard(tuning))
        var now = 0.0
        var furthest = 0.0
        var restedAt: Double?
        while restedAt == nil, now < 2 {
            now += 1.0 / 60
            if card.step(to: now) == .settled { restedAt = now }
            furthest = max(furthest, slot.x - card.position.x)
        }
        #expect(restedAt.map { $0 <= 0.5 + 1e-9 } == true, "rested at \(restedAt ?? -1) s")
        #expect(furthest <= 0.01 * distance, "passed its slot by \(furthest) px")
        #expect(furthest < 0.5, "never shown a whole pixel past its slot, so it never creeps back")
    }

    @Test("frame deadlines follow the previous one by a period; missed ones are dropped")
    func grid() {
        #expect(FrameGrid.next(after: 10, now: 10, period: 0.01) == 10.01)
        #expect(FrameGrid.next(after: 10, now: 9.9995, period: 0.01) == 10.01, "a frame drawn a little early")
        #expect(abs(FrameGrid.next(after: 10, now: 10.025, period: 0.01) - 10.03) < 1e-12)
        #expect(FrameGrid.period(hertz: 144) == 1.0 / 144)
        for odd in [nil, 0, -60, 10_000, .nan, .infinity] as [Double?] {
            #expect(FrameGrid.period(hertz: odd) == 1.0 / 60)
        }
    }
}
