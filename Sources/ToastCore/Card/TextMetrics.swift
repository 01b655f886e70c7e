/// What the card composer needs to know about fonts; the X11 layer answers with Xft,
/// tests with fixed advances.
public protocol TextMetrics {
    /// Advance width of `text` drawn in one face.
    func width(of text: String, style: FontStyle) -> Double
    /// Which font of the fallback chain for `style`'s weight and slant draws `c` (0 = primary).
    func fontIndex(for c: Character, style: FontStyle) -> Int
    /// Distance between baselines of consecutive lines.
    var lineHeight: Double { get }
    /// Distance from a line's top to its baseline.
    var ascent: Double { get }
}
