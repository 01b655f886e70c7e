#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// A one-shot timer whose expiry makes a descriptor readable, so the poll loop can wait for
/// the next animation frame together with the X connection, the socket and the signals, and
/// sleep without a timeout while nothing moves.
///
/// Armed at an absolute CLOCK_MONOTONIC time (the clock `MonotonicClock` reads): a late
/// loop iteration does not push the frame later, and a deadline already past fires at once.
/// Owns its descriptor and closes it when released.
/// The corresponding C functions are `timerfd_create`, `timerfd_settime`, `read` and `close`.
final class FrameTimer {
    /// Why the timer cannot be created or armed, with errno's text.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The descriptor to poll for `POLLIN`.
    let fileDescriptor: Int32
    /// The deadline the timer is armed for, in monotonic seconds; nil while disarmed.
    private(set) var deadline: Double?

    init() throws(Failure) {
        let fd = xt_timerfd_create()
        guard fd >= 0 else { throw Failure(message: "cannot create the frame timer: \(String(cString: strerror(errno)))") }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Arms the timer to fire once at `seconds` on CLOCK_MONOTONIC, replacing any earlier deadline.
    func arm(at seconds: Double) throws(Failure) {
        guard xt_timerfd_arm_at(fileDescriptor, Self.nanoseconds(seconds)) == 0 else {
            throw Failure(message: "cannot arm the frame timer: \(String(cString: strerror(errno)))")
        }
        deadline = seconds
    }

    /// Stops the timer; it stays open and fires again only once armed.
    /// Cannot fail on a descriptor this type created, so a failure is ignored.
    func disarm() {
        _ = xt_timerfd_disarm(fileDescriptor)
        deadline = nil
    }

    /// Consumes the expiry so poll stops reporting the descriptor readable; true when the
    /// timer had fired. The timer is one-shot, so after a fire it is disarmed.
    @discardableResult
    func clear() -> Bool {
        var expirations: UInt64 = 0
        while true {
            let n = read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
            if n < 0, errno == EINTR { continue }
            guard n == MemoryLayout<UInt64>.size, expirations > 0 else { return false }
            deadline = nil
            return true
        }
    }

    /// `seconds` as whole nanoseconds for `timerfd_settime`, rounded up so the timer never
    /// fires before the deadline. Times at or before the clock's start, and NaN, become 1 ns
    /// (due at once; 0 would disarm); times beyond `UInt64` nanoseconds are clamped, as a
    /// plain conversion would trap.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        let ns = (seconds * 1e9).rounded(.up)
        guard ns >= 1 else { return 1 }
        guard ns < 0x1p64 else { return .max }
        return UInt64(ns)
    }
}
