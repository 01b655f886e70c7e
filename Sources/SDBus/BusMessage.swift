import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// One D-Bus message, owned: a reference taken for as long as this object lives, so a
/// handler may keep a message (and what it lends, as `readBytes`) past the callback.
/// Building is in `BusMessage+Building.swift`, reading in `BusMessage+Reading.swift`.
/// The corresponding C functions are `sd_bus_message_ref` and `sd_bus_message_unref`.
public final class BusMessage {
    let handle: OpaquePointer

    /// A message sd-bus lends to a callback: a reference of our own is taken.
    init(borrowing handle: OpaquePointer) {
        sd_bus_message_ref(handle)
        self.handle = handle
    }

    /// A message just made (`sd_bus_message_new_*`), whose one reference is ours.
    init(adopting handle: OpaquePointer) { self.handle = handle }

    deinit { sd_bus_message_unref(handle) }

    /// D-Bus names (bus names, interfaces, members) are at most 255 bytes by the specification.
    public static let nameBytes = 255

    // MARK: Header

    /// The member called or signalled. The corresponding C function is `sd_bus_message_get_member`.
    public var member: String? { sd_bus_message_get_member(handle).map { String(cString: $0) } }
    /// The interface named, if any. The corresponding C function is `sd_bus_message_get_interface`.
    public var interface: String? { sd_bus_message_get_interface(handle).map { String(cString: $0) } }
    /// The object path. The corresponding C function is `sd_bus_message_get_path`.
    public var path: String? { sd_bus_message_get_path(handle).map { String(cString: $0) } }
    /// The sender's unique name, as the bus stamped it (no client can forge it). The
    /// corresponding C function is `sd_bus_message_get_sender`.
    public var sender: String? { sd_bus_message_get_sender(handle).map { String(cString: $0) } }

    /// Whether this is a signal of `interface` (and `member`; nil: any). The corresponding C
    /// function is `sd_bus_message_is_signal`.
    public func isSignal(interface: String, member: String? = nil) -> Bool {
        sd_bus_message_is_signal(handle, interface, member) > 0
    }

    /// Whether this is a call of `interface.member`. The corresponding C function is
    /// `sd_bus_message_is_method_call`.
    public func isMethodCall(interface: String, member: String) -> Bool {
        sd_bus_message_is_method_call(handle, interface, member) > 0
    }

    /// Whether this is an error reply. The corresponding C function is `sd_bus_message_is_method_error`.
    public var isMethodError: Bool { sd_bus_message_is_method_error(handle, nil) != 0 }

    /// An error reply's text. The corresponding C function is `sd_bus_message_get_error`.
    public var errorMessage: String? { sd_bus_message_get_error(handle)?.pointee.message.map { String(cString: $0) } }

    /// An error reply's name (`org.freedesktop.DBus.Error.ServiceUnknown`). The corresponding
    /// C function is `sd_bus_message_get_error`.
    public var errorName: String? { sd_bus_message_get_error(handle)?.pointee.name.map { String(cString: $0) } }

    /// Sends a signal to one unique name only. The corresponding C function is
    /// `sd_bus_message_set_destination`.
    public func setDestination(_ destination: String) throws(BusError) {
        try check(sd_bus_message_set_destination(handle, destination))
    }

    /// Whether the bus may start a service to receive this call (D-Bus activation). The
    /// corresponding C function is `sd_bus_message_set_auto_start`.
    public func setAutoStart(_ on: Bool) throws(BusError) {
        try check(sd_bus_message_set_auto_start(handle, on ? 1 : 0))
    }

    // MARK: Who sent it

    /// What the bus knows of the sender (the pid and uid it recorded when the sender
    /// connected); nil when it cannot tell. The corresponding C functions are
    /// `sd_bus_query_sender_creds` (on dbus-daemon, a call to `GetConnectionCredentials`),
    /// `sd_bus_creds_get_pid`, `sd_bus_creds_get_uid` and `sd_bus_creds_get_euid`.
    public func senderCredentials() -> BusCredentials? {
        var creds: OpaquePointer?
        let mask = UInt64(SD_BUS_CREDS_PID) | UInt64(SD_BUS_CREDS_UID) | UInt64(SD_BUS_CREDS_EUID)
        guard sd_bus_query_sender_creds(handle, mask, &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        return BusCredentials(creds)
    }

    // MARK: Answering

    /// Sends the method return of this call, built by `fill`; `.failed` when it could not be
    /// built or sent. The corresponding C functions are `sd_bus_message_new_method_return`
    /// and `sd_bus_send`.
    public func reply(_ fill: (BusMessage) throws -> Void = { _ in }) -> HandlerResult {
        var made: OpaquePointer?
        let r = sd_bus_message_new_method_return(handle, &made)
        guard r >= 0, let made else { return .failed(BusError(errno: -r)) }
        let answer = BusMessage(adopting: made)
        do {
            try fill(answer)
            try check(sd_bus_send(nil, answer.handle, nil))
        } catch {
            return .failed(BusError(errno: failureCode(of: error)))
        }
        return .handled
    }
}

/// A sender's or a name owner's process and user, as the bus recorded them.
public struct BusCredentials {
    public var pid: pid_t?
    public var uid: uid_t?

    /// Reads what `creds` has: the uid, else the effective uid. The corresponding C functions
    /// are `sd_bus_creds_get_pid`, `sd_bus_creds_get_uid` and `sd_bus_creds_get_euid`.
    init(_ creds: OpaquePointer) {
        var pid: pid_t = 0
        var uid: uid_t = 0
        self.pid = sd_bus_creds_get_pid(creds, &pid) >= 0 ? pid : nil
        self.uid = sd_bus_creds_get_uid(creds, &uid) >= 0 || sd_bus_creds_get_euid(creds, &uid) >= 0 ? uid : nil
    }
}
