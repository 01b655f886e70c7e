/// A font as Pango describes one (`pango_font_description_from_string`): `[FAMILY-LIST]
/// [STYLE-OPTIONS] [SIZE]`, the options being words at the end (`Bold`, `Italic`, `Book`,
/// `Condensed`…), the size a number (`px` for pixels). What dunst's `font` holds, and what
/// `[font]`'s `family`, `weight`, `style` and `size` are drawn as.
///
///     FontDescription.parse("DejaVu Sans Mono Book 14")
///     // family "DejaVu Sans Mono", weight .book, style .normal, size 14
public struct FontDescription: Equatable, Sendable {
    public var family: String
    public var weight: FontWeight = .normal
    public var style: FontSlant = .normal
    /// Points; nil when the description names none.
    public var size: Double?
    /// `px` after the size: pixels, not points.
    public var sizeInPixels = false
    /// Option words Pango knows that `[font]` has no key for (a stretch such as `Condensed`,
    /// `Small-Caps`, a gravity), as written.
    public var ignored: [String] = []

    public init(family: String, weight: FontWeight = .normal, style: FontSlant = .normal, size: Double? = nil) {
        self.family = family
        self.weight = weight
        self.style = style
        self.size = size
    }

    /// Reads a description as Pango does: a size at the end, then words from the end while
    /// Pango knows them as options (never the first word: a family named "Bold" stays one),
    /// and the rest is the comma-separated family list. Nil for an empty family.
    public static func parse(_ text: String) -> FontDescription? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var description = FontDescription(family: "")
        if let last = words.last {
            let pixels = last.lowercased().hasSuffix("px")
            if let number = Double(pixels ? last.dropLast(2) : last), number.isFinite {
                description.size = number
                description.sizeInPixels = pixels
                words.removeLast()
            }
        }
        var options: [Substring] = []
        while let last = words.last, words.count > 1, isOption(last) {
            options.insert(last, at: 0)
            words.removeLast()
        }
        for option in options {
            let word = option.lowercased()
            if let weight = FontWeight(word: word) { description.weight = weight }
            else if let style = FontSlant(rawValue: word) { description.style = style }
            else if word != "normal" && word != "regular" { description.ignored.append(String(option)) }
        }
        description.family = words.joined(separator: " ").split(separator: ",").map { String($0.trimmingBlanks()) }
            .filter { !$0.isEmpty }.joined(separator: ",")
        return description.family.isEmpty ? nil : description
    }

    /// Pango's other option words (stretch, variant, gravity), which `[font]` does not set.
    static let otherOptions: Set<String> = [
        "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
        "extra-expanded", "ultra-expanded", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps",
        "unicase", "title-caps", "not-rotated", "south", "upside-down", "north", "rotated-left", "east",
        "rotated-right", "west",
    ]

    static func isOption(_ word: Substring) -> Bool {
        let w = word.lowercased()
        return FontWeight(word: w) != nil || FontSlant(rawValue: w) != nil || w == "normal" || w == "regular" || otherOptions.contains(w)
    }
}

/// Pango's weights by their names (`PangoWeight`), `book` included; the config's `[font] weight`.
public enum FontWeight: String, CaseIterable, Sendable {
    case thin, ultralight, light, semilight, book, normal, medium, semibold, bold, ultrabold, heavy, ultraheavy

    /// The numeric weight Pango (and CSS, fontconfig through it) uses.
    public var value: Int {
        switch self {
        case .thin: 100
        case .ultralight: 200
        case .light: 300
        case .semilight: 350
        case .book: 380
        case .normal: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .ultrabold: 800
        case .heavy: 900
        case .ultraheavy: 1000
        }
    }

    /// A weight word as Pango reads it (lower case), with its synonyms (`extra-light`,
    /// `demi-bold`, `black`) and hyphens optional.
    public init?(word: String) {
        let plain = String(word.filter { $0 != "-" })
        let synonyms = ["extralight": FontWeight.ultralight, "demilight": .semilight, "demibold": .semibold,
                        "extrabold": .ultrabold, "black": .heavy, "ultrablack": .ultraheavy, "extrablack": .ultraheavy]
        if let weight = FontWeight(rawValue: plain) ?? synonyms[plain], plain != "normal" { self = weight } else { return nil }
    }
}

/// Pango's slants; the config's `[font] style`.
public enum FontSlant: String, CaseIterable, Sendable {
    case normal, oblique, italic
}

/// The face `[font]` asks for, without its size: what the screen loads (`Resources.setFont`)
/// as a Pango font description, the weight and style applied to the regular text (bold and
/// italic markup go from there).
public struct FontFace: Equatable, Sendable {
    public var family: String
    public var weight: FontWeight
    public var style: FontSlant

    public init(family: String, weight: FontWeight = .normal, style: FontSlant = .normal) {
        self.family = family
        self.weight = weight
        self.style = style
    }

    /// How the log and errors name it: `"DejaVu Sans Mono" book`.
    public var description: String {
        "\"\(family)\"" + (weight == .normal ? "" : " \(weight.rawValue)") + (style == .normal ? "" : " \(style.rawValue)")
    }
}
