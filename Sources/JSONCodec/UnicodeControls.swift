/// Characters that change how the text around them is shown rather than showing themselves.
///
/// An id or a JSON reply carrying one raw can rewrite a terminal line (C0 and C1 controls:
/// U+009B is a one-byte CSI), reorder what a reader sees (a right-to-left override makes
/// `evil‮txt.exe` read as `evilexe.txt`), or end a line inside a JavaScript string (U+2028/9).
public enum UnicodeControls {
    /// C0 controls, DEL and C1 controls (U+0000–U+001F, U+007F–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Bidi formatting characters: the marks U+200E/F and U+061C, the embeddings and overrides
    /// U+202A–U+202E, and the isolates U+2066–U+2069.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
    public static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// What ends a line somewhere: LF, CR, NEL (U+0085) and the separators U+2028/9. A value
    /// written raw into a line-based file (the config, a state file) must hold none: some
    /// reader (an editor, an older parser) starts a new line at each.
    public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `text` holds a line break (`isLineBreak`).
    public static func hasLineBreak(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isLineBreak)
    }
}
