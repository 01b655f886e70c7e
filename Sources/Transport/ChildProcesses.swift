#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// The processes a program starts and must end: spawned on a clean slate, killed at a
/// deadline, reaped without ever blocking.
///
/// One table for every kind of child (image decoders, rule scripts), shared by all who spawn,
/// so whoever reaps, by polling `reap()` or on SIGCHLD, reaps them all and never steals another
/// user's exit status: `waitpid` is asked about known pids only, never `-1`, and each child's
/// ending goes to the `onEnd` its spawner gave, whoever called `reap()`. Each user counts,
/// times and kills only its own children (`Owner`).
///
/// A child starts with an empty signal mask and default signal actions (the daemon blocks
/// SIGTERM, SIGINT and SIGHUP for its signalfd, and a blocked mask survives `exec`), in a
/// process group of its own (so a kill reaches whatever it started, and a terminal's Ctrl-C
/// does not), or with `newSession` in a session of its own (what the user started, such as a
/// browser, belongs to no terminal and no group of the daemon's), with only the descriptors it is given: 0 and 2 on `/dev/null` unless named, and
/// every other descriptor closed, whatever the parent forgot to mark close-on-exec.
/// `posix_spawn` rather than `fork`: the parent may have threads (Pango's font loader).
///
///     let children = ChildProcesses()
///     let pid = try children.spawn("/proc/self/exe", ["--decode-image", path], owner: .imageDecoder,
///                                  stdout: pipeEnd, deadline: now + 2).get()
///     children.killOverdue(now: later, owner: .imageDecoder) // SIGKILL to each child past its deadline
///     for (pid, ending) in children.reap() {}                // every child that has ended, once
///
/// The corresponding C functions are `posix_spawn`, `kill` and `waitpid`.
public final class ChildProcesses {
    /// How a child ended.
    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case let .exited(code): "exited with status \(code)"
            case let .signaled(signal): "was ended by signal \(signal)" + (signal == SIGKILL ? " (killed)" : signal == SIGXCPU ? " (out of CPU time)" : "")
            }
        }
    }

    /// Who started a child: each user of a shared table counts, times and kills its own.
    public struct Owner: Hashable, Sendable {
        public let name: String
        public init(_ name: String) { self.name = name }
    }

    private struct Child {
        var owner: Owner
        var deadline: Double?
        var killed = false
        var onEnd: ((Ending) -> Void)?
    }

    private var children: [pid_t: Child] = [:]

    public init() {}

    /// How many of `owner`'s children are running or ended but not yet reaped.
    public func count(_ owner: Owner) -> Int { children.values.count { $0.owner == owner } }

    /// Whether `pid` is one of ours and not yet reaped.
    public func contains(_ pid: pid_t) -> Bool { children[pid] != nil }

    /// The earliest deadline of a child of `owner` not yet killed; nil when none has one.
    public func nextDeadline(_ owner: Owner) -> Double? {
        children.values.filter { $0.owner == owner && !$0.killed }.compactMap(\.deadline).min()
    }

    /// Starts `path` with `arguments` (not counting argv[0], which is `path`), its standard
    /// output on `stdout` and its standard error on `stderr` (`/dev/null` when nil), with
    /// `environment` (`NAME=value` strings; this process's own when nil). A `path` without a
    /// slash is looked up in `PATH` when `searchPath` is set. `deadline` (on the caller's clock)
    /// is when `killOverdue` kills it (nil: never); `onEnd` hears how it ended, from whichever
    /// `reap()` finds it. `newSession` starts it in a session of its own (`setsid`) instead of a
    /// process group of its own. Returns its pid, or the errno value of the failure (a missing or non-executable
    /// program is reported here: glibc's `posix_spawn` waits for the `exec`).
    public func spawn(_ path: String, _ arguments: [String], owner: Owner, stdout: Int32, stderr: Int32? = nil,
                      environment: [String]? = nil, searchPath: Bool = false, newSession: Bool = false,
                      deadline: Double?, onEnd: ((Ending) -> Void)? = nil) -> Result<pid_t, SpawnError> {
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return .failure(SpawnError(code: ENOMEM)) }
        defer { posix_spawnattr_destroy(&attributes) }
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(SpawnError(code: ENOMEM)) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        var code = posix_spawnattr_setsigmask(&attributes, &none)
        if code == 0 { code = posix_spawnattr_setsigdefault(&attributes, &all) }
        // A session leader leads its own process group already (and may not be moved into one).
        let grouping = newSession ? Int32(XT_POSIX_SPAWN_SETSID) : Int32(POSIX_SPAWN_SETPGROUP)
        if code == 0, !newSession { code = posix_spawnattr_setpgroup(&attributes, 0) }
        if code == 0 { code = posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | grouping)) }
        if code == 0 { code = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if code == 0 { code = posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if code == 0 {
            if let stderr { code = posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
            else { code = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        }
        if code == 0 { code = xt_spawn_close_from(&actions, 3) }
        guard code == 0 else { return .failure(SpawnError(code: code)) }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let started = envp.withUnsafeMutableBufferPointer { given in
            let envPointer = environment == nil ? environ : given.baseAddress
            return searchPath && !path.contains("/")
                ? posix_spawnp(&pid, path, &actions, &attributes, &argv, envPointer)
                : posix_spawn(&pid, path, &actions, &attributes, &argv, envPointer)
        }
        guard started == 0 else { return .failure(SpawnError(code: started)) }
        children[pid] = Child(owner: owner, deadline: deadline, onEnd: onEnd)
        return .success(pid)
    }

    /// Kills `pid` and its process group at once (SIGKILL: a decoder in a loop must not get to
    /// run a handler). It stays in the table until reaped.
    public func kill(_ pid: pid_t) {
        guard children[pid] != nil, children[pid]?.killed == false else { return }
        children[pid]?.killed = true
        // The group first (its own, made at spawn); the pid too, should the group be gone.
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Kills every child of `owner` whose deadline has passed; returns their pids.
    @discardableResult
    public func killOverdue(now: Double, owner: Owner) -> [pid_t] {
        let overdue = children.filter { $0.value.owner == owner && !$0.value.killed && ($0.value.deadline.map { $0 <= now } ?? false) }.map(\.key)
        for pid in overdue { kill(pid) }
        return overdue
    }

    /// Every child that has ended since the last call, and how; each is then forgotten, and its
    /// `onEnd` called (after the table is updated, so a handler may spawn). Never blocks.
    @discardableResult
    public func reap() -> [(pid: pid_t, ending: Ending)] {
        var ended: [(pid: pid_t, ending: Ending)] = []
        for pid in children.keys {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                // WIFEXITED / WTERMSIG are macros Swift does not import: the layout is Linux's.
                let signal = status & 0x7F
                ended.append((pid, signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)))
            } else if r < 0, errno == ECHILD {
                // Reaped by someone else (a SIGCHLD handler set to SIG_IGN): gone all the same.
                ended.append((pid, .exited(-1)))
            }
        }
        var handlers: [() -> Void] = []
        for (pid, ending) in ended {
            if let onEnd = children[pid]?.onEnd { handlers.append { onEnd(ending) } }
            children[pid] = nil
        }
        for handler in handlers { handler() }
        return ended
    }
}

/// Why a child could not be started: an errno value.
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public init(code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
