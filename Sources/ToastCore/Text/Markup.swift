/// A stretch of text drawn in one style.
public struct StyledRun: Equatable, Sendable {
    public var text: String
    public var bold: Bool
    public var italic: Bool
    public var underline: Bool

    public init(text: String, bold: Bool = false, italic: Bool = false, underline: Bool = false) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.underline = underline
    }
}

/// The small markup language toasts accept: `<b>`, `<i>`, `<u>` and five XML entities.
///
/// The parser is strict on purpose: text that is not well-formed markup was almost certainly
/// not meant as markup (a compiler error mentioning `Vec<u8>`, a shell `a < b`), so instead of
/// guessing, `parse` refuses and the caller shows the text literally.
public enum Markup {
    /// Parses `text` into runs, merging neighbours with the same style and dropping empty ones.
    ///
    /// Returns nil on anything outside the language: an unknown or uppercase tag, a tag with
    /// attributes, a tag left open or closed out of order, a `<` that starts no tag, or an `&`
    /// that starts none of `&amp; &lt; &gt; &quot; &apos;`. A lone `>` is ordinary text, as in XML.
    public static func parse(_ text: String) -> [StyledRun]? {
        var builder = RunBuilder()
        var open: [Character] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "<":
                guard let (tag, closing, end) = readTag(scalars, from: index) else { return nil }
                if closing {
                    guard open.last == tag else { return nil }
                    open.removeLast()
                } else {
                    open.append(tag)
                }
                builder.style(bold: open.contains("b"), italic: open.contains("i"),
                              underline: open.contains("u"))
                index = end
            case "&":
                guard let (replacement, end) = readEntity(scalars, from: index) else { return nil }
                builder.append(replacement)
                index = end
            default:
                builder.append(scalar)
                index += 1
            }
        }
        return open.isEmpty ? builder.finish() : nil
    }

    /// The text as a single unstyled run, shown literally (`<b>` stays `<b>`); no runs if empty.
    public static func plain(_ text: String) -> [StyledRun] {
        text.isEmpty ? [] : [StyledRun(text: text)]
    }

    /// Parsed runs when `markup` is on and the text is well-formed, the literal text otherwise.
    public static func runs(_ text: String, markup: Bool) -> [StyledRun] {
        (markup ? parse(text) : nil) ?? plain(text)
    }

    /// Reads `<b>`, `</i>` and the like starting at `start`; returns the tag letter, whether it
    /// closes, and the index just past `>`.
    private static func readTag(_ scalars: [Unicode.Scalar], from start: Int)
        -> (tag: Character, closing: Bool, end: Int)? {
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        guard index + 1 < scalars.count, scalars[index + 1] == ">" else { return nil }
        switch scalars[index] {
        case "b", "i", "u": return (Character(scalars[index]), closing, index + 2)
        default: return nil
        }
    }

    private static let entities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    ]

    /// Reads an entity starting at the `&` at `start`; returns its character and the index
    /// just past `;`.
    private static func readEntity(_ scalars: [Unicode.Scalar], from start: Int)
        -> (scalar: Unicode.Scalar, end: Int)? {
        let longestName = 4
        var name = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count, index <= start + longestName + 1 {
            if scalars[index] == ";" {
                guard let scalar = entities[String(name)] else { return nil }
                return (scalar, index + 1)
            }
            name.append(scalars[index])
            index += 1
        }
        return nil
    }
}

/// Accumulates characters into runs, starting a new run only when the style really changes.
private struct RunBuilder {
    private var runs: [StyledRun] = []
    private var current = StyledRun(text: "")

    mutating func append(_ scalar: Unicode.Scalar) {
        current.text.unicodeScalars.append(scalar)
    }

    mutating func style(bold: Bool, italic: Bool, underline: Bool) {
        let next = StyledRun(text: "", bold: bold, italic: italic, underline: underline)
        guard !next.hasSameStyle(as: current) else { return }
        flush()
        current = next
    }

    mutating func finish() -> [StyledRun] {
        flush()
        return runs
    }

    private mutating func flush() {
        guard !current.text.isEmpty else { return }
        if let last = runs.last, last.hasSameStyle(as: current) {
            runs[runs.count - 1].text += current.text
        } else {
            runs.append(current)
        }
        current.text = ""
    }
}

extension StyledRun {
    func hasSameStyle(as other: StyledRun) -> Bool {
        bold == other.bold && italic == other.italic && underline == other.underline
    }
}
