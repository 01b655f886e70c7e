#if canImport(Glibc)
import Glibc
#endif

/// Writes to stderr and stdout by file descriptor: Swift 6 forbids touching C's global
/// `stderr`, and unbuffered writes keep log lines whole when two processes share a terminal.
public enum StandardStreams {
    public static func error(_ line: String) { write(2, line + "\n") }
    public static func output(_ line: String) { write(1, line + "\n") }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
