import Glibc

/// Reads a sealed memory file a client passed (the portal's `("file-descriptor", <h>)` icons
/// and sounds) without letting it stall or swamp the reader: only a regular file whose size
/// and contents can no longer change (sealed against writing, growing and shrinking, which
/// only a `memfd_create` file can be, so it lives in memory and a read never waits on a disk,
/// a pipe or a peer), and only up to `maxBytes`, checked before anything is copied.
///
///     switch SealedFile.read(fd, maxBytes: 1 << 20) {
///     case let .success(bytes): decode(bytes)
///     case let .failure(failure): log(failure.description)
///     }
///
/// The corresponding C functions are `fstat`, `fcntl(F_GET_SEALS)` and `pread`.
public enum SealedFile {
    /// Why a descriptor was not read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// A pipe, socket, directory or device.
        case notRegularFile
        /// A file that could still change under the reader (not a sealed memfd).
        case notSealed
        case tooLarge(maxBytes: Int)
        case unreadable(code: Int32)

        public var description: String {
            switch self {
            case .notRegularFile: "not a regular file"
            case .notSealed: "not a sealed memfd (sealed against writing, growing and shrinking)"
            case let .tooLarge(maxBytes): "larger than \(BoundedFile.sizeText(maxBytes))"
            case let .unreadable(code): String(cString: strerror(code))
            }
        }
    }

    /// `fcntl`'s `F_GET_SEALS` and the seals a file must carry (linux/fcntl.h; Glibc's module
    /// leaves them out): `F_SEAL_SHRINK`, `F_SEAL_GROW` and `F_SEAL_WRITE`.
    static let getSeals: Int32 = 1034
    static let requiredSeals: Int32 = 0x0002 | 0x0004 | 0x0008

    /// The whole contents of `fd` (left open: the caller owns it), if it is a sealed memory
    /// file of at most `maxBytes`.
    public static func read(_ fd: Int32, maxBytes: Int) -> Result<[UInt8], Failure> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(code: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        let seals = fcntl(fd, getSeals)
        guard seals >= 0, seals & requiredSeals == requiredSeals else { return .failure(.notSealed) }
        guard info.st_size >= 0, info.st_size <= max(0, maxBytes) else { return .failure(.tooLarge(maxBytes: max(0, maxBytes))) }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = bytes.withUnsafeMutableBufferPointer { buffer in
                pread(fd, buffer.baseAddress.map { $0 + filled }, size - filled, off_t(filled))
            }
            if n > 0 { filled += n } else if n == 0 { break } else if errno != EINTR { return .failure(.unreadable(code: errno)) }
        }
        bytes.removeLast(size - filled)
        return .success(bytes)
    }
}
