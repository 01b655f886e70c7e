import Testing
import ToastCore

private let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
/// Newest first: a tall card nearest the edge, then a shorter older one, then a third.
private let sizes = [Size(width: 360, height: 80), Size(width: 360, height: 60), Size(width: 300, height: 40)]

private func frames(_ position: Position, in rect: Rect = screen, layout: StackLayout = StackLayout()) -> [Rect] {
    layout.frames(for: sizes, at: position, in: rect)
}

@Suite struct StackLayoutTests {
    @Test func defaults() {
        #expect(StackLayout() == StackLayout(margin: 16, gap: 8))
    }

    @Test func topRight() {
        #expect(frames(.topRight) == [
            Rect(x: 904, y: 16, width: 360, height: 80),
            Rect(x: 904, y: 104, width: 360, height: 60),
            Rect(x: 964, y: 172, width: 300, height: 40),
        ])
    }

    @Test func topLeft() {
        #expect(frames(.topLeft) == [
            Rect(x: 16, y: 16, width: 360, height: 80),
            Rect(x: 16, y: 104, width: 360, height: 60),
            Rect(x: 16, y: 172, width: 300, height: 40),
        ])
    }

    @Test func topCentre() {
        #expect(frames(.top) == [
            Rect(x: 460, y: 16, width: 360, height: 80),
            Rect(x: 460, y: 104, width: 360, height: 60),
            Rect(x: 490, y: 172, width: 300, height: 40),
        ])
    }

    @Test func bottomRightGrowsUpward() {
        #expect(frames(.bottomRight) == [
            Rect(x: 904, y: 704, width: 360, height: 80),
            Rect(x: 904, y: 636, width: 360, height: 60),
            Rect(x: 964, y: 588, width: 300, height: 40),
        ])
    }

    @Test func bottomLeft() {
        #expect(frames(.bottomLeft) == [
            Rect(x: 16, y: 704, width: 360, height: 80),
            Rect(x: 16, y: 636, width: 360, height: 60),
            Rect(x: 16, y: 588, width: 300, height: 40),
        ])
    }

    @Test func bottomCentre() {
        #expect(frames(.bottom) == [
            Rect(x: 460, y: 704, width: 360, height: 80),
            Rect(x: 460, y: 636, width: 360, height: 60),
            Rect(x: 490, y: 588, width: 300, height: 40),
        ])
    }

    @Test(arguments: Position.allCases)
    func invariants(position: Position) {
        let f = frames(position)
        #expect(f.count == sizes.count)
        for (frame, size) in zip(f, sizes) {
            #expect(frame.width == size.width && frame.height == size.height)
            // Inside the screen, at least a margin from every side.
            #expect(frame.x >= 16 && frame.maxX <= 1280 - 16)
            #expect(frame.y >= 16 && frame.maxY <= 800 - 16)
        }
        for k in 1..<f.count {
            // Exactly one gap between neighbours; older ones further from the edge.
            let gap = position.isBottom ? f[k - 1].y - f[k].maxY : f[k].y - f[k - 1].maxY
            #expect(gap == 8)
        }
        // The newest touches the margin of its edge; a stack centred vertically has as much
        // room above as below (to the pixel).
        switch position.vertical {
        case -1: #expect(f[0].y == 16)
        case 1: #expect(f[0].maxY == 784)
        default: #expect(abs(f[0].y - (800 - f[f.count - 1].maxY)) <= 1)
        }
        switch position.horizontal {
        case -1: #expect(f.allSatisfy { $0.x == 16 })
        case 1: #expect(f.allSatisfy { $0.maxX == 1264 })
        default:
            // Centred: equal space either side (to the pixel).
            for frame in f { #expect(abs(frame.x - (1280 - frame.maxX)) <= 1) }
        }
    }

    @Test("left, right and center (dunst's left-center, right-center, center): the stack about the screen's middle, the newest on top")
    func centredVertically() {
        // 80 + 60 + 40 and two gaps of 8: 196 px, from y = (800 - 196) / 2 = 302.
        #expect(frames(.left) == [
            Rect(x: 16, y: 302, width: 360, height: 80),
            Rect(x: 16, y: 390, width: 360, height: 60),
            Rect(x: 16, y: 458, width: 300, height: 40),
        ])
        #expect(frames(.right).map(\.x) == [904, 904, 964])
        #expect(frames(.right).map(\.y) == [302, 390, 458])
        #expect(frames(.center) == [
            Rect(x: 460, y: 302, width: 360, height: 80),
            Rect(x: 460, y: 390, width: 360, height: 60),
            Rect(x: 490, y: 458, width: 300, height: 40),
        ])
        // On a monitor's work area, centred within it.
        let area = Rect(x: 1280, y: 30, width: 1920, height: 1050)
        #expect(StackLayout().frames(for: [Size(width: 300, height: 51)], at: .right, in: area)
            == [Rect(x: 1280 + 1920 - 16 - 300, y: 30 + 499, width: 300, height: 51)])
        // Taller than the screen: from its top, never above it.
        #expect(StackLayout().frames(for: [Size(width: 300, height: 900)], at: .center, in: screen)[0].y == 0)
        // They slide in from their side; the centre one from above.
        let card = Rect(x: 16, y: 302, width: 360, height: 80)
        #expect(StackLayout().offscreen(card, at: .left, in: screen) == Point(x: -361, y: 302))
        #expect(StackLayout().offscreen(Rect(x: 460, y: 302, width: 360, height: 80), at: .center, in: screen) == Point(x: 460, y: -81))
    }

    @Test func oddCentringRoundsDown() {
        let f = StackLayout().frames(for: [Size(width: 361, height: 50)], at: .top, in: screen)
        #expect(f == [Rect(x: 459, y: 16, width: 361, height: 50)])
        #expect(f[0].x == f[0].x.rounded())
    }

    @Test func screenAwayFromTheOrigin() {
        let second = Rect(x: 1280, y: 200, width: 1920, height: 1080)
        let one = [Size(width: 360, height: 80)]
        let layout = StackLayout()
        #expect(layout.frames(for: one, at: .topLeft, in: second) == [Rect(x: 1296, y: 216, width: 360, height: 80)])
        #expect(layout.frames(for: one, at: .topRight, in: second) == [Rect(x: 2824, y: 216, width: 360, height: 80)])
        #expect(layout.frames(for: one, at: .bottom, in: second) == [Rect(x: 2060, y: 1184, width: 360, height: 80)])
    }

    @Test func customMarginAndGap() {
        let layout = StackLayout(margin: 10, gap: 2)
        #expect(frames(.bottomRight, layout: layout).map(\.y) == [710, 648, 606])
        #expect(frames(.topLeft, layout: layout).map(\.y) == [10, 92, 154])
        #expect(frames(.topLeft, layout: layout).map(\.x) == [10, 10, 10])
    }

    @Test func noCardsNoFrames() {
        #expect(StackLayout().frames(for: [], at: .topRight, in: screen).isEmpty)
    }

    // MARK: Off screen

    @Test func sidePositionsSlideHorizontally() {
        let layout = StackLayout()
        let right = frames(.topRight)[1]
        #expect(layout.offscreen(right, at: .topRight, in: screen) == Point(x: 1281, y: 104))
        let bottomRight = frames(.bottomRight)[0]
        #expect(layout.offscreen(bottomRight, at: .bottomRight, in: screen) == Point(x: 1281, y: 704))
        let left = frames(.topLeft)[0]
        #expect(layout.offscreen(left, at: .topLeft, in: screen) == Point(x: -361, y: 16))
        let bottomLeft = frames(.bottomLeft)[2]
        #expect(layout.offscreen(bottomLeft, at: .bottomLeft, in: screen) == Point(x: -301, y: 588))
    }

    @Test func centredPositionsSlideVertically() {
        let layout = StackLayout()
        let top = frames(.top)[0]
        #expect(layout.offscreen(top, at: .top, in: screen) == Point(x: 460, y: -81))
        let bottom = frames(.bottom)[1]
        #expect(layout.offscreen(bottom, at: .bottom, in: screen) == Point(x: 460, y: 801))
    }

    @Test(arguments: Position.allCases)
    func offscreenPointsAreFullyOutside(position: Position) {
        let layout = StackLayout()
        for frame in frames(position) {
            let p = layout.offscreen(frame, at: position, in: screen)
            let moved = Rect(x: p.x, y: p.y, width: frame.width, height: frame.height)
            let overlapsX = moved.x < screen.maxX && moved.maxX > screen.x
            let overlapsY = moved.y < screen.maxY && moved.maxY > screen.y
            #expect(!(overlapsX && overlapsY), "\(position) \(moved)")
        }
    }

    @Test func offscreenOnASecondScreen() {
        let second = Rect(x: 1280, y: 200, width: 1920, height: 1080)
        let frame = Rect(x: 2824, y: 216, width: 360, height: 80)
        #expect(StackLayout().offscreen(frame, at: .topRight, in: second) == Point(x: 3201, y: 216))
        #expect(StackLayout().offscreen(frame, at: .topLeft, in: second) == Point(x: 919, y: 216))
        #expect(StackLayout().offscreen(frame, at: .top, in: second) == Point(x: 2824, y: 119))
        #expect(StackLayout().offscreen(frame, at: .bottom, in: second) == Point(x: 2824, y: 1281))
    }
}

/// The three stacks of one edge on a monitor too narrow for them side by side.
@Suite struct SharedEdgeTests {
    let narrow = Rect(x: 0, y: 0, width: 640, height: 480)
    let card = [Size(width: 360, height: 60)]

    @Test("a later stack whose column crosses an earlier one's starts one gap past its farthest card")
    func laterStackGoesBelow() {
        let layout = StackLayout()
        let left = layout.frames(for: card + card, at: .topLeft, in: narrow)
        let leftPlace = try? #require(layout.placement(of: left, at: .topLeft, in: narrow))
        #expect(leftPlace == StackLayout.Placement(column: 16..<376, reach: 16 + 60 + 8 + 60))
        let centre = layout.frames(for: card, at: .top, in: narrow)
        let start = layout.start(column: centre[0].x..<centre[0].maxX, after: [leftPlace].compactMap { $0 })
        #expect(start == 144 + 8)
        #expect(layout.frames(for: card, at: .top, in: narrow, start: start) == [Rect(x: 140, y: 152, width: 360, height: 60)])
    }

    @Test("columns that do not cross keep the margin; at the bottom the reach is measured upward")
    func clearColumnsKeepTheMargin() {
        let layout = StackLayout()
        let wide = Rect(x: 0, y: 0, width: 1280, height: 800)
        let left = layout.frames(for: card, at: .bottomLeft, in: wide)
        let place = try? #require(layout.placement(of: left, at: .bottomLeft, in: wide))
        #expect(place?.reach == 76)
        #expect(layout.start(column: 904..<1264, after: [place].compactMap { $0 }) == 16)
        #expect(layout.start(column: 300..<660, after: [place].compactMap { $0 }) == 84)
        #expect(StackLayout.edgeOrder(.topLeft) < StackLayout.edgeOrder(.top) && StackLayout.edgeOrder(.top) < StackLayout.edgeOrder(.bottomRight))
    }
}
