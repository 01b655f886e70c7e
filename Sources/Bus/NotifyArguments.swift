#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore

/// The arguments of `Notify` (and `Inhibit`'s hints) read off a message into plain values,
/// each within its bound: strings cut before they are copied, at most so many actions, hints
/// and hint strings, a picture's header checked before its pixels are touched.
enum NotifyArguments {
    /// `susssasa{sv}i`, already checked against the signature by sd-bus. Strings are copied
    /// off the message (sd-bus lends them only while the message lives).
    static func notify(_ m: BusMessage) throws(BusError) -> NotifyCall {
        var call = NotifyCall()
        call.appName = try readString(m)
        call.replacesID = try m.readUInt32()
        call.appIcon = try readString(m)
        call.summary = try readString(m)
        call.body = try readString(m)
        try m.enterContainer("a", "s")
        // Past the limit, strings are read (cheap pointers) but not copied; those kept are
        // cut as every other string is.
        while let action = try m.nextString(maxBytes: call.actions.count < NotificationLimits.maxActionStrings
                                             ? NotificationLimits.maxStringBytes : 0) {
            if call.actions.count < NotificationLimits.maxActionStrings { call.actions.append(action) }
        }
        try m.exitContainer()
        call.hints = try hints(m)
        call.expireTimeout = try m.readInt32()
        return call
    }

    static func hints(_ m: BusMessage) throws(BusError) -> [String: HintValue] {
        var hints: [String: HintValue] = [:]
        try m.enterContainer("a", "{sv}")
        while try m.enterContainer("e", "sv") {
            let key = try readString(m)
            if hints.count < NotificationLimits.maxHints {
                hints[key] = try variant(m)
            } else {
                try m.skip("v")
            }
            try m.exitContainer()
        }
        try m.exitContainer()
        return hints
    }

    /// One hint's value; types the server does not read are skipped.
    static func variant(_ m: BusMessage) throws(BusError) -> HintValue {
        guard let signature = try m.peekType()?.contents else { throw BusError(errno: EBADMSG) }
        try m.enterContainer("v", signature)
        let value: HintValue
        switch signature {
        case "y": value = .byte(try m.readByte())
        case "b": value = .bool(try m.readBool())
        case "n": value = .int(Int64(try m.readInt16()))
        case "q": value = .int(Int64(try m.readUInt16()))
        case "i": value = .int(Int64(try m.readInt32()))
        case "u": value = .int(Int64(try m.readUInt32()))
        case "x": value = .int(try m.readInt64())
        case "t": value = .int(Int64(clamping: try m.readUInt64()))
        case "s", "o", "g":
            value = .string(try m.readString(maxBytes: NotificationLimits.maxStringBytes, type: signature.unicodeScalars.first ?? "s"))
        case "(iiibiiay)":
            value = try image(m)
        case "as":
            value = try strings(m)
        default:
            try m.skip(signature)
            value = .unusable("a value of type \(signature)")
        }
        try m.exitContainer()
        return value
    }

    /// Pictures up to this many bytes are copied off the message, rows packed (well under a
    /// millisecond, the message is freed at once, and a repeat's digest reads only pixels);
    /// larger ones are borrowed: the image keeps the message alive, and nothing copies them on
    /// the loop (`PixelBytes`).
    static let maxCopiedImageBytes = Repeats.maxDigestBytes

    /// `(iiibiiay)`: the header is checked before the pixels are touched; a small picture's
    /// pixels are copied (rows packed, whatever the padding), a large one's borrowed from the
    /// message, which the picture keeps.
    static func image(_ m: BusMessage) throws(BusError) -> HintValue {
        try m.enterContainer("r", "iiibiiay")
        let width = try m.readInt32(), height = try m.readInt32(), rowstride = try m.readInt32()
        let alpha = try m.readBool()
        let bits = try m.readInt32(), channels = try m.readInt32()
        let pixels = try m.readBytes()
        try m.exitContainer()
        switch RawImage.neededBytes(width: width, height: height, rowstride: rowstride, hasAlpha: alpha,
                                    bitsPerSample: bits, channels: channels, given: pixels.count) {
        case let .failure(error):
            return .unusable(error.message)
        case let .success(needed):
            guard let data = pixels.baseAddress else { return .unusable("image-data: no pixels") }
            let bytes = UnsafeRawBufferPointer(start: data, count: needed)
            guard needed > Self.maxCopiedImageBytes else {
                return .image(RawImage.packed(width: Int(width), height: Int(height), rowstride: Int(rowstride), hasAlpha: alpha,
                                              channels: Int(channels), from: bytes))
            }
            return .image(RawImage(width: Int(width), height: Int(height), rowstride: Int(rowstride), hasAlpha: alpha,
                                   bitsPerSample: 8, channels: Int(channels),
                                   pixels: PixelBytes(borrowing: bytes) { withExtendedLifetime(m) {} }))
        }
    }

    /// `as`: at most `NotificationLimits.maxHintStrings` strings copied (each cut as every
    /// string is); the rest are read past without copying.
    static func strings(_ m: BusMessage) throws(BusError) -> HintValue {
        try m.enterContainer("a", "s")
        var strings: [String] = []
        while let text = try m.nextString(maxBytes: strings.count < NotificationLimits.maxHintStrings ? NotificationLimits.maxStringBytes : 0) {
            if strings.count < NotificationLimits.maxHintStrings { strings.append(text) }
        }
        try m.exitContainer()
        return .strings(strings)
    }
}

/// A string off a message, cut to `NotificationLimits.maxStringBytes` (at a scalar's start)
/// before it is copied: a 20 MB icon name costs no more than a short one.
func readString(_ m: BusMessage) throws(BusError) -> String {
    try m.readString(maxBytes: NotificationLimits.maxStringBytes)
}
