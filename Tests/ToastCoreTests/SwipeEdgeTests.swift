import Testing
@testable import ToastCore

/// Issue 17: a flick into the screen's edge. The pointer stops at the monitor's last pixel
/// before the release; the card must still leave at the speed it was thrown.
@Suite struct SwipeEdgeTests {
    let card = Size(width: 360, height: 64)
    let monitor = Rect(x: 0, y: 0, width: 1280, height: 800)
    /// Near a top-right card's right end, 36 px from the screen's edge.
    let press = Point(x: 1244, y: 40)

    /// Drags right at 2 px/ms, a sample every 10 ms, with the pointer clamped to the monitor
    /// as the X server clamps it; then holds it there for `hold` seconds and releases.
    func flickIntoTheEdge(bounds: Rect?, hold: Double) -> SwipeOutcome {
        var swipe = SwipeGesture(start: press, time: 0, cardSize: card, allowed: SwipeDirection.allowed(for: .topRight),
                                 bounds: bounds)
        var time = 0.0
        for step in 1...6 {
            time = Double(step) * 0.01
            swipe.move(to: Point(x: min(1279, press.x + 20 * Double(step)), y: press.y), time: time)
        }
        swipe.move(to: Point(x: 1279, y: press.y), time: time + hold / 2)
        return swipe.release(at: Point(x: 1279, y: press.y), time: time + hold)
    }

    @Test("pinned at the edge it was flicked into, the release keeps the speed the card had when the pointer got there")
    func keepsTheSpeed() throws {
        guard case let .dismiss(direction, velocity) = flickIntoTheEdge(bounds: monitor, hold: 0.15) else {
            Issue.record("a flick into the edge did not dismiss")
            return
        }
        #expect(direction == .right)
        #expect(velocity.x >= 1700 && velocity.x <= 2000, "the card left at \(velocity.x) px/s after a 2000 px/s flick")
        // Without the monitor's bounds the stop reads as a stop: 35 px is too short to dismiss.
        guard case .snapBack = flickIntoTheEdge(bounds: nil, hold: 0.15) else {
            Issue.record("expected the old reading (a snap back) without bounds")
            return
        }
    }

    @Test("an edge the card may not be thrown towards keeps nothing; leaving the edge forgets the kept speed")
    func onlyOutwardEdges() {
        // A top-right card dragged into the left edge: not a way it may go.
        var inward = SwipeGesture(start: Point(x: 40, y: 40), time: 0, cardSize: card,
                                  allowed: SwipeDirection.allowed(for: .topRight), bounds: monitor)
        for step in 1...4 { inward.move(to: Point(x: max(0, 40 - 20 * Double(step)), y: 40), time: Double(step) * 0.01) }
        guard case let .snapBack(velocity) = inward.release(at: Point(x: 0, y: 40), time: 0.2) else {
            Issue.record("expected a snap back")
            return
        }
        #expect(velocity == .zero)
        // At the right edge, then back inside and still: the release is a stop again.
        var back = SwipeGesture(start: press, time: 0, cardSize: card, allowed: SwipeDirection.allowed(for: .topRight),
                                bounds: monitor)
        for step in 1...3 { back.move(to: Point(x: min(1279, press.x + 20 * Double(step)), y: press.y), time: Double(step) * 0.01) }
        back.move(to: Point(x: 1260, y: press.y), time: 0.05)
        guard case .snapBack = back.release(at: Point(x: 1260, y: press.y), time: 0.3) else {
            Issue.record("expected a snap back once the pointer left the edge")
            return
        }
    }
}
