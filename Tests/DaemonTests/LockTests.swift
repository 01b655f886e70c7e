@testable import Daemon
import Testing
import ToastCore

/// The lock screen on the fake output: a locker's arrival withdraws the cards of the
/// monitors it covers in the same loop turn, nothing is mapped there while it stays, and
/// what waited shows in order once it goes.
@Suite struct LockTests {
    @Test("a locker's arrival takes every visible card (and the one sliding out) off the screen in the same turn, with no slide")
    func withdrawnAtOnce() throws {
        let rig = Rig()
        rig.show(#""message":"one","timeout":0"#)
        rig.show(#""message":"two","timeout":0"#)
        rig.show(#""message":"going","timeout":0"#)
        rig.wait(1.5)
        let going = try #require(rig.surface(showing: "going")?.surface)
        rig.request(#"{"op":"dismiss","id":"3"}"#)
        rig.wait(0.05)
        #expect(!going.isDestroyed, "still sliding out")
        let cards = rig.output.live.map(\.surface)
        #expect(cards.count == 3)
        let moves = cards.map(\.moves.count)
        rig.input(.lockChanged(["screen"]))
        #expect(rig.output.live.isEmpty, "no card is on screen after the turn the locker came")
        #expect(cards.allSatisfy(\.isDestroyed) && going.isDestroyed)
        #expect(cards.map(\.moves.count) == moves, "none slid: they went where they were")
        rig.wait(0.1)
        #expect(rig.service.stage.nextFrame == nil, "no frames run for withdrawn cards")
        #expect(rig.sink.heard(by: rig.alice).filter { if case .dismissed = $0 { true } else { false } } == [.dismissed(id: "3", reason: .api)],
                "the withdrawn toasts are not ended")
    }

    @Test("while locked no card is mapped, critical toasts included; after unlocking all show, in order, with one shown each")
    func holdsThenShowsInOrder() throws {
        let rig = Rig()
        rig.show(#""message":"kiwi","timeout":0"#)
        rig.wait(1)
        rig.input(.lockChanged(["screen"]))
        let start = rig.output.surfaces.keys.map(\.raw).max() ?? 0
        rig.show(#""message":"mango","timeout":5"#)
        rig.show(#""message":"papaya","timeout":5"#)
        rig.show(#""message":"quince","timeout":5,"urgency":"critical""#)
        rig.wait(30)
        #expect(!rig.output.surfaces.contains { $0.key.raw > start && $0.value.isMapped }, "nothing was mapped while locked")
        #expect(!rig.sink.heard(by: rig.alice).contains(.dismissed(id: "2", reason: .timeout)), "timers do not run while waiting")
        rig.input(.lockChanged([]))
        rig.wait(1.5)
        for word in ["kiwi", "mango", "papaya", "quince"] { #expect(rig.surface(showing: word) != nil, "\(word) shows after unlocking") }
        let shown = rig.sink.heard(by: rig.alice).compactMap { if case let .shown(id) = $0 { id } else { nil } }
        #expect(shown.sorted() == ["1", "2", "3", "4"], "one shown each: \(shown)")
        #expect(shown.firstIndex(of: "2")! < shown.firstIndex(of: "3")!, "the two normal ones in the order they came: \(shown)")
    }

    @Test("a locker on one monitor: cards there go, the other monitor's stay and new toasts show there")
    func oneMonitor() throws {
        // Words a card's scene does not hold otherwise (its text alignment prints as `left`).
        let rig = Rig(configure: { o in
            o.monitors = [Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true),
                          Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1280, height: 800))]
        })
        rig.show(#""message":"westward","timeout":0,"monitor":"LEFT""#)
        rig.show(#""message":"right","timeout":0,"monitor":"RIGHT""#)
        rig.wait(1)
        rig.input(.lockChanged(["LEFT"]))
        #expect(rig.surface(showing: "westward") == nil)
        #expect(rig.surface(showing: "right") != nil)
        rig.show(#""message":"more right","timeout":0,"monitor":"RIGHT""#)
        rig.show(#""message":"more westward","timeout":0,"monitor":"LEFT""#)
        rig.wait(1)
        #expect(rig.surface(showing: "more right") != nil && rig.surface(showing: "more westward") == nil)
        rig.input(.lockChanged([]))
        rig.wait(1)
        #expect(rig.surface(showing: "more westward") != nil && rig.surface(showing: "westward") != nil)
    }

    @Test("lock = show: a locker changes nothing, cards stay and new ones show")
    func lockShow() {
        var config = Config.default
        config.lock = .show
        let rig = Rig(config: config)
        rig.show(#""message":"up","timeout":0"#)
        rig.wait(1)
        rig.input(.lockChanged(["screen"]))
        #expect(rig.surface(showing: "up") != nil)
        rig.show(#""message":"new","timeout":0"#)
        rig.wait(1)
        #expect(rig.surface(showing: "new") != nil)
    }
}

extension LockTests {
    @Test("a card under the pointer when the locker comes: after unlocking its timer runs again (the hover went with the card)")
    func hoverGoesWithTheCard() throws {
        let rig = Rig()
        rig.show(#""message":"hovered","timeout":2"#)
        rig.wait(1)
        let card = try #require(rig.surface(showing: "hovered"))
        rig.input(.enter(surface: card.id, grabbing: false))
        rig.wait(3)
        #expect(rig.surface(showing: "hovered") != nil, "held while hovered")
        rig.input(.lockChanged(["screen"]))
        #expect(rig.surface(showing: "hovered") == nil)
        rig.input(.lockChanged([]))
        rig.wait(5)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: "1", reason: .timeout), "\(rig.sink.heard(by: rig.alice))")
    }
}

/// Issue 25: nothing of the daemon over a locker, whoever asks, and what waited shows in the
/// order it came.
extension LockTests {
    @Test("center open while locked answers an error and maps nothing; the centre's key does nothing either; unlocked, it opens")
    func centerRefusedWhileLocked() throws {
        let rig = Rig()
        rig.show(#""title":"secret","message":"one-time code 123456","timeout":1"#)
        rig.wait(2)
        rig.input(.lockChanged(["screen"]))
        let before = Set(rig.output.surfaces.keys)
        guard case let .error(message) = rig.request(#"{"op":"center","action":"open"}"#) else {
            Issue.record("center open was not refused")
            return
        }
        #expect(message.contains("locker"), "\(message)")
        #expect(rig.request(#"{"op":"center","action":"toggle"}"#).isError)
        rig.service.perform(.toggleCenter, now: rig.now)
        rig.wait(1)
        #expect(!rig.service.center.isOpen)
        #expect(Set(rig.output.surfaces.keys) == before, "no surface was even made")
        #expect(rig.output.keyboard == nil, "nor the keyboard taken")
        rig.input(.lockChanged([]))
        #expect(rig.request(#"{"op":"center","action":"open"}"#) == .ok(id: nil, extra: [("open", .bool(true))]))
    }

    @Test("center open asks the screen first: a locker only the keyboard probe finds refuses it too")
    func centerAsksFirst() {
        let rig = Rig()
        rig.output.lock = ["screen"]
        #expect(rig.request(#"{"op":"center","action":"open"}"#).isError)
        #expect(rig.output.live.isEmpty)
    }

    @Test("a locker only the probe finds (no .lockChanged yet): a toast that would map asks first and maps nothing; unlocked, it shows")
    func probedBeforeMapping() throws {
        let rig = Rig()
        rig.output.lock = ["screen"]
        rig.show(#""message":"guarded","timeout":0,"urgency":"critical""#)
        rig.wait(1)
        #expect(rig.output.lockQuestions > 0)
        #expect(rig.output.surfaces.values.allSatisfy { !$0.isMapped }, "nothing mapped over the locker")
        #expect(rig.sink.heard(by: rig.alice).isEmpty, "not announced as shown while held")
        rig.input(.lockChanged([]))
        rig.wait(1)
        #expect(rig.surface(showing: "guarded") != nil)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
    }

    @Test("nothing to map, nothing asked: pointer input and requests that map nothing do not probe the keyboard")
    func noProbeWithoutMapping() {
        let rig = Rig()
        rig.show(#""message":"up","timeout":0"#)
        rig.wait(1)
        let asked = rig.output.lockQuestions
        rig.input(.motion(surface: SurfaceID(1), root: Point(x: 5, y: 5), time: 1))
        _ = rig.request(#"{"op":"list"}"#)
        rig.wait(1)
        #expect(rig.output.lockQuestions == asked)
    }

    @Test("lock = show: the screen is not asked before a toast maps")
    func lockShowAsksNothing() {
        var config = Config.default
        config.lock = .show
        let rig = Rig(config: config)
        rig.show(#""message":"up","timeout":0"#)
        rig.wait(1)
        #expect(rig.output.lockQuestions == 0)
    }

    @Test("after unlocking, what waited shows in the order it came: the card taken off first, then a critical toast sent third after the two before it")
    func arrivalOrderAfterUnlock() throws {
        let rig = Rig()
        rig.show(#""message":"kiwi","timeout":0"#)
        rig.wait(1)
        rig.input(.lockChanged(["screen"]))
        rig.show(#""message":"mango","timeout":0"#)
        rig.show(#""message":"papaya","timeout":0"#)
        rig.show(#""message":"quince","timeout":0,"urgency":"critical""#)
        rig.wait(1)
        rig.input(.lockChanged([]))
        rig.wait(1.5)
        let shown = rig.sink.heard(by: rig.alice).compactMap { if case let .shown(id) = $0 { id } else { nil } }
        #expect(shown == ["1", "2", "3", "4"], "\(shown)")
        // The cards stand as they would had there been no lock.
        let words = ["kiwi", "mango", "papaya", "quince"]
        func order(_ rig: Rig) -> [String] {
            words.compactMap { w in rig.surface(showing: w).map { (w, $0.surface.origin.y) } }.sorted { $0.1 < $1.1 }.map(\.0)
        }
        let plain = Rig()
        plain.show(#""message":"kiwi","timeout":0"#)
        plain.show(#""message":"mango","timeout":0"#)
        plain.show(#""message":"papaya","timeout":0"#)
        plain.show(#""message":"quince","timeout":0,"urgency":"critical""#)
        plain.wait(1.5)
        #expect(order(plain).count == 4)
        #expect(order(rig) == order(plain))
    }

    @Test("after unlocking with one card at a time (max_visible 1), the waiting toasts come one by one in arrival order")
    func arrivalOrderOneAtATime() throws {
        var config = Config.default
        config.maxVisible = 1
        let rig = Rig(config: config)
        rig.input(.lockChanged(["screen"]))
        rig.show(#""message":"first","timeout":1"#)
        rig.show(#""message":"second","timeout":1"#)
        rig.show(#""message":"third","timeout":1,"urgency":"critical""#)
        rig.input(.lockChanged([]))
        rig.wait(10)
        let shown = rig.sink.heard(by: rig.alice).compactMap { if case let .shown(id) = $0 { id } else { nil } }
        #expect(shown == ["1", "2", "3"], "\(shown)")
    }
}

extension Reply {
    var isError: Bool { if case .error = self { true } else { false } }
}

extension LockTests {
    @Test("an open centre shuts when a locker comes under lock = hold, and stays under lock = show")
    func centreAndLockMode() throws {
        let held = Rig()
        #expect(held.request(#"{"op":"center","action":"open"}"#) == .ok(id: nil, extra: [("open", .bool(true))]))
        held.input(.lockChanged(["screen"]))
        #expect(!held.service.center.isOpen && held.output.live.isEmpty)
        var config = Config.default
        config.lock = .show
        let shown = Rig(config: config)
        shown.request(#"{"op":"center","action":"open"}"#)
        shown.input(.lockChanged(["screen"]))
        #expect(shown.service.center.isOpen && shown.output.live.count == 1)
        #expect(shown.request(#"{"op":"center","action":"close"}"#) == .ok(id: nil, extra: [("open", .bool(false))]))
        #expect(shown.request(#"{"op":"center","action":"open"}"#) == .ok(id: nil, extra: [("open", .bool(true))]),
                "lock = show: the centre opens over a locker as toasts show")
    }
}
