/// The desktop's settings from GSettings, for a desktop with no XSETTINGS manager (GNOME on
/// X11 without its settings daemon, a bare window manager): the daemon runs `gsettings get
/// SCHEMA KEY` for each of `keys` in a child process (never GIO in the daemon) at start and
/// at a reload, and this reads what each printed, GVariant's text form.
///
/// The output is another program's: each is cut at `maxOutputBytes`, and only a value of the
/// key's own type, in its range, is kept; anything else reads as nothing said.
public enum GSettings {
    /// One key asked: its schema, its name, and which setting it gives.
    public struct Key: Equatable, Sendable {
        public var schema: String
        public var name: String
        public var arguments: [String] { ["get", schema, name] }
    }

    public static let enableAnimations = Key(schema: "org.gnome.desktop.interface", name: "enable-animations")
    public static let theme = Key(schema: "org.gnome.desktop.interface", name: "gtk-theme")
    public static let cursorBlink = Key(schema: "org.gnome.desktop.interface", name: "cursor-blink")
    public static let cursorBlinkTime = Key(schema: "org.gnome.desktop.interface", name: "cursor-blink-time")
    /// GNOME 3.38 and later keep high contrast here (no schema before: the key fails, ignored).
    public static let highContrast = Key(schema: "org.gnome.desktop.a11y.interface", name: "high-contrast")
    public static let keys = [enableAnimations, theme, cursorBlink, cursorBlinkTime, highContrast]

    /// What one `gsettings get` prints at most (a value and its newline; real ones are a few bytes).
    public static let maxOutputBytes = 1024
    /// The theme name standing for GNOME's `high-contrast` switch (`DesktopSettings.prefersHighContrast`).
    public static let highContrastTheme = "HighContrast"

    /// A value as `gsettings get` prints it.
    public enum Value: Equatable, Sendable {
        case boolean(Bool)
        case string(String)
        case integer(Int64)
    }

    /// The settings from each key's output (absent: the key failed or was not asked).
    public static func settings(_ outputs: [Key: [UInt8]]) -> DesktopSettings {
        var settings = DesktopSettings()
        func value(_ key: Key) -> Value? { outputs[key].flatMap(parse) }
        if case let .boolean(v)? = value(enableAnimations) { settings.enableAnimations = v }
        if case let .string(v)? = value(theme), !v.isEmpty, v.utf8.count <= DesktopSettings.maxThemeNameBytes { settings.themeName = v }
        if case let .boolean(v)? = value(cursorBlink) { settings.cursorBlink = v }
        if case let .integer(v)? = value(cursorBlinkTime), v >= Int64(DesktopSettings.blinkTimeRange.lowerBound),
           v <= Int64(DesktopSettings.blinkTimeRange.upperBound) {
            settings.cursorBlinkTime = Int(v)
        }
        if case .boolean(true)? = value(highContrast), !settings.prefersHighContrast { settings.themeName = highContrastTheme }
        return settings
    }

    /// One printed value: `true`/`false`, a quoted string (`'Adwaita'`, or `"it's"` when it
    /// holds a quote; backslash escapes), or an integer with an optional type word
    /// (`1200`, `int32 1200`, `uint32 7`). Nil for anything else, more than one value, or
    /// bytes that are not UTF-8.
    public static func parse(_ output: [UInt8]) -> Value? {
        guard output.count <= maxOutputBytes else { return nil }
        // One value on one line: blanks and its newline (and a CR) around it go.
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = output.firstIndex(where: { !blank($0) }), let last = output.lastIndex(where: { !blank($0) }) else { return nil }
        let line = output[first...last]
        guard !line.contains(0x0A), !line.contains(0x0D) else { return nil }
        // gsettings prints UTF-8; anything else is not its output (and a string stays within the bytes).
        guard let text = String(validating: line, as: UTF8.self) else { return nil }
        return parseLine(Substring(text))
    }

    private static func parseLine(_ text: Substring) -> Value? {
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: break
        }
        if let quote = text.first, quote == "'" || quote == "\"" { return string(text, quote: quote).map { .string($0) } }
        var number = text
        for word in ["int16 ", "uint16 ", "int32 ", "uint32 ", "int64 ", "uint64 ", "byte "] where number.hasPrefix(word) {
            number = number.dropFirst(word.count).trimmingBlanks()
            break
        }
        guard !number.isEmpty, number.count <= 20, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
              let value = Int64(number) else { return nil }
        return .integer(value)
    }

    /// A GVariant text string between `quote`s, its escapes read; nil when unterminated or
    /// followed by more.
    static func string(_ text: Substring, quote: Character) -> String? {
        var result = ""
        var escaped = false
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            if escaped {
                switch c {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == quote {
                return index == text.endIndex ? result : nil
            } else {
                result.append(c)
            }
        }
        return nil
    }
}

extension GSettings.Key: Hashable {}
