/// Which loaded face draws a piece of text.
///
/// Besides weight and slant it names the font in the fallback chain, so the renderer can use a
/// `FontStyle` directly as the key of its font cache and `measure` always knows which face to ask.
public struct FontStyle: Hashable, Sendable {
    public var bold: Bool
    public var italic: Bool
    /// Index into the renderer's font list: 0 is the configured font, higher are fallbacks.
    public var font: Int

    public init(bold: Bool = false, italic: Bool = false, font: Int = 0) {
        self.bold = bold
        self.italic = italic
        self.font = font
    }

    public static let regular = FontStyle()
}
