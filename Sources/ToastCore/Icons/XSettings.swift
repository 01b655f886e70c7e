/// Reads one string out of an XSETTINGS blob: the `_XSETTINGS_SETTINGS` property that a
/// desktop's settings daemon (gnome-settings-daemon, xsettingsd, xfsettingsd) keeps on the
/// owner of the `_XSETTINGS_S0` selection. `Net/IconThemeName` there is the icon theme the
/// desktop's own applications use.
///
/// The layout (freedesktop XSETTINGS specification): a byte-order byte, 3 bytes of padding,
/// a serial and a count (CARD32 each), then per setting its type (0 integer, 1 string,
/// 2 colour), a pad byte, the name's length (CARD16), the name padded to 4 bytes, the serial
/// it last changed in (CARD32), and the value: an integer (CARD32), a string (CARD32 length,
/// bytes padded to 4) or a colour (four CARD16). Pure and bounds-checked: the blob comes from
/// another program.
public enum XSettings {
    /// The string setting `name`, or nil when absent, of another type, or the blob is malformed.
    public static func string(_ name: String, in data: [UInt8]) -> String? {
        guard data.count >= 12, data[0] <= 1 else { return nil }
        let bigEndian = data[0] == 1
        func card16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            let a = Int(data[at]), b = Int(data[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func card32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= data.count else { return nil }
            let bytes = data[at..<(at + 4)].map(Int.init)
            return bigEndian ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                             : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
        }
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        guard let count = card32(8) else { return nil }
        var offset = 12
        for _ in 0..<min(count, 10_000) {
            guard offset + 4 <= data.count, let nameLength = card16(offset + 2) else { return nil }
            let type = data[offset]
            let nameStart = offset + 4
            guard nameStart + nameLength <= data.count else { return nil }
            let settingName = String(decoding: data[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            offset = nameStart + padded(nameLength) + 4  // past the name and last-change serial
            switch type {
            case 0:
                offset += 4
            case 1:
                guard let length = card32(offset), length <= data.count, offset + 4 + length <= data.count else { return nil }
                if settingName == name {
                    return String(validating: data[(offset + 4)..<(offset + 4 + length)], as: UTF8.self)
                }
                offset += 4 + padded(length)
            case 2:
                offset += 8
            default:
                return nil
            }
        }
        return nil
    }
}
