import Testing
import ToastCore

/// Issue 25: what counts as locked, from the facts the X layer gathers. A compositor's overlay
/// window (full screen, override-redirect) must not hold toasts by itself; a known locker
/// does at once; any other covering window does only while another client holds the keyboard.
@Suite struct LockDecisionTests {
    let left = Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true)
    let right = Monitor(name: "RIGHT", frame: Rect(x: 1920, y: 0, width: 1280, height: 1024))
    var monitors: [Monitor] { [left, right] }
    let screen = Rect(x: 0, y: 0, width: 3200, height: 1080)

    func decide(_ windows: [LockFacts.Window], keyboard: KeyboardProbe? = nil, saver: Bool = false) -> LockVerdict {
        LockDecision.decide(LockFacts(saverIsOn: saver, windows: windows, keyboard: keyboard), monitors: monitors)
    }

    @Test("the compositor's overlay window alone: a probe is needed; the keyboard free, nothing is locked; held, both monitors are")
    func overlayWindow() {
        let overlay = LockFacts.Window(frame: screen, identity: WindowIdentity())
        #expect(decide([overlay]) == LockVerdict(monitors: [], needsProbe: true))
        #expect(decide([overlay], keyboard: .free) == LockVerdict(monitors: []))
        #expect(decide([overlay], keyboard: .grabbed) == LockVerdict(monitors: ["LEFT", "RIGHT"]), "xsecurelock draws inside it")
        #expect(decide([LockFacts.Window(frame: screen)]).needsProbe, "not read yet: the probe tells")
    }

    @Test("a known locker locks what it covers with no probe, by WM_CLASS instance, class or _NET_WM_NAME, whatever the case")
    func knownLockers() {
        for identity in [WindowIdentity(instance: "i3lock", className: "i3lock"), WindowIdentity(className: "XScreenSaver"),
                         WindowIdentity(name: "xsecurelock"), WindowIdentity(instance: "slock"), WindowIdentity(className: "Light-locker")] {
            #expect(decide([LockFacts.Window(frame: screen, identity: identity)], keyboard: .free) == LockVerdict(monitors: ["LEFT", "RIGHT"]),
                    "\(identity)")
        }
        let onRight = LockFacts.Window(frame: right.frame, identity: WindowIdentity(instance: "i3lock"))
        #expect(decide([onRight]) == LockVerdict(monitors: ["RIGHT"]))
        let small = LockFacts.Window(frame: Rect(x: 10, y: 10, width: 300, height: 200), identity: WindowIdentity(instance: "xscreensaver"))
        #expect(decide([small]) == LockVerdict(monitors: ["LEFT", "RIGHT"]), "a locker's window that covers nothing still locks the session")
        let named = LockFacts.Window(frame: screen, identity: WindowIdentity(name: "man i3lock"))
        #expect(decide([named], keyboard: .free).monitors.isEmpty, "only a whole name counts")
    }

    @Test("a screenshot overlay (slop, maim, flameshot) with the keyboard held is not a lock; nor is a window over half a monitor")
    func notLocks() {
        for tool in ["slop", "maim", "Flameshot"] {
            let overlay = LockFacts.Window(frame: screen, identity: WindowIdentity(instance: tool))
            #expect(decide([overlay], keyboard: .grabbed) == LockVerdict(monitors: []), "\(tool)")
            #expect(!decide([overlay]).needsProbe)
        }
        let half = LockFacts.Window(frame: Rect(x: 0, y: 0, width: 1920, height: 500), identity: WindowIdentity())
        #expect(decide([half]) == LockVerdict(monitors: []))
        #expect(decide([half], keyboard: .grabbed) == LockVerdict(monitors: []))
    }

    @Test("a known locker on one monitor and an unknown cover on the other: the probe decides the other only")
    func mixed() {
        let locker = LockFacts.Window(frame: left.frame, identity: WindowIdentity(instance: "i3lock"))
        let cover = LockFacts.Window(frame: right.frame, identity: WindowIdentity(instance: "kiosk"))
        #expect(decide([locker, cover]) == LockVerdict(monitors: ["LEFT"], needsProbe: true))
        #expect(decide([locker, cover], keyboard: .free) == LockVerdict(monitors: ["LEFT"]))
        #expect(decide([locker, cover], keyboard: .grabbed) == LockVerdict(monitors: ["LEFT", "RIGHT"]))
        let both = LockFacts.Window(frame: screen, identity: WindowIdentity(instance: "i3lock"))
        #expect(decide([both, cover]) == LockVerdict(monitors: ["LEFT", "RIGHT"]), "nothing left to probe for")
    }

    @Test("the screen saver on locks every monitor with no probe")
    func saver() {
        #expect(decide([], saver: true) == LockVerdict(monitors: ["LEFT", "RIGHT"]))
        #expect(decide([LockFacts.Window(frame: screen)], saver: true) == LockVerdict(monitors: ["LEFT", "RIGHT"]))
    }

    @Test("the table: InputOnly windows and unmapped ones are no facts; a window read keeps its names; each change moves the generation")
    func tableFacts() {
        var t = CoveringWindows()
        t.created(1, frame: CoveringWindows.frame(x: 0, y: 0, width: 3200, height: 1080), overrideRedirect: true, mapped: true, ours: false)
        #expect(t.unread(monitors) == [1])
        #expect(t.verdict(monitors, keyboard: nil).needsProbe, "not read: counted as InputOutput")
        let before = t.generation
        t.read(1, inputOutput: false, identity: WindowIdentity())
        #expect(t.generation != before)
        #expect(t.facts.windows.isEmpty, "an invisible InputOnly window covers nothing")
        #expect(t.verdict(monitors, keyboard: .grabbed).monitors.isEmpty)
        #expect(t.unread(monitors).isEmpty)
        t.created(2, frame: CoveringWindows.frame(x: 0, y: 0, width: 1920, height: 1080), overrideRedirect: true, mapped: true, ours: false)
        t.read(2, inputOutput: true, identity: WindowIdentity(instance: "i3lock"))
        #expect(t.verdict(monitors, keyboard: nil) == LockVerdict(monitors: ["LEFT"]))
        t.created(2, frame: CoveringWindows.frame(x: 0, y: 0, width: 1920, height: 1080), overrideRedirect: true, mapped: true, ours: false)
        #expect(t.verdict(monitors, keyboard: nil) == LockVerdict(monitors: ["LEFT"]), "asked about again, its names stay")
        let mapped = t.generation
        t.changedInside(2)
        #expect(t.generation != mapped, "a child made or gone inside it")
        let inside = t.generation
        t.changedInside(99)
        #expect(t.generation == inside, "not a window of the table")
        t.renamed(2)
        #expect(t.unread(monitors) == [2], "renamed: read again")
        t.unmapped(2)
        #expect(t.verdict(monitors, keyboard: .grabbed).monitors.isEmpty)
    }
}
