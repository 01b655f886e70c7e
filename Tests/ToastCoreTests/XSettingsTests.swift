import ConfigParsing
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

@Suite struct XSettingsParseTests {
    @Test func readsEveryTypeInBothByteOrders() {
        let settings: [(String, Any)] = [("Gtk/EnableAnimations", 0), ("Net/ThemeName", "HighContrast"),
                                         ("Gtk/CursorColor", [UInt16(1), 2, 3, 0xFFFF]), ("Gtk/CursorBlinkTime", 800)]
        for bigEndian in [false, true] {
            let parsed = XSettings.parse(blob(settings, bigEndian: bigEndian))
            #expect(parsed?["Gtk/EnableAnimations"] == .integer(0))
            #expect(parsed?["Net/ThemeName"] == .string("HighContrast"))
            #expect(parsed?["Gtk/CursorColor"] == .color(red: 1, green: 2, blue: 3, alpha: 0xFFFF))
            #expect(parsed?["Gtk/CursorBlinkTime"] == .integer(800))
        }
    }

    @Test func integersAreSigned() {
        #expect(XSettings.parse(blob([("Gtk/X", 0xFFFF_FFFF)]))?["Gtk/X"] == .integer(-1))
    }

    @Test func everyTruncationIsNilNotACrash() {
        let good = blob([("Gtk/EnableAnimations", 0), ("Net/ThemeName", "Adwaita"), ("Gtk/CursorColor", [UInt16(1), 2, 3, 4])])
        #expect(XSettings.parse(good)?.count == 3)
        for length in 0..<good.count {
            #expect(XSettings.parse(Array(good.prefix(length))) == nil, "cut to \(length) bytes")
        }
    }

    @Test func hostileLengthsAndTypesAreRefused() {
        // An unknown type, a byte order other than 0 or 1.
        var bad = blob([("Gtk/EnableAnimations", 0)])
        bad[12] = 9
        #expect(XSettings.parse(bad) == nil)
        #expect(XSettings.parse([2] + blob([]).dropFirst()) == nil)
        // A string length near 4 GiB (it would overflow an offset), and a name length past the end.
        var long = blob([("Net/ThemeName", "x")])
        let lengthAt = long.count - 8
        long.replaceSubrange(lengthAt..<(lengthAt + 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(XSettings.parse(long) == nil)
        var name = blob([("Net/ThemeName", "x")])
        name[14] = 0xFF; name[15] = 0xFF
        #expect(XSettings.parse(name) == nil)
    }

    @Test func aHugeCountReadsOnlyWhatIsThere() {
        var data = blob([("Gtk/EnableAnimations", 0)])
        data.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        // Four billion settings announced, one there: the second read runs off the end.
        #expect(XSettings.parse(data) == nil)
        let many = blob((0..<(XSettings.maxSettings + 10)).map { ("N/\($0)", $0) })
        #expect(XSettings.parse(many)?.count == XSettings.maxSettings)
    }

    /// Found by fuzz-xsettings: a name of 256 bytes that are not UTF-8 decoded to 768 bytes of
    /// replacement characters, past `maxNameBytes`.
    @Test func aNameThatIsNotUTF8IsLeftOut() {
        let name = String(repeating: "x", count: XSettings.maxNameBytes)
        var data = blob([(name, 1), ("Gtk/EnableAnimations", 0)])
        for i in 16..<(16 + XSettings.maxNameBytes) { data[i] = 0xFF }
        let parsed = XSettings.parse(data)
        #expect(parsed?.count == 1)
        #expect(parsed?["Gtk/EnableAnimations"] == .integer(0))
        #expect(parsed?.keys.allSatisfy { $0.utf8.count <= XSettings.maxNameBytes } == true)
    }

    @Test func aStringThatIsNotUTF8IsLeftOut() {
        var data = blob([("Net/ThemeName", "ab")])
        data[data.count - 4] = 0xFF
        #expect(XSettings.parse(data)?["Net/ThemeName"] == nil)
        #expect(XSettings.parse(data) != nil)
    }
}

@Suite struct DesktopSettingsTests {
    @Test func readsWhatTheDesktopSays() {
        let d = DesktopSettings(xsettings: blob([("Gtk/EnableAnimations", 0), ("Net/ThemeName", "HighContrastInverse"),
                                                 ("Gtk/CursorBlinkTime", 800)]))
        #expect(d.enableAnimations == false)
        #expect(d.prefersHighContrast)
        #expect(d.cursorBlinkTime == 800)
        #expect(d.caretHalfPeriod == 0.4)
        #expect(!DesktopSettings(xsettings: blob([("Net/ThemeName", "Adwaita")])).prefersHighContrast)
    }

    @Test func wrongTypesAndRangesAreIgnored() {
        let d = DesktopSettings(xsettings: blob([("Gtk/EnableAnimations", "no"), ("Net/ThemeName", 5),
                                                 ("Gtk/CursorBlinkTime", -5)]))
        #expect(d == DesktopSettings())
        #expect(DesktopSettings(xsettings: blob([("Gtk/CursorBlinkTime", 99_999_999)])).cursorBlinkTime == nil)
        #expect(DesktopSettings(xsettings: [1, 2, 3]) == DesktopSettings())
        #expect(DesktopSettings(xsettings: blob([("Gtk/CursorBlink", 0)])).caretHalfPeriod == nil)
        #expect(DesktopSettings().caretHalfPeriod == 0.6)
    }

    @Test func theConfigsAutoChoicesFollowTheDesktop() {
        var config = Config()
        #expect(!config.reducesMotion && !config.highContrast)
        config.desktop = DesktopSettings(enableAnimations: false, themeName: "HighContrast")
        #expect(config.reducesMotion && config.highContrast)
        config.reduceMotion = .no
        config.cardTheme = .standard
        #expect(!config.reducesMotion && !config.highContrast)
        config.desktop = DesktopSettings()
        config.reduceMotion = .yes
        config.cardTheme = .highContrast
        #expect(config.reducesMotion && config.highContrast)
    }

    @Test func theKeysParse() {
        let text = "[general]\nreduce_motion = yes\ntimeout_per_word = 250\ntimeout_scale = 2\n[card]\ntheme = high-contrast\n"
        let result = ConfigParser.parse(text, file: "t")
        #expect(result.diagnostics.isEmpty)
        #expect(result.config.reduceMotion == .yes && result.config.cardTheme == .highContrast)
        #expect(result.config.timeoutPerWord == 250 && result.config.timeoutScale == 2)
        let bad = ConfigParser.parse("[general]\ntimeout_scale = 0\ntimeout_per_word = -1\nreduce_motion = maybe\n", file: "t")
        #expect(bad.diagnostics.count == 3)
        #expect(bad.config.timeoutScale == 1 && bad.config.timeoutPerWord == 0)
    }
}
