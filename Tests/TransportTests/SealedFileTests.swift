#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// `SealedFile`: a client's descriptor is read only as a sealed memfd within its bound.
@Suite struct SealedFileTests {
    /// A memfd holding `count` bytes, sealed against writing, growing and shrinking when `sealed`.
    static func memfd(_ count: Int, sealed: Bool = true) -> Int32 {
        // glibc's `memfd_create` (Glibc's module leaves it out), with MFD_CLOEXEC | MFD_ALLOW_SEALING.
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "memfd_create") else { return -1 }
        let fd = unsafeBitCast(symbol, to: MemfdCreate.self)("test", 0x0001 | 0x0002)
        let bytes = [UInt8](repeating: 7, count: count)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, count) }
        // F_ADD_SEALS with F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE (linux/fcntl.h).
        if sealed { _ = fcntl(fd, 1033, Int32(0x0002 | 0x0004 | 0x0008)) }
        return fd
    }

    @Test("a sealed memfd of exactly the bound is read whole; one byte more is refused before anything is copied")
    func bound() {
        let limit = 1 << 20
        let at = Self.memfd(limit), over = Self.memfd(limit + 1)
        defer { close(at); close(over) }
        guard case let .success(bytes) = SealedFile.read(at, maxBytes: limit) else { Issue.record("refused at the bound"); return }
        #expect(bytes.count == limit && bytes.allSatisfy { $0 == 7 })
        #expect(SealedFile.read(over, maxBytes: limit) == .failure(.tooLarge(maxBytes: limit)))
    }

    @Test("an unsealed memfd, a pipe and a directory are refused")
    func onlySealedFiles() {
        let unsealed = Self.memfd(10, sealed: false)
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        let directory = open("/", O_RDONLY | O_DIRECTORY)
        defer { close(unsealed); close(ends[0]); close(ends[1]); close(directory) }
        #expect(SealedFile.read(unsealed, maxBytes: 100) == .failure(.notSealed))
        #expect(SealedFile.read(ends[0], maxBytes: 100) == .failure(.notRegularFile))
        #expect(SealedFile.read(directory, maxBytes: 100) == .failure(.notRegularFile))
    }
}
