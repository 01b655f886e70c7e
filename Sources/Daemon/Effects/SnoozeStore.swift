#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The snoozed applications across restarts: `$XDG_STATE_HOME/xtoast/snoozes`, one line per
/// snooze (`Snoozes.lines`), no file when there are none. The same care as the pause's file
/// (`QuietStore`): read bounded, regular files only; written to a new temporary file and
/// renamed over it; no `fsync`.
final class SnoozeStore {
    let path: String

    init(path: String) { self.path = path }

    /// Beside the pause's file.
    static func path(xdgStateHome: String?, home: String?) -> String? {
        QuietStore.path(xdgStateHome: xdgStateHome, home: home).map { String($0.dropLast("quiet".count)) + "snoozes" }
    }

    /// The snoozes still running at `wallNow`; a damaged line is skipped.
    func load(wallNow: Double) -> Snoozes {
        switch BoundedFile.read(path, maxBytes: Snoozes.maxFileBytes) {
        case let .success(bytes): return Snoozes(lines: String(decoding: bytes, as: UTF8.self), now: wallNow)
        case .failure(.missing): return Snoozes()
        case let .failure(failure):
            Log.info("snooze: \(failure); no application starts snoozed")
            return Snoozes()
        }
    }

    func save(_ snoozes: Snoozes) {
        guard !snoozes.all.isEmpty else {
            if unlink(path) != 0 && errno != ENOENT { Log.info("snooze: cannot remove \(path): \(String(cString: strerror(errno)))") }
            return
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        _ = mkdir(directory, 0o700)
        let temporary = path + ".tmp"
        switch HistoryWriter.create(temporary) {
        case let .failure(error):
            Log.info("snooze: \(error.reason); the snoozes are not kept across a restart")
        case let .success(fd):
            let bytes = Array(snoozes.lines.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            if written != bytes.count || rename(temporary, path) != 0 {
                Log.info("snooze: cannot write \(path): \(String(cString: strerror(errno)))")
                unlink(temporary)
            }
        }
    }
}

/// "Mute APP always": appends `SnoozeRule.section` to the config file, the file its path
/// resolves to (a dotfile is often a symlink into a repository: the link stays a link).
/// Only appends (`O_APPEND`), so no line the user wrote changes; a missing file is created
/// (mode 0600); anything but a regular file is refused, and the open never blocks (a FIFO).
enum ConfigAppend {
    static func append(_ text: String, to path: String) -> String? {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        } else if errno == ENOENT {
            let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if !directory.isEmpty { _ = mkdir(directory, 0o700) }
        }
        var fd: Int32
        repeat { fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o600) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return "cannot open \(target): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return "\(target) is not a regular file" }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return "cannot write \(target): \(String(cString: strerror(errno)))" }
        Log.info("appended a rule to \(target)")
        return nil
    }
}
