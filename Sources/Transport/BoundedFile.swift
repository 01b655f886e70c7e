#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file that someone else may control (a config file, an icon, a theme index)
/// without letting it stall or swamp the reader.
///
/// The path is opened non-blocking and without becoming a controlling terminal, and only then
/// checked, on the opened descriptor, so the check and the read see the same file: a FIFO
/// must never block the daemon's loop, and a device such as `/dev/zero` never ends. The size
/// limit is checked before reading and enforced while reading, for a file that grows meanwhile.
///
///     switch BoundedFile.read(path, maxBytes: 1 << 20) {
///     case let .success(bytes): use(bytes)
///     case .failure(.missing): useDefaults()
///     case let .failure(failure): log(failure.description)
///     }
///
/// The corresponding C functions are `open`, `fstat`, `read` and `close`.
public enum BoundedFile {
    /// Why a file was not read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing at the path (ENOENT): for a config file, the defaults apply.
        case missing(path: String)
        /// A directory, FIFO, socket or device.
        case notRegularFile(path: String)
        /// Over `maxBytes`, when opened or while being read.
        case tooLarge(path: String, maxBytes: Int)
        /// Opening, checking or reading failed with `code` (an errno value).
        case unreadable(path: String, code: Int32)

        /// A whole sentence naming the file, for a log line.
        public var description: String {
            switch self {
            case let .missing(path): "cannot read \(path): \(BoundedFile.errorText(ENOENT))"
            case let .notRegularFile(path): "\(path) is not a regular file"
            case let .tooLarge(path, maxBytes): "\(path) is larger than \(BoundedFile.sizeText(maxBytes))"
            case let .unreadable(path, code): "cannot read \(path): \(BoundedFile.errorText(code))"
            }
        }

        /// The reason without the path, lower case, for messages that name the file already
        /// ("cannot read icon PATH: not a regular file").
        public var reason: String {
            switch self {
            case .missing: BoundedFile.lowercasedFirst(BoundedFile.errorText(ENOENT))
            case .notRegularFile: "not a regular file"
            case let .tooLarge(_, maxBytes): "larger than \(BoundedFile.sizeText(maxBytes))"
            case let .unreadable(_, code): BoundedFile.lowercasedFirst(BoundedFile.errorText(code))
            }
        }
    }

    /// The bytes of the regular file at `path`, if it holds at most `maxBytes`.
    public static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        let limit = min(max(0, maxBytes), Int.max - 1)
        let fd: Int32
        let size: Int
        switch open(path, maxBytes: limit) {
        case let .success(opened): (fd, size) = opened
        case let .failure(failure): return .failure(failure)
        }
        defer { close(fd) }
        // One byte of room past the expected end: a read of 0 there confirms the end in one call.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard filled <= limit else { return .failure(.tooLarge(path: path, maxBytes: limit)) }
                bytes += repeatElement(0, count: min(64 << 10, limit + 1 - filled))
            }
            let n = bytes.withUnsafeMutableBufferPointer { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if n > 0 { filled += n } else if n == 0 { break } else if errno != EINTR {
                return .failure(.unreadable(path: path, code: errno))
            }
        }
        bytes.removeLast(bytes.count - filled)
        return .success(bytes)
    }

    /// The regular file at `path` opened for reading (non-blocking, close-on-exec, never a
    /// controlling terminal) and checked on the opened descriptor, with its size then; the
    /// caller closes it. For a reader that hands the descriptor on (the sound player gives
    /// libcanberra `/proc/self/fd/N`, so the file checked is the file played).
    public static func open(_ path: String, maxBytes: Int) -> Result<(fd: Int32, size: Int), Failure> {
        let limit = max(0, maxBytes)
        var fd: Int32
        repeat { fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return .failure(errno == ENOENT ? .missing(path: path) : .unreadable(path: path, code: errno)) }
        var info = stat()
        let failure: Failure? = if fstat(fd, &info) != 0 {
            .unreadable(path: path, code: errno)
        } else if info.st_mode & S_IFMT != S_IFREG {
            .notRegularFile(path: path)
        } else if info.st_size < 0 || info.st_size > limit {
            .tooLarge(path: path, maxBytes: limit)
        } else {
            nil
        }
        if let failure {
            close(fd)
            return .failure(failure)
        }
        return .success((fd, Int(info.st_size)))
    }

    /// `bytes` in the largest whole unit: "1 MiB", "64 KiB", "100 bytes".
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The corresponding C function is `strerror`.
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func lowercasedFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
}
