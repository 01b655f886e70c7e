import Testing
@testable import ToastCore

/// Issue 31: the desktop's GSettings as `gsettings get` prints them, for a desktop with no
/// XSETTINGS manager.
@Suite struct GSettingsTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("values as gsettings prints them: booleans, quoted strings with escapes, integers with or without a type word")
    func values() {
        #expect(GSettings.parse(Self.bytes("true\n")) == .boolean(true))
        #expect(GSettings.parse(Self.bytes("false\n")) == .boolean(false))
        #expect(GSettings.parse(Self.bytes("'Adwaita'\n")) == .string("Adwaita"))
        #expect(GSettings.parse(Self.bytes("\"it's\"\n")) == .string("it's"))
        #expect(GSettings.parse(Self.bytes("'a\\'b\\\\c'")) == .string("a'b\\c"))
        #expect(GSettings.parse(Self.bytes("1200\n")) == .integer(1200))
        #expect(GSettings.parse(Self.bytes("int32 800\n")) == .integer(800))
        #expect(GSettings.parse(Self.bytes("uint32 7")) == .integer(7))
        #expect(GSettings.parse(Self.bytes("-5")) == .integer(-5))
    }

    @Test("anything else says nothing: unterminated or trailing strings, huge numbers, words, empty, over the bound")
    func malformed() {
        for text in ["", "'open", "'a' 'b'", "99999999999999999999999", "1e3", "yes", "@as []", "[1, 2]", "--1", "int32"] {
            #expect(GSettings.parse(Self.bytes(text)) == nil, "\(text)")
        }
        #expect(GSettings.parse([UInt8](repeating: UInt8(ascii: "1"), count: GSettings.maxOutputBytes + 1)) == nil)
        #expect(GSettings.parse([0xFF, 0xFE, 0x27]) == nil)
        // Found by fuzz-xsettings: a quoted string of bytes that are not UTF-8 would grow past them.
        #expect(GSettings.parse([0x27, 0xC3, 0x28, 0xFF, 0x27]) == nil)
    }

    @Test("the keys become DesktopSettings: animations off, the theme, the caret's blink; high-contrast on names the high-contrast theme")
    func settings() {
        let said: [GSettings.Key: [UInt8]] = [
            GSettings.enableAnimations: Self.bytes("false\n"), GSettings.theme: Self.bytes("'Adwaita'\n"),
            GSettings.cursorBlink: Self.bytes("true\n"), GSettings.cursorBlinkTime: Self.bytes("800\n"),
            GSettings.highContrast: Self.bytes("true\n"),
        ]
        let settings = GSettings.settings(said)
        #expect(settings.enableAnimations == false && settings.cursorBlink == true && settings.cursorBlinkTime == 800)
        #expect(settings.themeName == "HighContrast" && settings.prefersHighContrast && !settings.noManager)
        var config = Config()
        config.desktop = settings
        #expect(config.reducesMotion && config.highContrast)

        // High contrast off keeps the theme; a theme that is high-contrast already stays.
        var quiet = said
        quiet[GSettings.highContrast] = Self.bytes("false\n")
        #expect(GSettings.settings(quiet).themeName == "Adwaita")
        quiet[GSettings.theme] = Self.bytes("'HighContrastInverse'\n")
        quiet[GSettings.highContrast] = Self.bytes("true\n")
        #expect(GSettings.settings(quiet).themeName == "HighContrastInverse")
    }

    @Test("a value of the wrong type or out of range, or a key that failed, says nothing")
    func wrongTypes() {
        let settings = GSettings.settings([
            GSettings.enableAnimations: Self.bytes("'false'"), GSettings.theme: Self.bytes("42"),
            GSettings.cursorBlinkTime: Self.bytes("50"), GSettings.cursorBlink: Self.bytes("1"),
        ])
        #expect(settings == DesktopSettings())
        #expect(GSettings.settings([GSettings.cursorBlinkTime: Self.bytes("int32 2000000")]).cursorBlinkTime == nil)
        #expect(GSettings.settings([:]) == DesktopSettings())
        #expect(GSettings.keys.map(\.arguments).contains(["get", "org.gnome.desktop.interface", "enable-animations"]))
    }
}
