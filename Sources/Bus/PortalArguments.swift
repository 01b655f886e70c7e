#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore
import Transport

/// The `a{sv}` of `org.freedesktop.impl.portal.Notification.AddNotification` read off a
/// message into `PortalValue`s, each within its bound as `GtkArguments` reads GLib's: strings
/// cut before they are copied, at most `NotificationLimits.maxHints` entries, so many buttons
/// and button fields, bytes refused unread past their limit, and a file descriptor (an icon's
/// or a sound's `("file-descriptor", <h>)`) read only when it is a sealed memfd within the
/// same limit (`SealedFile`: memory, never a wait). `PortalNotification.decode` judges the result.
enum PortalArguments {
    /// The notification's fields.
    static func fields(_ m: BusMessage) throws(BusError) -> [String: PortalValue] {
        try dictionary(m, limit: NotificationLimits.maxHints, nested: true)
    }

    /// An `a{sv}`, `limit` entries kept; buttons (`aa{sv}`) are read only when `nested`.
    private static func dictionary(_ m: BusMessage, limit: Int, nested: Bool) throws(BusError) -> [String: PortalValue] {
        var fields: [String: PortalValue] = [:]
        try m.enterContainer("a", "{sv}")
        while try m.enterContainer("e", "sv") {
            let key = try readString(m)
            if fields.count < limit {
                fields[key] = try variant(m, nested: nested)
            } else {
                try m.skip("v")
            }
            try m.exitContainer()
        }
        try m.exitContainer()
        return fields
    }

    /// One `v`; types this backend does not read are skipped.
    private static func variant(_ m: BusMessage, nested: Bool) throws(BusError) -> PortalValue {
        guard let signature = try m.peekType()?.contents else { throw BusError(errno: EBADMSG) }
        try m.enterContainer("v", signature)
        let value = try value(m, signature: signature, nested: nested)
        try m.exitContainer()
        return value
    }

    /// A value of type `signature`, the message positioned at it.
    private static func value(_ m: BusMessage, signature: String, nested: Bool) throws(BusError) -> PortalValue {
        switch signature {
        case "s", "g": return .string(try readString(m))
        case "o": return .typed(.objectPath(try m.readString(maxBytes: NotificationLimits.maxStringBytes, type: "o")))
        case "b": return .bool(try m.readBool())
        case "y": return .typed(.byte(try m.readByte()))
        case "n": return .typed(.int16(try m.readInt16()))
        case "q": return .typed(.uint16(try m.readUInt16()))
        case "i": return .typed(.int32(try m.readInt32()))
        case "u": return .typed(.uint32(try m.readUInt32()))
        case "x": return .typed(.int64(try m.readInt64()))
        case "t": return .typed(.uint64(try m.readUInt64()))
        case "d": return .typed(.double(try m.readDouble()))
        case "h":
            switch SealedFile.read(try m.readFileDescriptor(), maxBytes: PortalNotification.maxFileBytes) {
            case let .success(bytes): return .bytes(bytes)
            case let .failure(failure): return .unusable("a file descriptor refused: \(failure.description)")
            }
        case "as":
            guard case let .strings(strings) = try NotifyArguments.strings(m) else { throw BusError(errno: EBADMSG) }
            return .strings(strings)
        case "ay":
            // Lent by the message: past the limit, nothing is copied.
            let bytes = try m.readBytes()
            guard bytes.count <= PortalNotification.maxFileBytes else {
                return .unusable("\(bytes.count) bytes; at most \(PortalNotification.maxFileBytes)")
            }
            return .bytes(Array(bytes))
        case "(sv)":
            try m.enterContainer("r", "sv")
            let name = try readString(m)
            let inner = try variant(m, nested: false)
            try m.exitContainer()
            return .tuple([.string(name), inner])
        case "aa{sv}" where nested:
            var buttons: [[String: PortalValue]] = []
            try m.enterContainer("a", "a{sv}")
            while let next = try m.peekType(), next.type == "a" {
                if buttons.count < PortalNotification.maxButtons + 1 {
                    buttons.append(try dictionary(m, limit: GtkNotificationLimits.maxButtonFields, nested: false))
                } else {
                    try m.skip("a{sv}")
                }
            }
            try m.exitContainer()
            return .dicts(buttons)
        default:
            try m.skip(signature)
            return .unusable(signature)
        }
    }
}
