import Testing
@testable import ToastCore

@Suite struct CenterScrollMotionTests {
    let period = 1.0 / 60

    /// Slides a fresh list of `count` rows of `rowHeight` by `dy` on 60 Hz frames; returns the
    /// frames it took, the new rows each frame measured, and where it ended.
    func slide(_ dy: Double, from start: CenterScroll = .top, count: Int = 1000, rowHeight: Double = 50,
               viewport: Double = 200, measured initial: Set<Int>? = nil)
        -> (frames: Int, freshPerFrame: [Int], end: CenterScroll, measured: Set<Int>)
    {
        var measured = initial ?? Set(start.visibleRows(count: count, viewport: viewport, height: { _ in rowHeight }).map(\.index))
        var motion = CenterScrollMotion()
        motion.add(dy, now: 0)
        var scroll = start
        var fresh: [Int] = []
        var t = 0.0
        while motion.isMoving, fresh.count < 10_000 {
            t += period
            let before = measured.count
            scroll = motion.step(scroll, to: t, count: count, viewport: viewport,
                                 height: { measured.insert($0); return rowHeight }, isMeasured: { measured.contains($0) })
            // What the frame then paints: the rows in view.
            for row in scroll.visibleRows(count: count, viewport: viewport, height: { _ in rowHeight }) { measured.insert(row.index) }
            fresh.append(measured.count - before)
        }
        return (fresh.count, fresh, scroll, measured)
    }

    @Test("a long wheel fling lays out at most one new row per frame and lands exactly")
    func oneNewRowPerFrame() {
        let r = slide(5000)
        #expect(r.freshPerFrame.allSatisfy { $0 <= 1 })
        #expect(r.end == CenterScroll(first: 100, offset: 0))
        // 100 new rows below the first view: about one per frame, no faster.
        #expect(r.frames >= 100 && r.frames < 140)
    }

    @Test("over rows already measured the slide runs at the spring's pace")
    func measuredRowsAreFast() {
        let r = slide(-5000, from: CenterScroll(first: 100, offset: 0), measured: Set(0..<1000))
        #expect(r.end == .top)
        // Critically damped, 0.2 s response: well under half a second of frames.
        #expect(r.frames < 30)
        #expect(r.freshPerFrame.allSatisfy { $0 == 0 })
    }

    @Test("one wheel notch eases in over a few frames, each step smaller than the last at the end")
    func notchEases() {
        var motion = CenterScrollMotion()
        var scroll = CenterScroll.top
        motion.add(60, now: 0)
        var tops: [Double] = []
        var t = 0.0
        while motion.isMoving {
            t += period
            scroll = motion.step(scroll, to: t, count: 100, viewport: 200, height: { _ in 50 }, isMeasured: { _ in true })
            tops.append(CenterScroll.distance(from: .top, to: scroll, height: { _ in 50 }))
        }
        #expect(tops.count > 3)
        #expect(tops.first! < 60)
        #expect(tops.last == 60)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 })  // no overshoot, never back
        #expect(!motion.isMoving)
    }

    @Test("the list's ends stop the slide: no frames are left due")
    func endsStop() {
        let up = slide(-300)
        #expect(up.end == .top && up.frames == 1)
        let down = slide(1e9, count: 10)
        #expect(down.end == CenterScroll(first: 6, offset: 0))
        #expect(down.freshPerFrame.allSatisfy { $0 <= 1 })
    }

    @Test("notches pile up; a key's target replaces them; a drag stops it")
    func targets() {
        var motion = CenterScrollMotion()
        motion.add(60, now: 0)
        motion.add(60, now: 0.01)
        #expect(motion.remaining == 120)
        motion.retarget(-50, now: 0.02)
        #expect(motion.remaining == -50)
        motion.stop()
        #expect(!motion.isMoving)
        motion.add(.infinity, now: 1)
        motion.add(.nan, now: 1)
        #expect(!motion.isMoving)
        motion.add(1e300, now: 1)
        #expect(motion.remaining == CenterScrollMotion.maxTravel)
    }

    @Test("reach stops where a second new row would begin to show")
    func reach() {
        let h: (Int) -> Double = { _ in 50 }
        // Rows 0-3 show in a 200 px view; rows 4 and 5 are new: the view may move 50 px (row 4 shows whole).
        #expect(CenterScroll.top.reach(500, count: 100, viewport: 200, height: h, isMeasured: { $0 < 4 }) == 50)
        #expect(CenterScroll.top.reach(30, count: 100, viewport: 200, height: h, isMeasured: { $0 < 4 }) == 30)
        // Up from row 10 (offset 20): row 9 is new, row 8 too: 20 + 50 px.
        #expect(CenterScroll(first: 10, offset: 20).reach(-500, count: 100, viewport: 200, height: h, isMeasured: { $0 >= 10 }) == -70)
        #expect(CenterScroll.top.reach(0, count: 100, viewport: 200, height: h, isMeasured: { _ in false }) == 0)
        #expect(CenterScroll.distance(from: CenterScroll(first: 2, offset: 10), to: CenterScroll(first: 5, offset: 5), height: h) == 145)
        #expect(CenterScroll.distance(from: CenterScroll(first: 5, offset: 5), to: CenterScroll(first: 2, offset: 10), height: h) == -145)
    }
}
