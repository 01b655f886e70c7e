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

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
