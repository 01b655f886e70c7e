import Transport

/// Every program the daemon runs, in one process table reaped on SIGCHLD: the image decoders
/// the output spawns into it, the rules' scripts and what the user started (the link opener,
/// the menu key), the desktop's `gsettings get` reads. The loop polls their output and sleeps until a script's timeout.
final class Programs {
    /// The process table; whoever started a child hears its end (`ChildProcesses.onEnd`).
    let children: ChildProcesses
    /// Runs the rules' scripts; its pipes are polled and its timeouts are deadlines.
    let scripts: ScriptRunner
    /// Runs what the user started, never behind the scripts; its pipes are polled too, and
    /// it kills nothing.
    let userActions: ScriptRunner
    /// Reads the desktop's GSettings (`gsettings get`), each read killed at its timeout.
    let gsettings: GSettingsReader

    /// `scriptTimeout` is read at each script's start (the config may be reloaded).
    init(children: ChildProcesses, scriptTimeout: @escaping () -> Double, clock: @escaping () -> Double) {
        self.children = children
        scripts = ScriptRunner(children: children, timeout: scriptTimeout, clock: clock)
        userActions = ScriptRunner(children: children, pool: .userActions, clock: clock)
        gsettings = GSettingsReader(children: children, clock: clock)
    }

    /// The pipes the loop polls: every running program's output.
    var descriptors: [Int32] { scripts.descriptors + userActions.descriptors + gsettings.descriptors }

    /// When the next rule script or settings read is killed for taking too long; user
    /// programs never are.
    var nextDeadline: Double? { [scripts.nextDeadline, gsettings.nextDeadline].compactMap { $0 }.min() }

    /// Reads what the programs printed (or that they closed their output).
    func readOutput() {
        scripts.readOutput()
        userActions.readOutput()
        gsettings.readOutput()
    }

    /// Kills the rule scripts past their timeout.
    func killOverdue(now: Double) {
        if let due = scripts.nextDeadline, due <= now { scripts.killOverdue(now: now) }
        if let due = gsettings.nextDeadline, due <= now { gsettings.killOverdue(now: now) }
    }

    /// SIGCHLD: every child that ended is reaped, and its starter told.
    func reap() { _ = children.reap() }
}
