import CX11

/// A primary font plus the fallbacks fontconfig finds for characters it lacks.
///
/// Index 0 is the primary font. A character the primary lacks is looked up once
/// (fontconfig's best match for family + that character) and the answer cached,
/// so emoji, CJK and other scripts render wherever any installed font has the glyph.
public final class FontSet {
    let display: XDisplay
    public private(set) var fonts: [Font]
    let family: String
    let pixelSize: Double
    let bold: Bool
    let italic: Bool
    private var indexForScalar: [UInt32: Int] = [:]

    /// libXft before 2.3.5 sends colour (BGRA) glyphs that the server rejects with BadLength,
    /// which kills the client; on those versions colour fonts are never chosen as fallbacks.
    static let colourGlyphsAreSafe = XftGetVersion() >= 20305

    public init?(display: XDisplay, family: String, pixelSize: Double, bold: Bool, italic: Bool) {
        guard let primary = Font(display: display, family: family, pixelSize: pixelSize, bold: bold, italic: italic) else { return nil }
        self.display = display
        fonts = [primary]
        self.family = family
        self.pixelSize = pixelSize
        self.bold = bold
        self.italic = italic
    }

    public var primary: Font { fonts[0] }

    /// Which font draws `c`: the first of its scalars decides. Unknown everywhere → 0 (a box).
    public func fontIndex(for c: Character) -> Int {
        guard let scalar = c.unicodeScalars.first else { return 0 }
        if scalar.value < 0x80 || fonts[0].has(scalar) { return 0 }
        if let cached = indexForScalar[scalar.value] { return cached }
        let index = findFallback(for: scalar)
        indexForScalar[scalar.value] = index
        return index
    }

    private func findFallback(for scalar: Unicode.Scalar) -> Int {
        if let i = fonts.indices.dropFirst().first(where: { fonts[$0].has(scalar) }) { return i }
        guard let pattern = FcPatternCreate() else { return 0 }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixelSize)
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        if !FontSet.colourGlyphsAreSafe { FcPatternAddBool(pattern, FC_COLOR, 0) }
        var result = FcResultNoMatch
        guard let match = XftFontMatch(display.handle, display.screen, pattern, &result) else { return 0 }
        guard let font = Font(display: display, pattern: match) else { FcPatternDestroy(match); return 0 }
        guard font.has(scalar), !fonts.contains(where: { $0.file == font.file }) else {
            return fonts.firstIndex(where: { $0.file == font.file && $0.has(scalar) }) ?? 0
        }
        fonts.append(font)
        return fonts.count - 1
    }
}
