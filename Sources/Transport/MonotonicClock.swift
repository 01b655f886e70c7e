#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC, which a change of the wall clock leaves alone: the one reading
/// of it for the daemon's timeouts and frames, the decoder's budget and the sound player's cuts.
/// The model never reads a clock; it is given the time.
///
///     let deadline = MonotonicClock.now() + 0.5
///
/// The corresponding C function is `clock_gettime`.
public enum MonotonicClock {
    public static func now() -> Double { seconds(CLOCK_MONOTONIC) }

    /// UNIX seconds (CLOCK_REALTIME): only for what a user reads, such as when a toast ended.
    public static func wallNow() -> Double { seconds(CLOCK_REALTIME) }

    /// `seconds` as a `timespec` for the calls that take an absolute time
    /// (`pthread_cond_timedwait` on a condition set to CLOCK_MONOTONIC).
    public static func timespec(at seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var ts = Glibc.timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
