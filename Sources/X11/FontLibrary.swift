import CX11
import ToastCore

/// The fonts cards are drawn with: one `FontSet` per style (regular, bold, italic, bold italic),
/// opened once at start (and again only when the configured family, size or scale changes).
public final class FontLibrary {
    let display: XDisplay
    public let family: String
    public let pixelSize: Double
    private var sets: [Int: FontSet] = [:]

    public init?(display: XDisplay, family: String, pixelSize: Double) {
        self.display = display
        self.family = family
        self.pixelSize = pixelSize
        guard set(bold: false, italic: false) != nil, set(bold: true, italic: false) != nil else { return nil }
    }

    private func set(bold: Bool, italic: Bool) -> FontSet? {
        let key = (bold ? 1 : 0) | (italic ? 2 : 0)
        if let s = sets[key] { return s }
        let s = FontSet(display: display, family: family, pixelSize: pixelSize, bold: bold, italic: italic)
        sets[key] = s
        return s
    }

    /// The font for a style (weight, slant and fallback index).
    public func font(_ style: FontStyle) -> Font? {
        guard let set = set(bold: style.bold, italic: style.italic) else { return nil }
        return style.font < set.fonts.count ? set.fonts[style.font] : set.primary
    }

    /// Which fallback of the face's style draws `c` (0 = the primary font).
    public func fallbackIndex(for c: Character, bold: Bool, italic: Bool) -> Int {
        set(bold: bold, italic: italic)?.fontIndex(for: c) ?? 0
    }

    public func width(of text: String, style: FontStyle) -> Double { font(style)?.width(of: text) ?? 0 }

    /// Ascent and line height of the primary regular font, which sets the line pitch.
    public var ascent: Double { font(.regular)?.ascent ?? pixelSize }
    public var lineHeight: Double { font(.regular)?.height ?? pixelSize * 1.2 }
}
