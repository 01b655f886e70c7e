/// The weight and slant a block of text starts in (markup can change them inside it).
///
/// Which font draws each character is the text engine's business (Pango's fallback), not the model's.
public struct FontStyle: Hashable, Sendable {
    public var bold: Bool
    public var italic: Bool

    public init(bold: Bool = false, italic: Bool = false) {
        self.bold = bold
        self.italic = italic
    }

    public static let regular = FontStyle()
}
