#if canImport(Glibc)
import Glibc
#endif

/// Writes to stderr and stdout by file descriptor: Swift 6 forbids touching C's global
/// `stderr`, and unbuffered writes keep log lines whole when two processes share a terminal.
public enum StandardStreams {
    public static func error(_ line: String) { write(2, line) }
    public static func output(_ line: String) { write(1, line) }

    /// Writes `line` and a newline, as bytes (no string concatenation: the client prints a
    /// line per launch, and every part of the standard library it touches is paged in).
    private static func write(_ fd: Int32, _ line: String) {
        var whole = Array(line.utf8)
        whole.append(0x0A)
        var bytes = whole[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
