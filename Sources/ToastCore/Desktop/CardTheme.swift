/// `[card] theme`: the ordinary cards of `[general] theme`, or high-contrast ones.
public enum CardTheme: String, CaseIterable, Sendable {
    /// High contrast when the desktop's theme is a high-contrast one (`Net/ThemeName`).
    case auto
    case standard
    case highContrast = "high-contrast"
}

extension Config {
    /// Cards use `Palette.highContrast`: `[card] theme` under the desktop's settings.
    public var highContrast: Bool {
        switch cardTheme {
        case .auto: desktop.prefersHighContrast
        case .standard: false
        case .highContrast: true
        }
    }

    /// A reply field's caret is on, then off, this long (seconds); nil: it stays on.
    public var caretHalfPeriod: Double? { desktop.caretHalfPeriod }
}
