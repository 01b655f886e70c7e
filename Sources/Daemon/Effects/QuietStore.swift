#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The user's do-not-disturb across restarts: `$XDG_STATE_HOME/xtoast/quiet`, one short JSON
/// line (`QuietState.UserPause.line`) while it lasts, no file otherwise. The same care as the
/// history file: read bounded (4 KiB, regular files only), written to a temporary file made
/// anew (`O_EXCL`, `O_NOFOLLOW`, mode 0600) and renamed over it. No `fsync`: the loop must
/// not wait for the disk, and a crash loses at most the last change.
final class QuietStore {
    let path: String

    init(path: String) { self.path = path }

    /// Beside the history file.
    static func path(xdgStateHome: String?, home: String?) -> String? {
        HistoryFile.path(xdgStateHome: xdgStateHome, home: home).map { String($0.dropLast("history".count)) + "quiet" }
    }

    /// The pause the file holds, if any; a damaged file is logged and removed.
    func load() -> QuietState.UserPause? {
        switch BoundedFile.read(path, maxBytes: QuietState.UserPause.maxFileBytes) {
        case let .success(bytes):
            if let pause = QuietState.UserPause(line: Array(bytes.prefix { $0 != UInt8(ascii: "\n") })) { return pause }
            Log.info("quiet: \(path) does not hold a pause; removed")
            unlink(path)
            return nil
        case .failure(.missing): return nil
        case let .failure(failure):
            Log.info("quiet: \(failure); do-not-disturb starts off")
            return nil
        }
    }

    /// Writes `pause`, or removes the file for nil.
    func save(_ pause: QuietState.UserPause?) {
        guard let pause else {
            if unlink(path) != 0 && errno != ENOENT { Log.info("quiet: cannot remove \(path): \(String(cString: strerror(errno)))") }
            return
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        _ = mkdir(directory, 0o700)
        let temporary = path + ".tmp"
        switch HistoryWriter.create(temporary) {
        case let .failure(error):
            Log.info("quiet: \(error.reason); do-not-disturb is not kept across a restart")
        case let .success(fd):
            let bytes = Array(pause.line.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            if written != bytes.count || rename(temporary, path) != 0 {
                Log.info("quiet: cannot write \(path): \(String(cString: strerror(errno)))")
                unlink(temporary)
            }
        }
    }
}
