import CSDBus
#if canImport(Glibc)
import Glibc
#endif
import Transport

/// Reading a message, in the order of its signature. A `read…` throws at the end of the
/// array being read (`EBADMSG`); a `next…` answers nil there, for reading arrays. Strings are
/// cut to a bound before they are copied: a 20 MB string costs no more than its bound.
extension BusMessage {
    /// One basic value of type `letter`, nil at the end of the array being read. The
    /// corresponding C function is `sd_bus_message_read_basic`.
    private func nextBasic<T: BitwiseCopyable>(_ letter: Unicode.Scalar, _ zero: T) throws(BusError) -> T? {
        var value = zero
        return try check(sd_bus_message_read_basic(handle, typeCode(letter), &value)) > 0 ? value : nil
    }

    private func readBasic<T: BitwiseCopyable>(_ letter: Unicode.Scalar, _ zero: T) throws(BusError) -> T {
        guard let value = try nextBasic(letter, zero) else { throw BusError(errno: EBADMSG) }
        return value
    }

    /// `y`.
    public func readByte() throws(BusError) -> UInt8 { try readBasic("y", 0) }
    /// `b` (a D-Bus boolean is 32 bits).
    public func readBool() throws(BusError) -> Bool { try readBasic("b", Int32(0)) != 0 }
    /// `n`.
    public func readInt16() throws(BusError) -> Int16 { try readBasic("n", 0) }
    /// `q`.
    public func readUInt16() throws(BusError) -> UInt16 { try readBasic("q", 0) }
    /// `i`.
    public func readInt32() throws(BusError) -> Int32 { try readBasic("i", 0) }
    /// `u`.
    public func readUInt32() throws(BusError) -> UInt32 { try readBasic("u", 0) }
    /// `x`.
    public func readInt64() throws(BusError) -> Int64 { try readBasic("x", 0) }
    /// `t`.
    public func readUInt64() throws(BusError) -> UInt64 { try readBasic("t", 0) }
    /// `d`.
    public func readDouble() throws(BusError) -> Double { try readBasic("d", 0.0) }

    /// `s` (or `o`, `g`: `letter`), cut to `maxBytes` at a scalar's start before it is copied.
    /// The corresponding C function is `sd_bus_message_read_basic` (sd-bus lends the string
    /// only while the message lives; `BoundedCString` copies it).
    public func readString(maxBytes: Int, type letter: Unicode.Scalar = "s") throws(BusError) -> String {
        guard let text = try nextString(maxBytes: maxBytes, type: letter) else { throw BusError(errno: EBADMSG) }
        return text
    }

    /// `readString`, nil at the end of the array being read. `maxBytes` 0 reads past a
    /// string without copying it.
    public func nextString(maxBytes: Int, type letter: Unicode.Scalar = "s") throws(BusError) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard try check(sd_bus_message_read_basic(handle, typeCode(letter), &pointer)) > 0 else { return nil }
        guard let pointer else { throw BusError(errno: EBADMSG) }
        return BoundedCString.read(pointer, maxBytes: maxBytes).text
    }

    /// An `ay`'s bytes, lent by the message: valid while this object lives (keep it to keep
    /// them). The corresponding C function is `sd_bus_message_read_array`.
    public func readBytes() throws(BusError) -> UnsafeRawBufferPointer {
        var data: UnsafeRawPointer?
        var size = 0
        try check(sd_bus_message_read_array(handle, typeCode("y"), &data, &size))
        return UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: data == nil ? 0 : size)
    }

    /// Enters a container of type `letter` holding `contents` (nil: whatever it holds);
    /// false at the end of the array being read. The corresponding C function is
    /// `sd_bus_message_enter_container`.
    @discardableResult
    public func enterContainer(_ letter: Unicode.Scalar, _ contents: String?) throws(BusError) -> Bool {
        try check(sd_bus_message_enter_container(handle, typeCode(letter), contents)) > 0
    }

    /// Leaves the container entered last. The corresponding C function is `sd_bus_message_exit_container`.
    public func exitContainer() throws(BusError) {
        try check(sd_bus_message_exit_container(handle))
    }

    /// The type of the next value (for a container, what it holds: a variant's signature);
    /// nil at the end of the array or message being read. The corresponding C function is
    /// `sd_bus_message_peek_type`.
    public func peekType() throws(BusError) -> (type: Unicode.Scalar, contents: String?)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard try check(sd_bus_message_peek_type(handle, &type, &contents)) > 0 else { return nil }
        return (Unicode.Scalar(UInt8(bitPattern: type)), contents.map { String(cString: $0) })
    }

    /// Reads past values of `signature` without copying them. The corresponding C function is
    /// `sd_bus_message_skip`.
    public func skip(_ signature: String) throws(BusError) {
        try check(sd_bus_message_skip(handle, signature))
    }
}

extension BusMessage {
    /// `h`: a file descriptor the message carries, lent by it (valid while this object lives;
    /// `dup` it to keep it). The corresponding C function is `sd_bus_message_read_basic`.
    public func readFileDescriptor() throws(BusError) -> Int32 { try readBasic("h", Int32(-1)) }
}
