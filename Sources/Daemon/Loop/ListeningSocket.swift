#if canImport(Glibc)
import Glibc
#endif
import Operations
import ToastCore
import Transport

/// The daemon's listening socket, the lock that makes it the only daemon on that socket,
/// and its path: one value, held for the daemon's life. Opening it refuses to take over a
/// live daemon's (`SocketTakeOver` asks that one to hand over).
struct ListeningSocket {
    struct StartError: Error {
        let message: String
        /// Another daemon holds the socket's lock (what `--replace` asks to hand over).
        var lockHeld = false
    }

    let socket: UnixSocket
    /// The socket's lock (`flock`), held for the daemon's life. Closed at the very end of a
    /// hand-over, after everything else the new daemon takes is free (`releaseLock`).
    let lock: Int32
    let path: String
    /// Who holds it: this daemon's user and executable, which a `handover` caller must match.
    let holder = PeerIdentity(uid: getuid(), executable: PeerProcess.ownExecutable)
    /// Set when accepting failed for want of descriptors: the socket is not polled (which
    /// would fail again at once, in a busy loop) until a client goes.
    var acceptPaused = false

    /// Set once a granted hand-over let go of the socket and the lock (`letGo`): nothing here
    /// is touched again, as the path and the lock are the successor's.
    private(set) var isLetGo = false

    /// What the loop polls: the socket, or nothing while accepting is paused or it was let go.
    var pollDescriptor: Int32 { acceptPaused || isLetGo ? -1 : socket.fd }

    /// Takes the socket's lock, removes a stale socket (never anything else), and listens.
    static func open(_ resolved: SocketPath.Resolved) throws(StartError) -> ListeningSocket {
        let path = resolved.path
        if let dir = resolved.privateDirectory { try makePrivateDirectory(dir) }
        let lock = try takeLock(path + ".lock")
        do {
            try removeStaleSocket(path)
            return ListeningSocket(socket: try UnixSocket.listen(at: path), lock: lock, path: path)
        } catch let error as StartError {
            close(lock)
            throw error
        } catch {
            close(lock)
            throw StartError(message: "cannot listen at \(path): \(error)")
        }
    }

    /// The next connection waiting, nil when none is. The corresponding C function is `accept`.
    func acceptNext() -> Result<UnixSocket?, UnixSocket.Failure> { socket.acceptNext() }

    /// The socket goes before the last events are drained, so nobody connects to a daemon
    /// that is going away: a client finds no daemon (and may start one) rather than one
    /// that never answers. Connections not accepted yet are refused as the socket closes.
    /// The lock stays.
    func stopListening() {
        guard !isLetGo else { return }
        unlink(path)
        socket.close()
    }

    /// Lets go of the lock: last, as the daemon taking over waits for it and then finds all
    /// the rest free.
    func releaseLock() {
        guard !isLetGo else { return }
        close(lock)
    }

    /// A granted hand-over: the socket and its lock go first, for the successor to take, while
    /// this daemon serves on (its toasts, clients, keys and bus name) until it has
    /// (`successorHasTaken`), or takes them back (`open`) if it never does.
    mutating func letGo() {
        stopListening()
        releaseLock()
        isLetGo = true
    }

    /// After `letGo`: whether another process holds the lock and a socket is at the path (the
    /// successor has taken both). A free lock is taken for a moment by the look, which a
    /// successor trying just then retries. The corresponding C function is `flock`.
    func successorHasTaken() -> Bool {
        let fd = Glibc.open(path + ".lock", O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) != 0 else { return false }
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFSOCK
    }

    /// One daemon per socket, for certain: an exclusive `flock` on a file beside the socket,
    /// held while the daemon runs (the kernel drops it when the process ends, however it
    /// ends). Only its holder touches the socket's path. The corresponding C function is `flock`.
    static func takeLock(_ lockPath: String) throws(StartError) -> Int32 {
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            throw StartError(message: "cannot open the lock file \(lockPath): \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_uid == getuid() else {
            close(fd)
            throw StartError(message: "\(lockPath) is not a regular file of yours; remove it")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw StartError(message: "another xtoast daemon is running for \(lockPath.dropLast(5)) (it holds \(lockPath)); "
                             + "xtoast daemon --replace takes over from it", lockHeld: true)
        }
        return fd
    }

    /// A socket left by a daemon that died is removed; anything else at the path (a regular
    /// file, a directory, a live socket of another program) is left alone and refused.
    static func removeStaleSocket(_ path: String) throws(StartError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFSOCK else {
            throw StartError(message: "\(path) exists and is not a socket; xtoast will not remove it (set XTOAST_SOCKET elsewhere)")
        }
        if UnixSocket.isLive(path) {
            throw StartError(message: "something already listens at \(path) (an older xtoast daemon?); stop it first")
        }
        unlink(path)
    }

    /// The fallback directory in /tmp must be ours and closed to others, or anyone could
    /// put a socket there first and read every toast.
    static func makePrivateDirectory(_ dir: String) throws(StartError) {
        if mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw StartError(message: "cannot create \(dir): \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard lstat(dir, &st) == 0 else { throw StartError(message: "cannot stat \(dir)") }
        guard st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid() else {
            throw StartError(message: "\(dir) is not a directory owned by you; remove it or set XDG_RUNTIME_DIR")
        }
        if st.st_mode & 0o077 != 0 { chmod(dir, 0o700) }
    }
}
