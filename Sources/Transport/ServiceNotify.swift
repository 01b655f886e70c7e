#if canImport(Glibc)
import Glibc
#endif

/// Tells a service manager how the daemon is doing (systemd's `Type=notify`), without libsystemd.
///
/// The manager sets `$NOTIFY_SOCKET` to a Unix datagram socket: a path, or an abstract
/// address when it starts with `@`. The daemon sends `READY=1` there once its socket listens,
/// so units ordered after it find it answering. Outside a service nothing is set and nothing
/// is sent. The corresponding C functions are `socket`, `sendto`.
public enum ServiceNotify {
    /// Sends `READY=1` to `$NOTIFY_SOCKET`, if set. Returns false only when sending failed.
    @discardableResult
    public static func ready() -> Bool {
        guard let path = Environment.nonEmpty("NOTIFY_SOCKET") else { return true }
        return send("READY=1", to: path)
    }

    /// Sends one datagram `state` (e.g. `READY=1`) to the socket at `path` ('@' = abstract).
    public static func send(_ state: String, to path: String) -> Bool {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract: a leading NUL, no terminator
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        // The address length counts the path's bytes only: an abstract name is not NUL-terminated.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, message, message.count, Int32(MSG_NOSIGNAL), $0, length)
            }
        }
        return sent == message.count
    }
}
