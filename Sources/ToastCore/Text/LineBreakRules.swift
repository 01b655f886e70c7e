/// Where a line may break, in the small subset of UAX #14 a toast needs.
///
/// Latin-like scripts break only at spaces. Chinese, Japanese and Korean are written without
/// spaces (or, for Korean, allow breaking anywhere), so a break is allowed next to any of their
/// characters, except before closing punctuation and small kana or after opening brackets:
/// a line starting with "。" or ending with "「" reads as a mistake to a native reader.
enum LineBreakRules {
    /// Spaces that separate words and vanish when a line wraps at them. No-break spaces are
    /// deliberately not here.
    static func isBreakingSpace(_ character: Character) -> Bool {
        character == " " || character == "\u{3000}"
    }

    /// Whether a line may break between two adjacent non-space characters.
    static func canBreak(between before: Character, and after: Character) -> Bool {
        guard isBreakAnywhere(before) || isBreakAnywhere(after) else { return false }
        return !noBreakBefore.contains(after) && !noBreakAfter.contains(before)
    }

    /// CJK ideographs, kana, hangul, and CJK/full-width punctuation.
    static func isBreakAnywhere(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return switch value {
        case 0x1100...0x11FF,    // Hangul Jamo
             0x2E80...0x2FDF,    // CJK and Kangxi radicals
             0x3000...0x33FF,    // CJK punctuation, kana, bopomofo, compatibility jamo, enclosed
             0x3400...0x4DBF,    // CJK Extension A
             0x4E00...0x9FFF,    // CJK Unified Ideographs
             0xA960...0xA97F,    // Hangul Jamo Extended-A
             0xAC00...0xD7AF,    // Hangul syllables
             0xF900...0xFAFF,    // CJK Compatibility Ideographs
             0xFE30...0xFE4F,    // CJK Compatibility Forms
             0xFF00...0xFFEF,    // Half-width and full-width forms
             0x20000...0x3FFFF:  // CJK Extensions B and later
            true
        default:
            false
        }
    }

    /// Closing punctuation, small kana and marks that must not start a line.
    private static let noBreakBefore: Set<Character> = Set(
        "!%),.:;?]}…‥、。〉》」』】〕〗〙〛〟！），．：；？］｝｡｣､･ー々〻"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ゛゜"
    )

    /// Opening brackets that must not end a line.
    private static let noBreakAfter: Set<Character> = Set("([{〈《「『【〔〖〘〚〝（［｛｢")
}
