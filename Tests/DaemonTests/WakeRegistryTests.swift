@testable import Daemon
#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// Issue 44: deadlines and descriptors are registered by name (`WakeRegistry`), and the loop
/// sleeps in `poll()` until the earliest: a feature with a timer registers, the loop does not change.
@Suite struct WakeRegistryTests {
    @Test("three deadlines from three owners each wake the loop at their time, by name; with none armed it would sleep until input")
    func threeOwnersWakeTheLoop() {
        let wakes = WakeRegistry(wallClock: false)
        let start = MonotonicClock.now()
        var fired: [(name: String, at: Double)] = []
        // Two owners answer their next deadline with a closure, as the board and the reply field do.
        var toastDue: Double? = start + 0.045
        var replyDue: Double? = start + 0.015
        wakes.register("toasts", due: { toastDue }, handle: { wake in
            if wake.isDue { fired.append(("toasts", wake.now)); toastDue = nil }
        })
        wakes.register("reply", due: { replyDue }, handle: { wake in
            if wake.isDue { fired.append(("reply", wake.now)); replyDue = nil }
        })
        // The third sets its deadline by name, as the hand-over's look for its successor does.
        wakes.register("successor", handle: { wake in
            if wake.isDue { fired.append(("successor", wake.now)) }
        })
        wakes.setDeadline("successor", at: start + 0.03)
        var wakeUps = 0
        while wakes.nextDue != nil, wakeUps < 10 {
            #expect(wakes.wait(now: MonotonicClock.now(), busy: false) == 0, "nothing is watched: only a deadline wakes it")
            wakes.dispatch(now: MonotonicClock.now())
            wakeUps += 1
        }
        #expect(fired.map(\.name) == ["reply", "successor", "toasts"])
        #expect(wakeUps == 3, "one wake-up per deadline, none early")
        for (name, due) in [("reply", 0.015), ("successor", 0.03), ("toasts", 0.045)] {
            #expect((fired.first { $0.name == name }?.at ?? 0) >= start + due, "\(name) woke at its time, not before")
        }
        #expect(wakes.nextDue == nil)
        #expect(WakeRegistry.timeout(until: wakes.nextDue, now: MonotonicClock.now()) == -1, "none armed: poll sleeps until input")
    }

    @Test("a cleared deadline does not wake the loop, and one set by name comes once")
    func setAndClearByName() {
        let wakes = WakeRegistry(wallClock: false)
        var fired = 0
        wakes.register("look", handle: { if $0.isDue { fired += 1 } })
        wakes.setDeadline("look", at: 10)
        #expect(wakes.nextDue == 10)
        wakes.setDeadline("look", at: nil)
        #expect(wakes.nextDue == nil)
        wakes.setDeadline("look", at: MonotonicClock.now())
        _ = wakes.wait(now: MonotonicClock.now(), busy: false)
        wakes.dispatch(now: MonotonicClock.now())
        #expect(fired == 1 && wakes.nextDue == nil)
    }

    @Test("a ready descriptor goes to the handler registered under its name, with what it was ready for")
    func descriptorsByName() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let wakes = WakeRegistry(wallClock: false)
        var heard: [String] = []
        wakes.register("quiet pipe", watching: { [.init(fd: ends[1], events: 0)] }) { _ in heard.append("quiet pipe") }
        wakes.register("pipe", watching: { [.init(fd: ends[0])] }) { wake in
            heard.append(wake.ready == [Int16(POLLIN)] ? "pipe readable" : "pipe \(wake.ready)")
        }
        #expect(write(ends[1], "x", 1) == 1)
        #expect(wakes.wait(now: MonotonicClock.now(), busy: false) == 1)
        wakes.dispatch(now: MonotonicClock.now())
        #expect(heard == ["pipe readable"])
    }

    @Test("a ready frame is served alone, before the rest, and never in two wake-ups in a row")
    func framesFirst() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(write(ends[1], "x", 1) == 1)
        let wakes = WakeRegistry(wallClock: false)
        var heard: [String] = []
        wakes.register("due", due: { 0 }, handle: { _ in heard.append("due") })
        wakes.register("frames", first: true, watching: { [.init(fd: ends[0])] }) { _ in heard.append("frames") }
        _ = wakes.wait(now: MonotonicClock.now(), busy: false)
        #expect(!wakes.dispatch(now: MonotonicClock.now()))
        #expect(heard == ["frames"])
        _ = wakes.wait(now: MonotonicClock.now(), busy: false)
        #expect(wakes.dispatch(now: MonotonicClock.now()))
        #expect(heard == ["frames", "due", "frames"])
    }
}
