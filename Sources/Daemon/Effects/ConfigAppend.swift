#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import JSONCodec
import ToastCore

/// "Mute APP always": appends `SnoozeRule.section` to the config file, the file its path
/// resolves to (a dotfile is often a symlink into a repository: the link stays a link).
/// Only appends (`O_APPEND`), so no line the user wrote changes; a missing file is created
/// (mode 0600); anything but a regular file is refused, and the open never blocks (a FIFO).
enum ConfigAppend {
    static func append(_ text: String, to path: String) -> String? {
        // Only LF ends the section's lines: any other line break (U+2028 in a name) would
        // start a line of its own in the user's config (`SnoozeRule` refuses them; the net).
        guard !text.unicodeScalars.contains(where: { $0 != "\n" && UnicodeControls.isLineBreak($0) }) else {
            return "refused to write a line break inside a value"
        }
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
