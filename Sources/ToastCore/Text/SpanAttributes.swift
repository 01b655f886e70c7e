import Glibc

/// The attributes of a toast's `<span>` that reach Pango, each checked and written again.
///
/// A span may set `foreground` and `background` (`#rgb`, `#rrggbb` or one of a few colour
/// names, always written as `#rrggbb`: Pango refuses the whole text for a name it does not
/// know), `weight` (Pango's names or 100 to 1000), `style` (normal, oblique, italic),
/// `underline` (none, single, double, low, error), `strikethrough` (true, false) and `size`:
/// a percentage, `xx-small` … `xx-large`, `smaller` or `larger`, relative to the card's text
/// and clamped to `sizeRange`. Sizes in points or Pango units are dropped (the card's text size
/// is the user's setting, and a card has no room for 200 pt). Anything else is dropped, as is
/// a value longer than `longestValue`; when an attribute repeats, the last one counts.
struct SpanAttributes {
    /// What a span's text may be sized to, as a fraction of the card's text.
    static let sizeRange = 0.5...2.0
    /// No accepted value is longer (`lightgoldenrodyellow` is 20).
    static let longestValue = 32
    /// The step of CSS's and Pango's named sizes: `large` is 1.2 times `medium`, `x-large` 1.2².
    static let namedSizeStep = 1.2

    /// ` name="value"` pairs, ready to follow `<span`.
    private(set) var markup = ""
    /// The text size inside the span, as a fraction of the card's; nil when it sets none.
    private(set) var scale: Double?

    /// `outerScale`: the size the span sits in (for `larger` and `smaller`).
    init(_ attributes: [(name: String, value: String)], outerScale: Double) {
        var accepted: [String: String] = [:]
        for (name, raw) in attributes where raw.unicodeScalars.count <= Self.longestValue {
            let value = raw.lowercased()
            switch name {
            case "foreground", "background":
                if let rgb = Self.color(value) { accepted[name] = "#" + Self.hex(rgb) }
            case "weight":
                if Self.weights.contains(value) { accepted[name] = value } else if let n = Int(value), (100...1000).contains(n) {
                    accepted[name] = String(n)
                }
            case "style":
                if ["normal", "oblique", "italic"].contains(value) { accepted[name] = value }
            case "underline":
                if ["none", "single", "double", "low", "error"].contains(value) { accepted[name] = value }
            case "strikethrough":
                if value == "true" || value == "false" { accepted[name] = value }
            case "size":
                if let factor = Self.size(value, outerScale: outerScale) {
                    let clamped = min(Self.sizeRange.upperBound, max(Self.sizeRange.lowerBound, factor))
                    accepted[name] = String(Int((clamped * 100).rounded())) + "%"
                    scale = clamped
                } else {
                    accepted[name] = nil
                    scale = nil
                }
            default:
                break
            }
        }
        for name in ["foreground", "background", "weight", "style", "underline", "strikethrough", "size"] {
            if let value = accepted[name] { markup += " \(name)=\"\(value)\"" }
        }
    }

    private static let weights: Set<String> = ["thin", "ultralight", "light", "semilight", "book", "normal", "medium",
                                               "semibold", "bold", "ultrabold", "heavy", "ultraheavy"]

    /// A size as a fraction of the card's text, before clamping; nil for one that is dropped.
    static func size(_ value: String, outerScale: Double) -> Double? {
        let named = ["xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3]
        if let step = named[value] { return pow(namedSizeStep, Double(step)) }
        if value == "larger" { return outerScale * namedSizeStep }
        if value == "smaller" { return outerScale / namedSizeStep }
        guard value.hasSuffix("%"), let percent = Double(value.dropLast()), percent.isFinite,
              value.unicodeScalars.allSatisfy({ $0 == "%" || $0 == "." || ("0"..."9").contains($0) }) else { return nil }
        return percent / 100
    }

    /// The colours CSS and X11 share that notifications use; others are written as `#rrggbb`.
    private static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x008000, "lime": 0x00FF00, "blue": 0x0000FF,
        "yellow": 0xFFFF00, "cyan": 0x00FFFF, "aqua": 0x00FFFF, "magenta": 0xFF00FF, "fuchsia": 0xFF00FF,
        "orange": 0xFFA500, "purple": 0x800080, "pink": 0xFFC0CB, "brown": 0xA52A2A, "gold": 0xFFD700,
        "gray": 0x808080, "grey": 0x808080, "silver": 0xC0C0C0, "maroon": 0x800000, "navy": 0x000080,
        "olive": 0x808000, "teal": 0x008080, "violet": 0xEE82EE, "indigo": 0x4B0082,
        "darkred": 0x8B0000, "darkgreen": 0x006400, "darkblue": 0x00008B, "darkorange": 0xFF8C00,
        "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3, "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9,
        "lightblue": 0xADD8E6, "lightgreen": 0x90EE90, "lightgoldenrodyellow": 0xFAFAD2,
    ]

    /// `#rgb`, `#rrggbb` or a name from `named` as 0xRRGGBB; nil otherwise.
    static func color(_ value: String) -> UInt32? {
        if let rgb = named[value] { return rgb }
        let digits = value.dropFirst()
        guard value.hasPrefix("#"), digits.count == 3 || digits.count == 6,
              digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }), let n = UInt32(digits, radix: 16) else { return nil }
        guard digits.count == 3 else { return n }
        // #abc is #aabbcc.
        let r = n >> 8 & 0xF, g = n >> 4 & 0xF, b = n & 0xF
        return (r * 17) << 16 | (g * 17) << 8 | b * 17
    }

    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb & 0xFFFFFF, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
