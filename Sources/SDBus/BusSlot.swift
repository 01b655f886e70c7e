import CSDBus

/// A registration on a connection (a match, an exported object or interface, a pending
/// call) and what its callbacks need: while the slot lives, sd-bus may call them; freeing it
/// ends the registration. The corresponding C function is `sd_bus_slot_unref`.
public final class BusSlot {
    private let handle: OpaquePointer
    /// What the C callbacks reach through their userdata pointer (a `MessageHandler`, an
    /// `ExportedInterface`), unretained there: kept here, so it outlives the registration.
    private let keptAlive: AnyObject

    init(_ handle: OpaquePointer, keeping owner: AnyObject) {
        self.handle = handle
        keptAlive = owner
    }

    deinit { sd_bus_slot_unref(handle) }
}

/// A Swift closure behind a C message callback (`sd_bus_message_handler_t`).
final class MessageHandler {
    let handle: (BusMessage) -> HandlerResult

    init(_ handle: @escaping (BusMessage) -> HandlerResult) { self.handle = handle }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// The one C callback of every match, object, fallback and asynchronous call: runs the
/// `MessageHandler` in `userdata`. The handler is kept alive while it runs, since it may free
/// its own slot (a reply handler that clears its pending call).
func dispatchMessage(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                     _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    let handler = Unmanaged<MessageHandler>.fromOpaque(userdata).takeUnretainedValue()
    return withExtendedLifetime(handler) { handler.handle(BusMessage(borrowing: message)).code(error) }
}
