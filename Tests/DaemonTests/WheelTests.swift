import Testing
import ToastCore
@testable import Daemon

/// The mouse wheel over a card: it scrolls an expanded card's long message, and never
/// dismisses, expands or otherwise clicks a card.
@Suite struct WheelTests {
    func grip(_ s: FakeOutput.Surface) -> Point { Point(x: s.origin.x + 40, y: s.origin.y + s.size.height / 2) }

    /// A wheel notch as X sends it: a press and a release of button 4 (up) or 5 (down).
    func notch(_ rig: Rig, _ surface: SurfaceID, at p: Point, button: UInt32) {
        rig.input(.press(surface: surface, button: button, root: p, time: rig.now, serverTime: 1))
        rig.input(.release(surface: surface, button: button, root: p, time: rig.now, serverTime: 2))
    }

    let long = String(repeating: "a long message that goes on ", count: 72)

    @Test("on a collapsed card the wheel does nothing: no dismissal, no expansion, no repaint")
    func collapsedIgnoresTheWheel() throws {
        let rig = Rig()
        rig.show(#""message":"\#(long)","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        let frame = rig.restingFrames.first, paints = card.surface.paints
        for button: UInt32 in [5, 5, 4, 4, 6, 7] { notch(rig, card.id, at: grip(card.surface), button: button) }
        rig.wait(1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(!card.surface.isDestroyed && rig.restingFrames.first == frame && card.surface.paints == paints)
        #expect(rig.service.stage.card("1")?.appearance.expanded == false)
    }

    @Test("expanded, the wheel scrolls the message inside the card (same frame), clamped at both ends, and never dismisses")
    func expandedScrolls() throws {
        let rig = Rig()
        rig.show(#""message":"\#(long)","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.click(card.id, at: grip(card.surface))
        rig.wait(1.5)
        let stageCard = try #require(rig.service.stage.card("1"))
        let scroll = try #require(stageCard.composed.scroll, "2 000 characters do not fit the fake screen")
        let frame = rig.restingFrames.first, top = card.surface.scene
        #expect(scroll.first == 0)

        notch(rig, card.id, at: grip(card.surface), button: 5)
        #expect(stageCard.composed.scroll?.first == TextScroll.linesPerNotch && card.surface.scene != top)
        for _ in 0..<100 { notch(rig, card.id, at: grip(card.surface), button: 5) }
        #expect(stageCard.composed.scroll?.first == scroll.lastFirst, "clamped at the end")
        for _ in 0..<100 { notch(rig, card.id, at: grip(card.surface), button: 4) }
        #expect(stageCard.composed.scroll?.first == 0 && card.surface.scene == top, "back at the top, as it was")
        rig.wait(1)
        #expect(rig.restingFrames.first == frame && !card.surface.isDestroyed)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")], "the wheel never dismissed nor chose")
        #expect(rig.service.nextDeadline == nil, "scrolling starts no animation")
    }
}
