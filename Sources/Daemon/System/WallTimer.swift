#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// A one-shot timer on the wall clock (CLOCK_REALTIME), for do-not-disturb's end and the quiet
/// schedules' boundaries: after a suspend the monotonic clock the loop sleeps on has stood
/// still, but this timer fires as soon as the machine wakes past its time. Setting the clock
/// (by hand, or NTP stepping it) wakes it too, so the time is looked at again. Owns its
/// descriptor. The corresponding C functions are `timerfd_create`, `timerfd_settime` and `read`.
final class WallTimer {
    let fileDescriptor: Int32
    /// The UNIX time it is armed for; nil while disarmed.
    private(set) var deadline: Double?

    init?() {
        let fd = xt_timerfd_create_realtime()
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Arms it for `wall` (UNIX seconds), or disarms it for nil; nothing when it is set so already.
    func arm(at wall: Double?) {
        guard wall != deadline else { return }
        deadline = wall
        if let wall {
            if xt_timerfd_arm_realtime_at(fileDescriptor, FrameTimer.nanoseconds(wall)) != 0 { deadline = nil }
        } else {
            _ = xt_timerfd_disarm(fileDescriptor)
        }
    }

    /// Takes the expiry (or the clock's change) so poll stops reporting it; the deadline is
    /// then looked at again by whoever armed it.
    func clear() {
        var expirations: UInt64 = 0
        while read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size) < 0 && errno == EINTR {}
        deadline = nil
    }
}
