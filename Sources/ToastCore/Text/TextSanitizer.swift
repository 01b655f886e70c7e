/// Cleans text that arrives from clients before it is shown.
///
/// Toast text comes from arbitrary programs (build logs, scripts, `curl` output), so it may carry
/// terminal escapes, NULs, Windows line endings or invisible direction overrides. None of those
/// have a glyph, and a bidi override can make text read differently from what it says, so they
/// go; everything printable stays exactly as sent, including right-to-left scripts.
///
/// A character may carry at most `maxCombiningMarks` combining marks: "Zalgo" text stacks
/// thousands on one letter, which shows nothing more than a smear and costs the shaper
/// 120-250 ms per draw. Real text needs far fewer (Vietnamese two, Tibetan stacks four or
/// five; Unicode's stream-safe format allows 30, text sanitizers commonly keep 8).
public enum TextSanitizer {
    /// Combining marks (Mn, Mc, Me) kept after one base character; further ones are dropped.
    public static let maxCombiningMarks = 8

    /// Returns `text` with control characters removed, tabs turned into single spaces,
    /// CRLF and lone CR turned into newlines, combining marks past `maxCombiningMarks` on one
    /// character dropped, and trailing whitespace trimmed from every line and from the end of
    /// the text. Leading whitespace (indentation) is kept.
    public static func sanitize(_ text: String) -> String {
        var lines: [String.UnicodeScalarView] = [String.UnicodeScalarView()]
        var previousWasCR = false
        var marks = 0
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if isCombiningMark(scalar) {
                marks += 1
                if marks > maxCombiningMarks { continue }
            } else {
                marks = 0
            }
            switch scalar {
            case "\n" where previousWasCR:
                continue  // second half of CRLF; the CR already ended the line
            case "\n", "\r":
                lines.append(String.UnicodeScalarView())
            case "\t":
                lines[lines.count - 1].append(" ")
            default:
                if !isStripped(scalar) { lines[lines.count - 1].append(scalar) }
            }
        }
        var trimmed = lines.map { trimTrailingWhitespace($0) }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        return trimmed.joined(separator: "\n")
    }

    /// C0 controls, DEL, C1 controls, and the bidi embedding/override/isolate controls
    /// (LRE RLE PDF LRO RLO, LRI RLI FSI PDI). The implicit marks LRM/RLM/ALM are kept:
    /// they only nudge neutral characters and are common in genuine RTL text.
    static func isStripped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether the scalar is a combining mark; nothing below U+0300 is one, so the common
    /// case skips the property lookup.
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func trimTrailingWhitespace(_ line: String.UnicodeScalarView) -> String {
        var line = line
        while let last = line.last, last.properties.isWhitespace { line.removeLast() }
        return String(line)
    }
}
