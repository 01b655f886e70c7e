import Testing
import ToastCore

/// Builds an XSETTINGS blob in either byte order from (name, value) pairs; values are
/// `Int` (integer), `String` (string) or `[UInt16]` (colour).
private func blob(_ settings: [(String, Any)], bigEndian: Bool = false) -> [UInt8] {
    func card16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func card32(_ v: Int) -> [UInt8] {
        let le = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
        return bigEndian ? le.reversed() : le
    }
    func pad(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
    var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0] + card32(7) + card32(settings.count)
    for (name, value) in settings {
        let type: UInt8 = value is Int ? 0 : value is String ? 1 : 2
        out += [type, 0] + card16(name.utf8.count) + pad(Array(name.utf8)) + card32(3)
        switch value {
        case let v as Int: out += card32(v)
        case let v as String: out += card32(v.utf8.count) + pad(Array(v.utf8))
        case let v as [UInt16]: for c in v { out += card16(Int(c)) }
        default: break
        }
    }
    return out
}

@Suite struct XSettingsTests {
    @Test func findsTheIconThemeAmongOtherSettings() {
        let settings: [(String, Any)] = [("Net/DoubleClickTime", 400), ("Gtk/ColorScheme", "x"),
                                         ("Gtk/CursorColor", [UInt16(1), 2, 3, 4]), ("Net/IconThemeName", "Papirus-Dark")]
        #expect(XSettings.string("Net/IconThemeName", in: blob(settings)) == "Papirus-Dark")
        #expect(XSettings.string("Net/IconThemeName", in: blob(settings, bigEndian: true)) == "Papirus-Dark")
        #expect(XSettings.string("Gtk/ColorScheme", in: blob(settings)) == "x")
    }

    @Test func missingOrOtherTypesAreNil() {
        let data = blob([("Net/IconThemeName", 5)])
        #expect(XSettings.string("Net/IconThemeName", in: data) == nil)
        #expect(XSettings.string("Net/ThemeName", in: blob([])) == nil)
    }

    @Test func malformedBlobsAreNilNotACrash() {
        let good = blob([("Net/IconThemeName", "Adwaita")])
        for length in 0..<good.count {
            _ = XSettings.string("Net/IconThemeName", in: Array(good.prefix(length)))
        }
        var huge = good
        huge[good.count - 12] = 0xFF  // the string's length byte
        #expect(XSettings.string("Net/IconThemeName", in: huge) == nil)
        #expect(XSettings.string("Net/IconThemeName", in: [7, 0, 0, 0] + good.dropFirst(4)) == nil)
    }
}
