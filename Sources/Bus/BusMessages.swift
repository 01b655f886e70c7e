import CSDBus
#if canImport(Glibc)
import Glibc
#endif
import ToastCore

// Reading and writing message values, shared by the interfaces on the notification object
// (`NotificationBus`, `DunstInterface`).

/// A failed sd-bus call, by its errno.
struct BusError: Error {
    let errno: Int32
}

func check(_ r: Int32) throws(BusError) {
    if r < 0 { throw BusError(errno: -r) }
}

/// A D-Bus type letter as sd-bus takes it.
func busType(_ letter: String) -> CChar { CChar(bitPattern: letter.utf8.first ?? 0) }

/// A string off the message, cut to `NotificationLimits.maxStringBytes` (at a character's
/// start) before it is copied: a 20 MB icon name costs no more than a short one.
func readString(_ m: OpaquePointer, type: String = "s") throws(BusError) -> String {
    var p: UnsafePointer<CChar>?
    try check(sd_bus_message_read_basic(m, busType(type), &p))
    guard let p else { throw BusError(errno: EBADMSG) }
    let limit = NotificationLimits.maxStringBytes
    var length = strnlen(p, limit + 1)
    guard length > limit else { return String(cString: p) }
    // sd-bus has checked the UTF-8: step back over continuation bytes to a character's start.
    length = limit
    p.withMemoryRebound(to: UInt8.self, capacity: limit + 1) { bytes in
        while length > 0, bytes[length] & 0xC0 == 0x80 { length -= 1 }
    }
    return p.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}

/// Sends a method return built by `fill`. The corresponding C functions are
/// `sd_bus_message_new_method_return` and `sd_bus_send`.
func reply(_ call: OpaquePointer, _ fill: (OpaquePointer) -> Bool) -> Int32 {
    var message: OpaquePointer?
    var r = sd_bus_message_new_method_return(call, &message)
    guard r >= 0, let message else { return r }
    defer { sd_bus_message_unref(message) }
    guard fill(message) else { return -ENOMEM }
    r = sd_bus_send(nil, message, nil)
    return r < 0 ? r : 1
}

/// The corresponding C function is `sd_bus_message_append_basic`.
func appendU32(_ m: OpaquePointer, _ value: UInt32) -> Bool {
    var v = value
    return sd_bus_message_append_basic(m, CChar(bitPattern: UInt8(ascii: "u")), &v) >= 0
}

func appendString(_ m: OpaquePointer, _ value: String) -> Bool {
    value.withCString { sd_bus_message_append_basic(m, CChar(bitPattern: UInt8(ascii: "s")), $0) >= 0 }
}

/// An `as`. The corresponding C functions are `sd_bus_message_open_container` and `…_close_container`.
func appendStrings(_ m: OpaquePointer, _ values: [String]) -> Bool {
    guard sd_bus_message_open_container(m, CChar(bitPattern: UInt8(ascii: "a")), "s") >= 0 else { return false }
    return values.allSatisfy { appendString(m, $0) } && sd_bus_message_close_container(m) >= 0
}
