@testable import Daemon
import Testing
import ToastCore

/// The queue and its "+N more" card, do-not-disturb, and the pointer: hover, swipe, click, expand.
@Suite struct StackAndPointerTests {
    /// Where to press on a resting card: 40 px in from its left edge, halfway down.
    func grip(_ s: FakeOutput.Surface) -> Point { Point(x: s.origin.x + 40, y: s.origin.y + s.size.height / 2) }

    @Test("five cards show per position; the rest wait behind a +N more card that counts them")
    func queueAndMore() throws {
        let rig = Rig()
        for i in 1...7 { rig.show(#""message":"toast \#(i)","timeout":0"#) }
        rig.wait(1.5)
        #expect(rig.output.live.count == 6)
        let more = try #require(rig.surface(showing: "+2"))
        #expect(more.surface.origin.y > (rig.restingFrames.map(\.y).filter { $0 != more.surface.origin.y }.max() ?? 0),
                "the +N card sits past the last visible card")
        // The newest sits nearest the edge.
        #expect(rig.surface(showing: "toast 5")?.surface.origin.y == 16)
        rig.request(#"{"op":"dismiss","id":"5"}"#)
        #expect(rig.sink.heard(by: rig.alice).suffix(2) == [.dismissed(id: "5", reason: .api), .shown(id: "6")])
        rig.wait(1.0 / 60)  // the new count is painted at the next frame
        #expect(rig.surface(showing: "+1") != nil)
        rig.request(#"{"op":"dismiss","id":"4"}"#)
        rig.wait(1)
        #expect(rig.surface(showing: "+1") == nil && rig.surface(showing: "+2") == nil, "nothing waits: no +N card")
        #expect(rig.output.live.count == 5)
    }

    @Test("50 toasts queued in one instant repaint the +N card at most once before the next frame (not 50 times); the frame shows +52, and counts seen before are not composed again")
    func moreCountPaintsOnceAFrame() throws {
        let rig = Rig()
        for i in 1...7 { rig.show(#""message":"toast \#(i)","timeout":0"#) }
        rig.wait(1.5)
        let (_, more) = try #require(rig.surface(showing: "+2"))
        let before = more.paints
        var ids: [String] = []
        for i in 1...50 { ids.append(rig.show(#""message":"queued \#(i)","timeout":0"#)) }
        #expect(more.paints - before == 0, "painted \(more.paints - before) times before the frame")
        rig.wait(1.0 / 60)
        #expect(more.paints - before == 1)
        #expect(rig.surface(showing: "+52") != nil)
        // Back down through counts it showed before: still one paint a frame.
        for id in ids.suffix(10) { rig.request(#"{"op":"dismiss","id":"\#(id)"}"#) }
        rig.wait(1.0 / 60)
        #expect(more.paints - before == 2 && rig.surface(showing: "+42") != nil)
    }

    @Test("a flood queued and overflowing behind full cards lays the stack out once, at the next frame, not once a toast; the +N card then counts them")
    func waitingFloodLaysOutOncePerFrame() throws {
        let rig = Rig()
        for i in 1...7 { rig.show(#""message":"toast \#(i)","timeout":0"#) }
        rig.wait(1.5)
        _ = try #require(rig.surface(showing: "+2"))
        let layouts = rig.service.stage.layouts
        // Past the queue's bound: the oldest waiting overflow, the cards stay as they are.
        for i in 1...300 { rig.show(#""message":"queued \#(i)","timeout":0"#) }
        #expect(rig.service.stage.layouts == layouts, "laid out \(rig.service.stage.layouts - layouts) times before the frame")
        rig.wait(1.0 / 60)
        #expect(rig.service.stage.layouts - layouts == 1)
        let waiting = rig.service.board.counts.queued
        #expect(waiting == 100, "the queue at its bound")
        #expect(rig.surface(showing: "+\(waiting)") != nil, "the +N card shows the queue after the flood")
    }

    @Test("do-not-disturb: new toasts wait unseen (no +N card either), critical ones still show, resume shows the rest in order")
    func doNotDisturb() {
        let rig = Rig()
        rig.request(#"{"op":"pause"}"#)
        rig.show(#""message":"quiet one","timeout":0"#)
        rig.show(#""message":"quiet two","timeout":0"#)
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
        rig.show(#""message":"fire","urgency":"critical""#)
        rig.wait(1)
        #expect(rig.output.live.count == 1 && rig.surface(showing: "fire") != nil)
        #expect(rig.service.nextDeadline == nil, "a critical toast without a timeout never times out")
        rig.request(#"{"op":"resume"}"#)
        #expect(rig.sink.heard(by: rig.alice).suffix(2) == [.shown(id: "1"), .shown(id: "2")])
        rig.wait(1)
        #expect(rig.output.live.count == 3)
    }

    @Test("the pointer over a card holds its stack's timers; leaving lets them run on with what was left")
    func hoverHolds() throws {
        let rig = Rig()
        rig.show(#""message":"hover me","timeout":2"#)
        rig.wait(1)
        let card = try #require(rig.output.live.first)
        rig.input(.enter(surface: card.id, grabbing: false))
        rig.wait(5)
        #expect(rig.output.live.count == 1, "held while hovered")
        #expect(card.surface.paints >= 2, "hovering repaints the card (its close button shows)")
        rig.input(.leave(surface: card.id, grabbing: false))
        rig.wait(0.9)
        #expect(rig.sink.heard(by: rig.alice).count == 1)
        rig.wait(0.2)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .timeout))
    }

    @Test("issue 17: a flood of crossings and moves costs one repaint per card per frame, and still ends hovered as the last crossing says")
    func hoverFloodIsOnePaintPerFrame() throws {
        let rig = Rig()
        rig.show(#""message":"flooded","timeout":0,"actions":[{"id":"ok","label":"OK"}]"#)
        rig.wait(1)
        let card = try #require(rig.output.live.first)
        let before = card.surface.paints
        for i in 0..<5000 {
            rig.input(.enter(surface: card.id, grabbing: false))
            rig.input(.motion(surface: card.id, root: Point(x: 904 + Double(i % 300), y: 30), time: 2000))
            rig.input(.leave(surface: card.id, grabbing: false))
        }
        rig.input(.enter(surface: card.id, grabbing: false))
        #expect(card.surface.paints == before, "nothing painted before the frame")
        rig.wait(1.0 / 60)
        #expect(card.surface.paints == before + 1, "one repaint for the whole flood: \(card.surface.paints - before)")
        rig.wait(1)
        #expect(card.surface.paints == before + 1, "and no more after it")
        #expect(rig.service.stage.hovered == "1")
        #expect(rig.service.nextDeadline == nil, "frames stop once it is painted")
    }

    @Test("a fast drag outward swipes the card away: reason swipe, and it leaves to the right off screen")
    func swipe() throws {
        let rig = Rig()
        rig.show(#""message":"swipe me","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.drag(card.id, from: grip(card.surface), by: Point(x: 100, y: 0), duration: 0.06)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .swipe))
        #expect(rig.output.grabbed == nil)
        rig.wait(1)
        #expect(card.surface.isDestroyed)
        #expect(card.surface.moves.last.map { $0.x >= 1280 } == true)
    }

    @Test("a short slow drag snaps back to exactly the rest position and dismisses nothing")
    func snapBack() throws {
        let rig = Rig()
        rig.show(#""message":"hold on","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.drag(card.id, from: grip(card.surface), by: Point(x: 60, y: 0), duration: 1, steps: 20)
        #expect(card.surface.moves.contains { $0.x >= 904 + 55 }, "it followed the pointer")
        rig.wait(1)
        #expect(card.surface.origin == Point(x: 904, y: 16))
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
    }

    @Test("dragging the wrong way only stretches a little (rubber band under 20 px)")
    func rubberBand() throws {
        let rig = Rig()
        rig.show(#""message":"not that way","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.drag(card.id, from: grip(card.surface), by: Point(x: -200, y: 0), duration: 1, steps: 10)
        #expect(card.surface.moves.allSatisfy { $0.x > 904 - 20 })
        rig.wait(1)
        #expect(card.surface.origin == Point(x: 904, y: 16) && !card.surface.isDestroyed)
    }

    @Test("a click dismisses with reason click; with a default action it chooses that action first")
    func click() throws {
        let rig = Rig()
        rig.show(#""message":"plain","timeout":0"#)
        rig.wait(1.5)
        let plain = try #require(rig.output.live.first)
        rig.click(plain.id, at: grip(plain.surface))
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .click))
        rig.wait(1)
        rig.show(#""message":"open it","timeout":0,"actions":[{"id":"open","label":"Open"}],"default_action":"open""#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.click(card.id, at: grip(card.surface))
        #expect(rig.sink.heard(by: rig.alice).suffix(2) == [.action(id: "2", action: "open"), .dismissed(id: "2", reason: .action)])
    }

    @Test("a button's action: the owner hears action, then dismissed with reason action")
    func button() throws {
        let rig = Rig()
        rig.show(#""message":"deploy?","timeout":0,"actions":[{"id":"yes","label":"Yes"}]"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        let composed = try #require(rig.service.stage.card("1")?.composed)
        let button = try #require(composed.buttons.first?.rect)
        let origin = card.surface.origin
        rig.click(card.id, at: Point(x: origin.x + button.midX, y: origin.y + button.midY))
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1"), .action(id: "1", action: "yes"), .dismissed(id: "1", reason: .action)])
    }

    @Test("a long message is cut; a click expands the card (taller, still there), a second click dismisses it")
    func expand() throws {
        let rig = Rig()
        let long = String(repeating: "a long message that goes on ", count: 20)
        rig.show(#""message":"\#(long)","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        let collapsed = card.surface.size.height
        rig.click(card.id, at: grip(card.surface))
        rig.wait(1)
        #expect(card.surface.size.height > collapsed + 30, "\(collapsed) -> \(card.surface.size.height)")
        #expect(!card.surface.isDestroyed && rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(rig.service.nextDeadline == nil, "the height change has finished animating")
        rig.click(card.id, at: grip(card.surface))
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .click))
    }

    @Test("a new card below pushes the stack: older cards spring down to make room, gap 8 apart")
    func reflow() throws {
        let rig = Rig()
        rig.show(#""message":"first","timeout":0"#)
        rig.wait(1.5)
        let first = try #require(rig.surface(showing: "first")?.surface)
        rig.show(#""message":"second","timeout":0"#)
        rig.wait(1.5)
        let second = try #require(rig.surface(showing: "second")?.surface)
        #expect(second.origin.y == 16)
        #expect(first.origin.y == 16 + second.size.height + 8)
    }

    @Test("a compositor starting remakes every card as a new surface in place, fading with alpha")
    func compositorChange() throws {
        let rig = Rig()
        rig.show(#""message":"switch","timeout":0"#)
        rig.wait(1.5)
        let old = try #require(rig.output.live.first)
        rig.output.hasAlpha = true
        rig.input(.compositorChanged)
        let new = try #require(rig.output.live.first)
        #expect(old.surface.isDestroyed && new.id != old.id && rig.output.live.count == 1)
        // Under a compositor the accent shadow's margin makes the surface larger than the card.
        #expect(new.surface.origin.x <= 904 && new.surface.isMapped)
        rig.show(#""message":"fades in","timeout":0"#)
        let fading = try #require(rig.surface(showing: "fades in")?.surface)
        #expect(fading.opacity < 1)
        rig.wait(1.5)
        #expect(fading.opacity == 1)
    }

    @Test("a loading toast turns a spinner and keeps the loop awake at most 30 times a second; it stops when the toast ends")
    func spinner() throws {
        let rig = Rig()
        rig.show(#""message":"working","kind":"loading""#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first?.surface)
        #expect(card.spinner != nil)
        let next = try #require(rig.service.nextDeadline)
        rig.wait(next - rig.now)
        let after = try #require(rig.service.nextDeadline)
        #expect(abs(after - next - 1.0 / 30) < 1e-9, "spinner steps are 1/30 s apart, on their grid")
        rig.request(#"{"op":"dismiss","id":"1"}"#)
        rig.wait(1)
        #expect(rig.service.nextDeadline == nil)
    }

    @Test("an owner that went away hears nothing more; its toasts stay on screen")
    func forgottenOwner() {
        let rig = Rig()
        rig.show(#""message":"orphan","timeout":1"#)
        rig.service.forget(rig.alice, now: rig.now)
        rig.wait(2)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(rig.service.board.history.map(\.reason) == [.timeout])
    }

    @Test("an icon that loads is drawn; one that does not gets a warning in the reply and the kind's icon")
    func icons() {
        let rig = Rig { $0.icons["firefox"] = "/icons/firefox.png" }
        #expect(rig.request(#"{"op":"show","message":"m","icon":"firefox"}"#) == .ok(id: "1"))
        #expect(rig.service.board.toast("1")?.iconFile == "/icons/firefox.png")
        #expect(rig.surface(showing: "/icons/firefox.png") != nil)
        #expect(rig.request(#"{"op":"show","message":"m","icon":"nope"}"#)
            == .ok(id: "2", extra: [("warning", .string("no icon named \"nope\""))]))
    }
}

/// Images that decode off the loop.
@Suite struct SlowImageTests {
    @Test("a card whose image is still decoding shows the kind's icon, and is painted again with it once ready")
    func imageArrivesLater() throws {
        let rig = Rig { $0.icons["big.svg"] = "/icons/big.svg" }
        rig.output.decoding = ["/icons/big.svg"]
        rig.show(#""message":"m","icon":"big.svg","timeout":0"#)
        rig.wait(1)
        let card = try #require(rig.output.live.first?.surface)
        #expect(rig.surface(showing: "/icons/big.svg") == nil, "the kind's icon while it decodes")
        let paints = card.paints
        rig.output.decoding = []
        rig.input(.imagesReady)
        #expect(rig.surface(showing: "/icons/big.svg")?.surface === card)
        #expect(card.paints == paints + 1, "painted once more, in place")
    }
}

/// Inputs that once crashed or could: each stays a regression test.
@Suite struct HostileInputTests {
    @Test("a message of 3,000 lines, expanded by a click, stops at the monitor's height (cut with …); a second click dismisses")
    func hugeExpansion() throws {
        let rig = Rig()
        let lines = (1...3000).map { "line \($0)" }.joined(separator: "\\n")
        rig.show(#""message":"\#(lines)","timeout":0"#)
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.click(card.id, at: Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + 20))
        rig.wait(1)
        #expect(card.surface.size.height > 200, "it expanded: \(card.surface.size)")
        #expect(card.surface.size.height <= 800 - 32, "it fits the monitor: \(card.surface.size)")
        rig.click(card.id, at: Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + 20))
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .click))
    }
}

@Suite struct NarrowMonitorTests {
    @Test("three stacks of the top edge of a 640 px monitor never overlap, and a 2000 px card fits a 400 px monitor")
    func stacksOfOneEdgeKeepClear() {
        let rig = Rig { $0.monitors = [Monitor(name: "narrow", frame: Rect(x: 0, y: 0, width: 640, height: 480), isPrimary: true)] }
        for position in ["top-left", "top", "top-right"] {
            rig.show(#""message":"at \#(position)","timeout":0,"position":"\#(position)""#)
        }
        rig.wait(1.5)
        let frames = rig.restingFrames
        #expect(frames.count == 3)
        for (i, a) in frames.enumerated() {
            #expect(a.x >= 16 && a.maxX <= 624 && a.y >= 16, "\(a)")
            for b in frames[(i + 1)...] { #expect(WorkArea.intersection(a, b) == nil, "\(a) and \(b) overlap") }
        }
        // The first stack's card leaves: the others move up, still clear of each other.
        rig.request(#"{"op":"dismiss","id":"1"}"#)
        rig.wait(1.5)
        let after = rig.restingFrames
        #expect(after.count == 2 && after.map(\.y).min() == 16, "\(after)")
        #expect(WorkArea.intersection(after[0], after[1]) == nil)

        var config = Config.default
        config.cardWidth = 2000
        let small = Rig(config: config) { $0.monitors = [Monitor(name: "small", frame: Rect(x: 0, y: 0, width: 400, height: 300), isPrimary: true)] }
        small.show(#""message":"wide","timeout":0"#)
        small.wait(1.5)
        #expect(small.restingFrames.map(\.width) == [368])
        #expect(small.restingFrames.first?.x == 16)
    }
}
