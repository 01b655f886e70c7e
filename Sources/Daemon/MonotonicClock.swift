#if canImport(Glibc)
import Glibc
#endif

/// The daemon's only clock: seconds on CLOCK_MONOTONIC, immune to wall-clock changes.
/// Everything below the daemon takes time as a parameter.
enum MonotonicClock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
