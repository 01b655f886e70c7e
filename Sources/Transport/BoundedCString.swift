#if canImport(Glibc)
import Glibc
#endif

/// A C string read no further than a bound. A string lent by a bus may be tens of megabytes,
/// and `String(cString:)` would measure, check and copy all of it before any limit applies:
/// this reads at most `maxBytes + 1` bytes, whatever the string's length.
public enum BoundedCString {
    /// The string at `pointer`, cut to at most `maxBytes` UTF-8 bytes at a scalar's start, and
    /// whether it was cut (invalid UTF-8 in what is kept becomes U+FFFD, as `String(decoding:)`
    /// makes it). The corresponding C function is `strnlen`.
    ///
    ///     BoundedCString.read(p, maxBytes: 4096)   // ("…4096 bytes at most…", true)
    public static func read(_ pointer: UnsafePointer<CChar>, maxBytes: Int) -> (text: String, isCut: Bool) {
        let limit = max(0, maxBytes)
        let length = strnlen(pointer, limit + 1)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            guard length > limit else {
                return (String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self), false)
            }
            // The byte at `limit` is the first left out: step back over continuation bytes so
            // that a scalar it belongs to is left out whole.
            var kept = limit
            while kept > 0, bytes[kept] & 0xC0 == 0x80 { kept -= 1 }
            return (String(decoding: UnsafeBufferPointer(start: bytes, count: kept), as: UTF8.self), true)
        }
    }
}
