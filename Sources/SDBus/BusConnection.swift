import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a bus, owned: closed when this object goes (or at `close`). Everything
/// runs on the loop's thread: the loop polls `fd` for `events` until `deadline`, then calls
/// `process` until it says nothing is left. The corresponding C functions are
/// `sd_bus_flush_close_unref` and `sd_bus_close_unref`.
public final class BusConnection {
    private(set) var handle: OpaquePointer?

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { close() }

    /// The user's session bus. The corresponding C function is `sd_bus_open_user`.
    public static func session() -> Result<BusConnection, BusError> {
        var handle: OpaquePointer?
        let r = sd_bus_open_user(&handle)
        guard r >= 0, let handle else { return .failure(BusError(errno: r < 0 ? -r : EINVAL)) }
        return .success(BusConnection(handle))
    }

    /// The bus at `address` (as the accessibility bus's `GetAddress` answers it), as a client
    /// that says `Hello` (`isReady` once it is answered). The corresponding C functions are
    /// `sd_bus_new`, `sd_bus_set_address`, `sd_bus_set_bus_client` and `sd_bus_start`.
    public static func connect(address: String) -> Result<BusConnection, BusError> {
        var made: OpaquePointer?
        var r = sd_bus_new(&made)
        guard r >= 0, let made else { return .failure(BusError(errno: r < 0 ? -r : ENOMEM)) }
        r = sd_bus_set_address(made, address)
        if r >= 0 { r = sd_bus_set_bus_client(made, 1) }
        if r >= 0 { r = sd_bus_start(made) }
        guard r >= 0 else {
            sd_bus_close_unref(made)
            return .failure(BusError(errno: -r))
        }
        return .success(BusConnection(made))
    }

    /// Sends what is queued and closes; idempotent. The corresponding C function is
    /// `sd_bus_flush_close_unref`.
    public func close() {
        if let handle { sd_bus_flush_close_unref(handle) }
        handle = nil
    }

    private func open() throws(BusError) -> OpaquePointer {
        guard let handle else { throw BusError(errno: ENOTCONN) }
        return handle
    }

    // MARK: The loop's side

    /// The connection's socket; -1 once closed. The corresponding C function is `sd_bus_get_fd`.
    public var fd: Int32 { handle.map { sd_bus_get_fd($0) } ?? -1 }

    /// What to poll for. The corresponding C function is `sd_bus_get_events`.
    public var events: Int16 {
        guard let handle else { return 0 }
        let e = sd_bus_get_events(handle)
        return e < 0 ? 0 : Int16(truncatingIfNeeded: e)
    }

    /// When `process` is due even without input, in seconds on CLOCK_MONOTONIC; nil for never,
    /// 0 when messages already wait. The corresponding C function is `sd_bus_get_timeout`
    /// (absolute microseconds, `UINT64_MAX` for none).
    public var deadline: Double? {
        guard let handle else { return nil }
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(handle, &usec) >= 0, usec != UInt64.max else { return nil }
        return Double(usec) / 1_000_000
    }

    /// Handles one waiting message (or one step of the connection's work): true when it did
    /// something and more may wait, false when nothing is left; throws when the connection
    /// broke. The corresponding C function is `sd_bus_process`.
    public func process() throws(BusError) -> Bool {
        try check(sd_bus_process(try open(), nil)) > 0
    }

    /// Whether the bus answered `Hello`. The corresponding C function is `sd_bus_is_ready`.
    public var isReady: Bool { handle.map { sd_bus_is_ready($0) > 0 } ?? false }

    /// This connection's unique name (`:1.42`). The corresponding C function is `sd_bus_get_unique_name`.
    public var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard let handle, sd_bus_get_unique_name(handle, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    // MARK: Names

    /// How `requestName` asks for a name.
    public struct NameRequest: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        /// A later server may take the name (`SD_BUS_NAME_ALLOW_REPLACEMENT`).
        public static let allowReplacement = NameRequest(rawValue: UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT))
        /// Take it from its holder, if that one allowed it (`SD_BUS_NAME_REPLACE_EXISTING`).
        public static let replaceExisting = NameRequest(rawValue: UInt64(SD_BUS_NAME_REPLACE_EXISTING))
        /// Wait in the bus's queue while another holds it (`SD_BUS_NAME_QUEUE`).
        public static let queue = NameRequest(rawValue: UInt64(SD_BUS_NAME_QUEUE))
    }

    /// Asks for `name`: true when this connection owns it now, false when it waits in the
    /// queue. The corresponding C function is `sd_bus_request_name`.
    public func requestName(_ name: String, _ request: NameRequest) throws(BusError) -> Bool {
        try check(sd_bus_request_name(try open(), name, request.rawValue)) > 0
    }

    /// The process that owns `name`; nil when nobody does (or the bus will not say). The
    /// corresponding C functions are `sd_bus_get_name_creds` (on dbus-daemon, `GetNameOwner`
    /// and `GetConnectionUnixProcessID`) and `sd_bus_creds_get_pid`.
    public func credentials(ofName name: String) -> BusCredentials? {
        var creds: OpaquePointer?
        guard let handle, sd_bus_get_name_creds(handle, name, UInt64(SD_BUS_CREDS_PID), &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        return BusCredentials(creds)
    }

    // MARK: Messages

    /// A new method call, to be filled and sent (`call`, `callAsync`). The corresponding C
    /// function is `sd_bus_message_new_method_call`.
    public func methodCall(destination: String, path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var made: OpaquePointer?
        try check(sd_bus_message_new_method_call(try open(), &made, destination, path, interface, member))
        guard let made else { throw BusError(errno: ENOMEM) }
        return BusMessage(adopting: made)
    }

    /// A new signal, to be filled and sent. The corresponding C function is `sd_bus_message_new_signal`.
    public func signal(path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var made: OpaquePointer?
        try check(sd_bus_message_new_signal(try open(), &made, path, interface, member))
        guard let made else { throw BusError(errno: ENOMEM) }
        return BusMessage(adopting: made)
    }

    /// Queues `message` to go out. The corresponding C function is `sd_bus_send`.
    public func send(_ message: BusMessage) throws(BusError) {
        try check(sd_bus_send(try open(), message.handle, nil))
    }

    /// Sends `call` and waits up to `timeout` µs for its reply; an error reply throws. Only
    /// for start-up: it blocks. The corresponding C function is `sd_bus_call`.
    public func call(_ call: BusMessage, timeout: UInt64) throws(BusError) -> BusMessage {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var answer: OpaquePointer?
        try check(sd_bus_call(try open(), call.handle, timeout, &error, &answer))
        guard let answer else { throw BusError(errno: EBADMSG) }
        return BusMessage(adopting: answer)
    }

    /// Sends `call`; `answer` gets its reply (or error reply, or the timeout's) on a later
    /// `process`, while the slot lives; freeing the slot cancels it. The corresponding C
    /// function is `sd_bus_call_async`.
    public func callAsync(_ call: BusMessage, timeout: UInt64, _ answer: @escaping (BusMessage) -> Void) throws(BusError) -> BusSlot {
        let handler = MessageHandler { answer($0); return .passOn }
        var slot: OpaquePointer?
        try check(sd_bus_call_async(try open(), &slot, call.handle, dispatchMessage, handler.userdata, timeout))
        return try BusSlot(made: slot, keeping: handler)
    }

    // MARK: Registrations

    /// Messages that match `rule` (a D-Bus match rule: signals with argument filters) go to
    /// `handler`. The corresponding C function is `sd_bus_add_match`.
    public func addMatch(_ rule: String, _ handler: @escaping (BusMessage) -> HandlerResult) throws(BusError) -> BusSlot {
        let box = MessageHandler(handler)
        var slot: OpaquePointer?
        try check(sd_bus_add_match(try open(), &slot, rule, dispatchMessage, box.userdata))
        return try BusSlot(made: slot, keeping: box)
    }

    /// Signal `member` of `interface` from `sender` on `path` goes to `handler`. The
    /// corresponding C function is `sd_bus_match_signal`.
    public func matchSignal(sender: String, path: String, interface: String, member: String,
                            _ handler: @escaping (BusMessage) -> HandlerResult) throws(BusError) -> BusSlot {
        let box = MessageHandler(handler)
        var slot: OpaquePointer?
        try check(sd_bus_match_signal(try open(), &slot, sender, path, interface, member, dispatchMessage, box.userdata))
        return try BusSlot(made: slot, keeping: box)
    }

    /// Every call on the object at `path` goes to `handler`, which answers by hand. The
    /// corresponding C function is `sd_bus_add_object`.
    public func addObject(_ path: String, _ handler: @escaping (BusMessage) -> HandlerResult) throws(BusError) -> BusSlot {
        let box = MessageHandler(handler)
        var slot: OpaquePointer?
        try check(sd_bus_add_object(try open(), &slot, path, dispatchMessage, box.userdata))
        return try BusSlot(made: slot, keeping: box)
    }

    /// Every call on an object under `prefix` goes to `handler`. The corresponding C function
    /// is `sd_bus_add_fallback`.
    public func addFallback(_ prefix: String, _ handler: @escaping (BusMessage) -> HandlerResult) throws(BusError) -> BusSlot {
        let box = MessageHandler(handler)
        var slot: OpaquePointer?
        try check(sd_bus_add_fallback(try open(), &slot, prefix, dispatchMessage, box.userdata))
        return try BusSlot(made: slot, keeping: box)
    }

    /// Serves `interface` on the object at `path`: sd-bus checks each call's signature against
    /// the description and answers `Introspect`, `Properties.Get`, `GetAll` and `Set` from it,
    /// calling `handlers`. The corresponding C function is `sd_bus_add_object_vtable`.
    public func export(_ interface: BusInterface, at path: String, _ handlers: BusInterface.Handlers) throws(BusError) -> BusSlot {
        let exported = ExportedInterface(interface, handlers)
        var slot: OpaquePointer?
        try check(sd_bus_add_object_vtable(try open(), &slot, path, interface.name, exported.table, exported.userdata))
        return try BusSlot(made: slot, keeping: exported)
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` for `names` of `interface` at
    /// `path`, their values read from the exported interface's getter. The corresponding C
    /// function is `sd_bus_emit_properties_changed_strv`.
    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(BusError) {
        let handle = try open()
        var list: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { for item in list { free(item) } }
        try check(list.withUnsafeMutableBufferPointer { sd_bus_emit_properties_changed_strv(handle, path, interface, $0.baseAddress) })
    }

    // MARK: Asking other services

    /// A string-list property of another service, at most `limit` of its strings copied;
    /// nil when it cannot be read. Blocks until answered. The corresponding C function is
    /// `sd_bus_get_property_strv`.
    public func stringsProperty(destination: String, path: String, interface: String, member: String, limit: Int) -> [String]? {
        guard let handle else { return nil }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard sd_bus_get_property_strv(handle, destination, path, interface, member, &error, &list) >= 0, let list else { return nil }
        defer { free(list) }
        var values: [String] = []
        var i = 0
        while let item = list[i] {
            if values.count < limit { values.append(String(cString: item)) }
            free(item)
            i += 1
        }
        return values
    }

    /// A boolean property of another service; nil when it cannot be read. Blocks until
    /// answered. The corresponding C function is `sd_bus_get_property_trivial`.
    public func boolProperty(destination: String, path: String, interface: String, member: String) -> Bool? {
        guard let handle else { return nil }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var value: Int32 = 0  // D-Bus booleans are 32 bits
        guard sd_bus_get_property_trivial(handle, destination, path, interface, member, &error, typeCode("b"), &value) >= 0 else {
            return nil
        }
        return value != 0
    }
}

extension BusSlot {
    /// A slot sd-bus just made, or `ENOMEM` when it made none.
    convenience init(made slot: OpaquePointer?, keeping owner: AnyObject) throws(BusError) {
        guard let slot else { throw BusError(errno: ENOMEM) }
        self.init(slot, keeping: owner)
    }
}
