import Testing
import ToastCore

/// The lock screen's table: which other clients' override-redirect windows cover a monitor
/// (judged here with the keyboard held, as under a locker), the bounded table of them, and
/// the screen saver. `LockDecisionTests` has the decision itself.
@Suite struct CoveringTests {
    let left = Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true)
    let right = Monitor(name: "RIGHT", frame: Rect(x: 1920, y: 0, width: 1280, height: 1024))
    var monitors: [Monitor] { [left, right] }

    func frame(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Rect? { CoveringWindows.frame(x: x, y: y, width: w, height: h) }
    /// The monitors locked while another client holds the keyboard (as a locker does).
    func locked(_ t: CoveringWindows) -> Set<String> { t.verdict(monitors, keyboard: .grabbed).monitors }

    @Test("a window covers a monitor from 90% of its area: the whole rectangle, or a panel's height short; not 80%, not a corner")
    func coverShare() {
        let m = left.frame
        #expect(CoveringWindows.covers(m, m))
        #expect(CoveringWindows.covers(Rect(x: -10, y: -10, width: 4000, height: 3000), m), "larger than the monitor")
        #expect(CoveringWindows.covers(Rect(x: 0, y: 30, width: 1920, height: 1050), m), "a panel's height short")
        #expect(!CoveringWindows.covers(Rect(x: 0, y: 0, width: 1920, height: 864), m), "80%")
        #expect(!CoveringWindows.covers(Rect(x: 1800, y: 900, width: 500, height: 500), m))
        #expect(!CoveringWindows.covers(Rect(x: 1920, y: 0, width: 1280, height: 1024), m), "the neighbour only touches it")
        #expect(!CoveringWindows.covers(m, Rect(x: 0, y: 0, width: 0, height: 0)), "an empty monitor is never covered")
    }

    @Test("sizes and places out of range give no frame (so cover nothing); the border counts in the frame")
    func ranges() {
        #expect(frame(0, 0, 0, 10) == nil)
        #expect(frame(0, 0, 10, -1) == nil)
        #expect(frame(0, 0, 70_000, 10) == nil)
        #expect(frame(-70_000, 0, 10, 10) == nil)
        #expect(frame(0, 0, Int.max, Int.max) == nil)
        #expect(CoveringWindows.frame(x: 0, y: 0, width: 10, height: 10, border: -1) == nil)
        #expect(CoveringWindows.frame(x: 5, y: 5, width: 10, height: 10, border: 2) == Rect(x: 5, y: 5, width: 14, height: 14))
    }

    @Test("an i3lock-like window: created over the whole screen, mapped locks both monitors; unmapped or destroyed, none")
    func lockerOverTheScreen() {
        var t = CoveringWindows()
        t.created(7, frame: frame(0, 0, 3200, 1080), overrideRedirect: true, ours: false)
        #expect(locked(t).isEmpty, "created but not mapped yet")
        let known = t.mapped(7, overrideRedirect: true, ours: false)
        #expect(known)
        #expect(locked(t) == ["LEFT", "RIGHT"])
        t.unmapped(7)
        #expect(locked(t).isEmpty)
        t.mapped(7, overrideRedirect: true, ours: false)
        t.removed(7)
        #expect(locked(t).isEmpty)
        #expect(t.count == 0)
    }

    @Test("a window covering one monitor locks that one; one moved onto the other follows; a small one locks none")
    func perMonitor() {
        var t = CoveringWindows()
        t.created(1, frame: frame(1920, 0, 1280, 1024), overrideRedirect: true, mapped: true, ours: false)
        t.created(2, frame: frame(100, 100, 400, 300), overrideRedirect: true, mapped: true, ours: false)
        #expect(locked(t) == ["RIGHT"])
        t.configured(1, frame: frame(0, 0, 1920, 1080), overrideRedirect: true, ours: false)
        #expect(locked(t) == ["LEFT"])
        t.configured(1, frame: frame(0, 0, 1920, 500), overrideRedirect: true, ours: false)
        #expect(locked(t).isEmpty, "shrunk to half")
    }

    @Test("managed windows (a fullscreen video) and the daemon's own are not lockers; a window that stops being override-redirect is dropped")
    func notCounted() {
        var t = CoveringWindows()
        t.created(1, frame: frame(0, 0, 1920, 1080), overrideRedirect: false, mapped: true, ours: false)
        t.created(2, frame: frame(0, 0, 1920, 1080), overrideRedirect: true, mapped: true, ours: true)
        let managed = t.mapped(1, overrideRedirect: false, ours: false)
        #expect(managed)
        #expect(locked(t).isEmpty)
        #expect(t.count == 0)
        t.created(3, frame: frame(0, 0, 1920, 1080), overrideRedirect: true, mapped: true, ours: false)
        #expect(locked(t) == ["LEFT"])
        t.configured(3, frame: frame(0, 0, 1920, 1080), overrideRedirect: false, ours: false)
        #expect(locked(t).isEmpty)
    }

    @Test("a window not known (forgotten, or made override-redirect later) asks to be looked up rather than being guessed")
    func unknownWindows() {
        var t = CoveringWindows()
        let mapped = t.mapped(9, overrideRedirect: true, ours: false)
        let configured = t.configured(9, frame: frame(0, 0, 10, 10), overrideRedirect: true, ours: false)
        let managed = t.mapped(9, overrideRedirect: false, ours: false)
        #expect(!mapped && !configured)
        #expect(managed, "a managed window needs no look-up")
        t.unmapped(9)
        t.removed(9)
        #expect(t.count == 0)
    }

    @Test("the table holds 256 windows at most; when full, small unmapped windows go first and a mapped locker stays")
    func bounded() {
        var t = CoveringWindows()
        t.created(1, frame: frame(0, 0, 1920, 1080), overrideRedirect: true, mapped: true, ours: false)
        for i in 2...1000 {
            t.created(UInt(i), frame: frame(i % 1900, 0, 20, 20), overrideRedirect: true, mapped: i % 2 == 0, ours: false)
        }
        #expect(t.count == CoveringWindows.capacity)
        #expect(locked(t) == ["LEFT"], "the locker was kept")
        t.removed(1)
        #expect(locked(t).isEmpty)
    }

    @Test("the screen saver on locks every monitor, whatever windows there are; off, only the windows count")
    func saver() {
        var t = CoveringWindows()
        t.saverIsOn = true
        #expect(locked(t) == ["LEFT", "RIGHT"])
        t.saverIsOn = false
        #expect(locked(t).isEmpty)
    }

    @Test("the board's locked monitors: those a lock holds under lock = hold; none under lock = show")
    func boardDrawsNothing() {
        var config = Config()
        var b = Board(config: config)
        b.setHold(.lock, monitors: ["A"], now: 0)
        #expect(b.monitorsDrawingNothing == ["A"])
        #expect(b.policy(on: "A").drawsNothing && !b.policy(on: "B").drawsNothing)
        b.setHold(.fullscreen, monitors: ["B"], now: 0)
        #expect(b.monitorsDrawingNothing == ["A"], "fullscreen is not a lock")
        config.lock = .show
        b.reconfigure(config, now: 0)
        #expect(b.monitorsDrawingNothing.isEmpty)
        b.setHold(.lock, monitors: [], now: 0)
        #expect(!b.policy(on: "A").drawsNothing)
    }
}
