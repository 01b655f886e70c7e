#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import JSONCodec
import ToastCore

/// A small state file that holds what must outlive a restart (the pause, the snoozes): written
/// whole to a temporary file made anew (`HistoryWriter.create`: `O_EXCL`, `O_NOFOLLOW`, mode
/// 0600) and renamed over it, so a reader sees the old file or the new one, never half of
/// one; removed when there is nothing to keep. No `fsync`: the loop must not wait for the
/// disk, and a crash loses at most the last change. Problems are logged as `topic: …`,
/// with `lost` saying what the user loses.
enum StateFile {
    /// Writes `text` to `path`, or removes the file for nil.
    static func save(_ text: String?, to path: String, topic: String, lost: String) {
        guard let text else {
            if unlink(path) != 0 && errno != ENOENT { Log.info("\(topic): cannot remove \(path): \(String(cString: strerror(errno)))") }
            return
        }
        // Values are written raw, one a line: a line break of another kind (U+2028 in a name)
        // would start a line no one wrote. `Snoozes.problem` refuses them; this is the net.
        guard !text.unicodeScalars.contains(where: { $0 != "\n" && UnicodeControls.isLineBreak($0) }) else {
            return Log.info("\(topic): not written, a value holds a line break; \(lost)")
        }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { _ = mkdir(directory, 0o700) }
        let temporary = path + ".tmp"
        switch HistoryWriter.create(temporary) {
        case let .failure(error):
            Log.info("\(topic): \(error.reason); \(lost)")
        case let .success(fd):
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            if written != bytes.count || rename(temporary, path) != 0 {
                Log.info("\(topic): cannot write \(path): \(String(cString: strerror(errno)))")
                unlink(temporary)
            }
        }
    }
}
