@testable import Daemon
import Testing
import ToastCore

/// How cards move, frame by frame: frames on the refresh grid, a flick that flies, and a card
/// that changes height without ever reaching past its monitor.
@Suite struct MotionTests {
    /// Runs the loop's deadlines one at a time for `seconds`, returning each frame deadline met.
    func frameTimes(_ rig: Rig, for seconds: Double) -> [Double] {
        let end = rig.now + seconds
        var times: [Double] = []
        while let due = rig.service.stage.nextFrame, due <= end {
            rig.wait(due - rig.now)
            times.append(due)
        }
        return times
    }

    @Test("frames fall on an exact grid of the refresh period, whatever the rate, and stop when all rests")
    func frameGrid() throws {
        for hertz in [60.0, 144, 59.94] {
            let rig = Rig { $0.refreshRate = hertz }
            rig.show(#""message":"on the grid","timeout":0"#)
            let times = frameTimes(rig, for: 1)
            #expect(times.count > 10)
            for (a, b) in zip(times, times.dropFirst()) {
                #expect(abs(b - a - 1 / hertz) < 1e-9, "\(hertz) Hz: frames \(b - a) s apart")
            }
            #expect(rig.service.nextDeadline == nil, "at rest, no timer runs")
        }
    }

    @Test("the fastest monitor a card moves on sets the rate; 60 Hz when none is known")
    func perMonitorRate() {
        let rig = Rig { output in
            output.refreshRate = nil
            output.monitors = [Monitor(name: "a", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true, refreshRate: 75),
                               Monitor(name: "b", frame: Rect(x: 1280, y: 0, width: 1280, height: 800), refreshRate: 120)]
        }
        rig.show(#""message":"on a","timeout":0"#)
        #expect(abs(rig.service.stage.frameInterval - 1.0 / 75) < 1e-12)
        rig.wait(2)
        let unknown = Rig { $0.refreshRate = nil }
        unknown.show(#""message":"somewhere","timeout":0"#)
        #expect(abs(unknown.service.stage.frameInterval - 1.0 / 60) < 1e-12)
    }

    @Test("a late loop drops the frames it missed and stays on the grid; it never draws them in a burst")
    func lateFramesDropped() throws {
        let rig = Rig()
        rig.show(#""message":"late","timeout":0"#)
        let first = try #require(rig.service.stage.nextFrame)
        // The loop wakes 2.5 frames late: one frame is drawn, on the grid, the missed ones skipped.
        rig.service.advance(now: first + 2.5 / 60)
        let next = try #require(rig.service.stage.nextFrame)
        #expect(abs(next - (first + 3.0 / 60)) < 1e-9)
    }

    @Test("a thrown-in card rests by about 500 ms, passing its slot by at most 1 %")
    func enterSettles() throws {
        let rig = Rig()
        let shownAt = rig.now
        rig.show(#""message":"settle","timeout":0"#)
        let card = try #require(rig.output.live.first?.surface)
        rig.wait(1)
        let rest = try #require(card.moves.last)
        let start = try #require(card.moves.first)
        let travel = abs(rest.x - start.x)
        let overshoot = card.moves.map { rest.x - $0.x }.max() ?? 0
        #expect(overshoot <= max(1, 0.01 * travel), "passed its slot by \(overshoot) px of \(travel)")
        let lastMove = try #require(card.moveTimes.last)
        #expect(lastMove - shownAt <= 0.5 + 1.0 / 60, "came to rest \(lastMove - shownAt) s after showing")
    }

    @Test("a flick flies: first exit frame within one frame, never slower than the release, gone once off screen")
    func flickFlies() throws {
        for (distance, duration) in [(260.0, 0.12), (160.0, 0.8)] {  // a flick, and a slow drag past the threshold
            let rig = Rig()
            rig.show(#""message":"fly","timeout":0"#)
            rig.wait(1.5)
            let card = try #require(rig.output.live.first)
            let grip = Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + 20)
            rig.drag(card.id, from: grip, by: Point(x: distance, y: 0), duration: duration, steps: 8)
            #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .swipe))
            let released = rig.now
            let movesBefore = card.surface.moves.count
            let releaseX = try #require(card.surface.moves.last?.x)
            rig.wait(1)
            let times = Array(card.surface.moveTimes[movesBefore...])
            let xs = [releaseX] + card.surface.moves[movesBefore...].map(\.x)
            let firstFrame = try #require(times.first)
            #expect(firstFrame - released <= 1.0 / 60 + 1e-9, "first exit frame \(firstFrame - released) s after release")
            // The pointer moved `distance / duration` px/s; the card keeps at least that, and
            // at least the brisk minimum, on every frame (1 px for the fake output's rounding).
            let speed = max(distance / duration, MotionTuning.standard.flingMinimumSpeed)
            let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
            let gaps = zip([released] + times, times).map { $1 - $0 }
            // The last step ends where the card is wholly off screen, so it may be shorter.
            for (step, gap) in zip(steps, gaps).dropLast() {
                #expect(step >= speed * gap - 1, "a step of \(step) px in \(gap) s")
            }
            #expect(card.surface.isDestroyed)
            // Gone on the frame it got wholly past the monitor's right edge, never parked there.
            let last = try #require(card.surface.moves.last)
            #expect(last.x == 1280)
            #expect(xs.dropLast().allSatisfy { $0 < 1280 }, "destroyed on the first frame wholly off screen: \(xs)")
        }
    }

    @Test("a long card at the bottom grows (a click expands it) keeping its bottom edge, never reaching past its monitor", arguments: ["bottom-right", "bottom-left"])
    func growAtBottom(position: String) throws {
        let rig = Rig()
        let long = String(repeating: "a long message that goes on ", count: 20)
        rig.show(#""message":"a neighbour","timeout":0,"position":"\#(position)""#)
        rig.show(#""message":"\#(long)","timeout":0,"position":"\#(position)""#)
        rig.wait(1.5)
        let card = try #require(rig.surface(showing: "goes on"))
        let bottom = card.surface.origin.y + card.surface.size.height
        let collapsed = card.surface.size.height
        let paintsBefore = card.surface.paintFrames.count
        rig.click(card.id, at: Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + 20))
        rig.wait(1)
        #expect(card.surface.size.height > collapsed + 30)
        let paints = card.surface.paintFrames[paintsBefore...]
        #expect(paints.count > 5, "the height animates over several repaints")
        let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
        for f in paints {
            #expect(f.y >= screen.y && f.maxY <= screen.maxY && f.x >= screen.x && f.maxX <= screen.maxX, "painted at \(f)")
            #expect(abs(f.maxY - bottom) <= 1, "keeps its bottom edge: \(f.maxY) vs \(bottom)")
        }
    }
}
