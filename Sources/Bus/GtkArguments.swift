#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore

/// The `a{sv}` of `org.gtk.Notifications.AddNotification` read off a message into
/// `GtkVariant`s, each within its bound as `NotifyArguments` reads a `Notify`: strings cut
/// before they are copied, at most `NotificationLimits.maxHints` entries, so many buttons
/// and button fields, icon bytes refused unread past their limit. `GtkNotification.decode`
/// judges the result.
enum GtkArguments {
    /// The notification's fields.
    static func fields(_ m: BusMessage) throws(BusError) -> [String: GtkVariant] {
        try dictionary(m, limit: NotificationLimits.maxHints, nested: true)
    }

    /// An `a{sv}`, `limit` entries kept; buttons (`aa{sv}`) are read only when `nested`.
    private static func dictionary(_ m: BusMessage, limit: Int, nested: Bool) throws(BusError) -> [String: GtkVariant] {
        var fields: [String: GtkVariant] = [:]
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

    /// One `v`; types xtoast does not read are skipped.
    private static func variant(_ m: BusMessage, nested: Bool) throws(BusError) -> GtkVariant {
        guard let signature = try m.peekType()?.contents else { throw BusError(errno: EBADMSG) }
        try m.enterContainer("v", signature)
        let value = try value(m, signature: signature, nested: nested)
        try m.exitContainer()
        return value
    }

    /// A value of type `signature`, the message positioned at it.
    private static func value(_ m: BusMessage, signature: String, nested: Bool) throws(BusError) -> GtkVariant {
        switch signature {
        case "s", "g": return .value(.string(try readString(m)))
        case "o": return .value(.objectPath(try m.readString(maxBytes: NotificationLimits.maxStringBytes, type: "o")))
        case "b": return .value(.bool(try m.readBool()))
        case "y": return .value(.byte(try m.readByte()))
        case "n": return .value(.int16(try m.readInt16()))
        case "q": return .value(.uint16(try m.readUInt16()))
        case "i": return .value(.int32(try m.readInt32()))
        case "u": return .value(.uint32(try m.readUInt32()))
        case "x": return .value(.int64(try m.readInt64()))
        case "t": return .value(.uint64(try m.readUInt64()))
        case "d": return .value(.double(try m.readDouble()))
        case "as":
            guard case let .strings(strings) = try NotifyArguments.strings(m) else { throw BusError(errno: EBADMSG) }
            return .strings(strings)
        case "ay":
            // Lent by the message: past the limit, nothing is copied.
            let bytes = try m.readBytes()
            guard bytes.count <= GtkNotificationLimits.maxIconBytes else {
                return .unusable("\(bytes.count) bytes; at most \(GtkNotificationLimits.maxIconBytes)")
            }
            return .bytes(Array(bytes))
        case "(sv)":
            try m.enterContainer("r", "sv")
            let name = try readString(m)
            let inner = try variant(m, nested: false)
            try m.exitContainer()
            return .pair(name, inner)
        case "aa{sv}" where nested:
            var buttons: [[String: GtkVariant]] = []
            try m.enterContainer("a", "a{sv}")
            while let next = try m.peekType(), next.type == "a" {
                if buttons.count < GtkNotificationLimits.maxButtons + 1 {
                    buttons.append(try dictionary(m, limit: GtkNotificationLimits.maxButtonFields, nested: false))
                } else {
                    try m.skip("a{sv}")
                }
            }
            try m.exitContainer()
            return .dictionaries(buttons)
        default:
            try m.skip(signature)
            return .unusable(signature)
        }
    }
}
