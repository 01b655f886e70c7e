import Foundation

/// Another client of the daemon's socket, on a thread of its own: pings every `interval`
/// until stopped and keeps how long each answer took, so a test can judge the daemon's loop
/// while it does something else on the test's thread (a paste, XTest keys).
final class BackgroundPinger: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Double] = []
    private var stopping = false
    private var finished = false
    private let thread: Thread

    init(socketPath: String, interval: useconds_t = 5_000) throws {
        _ = try ProtocolClient(path: socketPath)   // the socket answers: fail here, not silently on the thread
        let box = Box()
        thread = Thread {
            if let client = try? ProtocolClient(path: socketPath) {
                while !(box.pinger?.isStopping ?? true) {
                    let start = Date()
                    guard (try? client.request(#"{"op":"ping"}"#))?["ok"]?.bool == true else { break }
                    box.pinger?.record(Date().timeIntervalSince(start))
                    usleep(interval)
                }
            }
            box.pinger?.finish()
        }
        box.pinger = self
        thread.start()
    }

    /// Stops pinging and returns every wait, in seconds, sorted.
    func stop() -> [Double] {
        lock.withLock { stopping = true }
        let deadline = Date().addingTimeInterval(10)
        while !lock.withLock({ finished }), Date() < deadline { usleep(1_000) }
        return lock.withLock { waits.sorted() }
    }

    /// The 99th percentile of sorted `waits` (0 when none).
    static func p99(_ waits: [Double]) -> Double { waits.isEmpty ? 0 : waits[min(waits.count - 1, waits.count * 99 / 100)] }


    private var isStopping: Bool { lock.withLock { stopping } }
    private func record(_ wait: Double) { lock.withLock { waits.append(wait) } }
    private func finish() { lock.withLock { finished = true } }

    private final class Box: @unchecked Sendable { weak var pinger: BackgroundPinger? }
}

/// The unit of `/proc/PID/stat`'s CPU times: USER_HZ, fixed at 100 in Linux's user ABI (what
/// `sysconf(_SC_CLK_TCK)` returns; that constant is not found in this target in every build).
let procClockTicksPerSecond = 100.0
