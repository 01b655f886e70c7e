#if canImport(Glibc)
import Glibc
#endif

/// The daemon's only clock. Everything below the daemon takes time as a parameter.
struct DaemonClock {
    /// Seconds on CLOCK_MONOTONIC, immune to wall-clock changes: timeouts and frames.
    func now() -> Double { read(CLOCK_MONOTONIC) }
    /// UNIX seconds: only for what a user reads (when a toast ended).
    func wallNow() -> Double { read(CLOCK_REALTIME) }

    private func read(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
