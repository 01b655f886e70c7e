import CX11

/// The X errors the server sent the daemon, kept by the error handler until the loop takes
/// them (Xlib's default handler exits the process; a daemon must survive a stray BadWindow).
/// Errors are counted and the last `capacity` kept (a fixed ring: an error storm costs no
/// memory). Requests inside `XDisplay.quietly` (asking about a window another client may
/// have destroyed) are expected, and their errors are dropped here.
///
/// The state lives here, once, in Swift. It used to be `static` storage in the shim header,
/// which every object file that used it got its own copy of: in a release build `quietly`,
/// generic and so specialised into its callers' files, set a quiet range the handler (in
/// XDisplay's file) never saw, and every expected error was logged.
/// The corresponding C functions are `XSetErrorHandler` and `XNextRequest`.
enum XErrorLog {
    /// How many errors are kept between two takes.
    static let capacity = Int(XT_ERROR_LOG_SIZE)

    /// Only the loop's thread talks to the X server, and the handler runs inside its Xlib calls.
    nonisolated(unsafe) private static var ring = [xt_error_record](repeating: xt_error_record(), count: capacity)
    /// Errors since the last take, including those the ring overwrote.
    nonisolated(unsafe) private static var count = 0
    /// Requests whose errors are expected: serials from `quietFrom` up to, not including, `quietTo`.
    nonisolated(unsafe) private static var quietFrom: UInt = 1
    nonisolated(unsafe) private static var quietTo: UInt = 0

    static func install() {
        XSetErrorHandler { _, event in
            guard let e = event?.pointee else { return 0 }
            XErrorLog.record(e)
            return 0
        }
    }

    private static func record(_ e: XErrorEvent) {
        if e.serial >= quietFrom && e.serial < quietTo { return }
        ring[count % capacity] = xt_error_record(error_code: e.error_code, request_code: e.request_code,
                                                 minor_code: e.minor_code, resource_id: e.resourceid)
        count += 1
    }

    /// From the next request on, errors are expected (until `endQuiet`).
    static func beginQuiet(_ display: OpaquePointer) {
        quietFrom = XNextRequest(display)
        quietTo = UInt.max
    }

    /// Requests from here on are the daemon's own again.
    static func endQuiet(_ display: OpaquePointer) { quietTo = XNextRequest(display) }

    /// The kept errors, oldest first, and how many arrived since the last take (more than
    /// were kept when the ring overflowed); the log starts again empty.
    static func take() -> (records: [xt_error_record], count: Int) {
        let kept = min(count, capacity)
        let records = (0..<kept).map { ring[(count - kept + $0) % capacity] }
        defer { count = 0 }
        return (records, count)
    }
}
