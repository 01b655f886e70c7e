/// What the desktop says about how its user wants things shown, read from XSETTINGS: whether
/// it animates, whether its theme is a high-contrast one, how its text carets blink. Each is
/// nil where the desktop says nothing (no settings daemon, or no such setting), and the
/// config's `auto` then keeps xtoast's own default.
///
/// Any X client can publish these, so every value is checked here: a type other than the
/// specification's is ignored, a number is kept only within its range.
public struct DesktopSettings: Equatable, Sendable {
    /// `Gtk/EnableAnimations`: false asks for reduced motion.
    public var enableAnimations: Bool?
    /// `Net/ThemeName`: the desktop's widget theme (`HighContrast`, `HighContrastInverse`).
    public var themeName: String?
    /// `Gtk/CursorBlink`: false, carets do not blink.
    public var cursorBlink: Bool?
    /// `Gtk/CursorBlinkTime`: the length of a caret's whole blink cycle, in milliseconds,
    /// within `blinkTimeRange`.
    public var cursorBlinkTime: Int?
    /// No XSETTINGS manager owns the selection: the desktop has not spoken through XSETTINGS
    /// at all, so GSettings (`GSettings`, read by `gsettings get`) may speak for it.
    public var noManager = false

    /// GTK's own bounds for `gtk-cursor-blink-time` start at 100 ms; past 10 s a caret that
    /// blinks is as good as still.
    public static let blinkTimeRange = 100...10_000
    /// A theme name is kept up to this many bytes (real ones are a few dozen).
    public static let maxThemeNameBytes = 256

    public init(enableAnimations: Bool? = nil, themeName: String? = nil, cursorBlink: Bool? = nil, cursorBlinkTime: Int? = nil) {
        self.enableAnimations = enableAnimations
        self.themeName = themeName
        self.cursorBlink = cursorBlink
        self.cursorBlinkTime = cursorBlinkTime
    }

    /// The settings an XSETTINGS blob holds (`XSettings.parse`); none from a malformed one.
    public init(xsettings data: [UInt8]) {
        self.init(settings: XSettings.parse(data) ?? [:])
    }

    public init(settings: [String: XSettings.Value]) {
        if case let .integer(v)? = settings["Gtk/EnableAnimations"] { enableAnimations = v != 0 }
        if case let .string(v)? = settings["Net/ThemeName"], !v.isEmpty, v.utf8.count <= Self.maxThemeNameBytes { themeName = v }
        if case let .integer(v)? = settings["Gtk/CursorBlink"] { cursorBlink = v != 0 }
        if case let .integer(v)? = settings["Gtk/CursorBlinkTime"], Self.blinkTimeRange.contains(Int(v)) { cursorBlinkTime = Int(v) }
    }

    /// The theme is a high-contrast one: GNOME's and MATE's `HighContrast` and
    /// `HighContrastInverse`, whatever the case.
    public var prefersHighContrast: Bool {
        themeName.map { $0.lowercased().contains("highcontrast") } ?? false
    }

    /// How long a reply field's caret stays on (and then off), in seconds; nil: it does not
    /// blink. GTK's default cycle is 1.2 s.
    public var caretHalfPeriod: Double? {
        if cursorBlink == false { return nil }
        return Double(cursorBlinkTime ?? 1200) / 2000
    }
}
