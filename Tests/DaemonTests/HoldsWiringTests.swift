import ConfigParsing
@testable import Daemon
import Testing
import ToastCore

/// Issue 19: the screen's fullscreen and idle news, as the loop hands it to the service: the
/// board holds, the cards on the fake screen follow, the owners hear what the setting says.
@Suite struct HoldsWiringTests {
    static func twoMonitors(_ output: FakeOutput) {
        output.monitors = [Monitor(name: "A", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true),
                           Monitor(name: "B", frame: Rect(x: 1280, y: 0, width: 1280, height: 800))]
    }

    static func rig(_ general: String = "") -> Rig {
        var config = Config()
        if !general.isEmpty { config = ConfigParser.parse("[general]\n" + general, file: "config").config }
        return Rig(config: config, configure: twoMonitors)
    }

    /// Toasts on screen, by their text, on each monitor.
    func onScreen(_ rig: Rig, _ text: String) -> Bool { rig.surface(showing: text) != nil }

    @Test("fullscreen on A (delay): no card for A's new toast, B's shows; it enters, heard once as shown, when fullscreen ends")
    func delay() {
        let rig = Self.rig()
        rig.input(.fullscreenChanged(monitors: ["A"]))
        let held = rig.show(#""message":"for A","timeout":1"#)
        rig.show(#""message":"for B","timeout":0,"monitor":"B""#)
        rig.wait(5)
        #expect(!onScreen(rig, "for A") && onScreen(rig, "for B"))
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "2")], "the held one is not shown, nor timed out")
        rig.input(.fullscreenChanged(monitors: []))
        #expect(onScreen(rig, "for A"))
        rig.wait(0.5)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "2"), .shown(id: held)])
        rig.wait(1)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: held, reason: .timeout), "its second starts when it shows")
    }

    @Test("fullscreen = pushback: the card up leaves the screen, still live, and comes back without a second shown")
    func pushback() throws {
        let rig = Self.rig("fullscreen = pushback")
        rig.show(#""message":"up","timeout":0"#)
        rig.wait(1)
        let first = try #require(rig.surface(showing: "up")).id
        rig.input(.fullscreenChanged(monitors: ["A"]))
        rig.wait(1)
        #expect(!onScreen(rig, "up") && rig.output.surfaces[first]?.isDestroyed == true)
        #expect(rig.service.board.toast("1") != nil)
        rig.input(.fullscreenChanged(monitors: []))
        rig.wait(1)
        #expect(onScreen(rig, "up"))
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
    }

    @Test("fullscreen = suppress: a new toast on the held monitor ends at once as suppressed, never drawn")
    func suppress() {
        let rig = Self.rig("fullscreen = suppress")
        rig.input(.fullscreenChanged(monitors: ["A", "B"]))
        let id = rig.show(#""message":"quiet""#)
        #expect(rig.sink.heard(by: rig.alice) == [.dismissed(id: id, reason: .suppressed)])
        #expect(rig.output.surfaces.isEmpty)
    }

    @Test("idle stops a card's timer; input again gives it what it had left, at least 2 s")
    func idle() {
        let rig = Self.rig()
        let id = rig.show(#""message":"read me","timeout":3"#)
        rig.wait(2.5)
        rig.input(.idleChanged(true))
        rig.wait(600)
        #expect(onScreen(rig, "read me"))
        rig.input(.idleChanged(false))
        rig.wait(1.9)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: id)])
        rig.wait(0.2)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: id, reason: .timeout))
    }

    @Test("idle_threshold is armed at start and again only when a reload changes it, which ends an idle spell")
    func rearm() {
        var file = "[general]\nidle_threshold = 30\n"
        var config = ConfigParser.parse(file, file: "config").config
        let rig = Rig(config: config, loadConfig: { _ in (ConfigParser.parse(file, file: "config").config, []) })
        #expect(rig.output.idleThresholds == [30])
        rig.request(#"{"op":"reload"}"#)
        #expect(rig.output.idleThresholds == [30], "unchanged: the alarms stay")
        rig.input(.idleChanged(true))
        #expect(rig.service.board.holds(on: "screen") == [.idle])
        file = "[general]\nidle_threshold = 0\n"
        config = ConfigParser.parse(file, file: "config").config
        rig.request(#"{"op":"reload"}"#)
        #expect(rig.output.idleThresholds == [30, 0] && config.idleThreshold == 0)
        #expect(rig.service.board.holds(on: "screen").isEmpty)
    }
}
