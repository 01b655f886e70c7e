import CX11
import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 19, the lock screen: nothing is drawn above a locker (i3lock, a plain
    /// override-redirect window over the screen while the keyboard is held, the server's
    /// screen saver), cards up are
    /// taken off, and what came meanwhile shows after unlocking. Each test has an Xvfb of its own
    /// (i3lock grabs the keyboard and pointer).
    @Suite struct LockScreenTests {
        typealias F = FoundationTests
        /// The locker's colour, far from the cards' and the root's.
        static let lockColor: UInt32 = 0x0000FF
        /// Where a top-right card rests on a 1280x800 screen (16 px in), a point inside it.
        static let cardPoint = (x: 1100, y: 40)

        /// Runs i3lock in the foreground (`-n`) in a solid colour until the test kills it.
        func startI3lock(_ display: PrivateDisplay) throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/i3lock")
            p.arguments = ["-n", "-c", String(format: "%06x", Self.lockColor)]
            p.environment = ["DISPLAY": display.name, "PATH": "/usr/bin:/bin"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }

        /// Kills i3lock (SIGKILL: it may inherit SIGTERM blocked from the test runner, and its
        /// re-raising child ends with it) and waits for it.
        func stop(_ locker: Process) {
            guard locker.isRunning else { return }
            kill(locker.processIdentifier, SIGKILL)
            locker.waitUntilExit()
        }

        /// For `seconds`, checked every 20 ms: no card is viewable, none is above `locker` in
        /// the stacking order, and the card's place shows the locker's colour.
        func expectNothingAbove(_ locker: Window, _ probe: XProbe, for seconds: Double) throws {
            let end = Date().addingTimeInterval(seconds)
            var checks = 0
            while Date() < end {
                #expect(probe.cards().isEmpty, "a card is mapped while the locker is up")
                let order = probe.stackingOrder()
                let lockerIndex = try #require(order.firstIndex(of: locker))
                let cardWindows = Set(probe.allCardWindows())
                #expect(!order[(lockerIndex + 1)...].contains { cardWindows.contains($0) }, "a card window is above the locker")
                let pixel = try probe.pixel(Self.cardPoint.x, Self.cardPoint.y)
                #expect(pixel == Self.lockColor, "the card's place shows \(String(pixel, radix: 16)), not the locker")
                checks += 1
                usleep(20_000)
            }
            #expect(checks > 10)
        }

        @Test("i3lock: a card up is taken off when it maps, a toast sent meanwhile is never drawn above it, and shows once it exits")
        func i3lock() throws {
            let screen = try OwnScreen()
            let (display, daemon, probe) = (screen.display, screen.daemon, screen.probe)
            _ = try daemon.show(["--timeout", "0", "before the lock"])
            _ = try F.restingCards(probe, count: 1)
            let locker = try startI3lock(display)
            defer { stop(locker) }
            var lockerWindow: Window = 0
            try waitUntil("i3lock's window to be viewable") {
                lockerWindow = probe.viewableWindow(className: "i3lock") ?? 0
                return lockerWindow != 0
            }
            try waitUntil("the card up to be unmapped", timeout: 2) { probe.cards().isEmpty }
            _ = try daemon.show(["--timeout", "0", "--urgency", "critical", "one-time code 123456"])
            try expectNothingAbove(lockerWindow, probe, for: 1.5)
            stop(locker)
            let cards = try F.restingCards(probe, count: 2)
            #expect(cards.count == 2)
            #expect(try probe.pixel(Self.cardPoint.x, Self.cardPoint.y) != Self.lockColor)
            #expect(daemon.log.contains("a locker covers "), "\(daemon.log)")
        }

        @Test("a plain override-redirect window over the monitor, with the keyboard held, holds toasts like a locker; one over half of it does not")
        func plainCover() throws {
            let screen = try OwnScreen()
            let (daemon, probe) = (screen.daemon, screen.probe)
            #expect(probe.grabKeyboard())
            let half = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 400), color: 0x00FF00)
            _ = try daemon.show(["--timeout", "0", "over half"])
            _ = try F.restingCards(probe, count: 1)
            probe.destroyWindow(half)
            let cover = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 800), color: Self.lockColor)
            try waitUntil("the card up to be unmapped", timeout: 2) { probe.cards().isEmpty }
            _ = try daemon.show(["--timeout", "0", "while covered"])
            try expectNothingAbove(cover, probe, for: 1)
            probe.unmapWindow(cover)
            _ = try F.restingCards(probe, count: 2)
        }

        @Test("a locker already up when the daemon starts holds toasts from the first; gone, they show")
        func lockerBeforeStart() throws {
            var cover: Window = 0
            let screen = try OwnScreen { probe in
                cover = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 800), color: Self.lockColor)
                #expect(probe.grabKeyboard())
            }
            let (daemon, probe) = (screen.daemon, screen.probe)
            _ = try daemon.show(["--timeout", "0", "at start"])
            try expectNothingAbove(cover, probe, for: 0.5)
            probe.destroyWindow(cover)
            _ = try F.restingCards(probe, count: 1)
        }

        @Test("another client's 600 override-redirect windows (past the table's 256) do not hide a locker, nor stall the daemon")
        func manyWindows() throws {
            let screen = try OwnScreen()
            let (daemon, probe) = (screen.daemon, screen.probe)
            _ = try daemon.show(["--timeout", "0", "up"])
            _ = try F.restingCards(probe, count: 1)
            for i in 0..<600 {
                let w = probe.makeOverrideRedirectWindow(Rect(x: Double(i % 50), y: 500, width: 10, height: 10), color: 0x00FF00)
                if i % 3 == 0 { probe.unmapWindow(w) }
            }
            #expect(probe.grabKeyboard())
            let cover = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 800), color: Self.lockColor)
            try waitUntil("the card up to be unmapped", timeout: 2) { probe.cards().isEmpty }
            let started = Date()
            #expect(try daemon.xtoast(["list"]).status == 0)
            #expect(Date().timeIntervalSince(started) < 1, "the daemon answers at once")
            probe.unmapWindow(cover)
            _ = try F.restingCards(probe, count: 1)
        }

        @Test("issue 32: a covering window with the keyboard free (a lowered kiosk, an input-transparent overlay) holds nothing; an InputOnly one with the keyboard held neither")
        func coverWithoutGrab() throws {
            let screen = try OwnScreen()
            let (daemon, probe) = (screen.daemon, screen.probe)
            let cover = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 800), color: Self.lockColor)
            XLowerWindow(probe.display, cover)
            XSync(probe.display, 0)
            _ = try daemon.show(["--timeout", "0", "over a lowered cover"])
            _ = try F.restingCards(probe, count: 1)
            probe.destroyWindow(cover)
            _ = probe.makeInputOnlyWindow(Rect(x: 0, y: 0, width: 1280, height: 800))
            #expect(probe.grabKeyboard())
            _ = try daemon.show(["--timeout", "0", "over an InputOnly cover"])
            _ = try F.restingCards(probe, count: 2)
            #expect(!daemon.log.contains("a locker covers"), "\(daemon.log)")
        }

        @Test("lock = show: toasts show over a covering window as anywhere")
        func lockShow() throws {
            let screen = try OwnScreen(config: "[general]\nlock = show\n")
            let (daemon, probe) = (screen.daemon, screen.probe)
            _ = probe.makeOverrideRedirectWindow(Rect(x: 0, y: 0, width: 1280, height: 800), color: Self.lockColor)
            _ = try daemon.show(["--timeout", "0", "shown anyway"])
            _ = try F.restingCards(probe, count: 1)
            #expect(try probe.pixel(Self.cardPoint.x, Self.cardPoint.y) != Self.lockColor)
        }

        @Test("the server's screen saver on (xset s activate) takes cards off; off again (xset s reset), they come back")
        func screenSaver() throws {
            let screen = try OwnScreen()
            let (display, daemon, probe) = (screen.display, screen.daemon, screen.probe)
            _ = try daemon.show(["--timeout", "0", "before the saver"])
            _ = try F.restingCards(probe, count: 1)
            _ = try display.run("xset", ["s", "activate"])
            try waitUntil("the card to be unmapped", timeout: 2) { probe.cards().isEmpty }
            _ = try daemon.show(["--timeout", "0", "while saved"])
            _ = try display.run("xset", ["s", "reset"])
            _ = try F.restingCards(probe, count: 2)
        }
    }
}

extension XProbe {
    /// The root's children, bottom to top. The corresponding C function is `XQueryTree`.
    func stackingOrder() -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    private func className(_ w: Window) -> String? {
        var hint = XClassHint()
        guard XGetClassHint(display, w, &hint) != 0 else { return nil }
        let name = hint.res_name.map { String(cString: $0) }
        if let n = hint.res_name { XFree(n) }
        if let c = hint.res_class { XFree(c) }
        return name
    }

    /// Every window of the daemon's (mapped or not).
    func allCardWindows() -> [Window] { stackingOrder().filter { className($0) == "xtoast" } }

    /// The first viewable root child whose WM_CLASS name is `className`.
    func viewableWindow(className name: String) -> Window? {
        stackingOrder().first { w in
            var a = XWindowAttributes()
            return XGetWindowAttributes(display, w, &a) != 0 && a.map_state == IsViewable && className(w) == name
        }
    }

    /// Maps an override-redirect window of one colour, as a locker does, and waits until the
    /// server has it.
    func makeOverrideRedirectWindow(_ frame: Rect, color: UInt32) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = UInt(color)
        let w = XCreateWindow(display, root, Int32(frame.x), Int32(frame.y), UInt32(frame.width), UInt32(frame.height), 0,
                              XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                              UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(display, w)
        XSync(display, 0)
        return w
    }

    /// An InputOnly override-redirect window (invisible, it only catches input), mapped.
    func makeInputOnlyWindow(_ frame: Rect) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let w = XCreateWindow(display, root, Int32(frame.x), Int32(frame.y), UInt32(frame.width), UInt32(frame.height), 0,
                              0, UInt32(InputOnly), nil, UInt(CWOverrideRedirect), &attributes)
        XMapRaised(display, w)
        XSync(display, 0)
        return w
    }

    /// Takes the keyboard as a locker does (the daemon's probe then finds it held); it goes
    /// back when this connection closes. The corresponding C function is `XGrabKeyboard`.
    func grabKeyboard() -> Bool {
        let taken = XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess
        XSync(display, 0)
        return taken
    }

    func ungrabKeyboard() {
        XUngrabKeyboard(display, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// A 32-bit property's first value; nil when the window has none.
    func cardinal(_ window: Window, _ name: String) -> UInt? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, XInternAtom(display, name, 0), 0, 1, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, count == 1 else { return nil }
        return data.withMemoryRebound(to: UInt.self, capacity: 1) { UInt(UInt32(truncatingIfNeeded: $0.pointee)) }
    }

    func unmapWindow(_ w: Window) {
        XUnmapWindow(display, w)
        XSync(display, 0)
    }

    func destroyWindow(_ w: Window) {
        XDestroyWindow(display, w)
        XSync(display, 0)
    }
}
