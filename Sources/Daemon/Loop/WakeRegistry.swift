#if canImport(Glibc)
import Glibc
#endif

/// What wakes the loop, registered by name, as mako's `add_event_loop_timer`: any part of the
/// daemon registers the deadline it wants to be woken at (a closure answering when, or a time
/// set and cleared by name) and the descriptors it waits on, with a handler. The loop sleeps in
/// `poll()` until the earliest deadline or a ready descriptor, then calls each registration
/// that is due or ready, in the order they were registered. With nothing armed it sleeps until
/// a descriptor is ready: it never wakes on a period. A feature with a timer registers here
/// and the loop does not change.
///
///     wakes.register("toasts", due: { board.nextDeadline })   // woken only: the turn does the work
///     wakes.register("signals", watching: { [.init(fd: signals)] }) { wake in handleSignals(now: wake.now) }
///     wakes.setDeadline("successor", at: now + 0.05)           // once; nil clears it
final class WakeRegistry {
    /// A descriptor a registration waits on, and for what (`POLLIN`, `POLLOUT`; 0: only its
    /// hang-up or error).
    struct Watch {
        var fd: Int32
        var events = Int16(POLLIN)
    }

    /// Why a handler is called: what each of its watches was ready for (0: not ready), in
    /// the order its `watching` gave them, whether its deadline came, and the wake's time.
    struct Wake {
        var ready: [Int16]
        var isDue: Bool
        var now: Double
        /// Whether any of its descriptors was ready.
        var isReady: Bool { ready.contains { $0 != 0 } }
    }

    private struct Registration {
        let name: String
        /// Served alone, before anyone else, when ready (a due frame): see `dispatch`.
        let first: Bool
        let due: () -> Double?
        let wall: () -> Double?
        let watching: () -> [Watch]
        let handle: (Wake) -> Void
    }

    /// A registration as the last `wait` saw it: its deadline and where its watches sit in `polled`.
    private struct Polled {
        let registration: Registration
        let due: Double?
        let slots: Range<Int>
    }

    private var registrations: [Registration] = []
    /// Deadlines set by name (`setDeadline`), each due once.
    private var armed: [String: Double] = [:]
    /// Fires at the earliest wall-clock deadline, through a suspend the monotonic clock stood
    /// still for; nil when it cannot be made (or is not wanted): the monotonic deadline alone serves.
    private let wallTimer: WallTimer?
    private var polled: [Polled] = []
    private var descriptors: [pollfd] = []
    /// The wall timer's place in `descriptors`, when it was polled.
    private var wallSlot: Int?
    /// The last wake served only the `first` registrations: the next serves everyone.
    private var servedFirstOnly = false

    /// `wallClock`: whether wall-clock deadlines get a timer of their own (a `WallTimer`).
    init(wallClock: Bool = true) {
        wallTimer = wallClock ? WallTimer() : nil
    }

    /// Registers (or, under a name already registered, replaces) what wakes one part of the
    /// daemon, asked before each sleep: `watching`, first, the descriptors it waits on (it may
    /// arm a timer of its own there); `due`, when it wants to be woken on the daemon's monotonic
    /// clock (nil: not armed; a time already past, such as 0: do not sleep); `wall`, the same
    /// deadline in UNIX seconds, for one that must come through a suspend. `handle` runs when
    /// it is due or a descriptor is ready. `first`: a ready descriptor of it is served in a
    /// wake of its own, before the rest (a frame is drawn before anyone is served).
    func register(_ name: String, first: Bool = false, due: @escaping () -> Double? = { nil },
                  wall: @escaping () -> Double? = { nil }, watching: @escaping () -> [Watch] = { [] },
                  handle: @escaping (Wake) -> Void = { _ in }) {
        let registration = Registration(name: name, first: first, due: due, wall: wall, watching: watching, handle: handle)
        if let i = registrations.firstIndex(where: { $0.name == name }) {
            registrations[i] = registration
        } else {
            registrations.append(registration)
        }
    }

    /// Arms the deadline named `name` once at `time` (nil clears it); the registration of
    /// that name, if any, is called when it comes.
    func setDeadline(_ name: String, at time: Double?) {
        armed[name] = time
    }

    /// The earliest deadline armed now; nil: none, the loop would sleep until a descriptor is ready.
    var nextDue: Double? {
        (registrations.compactMap { $0.due() } + armed.values).min()
    }

    /// `poll()`'s timeout for deadline `next` at `now`: milliseconds, rounded up so a deadline
    /// is never slept short and spun on; -1 (until a descriptor is ready) for none.
    static func timeout(until next: Double?, now: Double) -> Int32 {
        guard let next else { return -1 }
        return Int32(min(86_400_000, (max(0, next - now) * 1000).rounded(.up)))
    }

    /// Sleeps in `poll()` until the earliest deadline or a ready descriptor (not at all while
    /// `busy`: work waits that no descriptor shows); poll's result, -1 with `errno` on failure.
    func wait(now: Double, busy: Bool) -> Int32 {
        descriptors.removeAll(keepingCapacity: true)
        polled.removeAll(keepingCapacity: true)
        var walls: [Double] = []
        for registration in registrations {
            let start = descriptors.count
            for watch in registration.watching() { descriptors.append(pollfd(fd: watch.fd, events: watch.events, revents: 0)) }
            let due = [registration.due(), armed[registration.name]].compactMap { $0 }.min()
            if let wall = registration.wall() { walls.append(wall) }
            polled.append(Polled(registration: registration, due: due, slots: start..<descriptors.count))
        }
        wallSlot = nil
        if let wallTimer {
            wallTimer.arm(at: walls.min())
            wallSlot = descriptors.count
            descriptors.append(pollfd(fd: wallTimer.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        let next = (polled.compactMap(\.due) + armed.values).min()
        return poll(&descriptors, nfds_t(descriptors.count), busy ? 0 : Self.timeout(until: next, now: now))
    }

    /// Calls, after `wait`, each registration that is due by `now` or has a descriptor
    /// ready, in the order they were registered; a deadline set by name is cleared as it comes.
    /// False when only the `first` ones were served (the rest are served at the next wake,
    /// which `poll()` finds ready at once; never two such wakes in a row, so on a machine too
    /// slow to draw a frame in its period nothing waits behind the frames).
    @discardableResult
    func dispatch(now: Double) -> Bool {
        let served = polled
        if !servedFirstOnly, served.contains(where: { $0.registration.first && isReady($0) }) {
            servedFirstOnly = true
            for item in served where item.registration.first && isReady(item) {
                item.registration.handle(wake(item, isDue: false, now: now))
            }
            return false
        }
        servedFirstOnly = false
        // The wall clock reached a deadline, or was set: the handlers look at it again.
        if let wallSlot, descriptors[wallSlot].revents != 0 { wallTimer?.clear() }
        // Due once: cleared before the handlers run, so one may set it again.
        for (name, time) in armed where time <= now { armed[name] = nil }
        for item in served {
            let isDue = item.due.map { $0 <= now } ?? false
            guard isDue || isReady(item) else { continue }
            item.registration.handle(wake(item, isDue: isDue, now: now))
        }
        return true
    }

    private func isReady(_ item: Polled) -> Bool {
        descriptors[item.slots].contains { $0.revents != 0 }
    }

    private func wake(_ item: Polled, isDue: Bool, now: Double) -> Wake {
        Wake(ready: descriptors[item.slots].map(\.revents), isDue: isDue, now: now)
    }
}
