/// The bytes of an `image-data` hint: a copy of their own, or borrowed from the bus message
/// they came in, which stays alive until the last reference goes. A 4095 px picture is 64 MiB:
/// copying it into fresh memory took 40 to 180 ms of the loop on a busy 2-core machine, so
/// the scaler reads the message's own bytes instead (`RawImage.rowstride` apart, padding and all).
///
/// Immutable once made. `release` runs where the last reference is dropped: the daemon
/// keeps every reference on its loop (a scaler thread reads only the raw bytes, while the
/// loop holds the image), because a bus message is not thread-safe.
public final class PixelBytes: Equatable, @unchecked Sendable {
    public let buffer: UnsafeRawBufferPointer
    private let release: () -> Void

    /// `count` bytes of its own, written once by `fill`.
    public init(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: max(0, count), alignment: 1)
        owned.initializeMemory(as: UInt8.self, repeating: 0)
        fill(owned)
        buffer = UnsafeRawBufferPointer(owned)
        release = { owned.deallocate() }
    }

    /// A copy of `bytes`, owned.
    public convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count) { owned in bytes.withUnsafeBytes { owned.copyMemory(from: $0) } }
    }

    /// `buffer`, someone else's, kept valid until `release` is called (once, at the end).
    public init(borrowing buffer: UnsafeRawBufferPointer, release: @escaping () -> Void) {
        self.buffer = buffer
        self.release = release
    }

    deinit { release() }

    public var count: Int { buffer.count }

    public static func == (a: PixelBytes, b: PixelBytes) -> Bool { a === b || a.buffer.elementsEqual(b.buffer) }
}
