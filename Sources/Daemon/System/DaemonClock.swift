import Transport

/// The daemon's only clock. Everything below the daemon takes time as a parameter.
struct DaemonClock {
    /// Seconds on CLOCK_MONOTONIC, immune to wall-clock changes: timeouts and frames.
    func now() -> Double { MonotonicClock.now() }
    /// UNIX seconds: only for what a user reads (when a toast ended).
    func wallNow() -> Double { MonotonicClock.wallNow() }
}
