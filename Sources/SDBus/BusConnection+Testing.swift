import CSDBus
#if canImport(Glibc)
import Glibc
#endif

// For the message tests, which need no bus: sd-bus makes messages only on a started
// connection (`sd_bus_new` alone answers `ENOTCONN`), and reads only sealed ones.

extension BusConnection {
    /// A started connection to nobody: its socket's other end is closed at once, and it is
    /// never processed, so messages can be made on it and nothing is sent. The corresponding
    /// C functions are `socketpair`, `sd_bus_new`, `sd_bus_set_fd` and `sd_bus_start`.
    public static func toNobody() -> BusConnection? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        defer { Glibc.close(ends[1]) }
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let made else {
            Glibc.close(ends[0])
            return nil
        }
        let connection = BusConnection(made)
        guard sd_bus_set_fd(made, ends[0], ends[0]) >= 0 else {
            Glibc.close(ends[0])
            return nil
        }
        return sd_bus_start(made) >= 0 ? connection : nil
    }
}

extension BusMessage {
    /// Ends building and goes back to the start, so what was appended can be read as a
    /// receiver reads it. The corresponding C functions are `sd_bus_message_seal` and
    /// `sd_bus_message_rewind`.
    public func sealForReading() throws(BusError) {
        try check(sd_bus_message_seal(handle, 1, 0))
        try check(sd_bus_message_rewind(handle, 1))
    }
}
