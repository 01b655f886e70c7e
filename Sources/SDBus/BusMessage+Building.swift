import CSDBus

/// Building a message: basic values and containers, in the order of its signature.
extension BusMessage {
    /// One basic value of type `letter`. The corresponding C function is `sd_bus_message_append_basic`.
    private func appendBasic<T: BitwiseCopyable>(_ letter: Unicode.Scalar, _ value: T) throws(BusError) {
        var v = value
        try check(sd_bus_message_append_basic(handle, typeCode(letter), &v))
    }

    /// `y`.
    public func append(_ value: UInt8) throws(BusError) { try appendBasic("y", value) }
    /// `b` (a D-Bus boolean is 32 bits).
    public func append(_ value: Bool) throws(BusError) { try appendBasic("b", Int32(value ? 1 : 0)) }
    /// `n`.
    public func append(_ value: Int16) throws(BusError) { try appendBasic("n", value) }
    /// `q`.
    public func append(_ value: UInt16) throws(BusError) { try appendBasic("q", value) }
    /// `i`.
    public func append(_ value: Int32) throws(BusError) { try appendBasic("i", value) }
    /// `u`.
    public func append(_ value: UInt32) throws(BusError) { try appendBasic("u", value) }
    /// `x`.
    public func append(_ value: Int64) throws(BusError) { try appendBasic("x", value) }
    /// `t`.
    public func append(_ value: UInt64) throws(BusError) { try appendBasic("t", value) }
    /// `d`.
    public func append(_ value: Double) throws(BusError) { try appendBasic("d", value) }

    /// `s` (or `o` for an object path, `g` for a signature). The corresponding C function is
    /// `sd_bus_message_append_basic`.
    public func append(_ value: String, type letter: Unicode.Scalar = "s") throws(BusError) {
        try check(value.withCString { sd_bus_message_append_basic(handle, typeCode(letter), $0) })
    }

    /// `as`.
    public func append(_ values: [String]) throws(BusError) {
        try check(sd_bus_message_open_container(handle, typeCode("a"), "s"))
        for value in values { try append(value) }
        try check(sd_bus_message_close_container(handle))
    }

    /// A container of type `letter` (`a`, `r`, `v`, `e`) holding `contents`, filled by
    /// `fill`. The corresponding C functions are `sd_bus_message_open_container` and
    /// `sd_bus_message_close_container`.
    public func appendContainer(_ letter: Unicode.Scalar, _ contents: String, _ fill: () throws -> Void) throws {
        try check(sd_bus_message_open_container(handle, typeCode(letter), contents))
        try fill()
        try check(sd_bus_message_close_container(handle))
    }

    /// An array of `element` (a type signature: `s`, `{sv}`, `(so)`).
    public func appendArray(of element: String, _ fill: () throws -> Void) throws { try appendContainer("a", element, fill) }
    /// A struct of `fields` (`so` for `(so)`).
    public func appendStruct(_ fields: String, _ fill: () throws -> Void) throws { try appendContainer("r", fields, fill) }
    /// A variant holding one value of type `signature`.
    public func appendVariant(_ signature: String, _ fill: () throws -> Void) throws { try appendContainer("v", signature, fill) }
    /// One dictionary entry of `entry` (`sv` for `{sv}`): the key, then the value.
    public func appendDictEntry(_ entry: String, _ fill: () throws -> Void) throws { try appendContainer("e", entry, fill) }
}

/// A D-Bus type letter as sd-bus takes it.
func typeCode(_ letter: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: letter.value) }
