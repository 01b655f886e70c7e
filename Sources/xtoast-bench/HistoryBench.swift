#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// What the history costs: loading a file of 1,000 entries at start (read, `HistoryFile.parse`,
/// the bounds, the entries on the monotonic clock: what `HistoryStore.load` does), median of
/// 20 loads in this process, in seconds (the budget is 20 ms); and the file itself,
/// for `scripts/bench` to start a daemon on and measure its memory beside an empty one's.
enum HistoryBench {
    static let entries = 1000

    /// Entries at the longest text history keeps (`HistoryLimits`): the memory bound's case.
    static func records(wallNow: Double) -> [HistoryRecord] {
        (0..<entries).map { i in
            var toast = Toast(id: String(i + 1), title: String(repeating: "T", count: HistoryLimits.titleScalars - 4) + String(i % 10_000),
                              message: String(repeating: "message text ", count: 40).prefix(HistoryLimits.messageScalars - 6) + " \(i)",
                              kind: Kind.allCases[i % Kind.allCases.count],
                              icon: "dialog-information", actions: [Action(id: "open", label: "Open"), Action(id: "later", label: "Later")],
                              defaultAction: "open")
            toast.app = "Thunderbird"
            toast.source = .bus
            toast.rules = ["mail", "report"]
            return HistoryRecord(toast: toast, reason: .timeout, wallEnded: wallNow - Double(entries - i) * 60)
        }
    }

    static func wallNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Writes the file at `path` (its directory must exist); returns its size in bytes.
    @discardableResult
    static func write(_ path: String) -> Int {
        let text = HistoryFile.text(of: records(wallNow: wallNow()))
        guard let f = fopen(path, "w") else { fail("cannot write \(path)") }
        _ = text.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        return text.count
    }

    /// The median time to load the file at `path`, and its size.
    static func loadTime(_ path: String) -> (seconds: Double, bytes: Int) {
        var times: [Double] = []
        var size = 0
        for _ in 0..<20 {
            let start = now()
            guard let f = fopen(path, "r") else { fail("cannot read \(path)") }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
                if n == 0 { break }
                bytes += chunk.prefix(n)
            }
            fclose(f)
            let contents = HistoryFile.parse(bytes)
            let wall = wallNow()
            let kept = HistoryFile.kept(contents.records, keep: Config.default.historyKeep, keepDays: Config.default.historyKeepDays, wallNow: wall)
            let loaded = kept.map { $0.entry(now: start, wallNow: wall) }
            times.append(now() - start)
            guard loaded.count == entries else { fail("loaded \(loaded.count) of \(entries) history entries") }
            size = bytes.count
        }
        return (times.sorted()[times.count / 2], size)
    }

    /// Prints and records the load time of a file written for the purpose.
    static func printLoadTime() {
        let path = "/tmp/xtoast-bench-history-\(getpid())"
        write(path)
        defer { unlink(path) }
        let (seconds, bytes) = loadTime(path)
        print("loading \(entries) history entries at the longest text (\(bytes >> 10) KiB): median \(ms(seconds)) (budget 20 ms)")
        record("history.load", seconds, Double(bytes))
    }

    /// The private dirty memory (KiB) 1,000 entries cost: a daemon started on such a file
    /// beside one started on none, both idle.
    /// `after` names what both daemons did first ("both centres opened, at their end, closed"), keyed
    /// `history.memory.opened` rather than `history.memory`.
    static func printMemory(empty: Int32, full: Int32, after: String? = nil) {
        func privateDirty(_ pid: Int32) -> Int {
            guard let f = fopen("/proc/\(pid)/smaps_rollup", "r") else { return -1 }
            defer { fclose(f) }
            var line = [CChar](repeating: 0, count: 512)
            while fgets(&line, 512, f) != nil {
                let s = String(cString: line)
                if s.hasPrefix("Private_Dirty:") { return Int(s.dropFirst(14).split(separator: " ").first ?? "") ?? -1 }
            }
            return -1
        }
        let (a, b) = (privateDirty(empty), privateDirty(full))
        let what = after.map { ", \($0)" } ?? ""
        print("daemon memory idle with \(entries) history entries\(what): \(b) KiB private dirty, \(b - a) KiB more than with none (budget 2048 KiB)")
        record(after == nil ? "history.memory" : "history.memory.opened", Double(b - a), Double(b))
    }
}
