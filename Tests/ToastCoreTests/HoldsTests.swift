import Testing
import ToastCore

/// The holds on the board: do-not-disturb, fullscreen (each mode, per monitor, a rule's
/// word, critical toasts), the lock screen and idle, alone and together.
@Suite struct HoldsTests {
    let alice = Owner(.socket, 1)

    func request(_ message: String, timeout: Double = 10, urgency: Urgency = .normal) -> ShowRequest {
        var r = ShowRequest(message: message, timeout: timeout)
        r.urgency = urgency
        return r
    }

    func board(fullscreen: FullscreenMode = .delay, lock: LockMode = .hold) -> Board {
        var config = Config()
        config.fullscreen = fullscreen
        config.lock = lock
        return Board(config: config)
    }

    func visible(_ board: Board, _ monitor: String = "A") -> [String] {
        board.view(of: StackKey(monitor: monitor, position: .topRight)).fromEdge.map(\.message)
    }

    func events(_ changes: BoardChanges) -> [ToastEvent] { changes.deliveries.map(\.event) }

    @Test("fullscreen = delay: new toasts on that monitor wait with no timer and show in order afterwards, once; the other monitor shows")
    func delayIsPerMonitor() {
        var b = board()
        b.show(request("up"), owner: alice, monitor: "A", now: 0)
        b.setHold(.fullscreen, monitors: ["A"], now: 1)
        b.show(request("one"), owner: alice, monitor: "A", now: 2)
        b.show(request("two"), owner: alice, monitor: "A", now: 3)
        b.show(request("elsewhere"), owner: alice, monitor: "B", now: 3)
        #expect(visible(b) == ["up"], "a card already up stays under delay")
        #expect(visible(b, "B") == ["elsewhere"])
        #expect(b.view(of: StackKey(monitor: "A", position: .topRight)).more == nil, "no count over the fullscreen window")
        _ = b.takeChanges()
        b.expire(now: 100)
        #expect(visible(b) == [], "the one up timed out; the waiting ones do not")
        b.setHold(.fullscreen, monitors: [], now: 200)
        #expect(visible(b) == ["two", "one"])
        let shown = events(b.takeChanges()).filter { if case .shown = $0 { true } else { false } }
        #expect(shown == [.shown(id: "2"), .shown(id: "3")])
        b.expire(now: 209)
        #expect(visible(b) == ["two", "one"], "their timers start when they show")
        b.expire(now: 210)
        #expect(visible(b) == [])
    }

    @Test("fullscreen = pushback takes cards up back to wait, timers kept, and they return without a second shown")
    func pushback() {
        var b = board(fullscreen: .pushback)
        b.show(request("up", timeout: 10), owner: alice, monitor: "A", now: 0)
        _ = b.takeChanges()
        b.setHold(.fullscreen, true, monitor: "A", now: 4)
        #expect(visible(b) == [])
        let pushed = b.takeChanges()
        #expect(pushed.left.isEmpty && events(pushed).isEmpty, "still live: it waits, nobody hears of it")
        #expect(b.toast("1") != nil)
        b.setHold(.fullscreen, false, monitor: "A", now: 50)
        #expect(visible(b) == ["up"])
        let back = b.takeChanges()
        #expect(events(back).isEmpty && back.entered == ["1"], "it enters again, without a second shown")
        b.expire(now: 55.9)
        #expect(visible(b) == ["up"], "6 s were left")
        b.expire(now: 56)
        #expect(visible(b) == [])
    }

    @Test("fullscreen = suppress sends new toasts straight to history as suppressed; a critical toast shows; a rule's word wins")
    func suppressAndCritical() {
        var b = board(fullscreen: .suppress)
        b.setHold(.fullscreen, true, monitor: "A", now: 0)
        b.show(request("gone"), owner: alice, monitor: "A", now: 1)
        #expect(events(b.takeChanges()) == [.dismissed(id: "1", reason: .suppressed)])
        #expect(b.history.map(\.toast.message) == ["gone"])
        b.show(request("fire", urgency: .critical), owner: alice, monitor: "A", now: 2)
        #expect(visible(b) == ["fire"], "critical toasts show over fullscreen unless a rule says otherwise")
        var quiet = Toast(request("critical but delayed", urgency: .critical), id: "", config: b.config)
        quiet.fullscreen = .delay
        b.show(quiet, owner: alice, monitor: "A", now: 3)
        var through = Toast(request("presenter"), id: "", config: b.config)
        through.fullscreen = .show
        b.show(through, owner: alice, monitor: "A", now: 3)
        #expect(visible(b) == ["presenter", "fire"])
        b.setHold(.fullscreen, false, monitor: "A", now: 9)
        #expect(visible(b) == ["critical but delayed", "presenter", "fire"])
    }

    @Test("the lock holds everything, critical too, pushes cards up back to wait, and wins over suppress; lock = show ignores it")
    func lock() {
        var b = board(fullscreen: .suppress)
        b.show(request("secret code", urgency: .critical), owner: alice, monitor: "A", now: 0)
        b.setHold(.lock, true, now: 1)
        #expect(visible(b) == [])
        b.show(request("later"), owner: alice, monitor: "A", now: 2)
        b.setHold(.fullscreen, true, monitor: "A", now: 2)
        b.show(request("while both"), owner: alice, monitor: "A", now: 3)
        #expect(b.history.isEmpty, "a locked monitor suppresses nothing: it only waits")
        b.setHold(.lock, false, now: 10)
        #expect(visible(b) == ["secret code"], "fullscreen still holds the normal ones")
        b.setHold(.fullscreen, false, monitor: "A", now: 11)
        #expect(visible(b) == ["while both", "later", "secret code"])

        var open = board(lock: .show)
        open.setHold(.lock, true, monitor: "A", now: 0)
        open.show(request("shown"), owner: alice, monitor: "A", now: 1)
        #expect(visible(open) == ["shown"])
    }

    @Test("do-not-disturb, fullscreen and lock combine: each release shows only what no remaining reason holds")
    func combined() {
        var b = board()
        b.setDoNotDisturb(true, now: 0)
        b.setHold(.fullscreen, true, monitor: "A", now: 0)
        b.setHold(.lock, true, monitor: "A", now: 0)
        b.show(request("normal"), owner: alice, monitor: "A", now: 1)
        b.show(request("critical", urgency: .critical), owner: alice, monitor: "A", now: 1)
        #expect(visible(b) == [])
        b.setHold(.lock, false, monitor: "A", now: 2)
        #expect(visible(b) == ["critical"])
        b.setHold(.fullscreen, false, monitor: "A", now: 3)
        #expect(visible(b) == ["critical"], "do-not-disturb still holds the normal one")
        b.setDoNotDisturb(false, now: 4)
        #expect(visible(b) == ["normal", "critical"])
        #expect(b.holds(on: "A").isEmpty && b.monitorHolds.isEmpty)
    }

    @Test("idle stops timers (not a transient toast's), keeps cards up, and gives at least 2 s back; not where fullscreen is")
    func idle() {
        var b = board(fullscreen: .show)
        b.show(request("long", timeout: 10), owner: alice, monitor: "A", now: 0)
        b.show(request("short", timeout: 3), owner: alice, monitor: "A", now: 0)
        var osd = Toast(request("volume", timeout: 3), id: "", config: b.config)
        osd.transient = true
        b.show(osd, owner: alice, monitor: "A", now: 0)
        b.show(request("video", timeout: 3), owner: alice, monitor: "B", now: 0)
        b.setHold(.fullscreen, true, monitor: "B", now: 0)
        b.setHold(.idle, true, now: 2.5)
        #expect(b.holds(on: "A") == [.idle] && b.holds(on: "B") == [.fullscreen])
        b.expire(now: 500)
        #expect(visible(b) == ["short", "long"], "the transient one timed out; the others wait for the user")
        #expect(visible(b, "B") == [], "fullscreen does not count as away")
        b.setHold(.idle, false, now: 1000)
        b.expire(now: 1001.9)
        #expect(visible(b) == ["short", "long"], "0.5 s was left: it gets 2 s")
        b.expire(now: 1002)
        #expect(visible(b) == ["long"])
        b.expire(now: 1007.5)
        #expect(visible(b) == [], "7.5 s was left")
    }

    @Test("a new config's fullscreen mode applies to what waits at once")
    func reconfigure() {
        var b = board()
        b.setHold(.fullscreen, true, monitor: "A", now: 0)
        b.show(request("waiting"), owner: alice, monitor: "A", now: 1)
        var config = b.config
        config.fullscreen = .show
        b.reconfigure(config, now: 2)
        #expect(visible(b) == ["waiting"])
    }
}
