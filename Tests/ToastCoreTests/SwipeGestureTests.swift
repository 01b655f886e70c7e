import Testing
@testable import ToastCore

@Suite("SwipeGesture")
struct SwipeGestureTests {
    /// sonner's card size: 0.4 × 356 = 142.4 px to dismiss sideways, 64 px vertically.
    let card = Size(width: 356, height: 64)
    let press = Point(x: 1000, y: 30)

    func gesture(_ position: Position = .topRight) -> SwipeGesture {
        SwipeGesture(start: press, time: 0, cardSize: card, allowed: SwipeDirection.allowed(for: position))
    }

    /// Moves the pointer in a straight line, one sample every 10 ms, from `from` (relative to the
    /// press) to `to` over `duration` seconds starting at `time`; returns every offset shown.
    @discardableResult
    func drag(_ swipe: inout SwipeGesture, from: Point = .zero, to: Point, time: Double = 0,
              duration: Double) -> [Point] {
        let steps = max(1, Int((duration / 0.01).rounded()))
        return (1...steps).map { i in
            let f = Double(i) / Double(steps)
            let pointer = Point(x: press.x + from.x + (to.x - from.x) * f, y: press.y + from.y + (to.y - from.y) * f)
            return swipe.move(to: pointer, time: time + duration * f)
        }
    }

    func at(_ offset: Point) -> Point { Point(x: press.x + offset.x, y: press.y + offset.y) }

    @Test("cards are thrown outward only", arguments: zip(
        [Position.topLeft, .top, .topRight, .bottomLeft, .bottom, .bottomRight, .left, .right, .center],
        [[.left, .up], [.left, .right, .up], [.right, .up],
         [.left, .down], [.left, .right, .down], [.right, .down], [.left], [.right], [.left, .right]] as [Set<SwipeDirection>]
    ))
    func allowedDirections(position: Position, expected: Set<SwipeDirection>) {
        #expect(SwipeDirection.allowed(for: position) == expected)
    }

    @Test("speed along a direction is signed")
    func directionalSpeed() {
        let velocity = Point(x: -300, y: 40)
        #expect(SwipeDirection.left.speed(of: velocity) == 300)
        #expect(SwipeDirection.right.speed(of: velocity) == -300)
        #expect(SwipeDirection.up.speed(of: velocity) == -40)
        #expect(SwipeDirection.down.speed(of: velocity) == 40)
    }

    @Test("a press that moves under 4 px is a click, and the card does not move")
    func click() {
        var swipe = gesture()
        #expect(swipe.move(to: at(Point(x: 2, y: 0)), time: 0.05) == .zero)
        #expect(swipe.release(at: at(Point(x: 2, y: 2)), time: 0.1) == .click)
    }

    @Test("a drag that wandered off and came back is not a click")
    func wanderIsNotClick() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 40, y: 0), duration: 0.4)
        drag(&swipe, from: Point(x: 40, y: 0), to: Point(x: 1, y: 0), time: 0.4, duration: 0.4)
        guard case .snapBack = swipe.release(at: at(Point(x: 1, y: 0)), time: 0.9) else {
            Issue.record("expected a snap back")
            return
        }
    }

    @Test("the card follows the pointer 1:1 in an allowed direction")
    func followsPointer() {
        var swipe = gesture()
        let offsets = drag(&swipe, to: Point(x: 120, y: 0), duration: 0.5)
        #expect(offsets.last == Point(x: 120, y: 0))
    }

    @Test("a slow drag short of the threshold snaps back")
    func slowShortDrag() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 100, y: 0), duration: 1)
        guard case .snapBack(let velocity) = swipe.release(at: at(Point(x: 100, y: 0)), time: 1) else {
            Issue.record("expected a snap back")
            return
        }
        #expect(abs(velocity.x - 100) < 1)
        #expect(velocity.y == 0)
    }

    @Test("a slow drag past 40% of the width dismisses")
    func slowLongDrag() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 150, y: 0), duration: 1.5)
        guard case .dismiss(.right, let velocity) = swipe.release(at: at(Point(x: 150, y: 0)), time: 1.5) else {
            Issue.record("expected a dismissal to the right")
            return
        }
        #expect(abs(velocity.x - 100) < 1e-6, "slow, so the exit slide sets its own pace")
    }

    @Test("a short quick flick dismisses")
    func flick() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 30, y: 0), duration: 0.04)
        let outcome = swipe.release(at: at(Point(x: 30, y: 0)), time: 0.04)
        guard case .dismiss(.right, let velocity) = outcome else {
            Issue.record("expected a dismissal to the right, got \(outcome)")
            return
        }
        #expect(abs(velocity.x - 750) < 1e-6)
    }

    @Test("a slow drag that ends in a flick dismisses")
    func slowDragThenFlick() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 50, y: 0), duration: 1)
        drag(&swipe, from: Point(x: 50, y: 0), to: Point(x: 110, y: 0), time: 1, duration: 0.05)
        guard case .dismiss(.right, let velocity) = swipe.release(at: at(Point(x: 110, y: 0)), time: 1.05) else {
            Issue.record("expected a dismissal to the right")
            return
        }
        #expect(velocity.x >= 500)
    }

    @Test("a fast drag released while still moving dismisses")
    func fastDragReleasedMoving() {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 130, y: 0), duration: 0.2)
        guard case .dismiss(.right, _) = swipe.release(at: at(Point(x: 130, y: 0)), time: 0.2) else {
            Issue.record("expected a dismissal to the right")
            return
        }
    }

    @Test("the same fast drag held still before release snaps back", arguments: [0.09, 0.2])
    func fastDragThatStopped(pause: Double) {
        var swipe = gesture()
        drag(&swipe, to: Point(x: 130, y: 0), duration: 0.2)
        guard case .snapBack(let velocity) = swipe.release(at: at(Point(x: 130, y: 0)), time: 0.2 + pause) else {
            Issue.record("expected a snap back")
            return
        }
        #expect(velocity == .zero)
    }

    @Test("dragging the disallowed way is rubber-banded below 20 px, and snaps back even when flicked")
    func rubberBand() {
        var swipe = gesture(.topRight)
        let offsets = drag(&swipe, to: Point(x: -300, y: 0), duration: 0.3)
        let pulls = offsets.map { -$0.x }
        #expect(pulls.allSatisfy { $0 > 0 && $0 < 20 })
        #expect(zip(pulls, pulls.dropFirst()).allSatisfy { $0 < $1 }, "monotonic")
        #expect(offsets.allSatisfy { $0.y == 0 })
        #expect(pulls.last! > 15, "yields most of the limit to a long pull")
        guard case .snapBack = swipe.release(at: at(Point(x: -300, y: 0)), time: 0.3) else {
            Issue.record("expected a snap back")
            return
        }
    }

    @Test("a mostly vertical drag does not move the card sideways")
    func axisLockVertical() {
        var swipe = gesture(.topRight)
        let offsets = drag(&swipe, to: Point(x: 25, y: -100), duration: 0.5)
        #expect(offsets.allSatisfy { $0.x == 0 })
        #expect(offsets.last == Point(x: 0, y: -100))
    }

    @Test("the axis chosen in the first pixels stays for the whole drag")
    func axisStaysLocked() {
        var swipe = gesture(.topRight)
        drag(&swipe, to: Point(x: 5, y: 0), duration: 0.05)
        let offsets = drag(&swipe, from: Point(x: 5, y: 0), to: Point(x: 5, y: -120), time: 0.05, duration: 0.5)
        #expect(offsets.allSatisfy { $0 == Point(x: 5, y: 0) })
    }

    @Test("before the axis locks the card stays put")
    func noMoveBeforeLock() {
        var swipe = gesture()
        #expect(swipe.move(to: at(Point(x: 2, y: -1)), time: 0.01) == .zero)
        #expect(swipe.move(to: at(Point(x: 3, y: -1)), time: 0.02) == Point(x: 3, y: 0))
    }

    @Test("a slow vertical drag dismisses after one card height, not before", arguments: zip([50.0, 70.0], [false, true]))
    func verticalDistance(distance: Double, dismisses: Bool) {
        var swipe = gesture(.topRight)
        drag(&swipe, to: Point(x: 0, y: -distance), duration: 1)
        switch swipe.release(at: at(Point(x: 0, y: -distance)), time: 1) {
        case .dismiss(.up, _): #expect(dismisses)
        case .snapBack: #expect(!dismisses)
        case let other: Issue.record("unexpected \(other)")
        }
    }

    @Test("a bottom card rubber-bands upward and can be flicked down")
    func bottomCard() {
        var up = gesture(.bottomLeft)
        let offsets = drag(&up, to: Point(x: 0, y: -200), duration: 0.1)
        #expect(offsets.allSatisfy { $0.y > -20 })
        guard case .snapBack = up.release(at: at(Point(x: 0, y: -200)), time: 0.1) else {
            Issue.record("expected a snap back")
            return
        }
        var down = gesture(.bottomLeft)
        drag(&down, to: Point(x: 0, y: 30), duration: 0.03)
        guard case .dismiss(.down, _) = down.release(at: at(Point(x: 0, y: 30)), time: 0.03) else {
            Issue.record("expected a dismissal downward")
            return
        }
    }

    @Test("a centred card goes whichever way it is flicked, last motion winning")
    func centredCard() {
        var swipe = gesture(.top)
        drag(&swipe, to: Point(x: 100, y: 0), duration: 0.5)
        drag(&swipe, from: Point(x: 100, y: 0), to: Point(x: 40, y: 0), time: 0.5, duration: 0.05)
        guard case .dismiss(.left, _) = swipe.release(at: at(Point(x: 40, y: 0)), time: 0.55) else {
            Issue.record("expected a dismissal to the left")
            return
        }
    }
}
