/// Turns the markup toasts accept into Pango markup that always parses, showing everything
/// else as the text it is.
///
/// Desktop programs send the small HTML-like subset of the notification specification: `<b>`,
/// `<i>`, `<u>`, `<a href="…">` and `<img src="…" alt="…"/>`, plus entities. Pango's own markup
/// is far larger (`<span>` can set sizes a hundred times the card, fonts, rise), and a
/// malformed string makes Pango drop the text altogether, so nothing is passed through as is:
///
/// - `<b>`, `<i>`, `<u>` without attributes stay (closed again at the end if left open; a
///   closing tag that closes nothing is dropped; overlapping tags are re-nested);
/// - `<a …>` becomes an underlined span in `linkColor`; its `href` is dropped (a toast has
///   nowhere to open it, and a hidden target must not look clickable);
/// - `<img … alt="text">` becomes its alt text;
/// - `&amp; &lt; &gt; &quot; &apos;` stay, `&#NN;` and `&#xHH;` become their character;
/// - every other `<`, `>` and `&` is escaped, so `<span size="99999">` or `Vec<u8>` reads literally.
///
/// Characters XML forbids (C0 controls other than tab and newline, U+FFFE, U+FFFF) are dropped.
public enum MarkupSanitizer {
    /// Pango markup for `text`, toast markup as described above.
    public static func pangoMarkup(_ text: String, linkColor: RGBA) -> String {
        var writer = Writer(linkColor: linkColor)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "<":
                if let tag = Tag.read(scalars, from: index) {
                    writer.apply(tag)
                    index = tag.end
                } else {
                    writer.out += "&lt;"
                    index += 1
                }
            case "&":
                let (decoded, end) = readEntity(scalars, from: index)
                writer.out += decoded
                index = end
            default:
                writer.out += escape(scalars[index])
                index += 1
            }
        }
        return writer.finish()
    }

    /// `text` as Pango markup that shows it literally.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { out += escape(scalar) }
        return out
    }

    /// One character as markup text: the three XML specials as entities, forbidden ones dropped.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "<": "&lt;"
        case ">": "&gt;"
        case "&": "&amp;"
        default: isXMLCharacter(scalar) ? String(scalar) : ""
        }
    }

    /// XML 1.0's `Char` production (Swift strings hold no surrogates).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: true
        default: false
        }
    }

    private static let namedEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]
    /// `&#1114111;` is the longest reference worth reading; anything longer is text.
    private static let longestEntity = 10

    /// The markup for an `&` at `start` and the index after what it consumed: a known entity
    /// as is, a numeric reference as its (escaped) character, anything else an escaped `&`.
    static func readEntity(_ scalars: [Unicode.Scalar], from start: Int) -> (markup: String, end: Int) {
        var name = ""
        var index = start + 1
        while index < scalars.count, index <= start + longestEntity + 1 {
            let scalar = scalars[index]
            if scalar == ";" {
                if namedEntities.contains(name) { return ("&\(name);", index + 1) }
                if let value = numericReference(name) { return (escape(value), index + 1) }
                break
            }
            guard scalar.properties.isASCIIHexDigit || scalar == "#" || scalar.properties.isAlphabetic, scalar.isASCII else { break }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        return ("&amp;", start + 1)
    }

    /// `#65` or `#x41` as its character; nil when out of range or malformed.
    private static func numericReference(_ name: String) -> Unicode.Scalar? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.hasPrefix("x") || digits.hasPrefix("X") {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init)
    }

    /// Decodes entities in an attribute value (for `alt`), leaving other text as it is.
    static func decodeEntities(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var out = ""
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&" {
                let (markup, end) = readEntity(scalars, from: index)
                switch markup {
                case "&amp;": out += "&"
                case "&lt;": out += "<"
                case "&gt;": out += ">"
                case "&quot;": out += "\""
                case "&apos;": out += "'"
                default: out += markup  // an escaped character: a plain one
                }
                index = end
            } else {
                out.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return out
    }
}

/// A tag as written in the input: `<name attr="v" …>`, `</name>` or `<name … />`.
struct Tag {
    var name: String
    var closing: Bool
    var selfClosing: Bool
    var attributes: [(name: String, value: String)]
    /// The tag exactly as written, to show it when it is not allowed.
    var source: String
    /// The index just past `>`.
    var end: Int

    /// Tags longer than this are text: no allowed tag needs more, and a stray `<` must not make
    /// the scan run over a whole message on every character.
    static let longest = 2048

    /// Reads a tag starting at the `<` at `start`; nil when the text there is not one.
    static func read(_ scalars: [Unicode.Scalar], from start: Int) -> Tag? {
        var index = start + 1
        func peek() -> Unicode.Scalar? { index < scalars.count && index - start < longest ? scalars[index] : nil }
        func skipSpaces() { while let s = peek(), s == " " || s == "\t" || s == "\n" || s == "\r" { index += 1 } }
        func readName() -> String {
            var name = ""
            while let s = peek(), s.isASCII, s.properties.isAlphabetic || s.properties.numericType != nil || s == "-" || s == "_" || s == ":" {
                name.unicodeScalars.append(s)
                index += 1
            }
            return name
        }
        let closing = peek() == "/"
        if closing { index += 1 }
        let name = readName()
        guard !name.isEmpty, name.unicodeScalars.first?.properties.isAlphabetic == true else { return nil }
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            skipSpaces()
            guard let s = peek() else { return nil }
            if s == ">" { index += 1; break }
            if s == "/" {
                index += 1
                guard peek() == ">" else { return nil }
                index += 1
                selfClosing = true
                break
            }
            let attribute = readName()
            guard !attribute.isEmpty else { return nil }
            skipSpaces()
            guard peek() == "=" else { return nil }
            index += 1
            skipSpaces()
            guard let quote = peek(), quote == "\"" || quote == "'" else { return nil }
            index += 1
            var value = ""
            while let c = peek(), c != quote {
                guard c != "<" else { return nil }
                value.unicodeScalars.append(c)
                index += 1
            }
            guard peek() == quote else { return nil }
            index += 1
            attributes.append((attribute, value))
        }
        var source = ""
        source.unicodeScalars.append(contentsOf: scalars[start..<index])
        return Tag(name: name, closing: closing, selfClosing: selfClosing, attributes: attributes, source: source, end: index)
    }
}

/// Builds the output, keeping the open tags so the result is always well nested.
private struct Writer {
    let linkColor: RGBA
    var out = ""
    /// Open allowed tags, innermost last: "b", "i", "u" or "a".
    var open: [String] = []

    init(linkColor: RGBA) { self.linkColor = linkColor }

    mutating func apply(_ tag: Tag) {
        switch tag.name {
        case "b", "i", "u":
            guard tag.attributes.isEmpty, !tag.selfClosing else { return out += MarkupSanitizer.escaped(tag.source) }
            tag.closing ? close(tag.name) : openTag(tag.name)
        case "a":
            // An empty link (`<a/>`) shows nothing.
            guard !tag.selfClosing else { return }
            tag.closing ? close("a") : openTag("a")
        case "img":
            guard !tag.closing else { return }
            let alt = tag.attributes.last { $0.name == "alt" }?.value ?? ""
            out += MarkupSanitizer.escaped(MarkupSanitizer.decodeEntities(alt))
        default:
            out += MarkupSanitizer.escaped(tag.source)
        }
    }

    private mutating func openTag(_ name: String) {
        open.append(name)
        out += startMarkup(name)
    }

    /// Closes `name` and whatever opened inside it, then reopens those: `<b><i>x</b>y</i>`
    /// gives `<b><i>x</i></b><i>y</i>`. A tag that is not open is dropped.
    private mutating func close(_ name: String) {
        guard let at = open.lastIndex(of: name) else { return }
        let inner = open[(at + 1)...]
        for tag in inner.reversed() { out += endMarkup(tag) }
        out += endMarkup(name)
        open.remove(at: at)
        for tag in inner { out += startMarkup(tag) }
    }

    private func startMarkup(_ name: String) -> String {
        guard name == "a" else { return "<\(name)>" }
        return "<span underline=\"single\" foreground=\"#\(hex(linkColor.rgb))\">"
    }

    private func endMarkup(_ name: String) -> String { name == "a" ? "</span>" : "</\(name)>" }

    mutating func finish() -> String {
        for tag in open.reversed() { out += endMarkup(tag) }
        open.removeAll()
        return out
    }

    private func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb & 0xFFFFFF, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
