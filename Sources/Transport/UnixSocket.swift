#if canImport(Glibc)
import Glibc
#endif

/// A Unix stream socket: the daemon's listener, a daemon-side connection, or the client's.
///
/// Owns its file descriptor and closes it once. The corresponding C functions are
/// `socket`, `bind`, `listen`, `accept4`, `connect`, `read`, `write`.
public final class UnixSocket {
    public let fd: Int32
    private var closed = false

    public init(fd: Int32) { self.fd = fd }
    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        _ = Glibc.close(fd)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let what: String
        public let errno: Int32
        public var description: String { "\(what): \(String(cString: strerror(errno)))" }
    }

    private static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else { throw Failure(what: "socket path is longer than \(capacity - 1) bytes: \(path)", errno: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return addr
    }

    /// Connects to `path`; throws with errno (ENOENT, ECONNREFUSED: nobody listens).
    public static func connect(to path: String) throws(Failure) -> UnixSocket {
        var addr = try address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(what: "socket", errno: errno) }
        let sock = UnixSocket(fd: fd)
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard r == 0 else { throw Failure(what: "connect \(path)", errno: errno) }
        return sock
    }

    /// Binds and listens at `path` with mode 0600, non-blocking. Nothing may be at `path`:
    /// the caller removes a stale socket itself (and nothing else).
    public static func listen(at path: String) throws(Failure) -> UnixSocket {
        var addr = try address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Failure(what: "socket", errno: errno) }
        let sock = UnixSocket(fd: fd)
        // The socket is created 0600 from the start: no window in which others could connect.
        let oldMask = umask(0o177)
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(oldMask)
        guard r == 0 else { throw Failure(what: "bind \(path)", errno: errno) }
        guard Glibc.listen(fd, 64) == 0 else { throw Failure(what: "listen \(path)", errno: errno) }
        return sock
    }

    /// True when something accepts connections at `path` (a live daemon); false for no file
    /// or a stale file nobody answers on.
    public static func isLive(_ path: String) -> Bool {
        (try? connect(to: path)) != nil
    }

    /// Accepts one pending connection, non-blocking: nil when none is waiting, a failure when
    /// accepting failed (EMFILE: no descriptor left).
    public func acceptNext() -> Result<UnixSocket?, Failure> {
        let fd = Glibc.accept(self.fd, nil, nil)
        guard fd >= 0 else {
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR || code == ECONNABORTED { return .success(nil) }
            return .failure(Failure(what: "accept", errno: code))
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return .success(UnixSocket(fd: fd))
    }

    public enum ReadResult { case data([UInt8]), wouldBlock, closed }

    /// Reads what is available, up to `maxBytes`.
    public func read(maxBytes: Int = 65536) -> ReadResult {
        while true {
            // Read straight into the array it returns: no zeroing of the whole capacity, no copy.
            var n = 0
            let buffer = [UInt8](unsafeUninitializedCapacity: max(1, maxBytes)) { storage, count in
                n = passesCredentials ? receive(into: storage) : Glibc.read(fd, storage.baseAddress, storage.count)
                count = max(0, n)
            }
            if n > 0 { return .data(buffer) }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
            return .closed
        }
    }

    /// Writes as much as the socket takes now; returns the count written, or nil when the peer is gone.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int? {
        while true {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n >= 0 { return n }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            return nil
        }
    }

    /// Makes a blocking read give up after `seconds` (0: wait for ever), reported as `.wouldBlock`.
    /// The corresponding C function is `setsockopt` with `SO_RCVTIMEO`.
    public func setReceiveTimeout(seconds: Int) {
        var tv = timeval(tv_sec: max(0, seconds), tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes everything, blocking (the client's one request).
    public func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let n = write(bytes[offset...]) else { return false }
            offset += n
        }
        return true
    }

    /// Set by `passCredentials`: each read learns which process wrote what it read.
    private var passesCredentials = false
    /// The process that wrote the bytes of the last read (the kernel's word, `SCM_CREDENTIALS`),
    /// once `passCredentials` was called; nil before, or when the kernel said nothing.
    public private(set) var lastWriter: pid_t?

    /// Asks the kernel to tell, with each read, which process wrote the bytes: those of one
    /// writer are never read together with another's. The peer's `SO_PEERCRED` names only the
    /// process that connected, not a child that inherited the connection and writes on it.
    /// The corresponding C function is `setsockopt` (`SO_PASSCRED`).
    public func passCredentials() {
        var on: Int32 = 1
        passesCredentials = setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// One `recvmsg` into `storage`, keeping the writer's pid from its `SCM_CREDENTIALS`.
    /// The corresponding C function is `recvmsg`.
    private func receive(into storage: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // A cmsghdr (16 bytes here) and a ucred (12, padded to 16): CMSG_SPACE(sizeof(ucred)).
        let headerSize = MemoryLayout<cmsghdr>.size
        var control = [UInt8](repeating: 0, count: headerSize + 16)
        var iov = iovec(iov_base: UnsafeMutableRawPointer(storage.baseAddress), iov_len: storage.count)
        let n = control.withUnsafeMutableBytes { controlBytes -> Int in
            withUnsafeMutablePointer(to: &iov) { iovPointer in
                var message = msghdr()
                message.msg_iov = iovPointer
                message.msg_iovlen = 1
                message.msg_control = controlBytes.baseAddress
                message.msg_controllen = controlBytes.count
                return recvmsg(fd, &message, 0)
            }
        }
        guard n > 0 else { return n }
        let header = control.withUnsafeBytes { $0.loadUnaligned(as: cmsghdr.self) }
        // SCM_CREDENTIALS is 2 (glibc hides the name behind _GNU_SOURCE).
        if header.cmsg_level == SOL_SOCKET, header.cmsg_type == 2, header.cmsg_len >= headerSize + MemoryLayout<PeerCredentials>.size {
            lastWriter = control.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: headerSize, as: PeerCredentials.self) }.pid
        } else {
            lastWriter = nil
        }
        return n
    }

    /// The peer's user id, so the daemon can refuse other users (the socket mode already does;
    /// this holds even if someone loosens the mode).
    public var peerUID: uid_t? { peerProcess?.uid }

    /// The peer's process and user as the kernel recorded them when it connected (or
    /// listened): what `PeerProcess.identity` looks up, never what the peer says of itself.
    public var peerProcess: (pid: pid_t, uid: uid_t)? {
        var cred = PeerCredentials()
        var len = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 else { return nil }
        return (cred.pid, cred.uid)
    }
}

/// `struct ucred`, which glibc hides behind _GNU_SOURCE.
struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
