/// Reads an XSETTINGS blob: the `_XSETTINGS_SETTINGS` property that a desktop's settings
/// daemon (gnome-settings-daemon, xsettingsd, xfsettingsd) keeps on the owner of the
/// `_XSETTINGS_S<screen>` selection. `Net/IconThemeName` there is the icon theme the desktop's
/// own applications use; `Gtk/EnableAnimations`, `Net/ThemeName` and `Gtk/CursorBlinkTime`
/// are read as `DesktopSettings`.
///
/// The layout (freedesktop XSETTINGS specification): a byte-order byte, 3 bytes of padding,
/// a serial and a count (CARD32 each), then per setting its type (0 integer, 1 string,
/// 2 colour), a pad byte, the name's length (CARD16), the name padded to 4 bytes, the serial
/// it last changed in (CARD32), and the value: an integer (INT32), a string (CARD32 length,
/// bytes padded to 4) or a colour (four CARD16). Pure and bounds-checked: any X client can
/// write the property, so every length is checked against the bytes there before it is used,
/// and the number of settings read is bounded.
public enum XSettings {
    /// One setting's value.
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// Settings read from one blob at most: a desktop publishes a few dozen.
    public static let maxSettings = 1024
    /// Bytes of a name kept at most (the specification's are short ASCII paths): a longer one
    /// is skipped, not kept.
    public static let maxNameBytes = 256
    /// Bytes of a string value kept at most: the strings read are theme names (256 bytes at
    /// most where they are used); a longer value is skipped unread, as a long name is.
    public static let maxStringBytes = 1024
    /// Bytes of a blob read at most (256 KiB, far beyond any real settings blob); the X11
    /// layer asks the server for no more.
    public static let maxBytes = 1 << 18

    /// Every setting in `data` by name (a later one of the same name wins; a setting whose name
    /// or string is not UTF-8, or longer than its bound, is left out), or nil when the
    /// blob is malformed: an unknown byte order or type, or a length past its end. A blob
    /// larger than `maxBytes` is malformed too.
    public static func parse(_ data: [UInt8]) -> [String: Value]? {
        guard data.count >= 12, data.count <= maxBytes, data[0] <= 1 else { return nil }
        let bigEndian = data[0] == 1
        func card16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            let a = Int(data[at]), b = Int(data[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func card32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= data.count else { return nil }
            let b0 = Int(data[at]), b1 = Int(data[at + 1]), b2 = Int(data[at + 2]), b3 = Int(data[at + 3])
            return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
        }
        // Lengths are at most `maxBytes` by the checks before each use, so this cannot overflow.
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        guard let count = card32(8) else { return nil }
        var settings: [String: Value] = [:]
        var offset = 12
        for _ in 0..<min(count, maxSettings) {
            guard offset + 4 <= data.count, let nameLength = card16(offset + 2) else { return nil }
            let type = data[offset]
            let nameStart = offset + 4
            guard nameStart + padded(nameLength) + 4 <= data.count else { return nil }
            // A name that is not UTF-8 is skipped too: decoded with replacement characters it
            // would grow past its bytes (and name no setting anyone asks for).
            let name = nameLength <= maxNameBytes
                ? String(validating: data[nameStart..<(nameStart + nameLength)], as: UTF8.self) : nil
            offset = nameStart + padded(nameLength) + 4  // past the name and last-change serial
            let value: Value?
            switch type {
            case 0:
                guard let raw = card32(offset) else { return nil }
                value = .integer(Int32(truncatingIfNeeded: raw))
                offset += 4
            case 1:
                guard let length = card32(offset), length <= data.count - offset - 4,
                      padded(length) <= data.count - offset - 4 else { return nil }
                // Not UTF-8: skipped (a theme name becomes a path to look in). Too long: skipped
                // before any byte of it is looked at.
                value = length > maxStringBytes ? nil
                    : String(validating: data[(offset + 4)..<(offset + 4 + length)], as: UTF8.self).map(Value.string)
                offset += 4 + padded(length)
            case 2:
                guard let r = card16(offset), let g = card16(offset + 2), let b = card16(offset + 4),
                      let a = card16(offset + 6) else { return nil }
                value = .color(red: UInt16(r), green: UInt16(g), blue: UInt16(b), alpha: UInt16(a))
                offset += 8
            default:
                return nil
            }
            if let name, let value { settings[name] = value }
        }
        return settings
    }

    /// The string setting `name`, or nil when absent, of another type, or the blob is malformed.
    public static func string(_ name: String, in data: [UInt8]) -> String? {
        guard case let .string(value)? = parse(data)?[name] else { return nil }
        return value
    }
}
