#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// Opens the daemon's listening socket, refusing to take over a live daemon's.
enum Listener {
    struct StartError: Error { let message: String }

    static func open(_ resolved: SocketPath.Resolved) throws(StartError) -> UnixSocket {
        if let dir = resolved.privateDirectory { try makePrivateDirectory(dir) }
        if UnixSocket.isLive(resolved.path) {
            throw StartError(message: "another xtoast daemon is already listening at \(resolved.path)")
        }
        do {
            return try UnixSocket.listen(at: resolved.path)
        } catch {
            throw StartError(message: "cannot listen at \(resolved.path): \(error)")
        }
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
