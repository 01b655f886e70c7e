import CSDBus
import Foundation

/// A D-Bus client of the test's own, on sd-bus, for what the command-line clients cannot
/// send: image-data of tens of megabytes (an argument list is capped far below that) and
/// thousands of `Notify` calls in flight at once.
final class RawBusClient {
    private var bus: OpaquePointer?

    init(address: String) throws {
        guard sd_bus_new(&bus) >= 0, sd_bus_set_address(bus, address) >= 0, sd_bus_set_bus_client(bus, 1) >= 0,
              sd_bus_start(bus) >= 0 else { throw TestFailure("cannot connect to \(address)") }
    }

    deinit { close() }

    /// Leaves the bus: its unique name goes, as when an application exits.
    func close() {
        if let matchSlot { sd_bus_slot_unref(matchSlot) }
        matchSlot = nil
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    /// This connection's unique name (`:1.42`). The corresponding C function is `sd_bus_get_unique_name`.
    var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard let bus, sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    struct Image {
        var width: Int32, height: Int32, alpha: Bool
        var pixels: [UInt8]

        /// Every pixel the same opaque colour (0xRRGGBB).
        static func solid(width: Int32, height: Int32, rgb: UInt32) -> Image {
            let pixel: [UInt8] = [UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), 0xFF]
            var bytes = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            bytes.withUnsafeMutableBufferPointer { out in
                for i in stride(from: 0, to: out.count, by: 4) { for k in 0..<4 { out[i + k] = pixel[k] } }
            }
            return Image(width: width, height: height, alpha: true, pixels: bytes)
        }
    }

    /// A `Notify` call, built by hand: `susssasa{sv}i`, with an `image-data` hint when given.
    private func notifyMessage(summary: String, image: Image?, appIcon: String = "", replacesID: UInt32 = 0,
                               actions: [String] = [], expire: Int32 = -1, hints: [String: String] = [:]) throws -> OpaquePointer? {
        var m: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &m, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                             "org.freedesktop.Notifications", "Notify") >= 0 else { throw TestFailure("new call") }
        func type(_ c: Character) -> CChar { CChar(bitPattern: c.asciiValue ?? 0) }
        func string(_ s: String) -> Bool { s.withCString { sd_bus_message_append_basic(m, type("s"), $0) >= 0 } }
        func int32(_ v: Int32) -> Bool { var v = v; return sd_bus_message_append_basic(m, type("i"), &v) >= 0 }
        var ok = string("raw-client")
        var replaces = replacesID
        ok = ok && sd_bus_message_append_basic(m, type("u"), &replaces) >= 0 && string(appIcon) && string(summary) && string("body")
        ok = ok && sd_bus_message_open_container(m, type("a"), "s") >= 0 && actions.allSatisfy(string) && sd_bus_message_close_container(m) >= 0
        ok = ok && sd_bus_message_open_container(m, type("a"), "{sv}") >= 0
        for (name, value) in hints.sorted(by: { $0.key < $1.key }) {
            ok = ok && sd_bus_message_open_container(m, type("e"), "sv") >= 0 && string(name)
                && sd_bus_message_open_container(m, type("v"), "s") >= 0 && string(value)
                && sd_bus_message_close_container(m) >= 0 && sd_bus_message_close_container(m) >= 0
        }
        if let image {
            ok = ok && sd_bus_message_open_container(m, type("e"), "sv") >= 0 && string("image-data")
                && sd_bus_message_open_container(m, type("v"), "(iiibiiay)") >= 0
                && sd_bus_message_open_container(m, type("r"), "iiibiiay") >= 0
                && int32(image.width) && int32(image.height) && int32(image.width * (image.alpha ? 4 : 3))
            var alpha: Int32 = image.alpha ? 1 : 0
            ok = ok && sd_bus_message_append_basic(m, type("b"), &alpha) >= 0 && int32(8) && int32(image.alpha ? 4 : 3)
            ok = ok && image.pixels.withUnsafeBytes { sd_bus_message_append_array(m, type("y"), $0.baseAddress, $0.count) >= 0 }
            ok = ok && sd_bus_message_close_container(m) >= 0 && sd_bus_message_close_container(m) >= 0
                && sd_bus_message_close_container(m) >= 0
        }
        ok = ok && sd_bus_message_close_container(m) >= 0 && int32(expire)
        guard ok else { sd_bus_message_unref(m); throw TestFailure("cannot build the Notify call") }
        return m
    }

    /// Calls `Notify` and waits for its reply: the id, or the D-Bus error's name.
    /// `actions` are the specification's flat list of keys and labels; `expire` its milliseconds (-1: the server's default).
    func notify(summary: String, image: Image? = nil, appIcon: String = "", replacesID: UInt32 = 0, actions: [String] = [],
                expire: Int32 = -1, hints: [String: String] = [:], timeout: Double = 20) throws -> Result<UInt32, TestFailure> {
        let m = try notifyMessage(summary: summary, image: image, appIcon: appIcon, replacesID: replacesID, actions: actions, expire: expire,
                                  hints: hints)
        defer { sd_bus_message_unref(m) }
        var error = sd_bus_error()
        var reply: OpaquePointer?
        defer { sd_bus_error_free(&error); sd_bus_message_unref(reply) }
        guard sd_bus_call(bus, m, UInt64(timeout * 1_000_000), &error, &reply) >= 0 else {
            return .failure(TestFailure(error.name.map { String(cString: $0) } ?? "call failed"))
        }
        var id: UInt32 = 0
        guard sd_bus_message_read_basic(reply, CChar(bitPattern: UInt8(ascii: "u")), &id) >= 0 else {
            return .failure(TestFailure("reply without an id"))
        }
        return .success(id)
    }

    /// Sends a signal with one string argument straight to `destination`, as any client may:
    /// a forged `org.freedesktop.DBus.NameLost`, say.
    func sendSignal(to destination: String, path: String, interface: String, member: String, argument: String) throws {
        var m: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &m, path, interface, member) >= 0 else { throw TestFailure("new signal") }
        defer { sd_bus_message_unref(m) }
        let ok = sd_bus_message_set_destination(m, destination) >= 0
            && argument.withCString { sd_bus_message_append_basic(m, CChar(bitPattern: UInt8(ascii: "s")), $0) >= 0 }
            && sd_bus_send(bus, m, nil) >= 0 && sd_bus_flush(bus) >= 0
        guard ok else { throw TestFailure("cannot send \(member)") }
    }

    /// The unique name owning `name` now; nil when nobody does. The corresponding C function
    /// is `sd_bus_get_name_creds`.
    func owner(of name: String) -> String? {
        var creds: OpaquePointer?
        guard sd_bus_get_name_creds(bus, name, UInt64(SD_BUS_CREDS_UNIQUE_NAME), &creds) >= 0 else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var unique: UnsafePointer<CChar>?
        guard sd_bus_creds_get_unique_name(creds, &unique) >= 0, let unique else { return nil }
        return String(cString: unique)
    }

    /// Asks for a well-known name as another server would (dunst holding the notification
    /// name, without allowing replacement); true when this connection owns it now.
    /// The corresponding C function is `sd_bus_request_name`.
    func requestName(_ name: String) -> Bool { sd_bus_request_name(bus, name, 0) > 0 }

    /// Calls `CloseNotification` from this connection and waits for the reply.
    func closeNotification(_ id: UInt32) throws {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var value = id
        var m: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &m, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                             "org.freedesktop.Notifications", "CloseNotification") >= 0 else { throw TestFailure("new call") }
        defer { sd_bus_message_unref(m) }
        guard sd_bus_message_append_basic(m, CChar(bitPattern: UInt8(ascii: "u")), &value) >= 0,
              sd_bus_call(bus, m, 5_000_000, &error, nil) >= 0 else {
            throw TestFailure(error.name.map { String(cString: $0) } ?? "CloseNotification failed")
        }
    }

    /// The notification signals this connection has received (`listen`), as a plain client
    /// hears them: broadcasts, and unicasts addressed to it, nothing else.
    final class Inbox {
        var signals: [(member: String, id: UInt32, text: String)] = []
    }
    let inbox = Inbox()
    private var matchSlot: OpaquePointer?

    /// Starts hearing the server's signals (a match rule, as a client's own library adds).
    /// The corresponding C function is `sd_bus_add_match`.
    func listen() throws {
        let callback: sd_bus_message_handler_t = { m, userdata, _ in
            guard let m, let userdata else { return 0 }
            let inbox = Unmanaged<Inbox>.fromOpaque(userdata).takeUnretainedValue()
            let member = sd_bus_message_get_member(m).map { String(cString: $0) } ?? ""
            var id: UInt32 = 0
            _ = sd_bus_message_read_basic(m, CChar(bitPattern: UInt8(ascii: "u")), &id)
            var text = ""
            if member == "NotificationClosed" {
                var reason: UInt32 = 0
                _ = sd_bus_message_read_basic(m, CChar(bitPattern: UInt8(ascii: "u")), &reason)
                text = String(reason)
            } else {
                var s: UnsafePointer<CChar>?
                if sd_bus_message_read_basic(m, CChar(bitPattern: UInt8(ascii: "s")), &s) >= 0, let s { text = String(cString: s) }
            }
            inbox.signals.append((member, id, text))
            return 0
        }
        guard sd_bus_add_match(bus, &matchSlot, "type='signal',interface='org.freedesktop.Notifications'", callback,
                               Unmanaged.passUnretained(inbox).toOpaque()) >= 0 else { throw TestFailure("cannot add the match") }
    }

    /// Reads what the bus sent for `seconds` (the signals land in `inbox`), or until `until` holds.
    /// The corresponding C functions are `sd_bus_process` and `sd_bus_wait`.
    func pump(seconds: Double, until done: () -> Bool = { false }) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while sd_bus_process(bus, nil) > 0 {}
            if done() { return }
            _ = sd_bus_wait(bus, 20_000)
        }
    }

    /// Sends `count` `Notify` calls at once without waiting for their replies (a flood).
    func flood(count: Int, summary: String) throws {
        for n in 0..<count {
            let m = try notifyMessage(summary: "\(summary) \(n)", image: nil)
            defer { sd_bus_message_unref(m) }
            guard sd_bus_call_async(bus, nil, m, nil, nil, 0) >= 0 else { throw TestFailure("send \(n) failed") }
        }
        guard sd_bus_flush(bus) >= 0 else { throw TestFailure("flush failed") }
    }
}
