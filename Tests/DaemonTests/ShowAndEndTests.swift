@testable import Daemon
import JSONCodec
import Testing
import ToastCore

/// Showing, updating, replacing and ending toasts: where cards come to rest and who hears what.
@Suite struct ShowAndEndTests {
    @Test("a shown toast gets a mapped card that comes to rest at the top-right corner, 16 px in; its owner hears shown")
    func showRests() throws {
        let rig = Rig()
        let id = rig.show()
        #expect(id == "1")
        let card = try #require(rig.output.live.first?.surface)
        #expect(card.isMapped && card.paints >= 1)
        #expect(card.origin.x > 904, "a new card starts off its edge and slides in: \(card.origin)")
        rig.wait(1.5)
        #expect(rig.restingFrames.map(\.origin) == [Point(x: 904, y: 16)])
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(rig.service.nextDeadline != nil, "its timeout is still to come")
    }

    @Test("ids come from one counter; events go to the owner, and to subscribers only")
    func eventsToOwners() {
        let rig = Rig()
        rig.request(#"{"op":"subscribe"}"#, from: rig.bob)
        let a = rig.show(#""message":"a""#, from: rig.alice)
        let c = rig.show(#""message":"c""#, from: Owner(.bus, 9))
        #expect(a == "1" && c == "2")
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(rig.sink.heard(by: Owner(.bus, 9)) == [.shown(id: "2")])
        #expect(rig.sink.heard(by: rig.bob) == [.shown(id: "1"), .shown(id: "2")])
    }

    @Test("a toast times out after its seconds: dismissed with reason timeout, and its card slides off and goes")
    func timeout() throws {
        let rig = Rig()
        rig.show(#""message":"brief","timeout":1"#)
        let surface = try #require(rig.output.live.first?.surface)
        rig.wait(0.9)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        rig.wait(0.2)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .timeout))
        rig.wait(1)
        #expect(surface.isDestroyed)
        #expect(surface.moves.last.map { $0.x >= 1280 } == true, "it left past the right edge: \(surface.moves.suffix(3))")
        #expect(rig.service.nextDeadline == nil, "nothing left to do: the loop sleeps")
    }

    @Test("timeout 0 keeps a toast; once its card rests the loop has no deadline at all")
    func idleHasNoDeadline() {
        let rig = Rig()
        rig.show(#""message":"stay","timeout":0"#)
        rig.wait(2)
        #expect(rig.output.live.count == 1)
        #expect(rig.service.nextDeadline == nil)
    }

    @Test("update changes the card in place: same surface repainted with the new text, owner hears updated")
    func update() throws {
        let rig = Rig()
        rig.show(#""message":"before","timeout":0"#)
        rig.wait(1)
        let before = try #require(rig.surface(showing: "before"))
        #expect(rig.request(#"{"op":"update","id":"1","message":"after"}"#) == .ok(id: "1"))
        let after = try #require(rig.surface(showing: "after"))
        #expect(after.id == before.id && rig.output.live.count == 1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1"), .updated(id: "1")])
        #expect(rig.request(#"{"op":"update","id":"nope","message":"x"}"#) == .error("no toast with id \"nope\""))
    }

    @Test("dismiss ends a toast with reason api; dismiss --all ends every one; an unknown id is an error")
    func dismiss() {
        let rig = Rig()
        rig.show(#""message":"one""#)
        rig.show(#""message":"two""#)
        rig.show(#""message":"three""#)
        #expect(rig.request(#"{"op":"dismiss","id":"2"}"#) == .ok(id: "2"))
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "2", reason: .api))
        #expect(rig.request(#"{"op":"dismiss","id":"2"}"#) == .error("no toast with id \"2\""))
        rig.request(#"{"op":"dismiss","all":true}"#)
        let ended = rig.sink.heard(by: rig.alice).filter { if case .dismissed = $0 { true } else { false } }
        #expect(ended.count == 3)
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
    }

    @Test("showing a live id replaces it in place: the first owner hears replaced, the new one shown; one card stays, and one history entry once it ends")
    func replaceByID() throws {
        let rig = Rig()
        rig.show(#""id":"build","message":"compiling","timeout":0"#, from: rig.alice)
        rig.wait(1)
        let card = try #require(rig.output.live.first)
        rig.show(#""id":"build","message":"linked","timeout":0"#, from: rig.bob)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "build"), .dismissed(id: "build", reason: .replaced)])
        #expect(rig.sink.heard(by: rig.bob) == [.shown(id: "build")])
        #expect(rig.output.live.count == 1 && rig.output.live.first?.id == card.id)
        #expect(rig.surface(showing: "linked") != nil)
        #expect(rig.service.board.history.isEmpty, "the same notification: its entry is the new toast's")
        rig.request(#"{"op":"dismiss","id":"build"}"#, from: rig.bob)
        #expect(rig.service.board.history.map(\.toast.message) == ["linked"])
        #expect(rig.service.board.history.last?.toast.updates == 1)
    }

    @Test("the same id at another position: the old card leaves its corner, the new one enters at its own")
    func replaceElsewhere() throws {
        let rig = Rig()
        rig.show(#""id":"x","message":"here","timeout":0"#)
        rig.wait(1)
        rig.show(#""id":"x","message":"there","timeout":0,"position":"bottom-left""#)
        rig.wait(1.5)
        #expect(rig.restingFrames.count == 1)
        let frame = try #require(rig.restingFrames.first)
        #expect(frame.x == 16 && frame.maxY == 800 - 16)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "x"), .dismissed(id: "x", reason: .replaced), .shown(id: "x")])
    }

    @Test("a silent replacement keeps the id, the slot and the owner, and sends no dismissed")
    func silentReplace() throws {
        let rig = Rig()
        var request = ShowRequest(message: "one", timeout: 0)
        request.app = "mail"
        #expect(rig.service.submit(Submission(request, source: .bus), from: rig.alice, now: rig.now, wallNow: 0).id == "1")
        rig.wait(1)
        request.message = "two"
        // The D-Bus server's replaces_id.
        var replacing = Submission(request, source: .bus)
        replacing.replacesID = "1"
        #expect(rig.service.submit(replacing, from: rig.alice, now: rig.now, wallNow: 0).id == "1")
        #expect(rig.surface(showing: "two") != nil && rig.output.live.count == 1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1"), .updated(id: "1")])
    }

    @Test("shutdown ends every toast, visible or waiting, with reason shutdown, and every card goes")
    func shutdown() {
        let rig = Rig()
        for _ in 0..<7 { rig.show(#""message":"m","timeout":0"#) }
        rig.wait(0.1)
        rig.service.shutdown(now: rig.now)
        let ended = rig.sink.heard(by: rig.alice).filter { $0 == .dismissed(id: $0.id, reason: .shutdown) }
        #expect(ended.count == 7)
        #expect(rig.output.live.isEmpty)
        #expect(rig.service.nextDeadline == nil)
    }

    @Test("list and history answer from the board: states, remaining time, reasons and wall-clock end times")
    func listAndHistory() throws {
        let rig = Rig()
        rig.show(#""message":"one","timeout":3"#)
        rig.wait(1)
        guard case let .ok(_, extra) = rig.request(#"{"op":"list"}"#) else { Issue.record("list refused"); return }
        let list = JSON.object(extra)
        #expect(list["paused"] == .bool(false))
        #expect(item(list["toasts"], 0)?["state"] == .string("visible"))
        #expect(item(list["toasts"], 0)?["remaining"] == .number(2))
        rig.request(#"{"op":"dismiss","id":"1"}"#)
        guard case let .ok(_, h) = rig.request(#"{"op":"history"}"#) else { Issue.record("history refused"); return }
        let entry = try #require(item(JSON.object(h)["history"], 0))
        #expect(entry["reason"] == .string("api"))
        #expect(entry["ended"] == .number((1_700_000_000 + rig.now).rounded(.down)))
    }
}
