#if canImport(Glibc)
import Glibc
#endif

/// What `/proc` tells of another local process: its executable and its command name.
/// The pid comes from the kernel (`SO_PEERCRED`) or the bus, never from the process itself.
/// The corresponding C functions are `readlink` and `read`.
public enum PeerProcess {
    /// The process's executable (`/proc/PID/exe`, as the kernel spells it, " (deleted)" and
    /// all), or nil when `/proc` no longer tells it (it has exited, or is not ours to look at).
    /// ToastCore's `PeerIdentity` pairs it with the uid the connection was made with.
    public static func executable(pid: pid_t) -> String? {
        guard pid > 0 else { return nil }
        return link("/proc/\(pid)/exe")
    }

    /// This process's executable ("" if `/proc` is not mounted).
    public static var ownExecutable: String { link("/proc/self/exe") ?? "" }

    /// The command name (`/proc/PID/comm`, at most 15 bytes), for the log.
    public static func command(pid: pid_t) -> String? {
        // /proc's files report no size (BoundedFile's check): one read of a small buffer.
        guard pid > 0 else { return nil }
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        let name = String(decoding: buffer.prefix(n), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// When the process started (`/proc/PID/stat` field 22, clock ticks after boot): with the
    /// pid, what names one process for its life, where a pid alone may be reused.
    public static func startTime(pid: pid_t) -> UInt64? {
        guard pid > 0 else { return nil }
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        // The command name (field 2) is in parentheses and may hold spaces and parentheses of
        // its own: the fields are counted from its last closing one, field 3 first.
        guard let close = buffer.prefix(n).lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A peer process as it was when its connection was accepted: its pid, user, start time and
/// executable. A request that only the same program may make (`handover`) is checked against
/// this pin and the process as it is then (`isUnchanged`), not against whatever runs under
/// the pid at that moment: a program that connects, forks, and execs `xtoastd` while its child
/// sends the request has another executable than it had when it connected.
public struct PinnedProcess: Equatable, Sendable {
    public let pid: pid_t
    public let uid: uid_t
    public let startTime: UInt64
    /// `/proc/PID/exe` as the kernel spelled it when pinned.
    public let executable: String

    public init(pid: pid_t, uid: uid_t, startTime: UInt64, executable: String) {
        self.pid = pid
        self.uid = uid
        self.startTime = startTime
        self.executable = executable
    }

    /// The process with `pid` as it is now; nil when `/proc` no longer tells (it has gone).
    public static func pin(pid: pid_t, uid: uid_t) -> PinnedProcess? {
        guard let startTime = PeerProcess.startTime(pid: pid), let executable = PeerProcess.executable(pid: pid) else { return nil }
        return PinnedProcess(pid: pid, uid: uid, startTime: startTime, executable: executable)
    }

    /// Whether the pinned process still runs, and still runs the executable it ran when pinned
    /// (not another process under a reused pid, nor the same one after an `exec`).
    public var isUnchanged: Bool { Self.pin(pid: pid, uid: uid) == self }
}
