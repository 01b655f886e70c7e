import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 3: enter, exit, reflow, the stack's queue, swipe and hover, on a real X server.
    @Suite struct MotionTests {
        typealias F = FoundationTests

        @Test("during the enter animation the window is seen at several positions, ending at its rest frame")
        func enterAnimation() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            _ = try daemon.show(["--timeout", "0", "sliding in"])
            var xs: [Double] = []
            try waitUntil("the card to come to rest", timeout: 3) {
                guard let card = probe.cards().first else { return false }
                if xs.last != card.frame.x { xs.append(card.frame.x) }
                return card.frame.x == 1280 - 16 - 360 && xs.count > 1
            }
            #expect(xs.count >= 5, "positions seen: \(xs)")
            // It comes from the right edge: the first positions are further right than the rest frame.
            #expect((xs.first ?? 0) > 904)
            let rest = try #require(try F.restingCards(probe, count: 1).first)
            #expect(rest.frame.x == 904 && rest.frame.y == 16)
        }

        @Test("a fast drag outward dismisses with reason swipe; the card leaves in the drag's direction")
        func fastSwipe() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try #require(try client.request(#"{"op":"show","message":"swipe me","timeout":0}"#)["id"]?.string)
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            let from = Point(x: f.x + 40, y: f.y + f.height / 2)
            // 100 px to the right in 60 ms: well above 0.5 px/ms, well below 40% of the width.
            probe.drag(from: from, to: Point(x: from.x + 100, y: from.y), steps: 6, duration: 0.06)
            let event = try client.event("dismissed")
            #expect(event["id"]?.string == id && event["reason"]?.string == "swipe", "\(event.text)")
            var sawRight = false
            try waitUntil("the card to slide off to the right") {
                if let c = probe.cards().first, c.frame.x > f.x + 100 { sawRight = true }
                return probe.cards().isEmpty
            }
            #expect(sawRight)
        }

        /// Crossings come as XInput 2 events, which no client can forge: forged core crossings
        /// sent with their mask reach no one (`xflood crossing`), so cost the daemon nothing.
        @Test("a plain card asks the X server for pointer motion only while the first button is held, one with buttons for every motion; neither for core crossings")
        func plainCardsTakeNoHoverMotion() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","message":"plain","timeout":0}"#)
            let plain = try #require(try F.restingCards(probe, count: 1).first).window
            _ = try client.request(#"{"op":"show","message":"Approve?","timeout":0,"actions":[{"id":"ok","label":"Approve"}]}"#)
            let cards = try F.restingCards(probe, count: 2)
            let buttons = try #require(cards.first { $0.window != plain }).window
            let plainMask = probe.eventMask(of: plain), buttonsMask = probe.eventMask(of: buttons)
            #expect(plainMask & PointerMotionMask == 0 && plainMask & Button1MotionMask != 0, "\(String(plainMask, radix: 16))")
            #expect(buttonsMask & PointerMotionMask != 0, "\(String(buttonsMask, radix: 16))")
            for mask in [plainMask, buttonsMask] {
                #expect(mask & (EnterWindowMask | LeaveWindowMask) == 0, "\(String(mask, radix: 16))")
            }
        }

        @Test("a flick into the screen's edge, held there before the release, still throws the card off (the pointer stopped at the edge read as a stop)")
        func flickIntoTheEdge() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try #require(try client.request(#"{"op":"show","message":"flick me off","timeout":0}"#)["id"]?.string)
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            // 20 px from the card's right end, 36 px from the screen's: the server stops the
            // pointer at x = 1279 after 35 px, far short of the 144 px that dismiss by distance.
            let from = Point(x: f.maxX - 20, y: f.y + f.height / 2)
            probe.drag(from: from, to: Point(x: from.x + 100, y: from.y), steps: 6, duration: 0.06, hold: 0.15)
            let event = try client.event("dismissed")
            #expect(event["id"]?.string == id && event["reason"]?.string == "swipe", "\(event.text)")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("a short slow drag returns the card to exactly its rest position, and does not dismiss it")
        func slowDragSnapsBack() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","message":"hold on","timeout":0}"#)
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            let from = Point(x: f.x + 40, y: f.y + f.height / 2)
            probe.movePointer(to: from)
            probe.button(down: true)
            var followed = false
            for i in 1...20 {
                usleep(20_000)
                probe.movePointer(to: Point(x: from.x + Double(i) * 3, y: from.y))
            }
            // The card follows the pointer 1:1 while dragged.
            try waitUntil("the card to follow the pointer") {
                followed = probe.cards().first?.frame.x == f.x + 60
                return followed
            }
            usleep(150_000) // stand still before letting go: no flick
            probe.button(down: false)
            probe.movePointer(to: Point(x: 10, y: 700))
            let back = try #require(try F.restingCards(probe, count: 1).first)
            #expect(back.frame == f)
            #expect(throws: TestFailure.self) { try client.event("dismissed", timeout: 0.3) }
        }

        @Test("dragging inward is rubber-banded: the card moves a little, never past 20 px")
        func rubberBand() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            _ = try daemon.show(["--timeout", "0", "not that way"])
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            let from = Point(x: f.x + 300, y: f.y + f.height / 2)
            probe.movePointer(to: from)
            probe.button(down: true)
            for i in 1...10 {
                usleep(15_000)
                probe.movePointer(to: Point(x: from.x - Double(i) * 25, y: from.y))
            }
            try waitUntil("the card to move left a little") { (probe.cards().first?.frame.x ?? f.x) < f.x - 5 }
            let x = try #require(probe.cards().first?.frame.x)
            #expect(x > f.x - 20 && x < f.x)
            usleep(120_000)
            probe.button(down: false)
            probe.movePointer(to: Point(x: 10, y: 700))
            #expect(try F.restingCards(probe, count: 1).first?.frame == f)
        }

        @Test("a 1 s toast hovered for 3 s is still there, and goes about 1 s after the pointer leaves")
        func hoverPauses() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            // The pointer waits where the card will rest, so it is over the card as it slides in.
            probe.movePointer(to: Point(x: 904 + 60, y: 40))
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","message":"hover me","timeout":1}"#)
            #expect(throws: TestFailure.self) { try client.event("dismissed", timeout: 3) }
            #expect(probe.cardsOnScreen().count == 1)
            let left = Date()
            probe.movePointer(to: Point(x: 10, y: 700))
            let event = try client.event("dismissed", timeout: 3)
            let after = Date().timeIntervalSince(left)
            #expect(event["reason"]?.string == "timeout")
            // About the time it had left when hovered (under 1 s), not a fresh second or nothing.
            #expect(after > 0.6 && after < 1.6, "went \(after) s after the pointer left")
        }

        @Test("seven toasts give five cards and a '+2 more' card; the sixth appears when one leaves")
        func queue() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            var ids: [String] = []
            for i in 1...7 { ids.append(try daemon.show(["--timeout", "0", "toast \(i)"])) }
            let cards = try F.restingCards(probe, count: 6)
            let more = try #require(cards.min { $0.frame.width < $1.frame.width })
            #expect(more.frame.width < 200, "the +N card is small")
            // It sits below the oldest visible card (furthest from the top edge).
            #expect(more.frame.y == cards.map(\.frame.y).max())
            // The newest is nearest the edge; stacked 8 px apart.
            let full = cards.filter { $0 != more }.sorted { $0.frame.y < $1.frame.y }
            for (a, b) in zip(full, full.dropFirst()) { #expect(b.frame.y == a.frame.maxY + 8) }
            // Dismissing a waiting toast leaves five full cards and a '+1 more' card.
            #expect(try daemon.xtoast(["dismiss", ids[6]]).status == 0)
            let after = try F.restingCards(probe, count: 6)
            #expect(after.filter { $0.frame.width == 360 }.count == 5)
            // When a visible one leaves, the sixth takes its place, and the +N card goes.
            let oldest = try #require(full.last)
            try daemon.xtoast(["dismiss", ids[0]])
            let last = try F.restingCards(probe, count: 5)
            #expect(last.allSatisfy { $0.frame.width == 360 }, "the +N card left once nothing waits")
            #expect(last.map(\.frame.y).max() == oldest.frame.y)
        }

        @Test("a queued toast's timer starts only when it is shown")
        func queuedTimersWait() throws {
            let daemon = try DaemonHarness(config: "[general]\nmax_visible = 1\n")
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            let first = try #require(try client.request(#"{"op":"show","message":"first","timeout":0}"#)["id"]?.string)
            _ = try client.request(#"{"op":"show","message":"second","timeout":0.5}"#)
            _ = try F.restingCards(probe, count: 2)
            #expect(throws: TestFailure.self) { try client.event("dismissed", timeout: 1) }
            try daemon.xtoast(["dismiss", first])
            #expect(try client.event("dismissed")["reason"]?.string == "api")
            let shown = Date()
            #expect(try client.event("dismissed", timeout: 3)["reason"]?.string == "timeout")
            #expect(Date().timeIntervalSince(shown) > 0.4)
        }

        @Test("once everything is still, the daemon sleeps with nothing timed (poll without a timeout, the frame timer disarmed) and makes no wakeups")
        func idleWakeups() throws {
            // Its own X server: another test's leftover window moving on the shared one would
            // wake the daemon (it watches the screen's windows), which is not its own wakeup.
            let screen = try OwnScreen()
            let daemon = screen.daemon, probe = screen.probe
            probe.movePointer(to: Point(x: 10, y: 700))
            for i in 1...3 { _ = try daemon.show(["--timeout", "0", "still \(i)"]) }
            _ = try F.restingCards(probe, count: 3)
            let pid = daemon.process.processIdentifier
            // Nothing timed is left to wake it once this holds: only news could.
            try Self.waitUntilQuiet(pid)
            let before = try Self.contextSwitches(pid)
            // The measurement itself: with no deadline armed, half a second shows what three did.
            usleep(500_000)
            let after = try Self.contextSwitches(pid)
            #expect(after - before <= 1, "woke \(after - before) times while idle")
        }

        /// Whether the daemon's loop thread sleeps with nothing timed: blocked in `poll` with no
        /// timeout (`/proc/PID/syscall`), and every timerfd it holds (the frame timer) disarmed
        /// (`/proc/PID/fdinfo`). False while it runs.
        static func sleepsUntimed(_ pid: Int32) throws -> Bool {
            let call = try String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8).split(separator: " ")
            guard call.count > 3 else { return false }
            #if arch(x86_64)
            // poll (7) with a timeout of -1, or ppoll (271) with no timeout.
            let untimed = (call[0] == "7" && (call[3] == "0xffffffff" || call[3] == "0xffffffffffffffff")) || (call[0] == "271" && call[3] == "0x0")
            #else
            // ppoll (73 on arm64) with no timeout.
            let untimed = call[0] == "73" && call[3] == "0x0"
            #endif
            guard untimed else { return false }
            for fd in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") {
                guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == "anon_inode:[timerfd]",
                      let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8) else { continue }
                if !info.contains("it_value: (0, 0)") { return false }
            }
            return true
        }

        /// Waits until the daemon sleeps with nothing timed and has not woken for 200 ms: its
        /// start's one-off answers (the bus's, the X server's, the desktop settings' readers),
        /// which a loaded machine delays past the first untimed sleep, are over. A daemon that
        /// woke on its own every so often would never get there, and this would time out.
        static func waitUntilQuiet(_ pid: Int32) throws {
            try waitUntil("the daemon to sleep with nothing timed and no wakeup for 200 ms", timeout: 15) {
                guard try sleepsUntimed(pid) else { return false }
                let before = try contextSwitches(pid)
                usleep(200_000)
                return try contextSwitches(pid) == before && sleepsUntimed(pid)
            }
        }

        /// What the daemon's descriptors are (for a failure's message: which one woke it).
        static func descriptors(_ pid: Int32) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).sorted().map {
                "\($0)=\((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "?")"
            }
        }

        static func contextSwitches(_ pid: Int32) throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
            return try #require(Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
        }
    }
}
