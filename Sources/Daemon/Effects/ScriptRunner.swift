#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport
import DaemonLog

/// Runs the rules' scripts (`script = PROGRAM [ARGUMENTS...]`) without ever blocking the loop.
///
/// Each runs with the daemon's environment plus the toast's `XTOAST_*` variables, standard
/// input from `/dev/null`, and its standard output and error on one pipe that the loop polls
/// (`descriptors`, then `readOutput`); what it prints goes to the log as `rule NAME: LINE`,
/// each line cut to `maxLineBytes`, at most `maxLogLines` lines and `maxLogBytes` bytes a run
/// (then one line says the rest was not logged; the rest is still read, so the script never
/// stalls on a full pipe). It is spawned through the shared `ChildProcesses` table (clean
/// signal mask, a process group of its own), reaped from it on SIGCHLD, and its whole group
/// is killed `timeout()` seconds after it started (`[rules] script_timeout`, 30 by default):
/// `nextDeadline` is when, for the loop's poll timeout, and `killOverdue` does it.
/// At most `maxRunning` run at once, `maxQueued` more wait in order for a turn, and a script
/// past both is refused with a log line naming its rule. A program that cannot start (not
/// found, not executable) or that fails (a nonzero status, a signal, the timeout) is one line.
/// A child the script leaves running in the background is not waited for: once the script
/// itself has ended its pipe is closed.
///
///     let scripts = ScriptRunner(children: children, timeout: { config.scriptTimeout })
///     scripts.run(script, environment: [("XTOAST_ID", "7")], now: now)
///     // in the loop: poll `scripts.descriptors`, call `readOutput()` when one is readable,
///     // `killOverdue(now:)` at `nextDeadline`, and `children.reap()` on SIGCHLD.
///
/// The same runner, with the `userActions` pool, starts what the user asked for (the link
/// opener, the menu key's `xtoast menu`) beside the rule scripts, never behind them: at most
/// `maxUserActions` at once and none waiting (one past them is refused with a log line), each
/// in a session of its own (`setsid`), never killed, its output logged as `opener: LINE`
/// within the same bounds and read until whatever it left running (a browser) closes it, so
/// nothing it started dies of a closed pipe while the daemon runs.
///
/// The corresponding C functions are `posix_spawn` (through `ChildProcesses`), `pipe` and `read`.
final class ScriptRunner {
    /// What a runner starts and how: its share of the process table, its bounds, and how its
    /// programs end.
    struct Pool {
        let owner: ChildProcesses.Owner
        let maxRunning: Int
        let maxQueued: Int
        /// Whether a program is killed with its group at `timeout()` (a rule script) or never
        /// (a browser outlives the click that opened it).
        let killsAtTimeout: Bool
        /// A session of its own (`setsid`) rather than a process group of its own.
        let ownSession: Bool
        /// Its output is read until every process holding the pipe has closed it, rather than
        /// closed once the program itself has ended (which would end a background child with
        /// SIGPIPE at its next write).
        let readsUntilClosed: Bool
        /// How its log lines start, for a script's name (`rule mail`, `opener`).
        let label: @Sendable (String) -> String

        /// The rules' scripts: `maxRunning` at once, `maxQueued` waiting, killed at the timeout.
        static let ruleScripts = Pool(owner: .ruleScript, maxRunning: ScriptRunner.maxRunning, maxQueued: ScriptRunner.maxQueued,
                                      killsAtTimeout: true, ownSession: false, readsUntilClosed: false, label: { "rule \($0)" })
        /// What the user started by a click or a key: never waits behind the rule scripts.
        static let userActions = Pool(owner: .userAction, maxRunning: ScriptRunner.maxUserActions, maxQueued: 0,
                                      killsAtTimeout: false, ownSession: true, readsUntilClosed: true, label: { $0 })
    }

    /// Scripts running at once.
    static let maxRunning = 8
    /// Scripts waiting for one of those to end; a script past them is refused (a log line).
    static let maxQueued = 64
    /// Lines of one run's output that reach the log.
    static let maxLogLines = 20
    /// Bytes of one run's output that reach the log (4 KiB).
    static let maxLogBytes = 4096
    /// Bytes of one logged line; a longer line is cut with "…". A line longer than
    /// `maxLogBytes` is logged when that much of it has come.
    static let maxLineBytes = 300
    /// Bytes read from one script's pipe per call of `readOutput`, so a script that prints
    /// without end costs the loop one bounded read a turn until its timeout.
    static let readPerTurn = 64 << 10
    /// Programs the user started (openers, the menu) running at once: a click a second for
    /// a few seconds each; one past them is refused with a log line (the click still counts).
    static let maxUserActions = 4
    /// Pipes the user pool keeps reading after its program ended (held open by what it left
    /// running, a browser); past them a new program's output goes to `/dev/null`, unlogged.
    static let maxHeldOutputs = 16

    let pool: Pool

    private let children: ChildProcesses
    /// `script_timeout` as the config in use has it (the daemon points this at its board's
    /// config once the service exists, since the service's hook needs the runner first).
    var timeout: () -> Double
    private let log: (String) -> Void
    /// The loop's clock, for the timeout of a queued script started when another ends.
    private let clock: () -> Double
    /// Room in the log for what the runs say: a client's toasts can start a rule's script
    /// as fast as it sends them, and each run logs its end and up to `maxLogLines` of output.
    private var lines = LogBudget(lines: 200, what: "program lines")

    /// Logs `line` within the runs' room.
    private func say(_ line: String) {
        for admitted in lines.admit(line, now: clock()) { log(admitted) }
    }
    private var running: [pid_t: Job] = [:]
    /// Jobs whose program has ended but whose pipe something it started still holds.
    private var held: [Job] = []
    private var queued: [(script: RuleScript, environment: [String])] = []

    /// `timeout` is asked at each start (so a reload's `script_timeout` applies to the next
    /// script); `log` takes each line (the daemon's log, or a test's list); `clock` is the
    /// loop's (the one `now` is on).
    init(children: ChildProcesses, pool: Pool = .ruleScripts, timeout: @escaping () -> Double = { 30 },
         log: @escaping (String) -> Void = Log.info, clock: @escaping () -> Double = { DaemonClock().now() }) {
        self.children = children
        self.pool = pool
        self.timeout = timeout
        self.log = log
        self.clock = clock
    }

    deinit {
        for job in running.values {
            if pool.killsAtTimeout { children.kill(job.pid) }
            if job.output >= 0 { close(job.output) }
        }
        for job in held where job.output >= 0 { close(job.output) }
    }

    /// Starts `script` for a toast, with `environment` (the `XTOAST_*` variables) over the
    /// daemon's own; queues it while `maxRunning` run.
    func run(_ script: RuleScript, environment: [(String, String)], now: Double) {
        guard let program = script.command.first, !program.isEmpty else {
            say("\(pool.label(script.rule)): no program to run")
            return
        }
        let variables = Self.environment(adding: environment)
        guard running.count < pool.maxRunning else {
            guard queued.count < pool.maxQueued else {
                say(pool.maxQueued == 0
                    ? "\(pool.label(script.rule)): not run: \(pool.maxRunning) programs started for the user are running"
                    : "\(pool.label(script.rule)): not run: \(pool.maxRunning) scripts are running and \(pool.maxQueued) waiting")
                return
            }
            queued.append((script, variables))
            return
        }
        start(script, variables, now: now)
    }

    /// How many scripts run now and wait for a turn.
    var runningCount: Int { running.count }
    var queuedCount: Int { queued.count }

    /// Pipes kept open after their program ended (the user pool's only).
    var heldCount: Int { held.count }

    /// The pipes to poll for reading: one per running script, and each held one.
    var descriptors: [Int32] { (running.values.map(\.output) + held.map(\.output)).filter { $0 >= 0 } }

    /// When the earliest running script is due to be killed; nil when none runs (or the pool
    /// kills nothing).
    var nextDeadline: Double? { pool.killsAtTimeout ? children.nextDeadline(pool.owner) : nil }

    /// Reads what the running scripts printed (without blocking; at most `readPerTurn` each).
    func readOutput() {
        for job in running.values where job.output >= 0 {
            if job.drain(upTo: Self.readPerTurn) { closeOutput(job) }
        }
        for job in held where job.output >= 0 {
            if job.drain(upTo: Self.readPerTurn) {
                job.flush()
                closeOutput(job)
            }
        }
        held.removeAll { $0.output < 0 }
    }

    /// Kills the process group of every script past its timeout; its end is logged when it
    /// is reaped.
    func killOverdue(now: Double) {
        if let count = lines.windowEnd(now: now) { log(count) }
        guard pool.killsAtTimeout else { return }
        for pid in children.killOverdue(now: now, owner: pool.owner) { running[pid]?.timedOut = true }
    }

    private func start(_ script: RuleScript, _ environment: [String], now: Double) {
        let label = pool.label(script.rule)
        var fds: [Int32] = [-1, -1]
        if pool.readsUntilClosed, running.count + held.count >= Self.maxHeldOutputs {
            // Every pipe this pool may hold is held: this program's output is not logged.
            fds = [-1, open("/dev/null", O_WRONLY | O_CLOEXEC)]
            say("\(label): its output is not logged: \(Self.maxHeldOutputs) programs started before still hold theirs")
        } else if pipe(&fds) == 0 {
            // Both ends close-on-exec (the spawn's dup2 gives the script its 1 and 2 without the
            // flag); only the daemon's end is non-blocking.
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        } else {
            fds = [-1, -1]
        }
        guard fds[1] >= 0 else {
            say("\(label): cannot run \(Log.quoted(script.command[0])): \(String(cString: strerror(errno)))")
            return
        }
        let seconds = timeout()
        let job = Job(label: label, program: script.command[0], output: fds[0], seconds: seconds, log: { [unowned self] in self.say($0) })
        let spawned = children.spawn(script.command[0], Array(script.command.dropFirst()), owner: pool.owner,
                                     stdout: fds[1], stderr: fds[1], environment: environment, searchPath: true,
                                     newSession: pool.ownSession, deadline: pool.killsAtTimeout ? now + seconds : nil,
                                     onEnd: { [weak self] ending in self?.ended(job, ending) })
        close(fds[1])
        switch spawned {
        case let .failure(error):
            if fds[0] >= 0 { close(fds[0]) }
            say("\(label): cannot run \(Log.quoted(script.command[0])): \(error)")
            startQueued(now: now)
        case let .success(pid):
            job.pid = pid
            running[pid] = job
        }
    }

    /// The script has ended (reaped by whoever reaped): what it printed last, and how it
    /// ended if that was a failure.
    private func ended(_ job: Job, _ ending: ChildProcesses.Ending) {
        running[job.pid] = nil
        var open = false
        if job.output >= 0 {
            // It has exited, so all it wrote is in the pipe; past the log's bound it is not wanted.
            let atEnd = job.drain(upTo: Self.maxLogBytes + Self.maxLineBytes)
            if atEnd || !pool.readsUntilClosed { closeOutput(job) } else { open = true }
        }
        // What it left running still writes: its last line may not be complete yet.
        if open { held.append(job) } else { job.flush() }
        if job.timedOut {
            say("\(job.label): \(Log.quoted(job.program)) ran longer than \(Self.seconds(job.seconds)) s; its process group was killed")
        } else if ending != .exited(0) {
            say("\(job.label): \(Log.quoted(job.program)) \(ending)")
        }
        startQueued(now: clock())
    }

    private func closeOutput(_ job: Job) {
        guard job.output >= 0 else { return }
        close(job.output)
        job.output = -1
    }

    private func startQueued(now: Double) {
        while running.count < pool.maxRunning, !queued.isEmpty {
            let next = queued.removeFirst()
            start(next.script, next.environment, now: now)
        }
    }

    /// The daemon's environment with `adding` set over it (`PATH`, `HOME`, `DISPLAY` and the
    /// rest kept), as `NAME=value` strings.
    static func environment(adding: [(String, String)]) -> [String] {
        let names = Set(adding.map(\.0))
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            if !names.contains(name) { result.append(text) }
            entry += 1
        }
        // A NUL would end the C string early: cut there (the toast's text never has one, but
        // nothing here trusts that).
        return result + adding.map { name, value in "\(name)=\(value)".split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension ChildProcesses.Owner {
    /// The rule scripts' share of the daemon's process table.
    static let ruleScript = ChildProcesses.Owner("rule script")
    /// What the user started (the link opener, the menu key's client): a share of its own.
    static let userAction = ChildProcesses.Owner("user action")
}

/// One running script: its pipe, and its output cut into bounded log lines.
private final class Job {
    /// How its log lines start (`rule mail`, `opener`).
    let label: String
    let program: String
    let seconds: Double
    var pid: pid_t = 0
    var output: Int32
    var timedOut = false
    private let log: (String) -> Void
    private var line: [UInt8] = []
    /// Whether the line being read has been cut already (its rest is skipped).
    private var lineCut = false
    private var loggedLines = 0
    private var loggedBytes = 0
    private var silenced = false

    init(label: String, program: String, output: Int32, seconds: Double, log: @escaping (String) -> Void) {
        self.label = label
        self.program = program
        self.output = output
        self.seconds = seconds
        self.log = log
    }

    /// Reads up to `limit` bytes without blocking; true when the pipe is at its end (or broken).
    func drain(upTo limit: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var taken = 0
        while taken < limit {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, min($0.count, limit - taken)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            if n == 0 { return true }
            taken += n
            take(chunk[0..<n])
        }
        return false
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        guard !silenced else { return }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                emit()
                if silenced { return }
            } else if line.count < ScriptRunner.maxLineBytes {
                line.append(byte)
            } else {
                lineCut = true
            }
        }
    }

    /// Logs what is left of a last line without its newline.
    func flush() {
        if !line.isEmpty || lineCut { emit() }
    }

    private func emit() {
        defer { line = []; lineCut = false }
        guard !silenced else { return }
        guard loggedLines < ScriptRunner.maxLogLines, loggedBytes + line.count <= ScriptRunner.maxLogBytes else {
            silenced = true
            log("\(label): more output not logged (at most \(ScriptRunner.maxLogLines) lines, \(ScriptRunner.maxLogBytes) bytes a run)")
            return
        }
        loggedLines += 1
        loggedBytes += line.count
        // Control characters (a terminal escape) become U+FFFD, as invalid UTF-8 does.
        let text = String(decoding: line, as: UTF8.self).unicodeScalars.map { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F ? "\u{FFFD}" : Character($0) }
        log("\(label): \(String(text))\(lineCut ? "…" : "")")
    }
}
