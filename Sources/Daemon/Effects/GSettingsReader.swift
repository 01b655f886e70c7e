import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// Reads the desktop's GSettings (`GSettings.keys`) through `gsettings get` in child
/// processes, never GIO in the daemon and never waiting for them: each runs through the shared
/// `ChildProcesses` table with its output on a non-blocking pipe the loop polls, is killed
/// `timeout` seconds after it started, and when all have ended `done` hears what they said
/// (`GSettings.settings`). A key that fails (no such schema, no `gsettings`) says nothing.
///
///     reader.start(now: now)   // at start and at a reload
///     // in the loop: poll `descriptors`, `readOutput()`, `killOverdue(now:)` at `nextDeadline`
final class GSettingsReader {
    /// How long one `gsettings get` may take (it reads a file: a few milliseconds).
    static let timeout = 3.0
    static let program = "gsettings"

    private let children: ChildProcesses
    /// Hears the settings once every key of a read has ended.
    var done: (DesktopSettings) -> Void = { _ in }
    private let log: (String) -> Void

    /// One key being read.
    private final class Job {
        let key: GSettings.Key
        var output: Int32
        var bytes: [UInt8] = []
        var ending: ChildProcesses.Ending?
        init(key: GSettings.Key, output: Int32) {
            self.key = key
            self.output = output
        }
        var isDone: Bool { ending != nil && output < 0 }
    }

    private var jobs: [Job] = []
    /// A read was asked while one ran: it starts again when that ends (the file changed since).
    private var again = false
    /// `gsettings` could not be started: said once.
    private var saidMissing = false

    private let clock: () -> Double

    init(children: ChildProcesses, log: @escaping (String) -> Void = Log.info, clock: @escaping () -> Double) {
        self.children = children
        self.log = log
        self.clock = clock
    }

    deinit {
        for job in jobs where job.output >= 0 { close(job.output) }
    }

    var isReading: Bool { !jobs.isEmpty }
    var descriptors: [Int32] { jobs.map(\.output).filter { $0 >= 0 } }
    var nextDeadline: Double? { children.nextDeadline(.gsettings) }

    /// Starts one `gsettings get` per key (or asks for another read once the running one ends).
    func start(now: Double) {
        guard jobs.isEmpty else {
            again = true
            return
        }
        for key in GSettings.keys {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { break }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            let job = Job(key: key, output: fds[0])
            let spawned = children.spawn(Self.program, key.arguments, owner: .gsettings, stdout: fds[1], searchPath: true,
                                         deadline: now + Self.timeout,
                                         onEnd: { [weak self, weak job] ending in
                                             guard let self, let job else { return }
                                             job.ending = ending
                                             // It has exited: all it wrote is in the pipe.
                                             self.drain(job, upTo: GSettings.maxOutputBytes + 1)
                                             if job.output >= 0 {
                                                 close(job.output)
                                                 job.output = -1
                                             }
                                             self.finishIfDone()
                                         })
            close(fds[1])
            switch spawned {
            case .success:
                jobs.append(job)
            case let .failure(error):
                close(fds[0])
                if !saidMissing { log("desktop settings: cannot run gsettings (\(error)); GSettings are not read") }
                saidMissing = true
            }
        }
        finishIfDone()
    }

    /// Reads what the running reads printed, without blocking and within the bound.
    func readOutput() {
        for job in jobs where job.output >= 0 { drain(job, upTo: GSettings.maxOutputBytes + 1) }
        finishIfDone()
    }

    /// Kills a read past its timeout (it then says nothing).
    func killOverdue(now: Double) {
        let killed = children.killOverdue(now: now, owner: .gsettings)
        guard !killed.isEmpty else { return }
        log("desktop settings: \(killed.count) gsettings get took longer than \(Int(Self.timeout)) s; killed (they say nothing)")
    }

    private func drain(_ job: Job, upTo limit: Int) {
        guard job.output >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(job.output, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            if n <= 0 { break }
            // Past the bound the value is not wanted (it will not parse): read on to the end.
            if job.bytes.count < limit { job.bytes += chunk[0..<min(n, limit - job.bytes.count)] }
        }
        close(job.output)
        job.output = -1
    }

    private func finishIfDone() {
        guard jobs.allSatisfy(\.isDone) else { return }
        let outputs = Dictionary(jobs.compactMap { $0.ending == .exited(0) ? ($0.key, $0.bytes) : nil }) { a, _ in a }
        let read = !jobs.isEmpty
        jobs = []
        if read { done(GSettings.settings(outputs)) }
        if again {
            again = false
            start(now: clock())
        }
    }
}

extension ChildProcesses.Owner {
    /// The `gsettings get` reads' share of the daemon's process table.
    static let gsettings = ChildProcesses.Owner("gsettings")
}
