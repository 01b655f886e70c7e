/// Light or dark cards; picks the palette.
public enum Theme: String, CaseIterable, Sendable {
    case dark, light

    public var palette: Palette {
        switch self {
        case .dark: .dark
        case .light: .light
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// The colours of a theme, 0xRRGGBB.
///
/// Accents follow Apple's system colours, whose dark variants are brightened to keep contrast on
/// a dark card; people recognise them as "info blue", "error red" without a legend.
public struct Palette: Equatable, Sendable {
    public var background: UInt32
    public var text: UInt32
    public var secondaryText: UInt32
    public var accents: [Kind: UInt32]

    public init(background: UInt32, text: UInt32, secondaryText: UInt32, accents: [Kind: UInt32]) {
        self.background = background
        self.text = text
        self.secondaryText = secondaryText
        self.accents = accents
    }

    /// The kind's accent; `Kind.defaultColor` if the palette lacks one.
    public func accent(for kind: Kind) -> UInt32 { accents[kind] ?? kind.defaultColor }

    /// How far a low-urgency card's accent fades toward the card's background: still its
    /// kind's hue, recognisably quieter than a normal card beside it, and (at half) still
    /// clear of the background for the icon's shape to read.
    public static let mutedAccentFade = 0.5

    public static let dark = Palette(
        background: 0x1C1C1E, text: 0xF5F5F7, secondaryText: 0x98989D,
        accents: [.info: 0x0A84FF, .success: 0x30D158, .warning: 0xFFD60A, .error: 0xFF453A,
                  .notice: 0xFF9F0A, .debug: 0xBF5AF2, .loading: 0x8E8E93]
    )

    /// Apple's light yellow (#FFCC00) nearly vanishes on a white card, so warnings use a deeper amber.
    public static let light = Palette(
        background: 0xFFFFFF, text: 0x1C1C1E, secondaryText: 0x6E6E73,
        accents: [.info: 0x007AFF, .success: 0x34C759, .warning: 0xD9A400, .error: 0xFF3B30,
                  .notice: 0xFF9500, .debug: 0xAF52DE, .loading: 0x8E8E93]
    )
}

extension Palette {
    /// `[card] theme = high-contrast` on a dark theme: white on black, accents brightened so
    /// each stands at least 7:1 (WCAG AAA) against the fill, as the text does.
    public static let highContrastDark = Palette(
        background: 0x000000, text: 0xFFFFFF, secondaryText: 0xE0E0E0,
        accents: [.info: 0x66B2FF, .success: 0x5CE68A, .warning: 0xFFE14D, .error: 0xFF8A80,
                  .notice: 0xFFB366, .debug: 0xD9A6FF, .loading: 0xC7C7CC]
    )

    /// The same on a light theme: black on white, accents deepened to 7:1 or more.
    public static let highContrastLight = Palette(
        background: 0xFFFFFF, text: 0x000000, secondaryText: 0x1F1F1F,
        accents: [.info: 0x003F9E, .success: 0x005A1F, .warning: 0x5C4300, .error: 0xA30000,
                  .notice: 0x7A3300, .debug: 0x5E1A8C, .loading: 0x3A3A3C]
    )

    /// The high-contrast palette for `theme`.
    public static func highContrast(_ theme: Theme) -> Palette {
        theme == .light ? highContrastLight : highContrastDark
    }
}
