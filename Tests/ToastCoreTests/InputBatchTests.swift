import Testing
import ToastCore

/// Issue 17: a turn's X input is thinned before the loop handles it.
@Suite struct InputBatchTests {
    let a = SurfaceID(1), b = SurfaceID(2)
    func move(_ s: SurfaceID, _ x: Double) -> InputEvent { .motion(surface: s, root: Point(x: x, y: 0), time: x) }
    func press(_ s: SurfaceID, _ x: Double) -> InputEvent { .press(surface: s, button: 1, root: Point(x: x, y: 0), time: x, serverTime: 1) }
    func release(_ s: SurfaceID, _ x: Double) -> InputEvent { .release(surface: s, button: 1, root: Point(x: x, y: 0), time: x, serverTime: 2) }

    @Test("a thousand moves on a surface are one, the last; each surface keeps its own last move")
    func floodIsOne() {
        let flood = (0..<1000).flatMap { [move(a, Double($0)), move(b, Double(-$0))] }
        #expect(InputEvent.latestMotion(flood) == [move(a, 999), move(b, -999)])
    }

    @Test("moves are never carried past a press or release: a swipe sees where the pointer was at each")
    func pressAndReleaseKeepTheirPlace() {
        let swipe = [move(a, 1), move(a, 2), press(a, 2), move(a, 3), move(a, 4), move(b, 9), release(a, 4), move(a, 5)]
        #expect(InputEvent.latestMotion(swipe) == [move(a, 2), press(a, 2), move(a, 4), move(b, 9), release(a, 4), move(a, 5)])
    }

    @Test("crossings and screen news stay, in order")
    func othersStay() {
        let events: [InputEvent] = [.enter(surface: a, grabbing: false), move(a, 1), .leave(surface: a, grabbing: false), move(a, 2),
                                    .screenChanged, .imagesReady]
        #expect(InputEvent.latestMotion(events) == [.enter(surface: a, grabbing: false), .leave(surface: a, grabbing: false), move(a, 2),
                                                     .screenChanged, .imagesReady])
    }

    @Test("a flood of 'read it again' notices (a client changing _NET_WORKAREA in a loop) is one of each, the last, among the batch's other input")
    func noticesAreOnce() {
        let flood: [InputEvent] = Array(repeating: .screenChanged, count: 500) + [press(a, 1)]
            + Array(repeating: .compositorChanged, count: 300) + [.screenChanged, .desktopSettingsChanged(DesktopSettings()), .desktopSettingsChanged(DesktopSettings())]
        #expect(InputEvent.latestMotion(flood) == [press(a, 1), .compositorChanged, .screenChanged, .desktopSettingsChanged(DesktopSettings())])
    }
}
