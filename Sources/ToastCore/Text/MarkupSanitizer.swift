/// Turns the markup toasts accept into Pango markup that always parses, dropping the tags it
/// does not support.
///
/// Desktop programs send the small HTML-like subset of the notification specification: `<b>`,
/// `<i>`, `<u>`, `<a href="…">` and `<img src="…" alt="…"/>`, plus entities; many also send
/// Pango's `<span>` and `<br/>`. Pango's own markup is far larger (`<span>` can set sizes a
/// hundred times the card, fonts, rise), and a malformed string makes Pango drop the text
/// altogether, so nothing is passed through as is:
///
/// - `<b>`, `<i>`, `<u>` stay, without attributes (closed again at the end if left open; a
///   closing tag that closes nothing is dropped; overlapping tags are re-nested);
/// - `<span>` keeps a safe set of attributes, each checked and written again by
///   `SpanAttributes` (colours as `#rrggbb`, sizes 50 % to 200 % of the card's text); any
///   other attribute, or a value that does not pass, is dropped and the text stays;
/// - `<br>` and `<br/>` are a line break (`lineBreak`: a space on a one-line capsule);
/// - `<a …>` becomes an underlined span in `linkColor` (double underlined while the pointer
///   is over it); its `href` goes into `Sanitized.links` with where its text lies, so a click
///   there opens it (`Links`); an `<a>` without one is no link and only looks like one;
/// - `<img … alt="text">` becomes its alt text;
/// - any other tag is dropped, keeping the text between (the specification asks servers to
///   filter out what they do not support), so `<p>` or `<font>` never shows as typed;
/// - `&amp; &lt; &gt; &quot; &apos;` stay, `&#NN;` and `&#xHH;` become their character;
/// - every other `<`, `>` and `&` is escaped, so `a < b` reads literally.
///
/// Characters XML forbids (C0 controls other than tab and newline, U+FFFE, U+FFFF) are dropped.
public enum MarkupSanitizer {
    /// Pango markup for `text`, toast markup as described above.
    public static func pangoMarkup(_ text: String, linkColor: RGBA, lineBreak: String = "\n") -> String {
        sanitize(text, linkColor: linkColor, lineBreak: lineBreak).markup
    }

    /// A link's target and where its text lies in the laid-out text: UTF-8 byte offsets in
    /// the plain text Pango makes of the markup (what `pango_layout_index_to_pos` counts).
    public struct LinkSpan: Equatable, Sendable {
        public var target: String
        public var bytes: Range<Int>

        public init(target: String, bytes: Range<Int>) {
            self.target = target
            self.bytes = bytes
        }
    }

    /// The markup, and the links with their text's place, in order (`hoveredLink` indexes them:
    /// that one is drawn double underlined).
    public static func sanitize(_ text: String, linkColor: RGBA, lineBreak: String = "\n",
                                hoveredLink: Int? = nil) -> (markup: String, links: [LinkSpan]) {
        var writer = Writer(linkColor: linkColor, lineBreak: lineBreak)
        writer.hoveredLink = hoveredLink
        // Plain links in the text are drawn, hit and read as links too.
        let scalars = Array(PlainLinks.marked(text).unicodeScalars)
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "<":
                if let tag = Tag.read(scalars, from: index) {
                    writer.apply(tag)
                    index = tag.end
                } else {
                    writer.text("&lt;")
                    index += 1
                }
            case "&":
                let (decoded, end) = readEntity(scalars, from: index)
                writer.text(decoded)
                index = end
            default:
                writer.text(escape(scalars[index]))
                index += 1
            }
        }
        let markup = writer.finish()
        return (markup, writer.links)
    }

    /// `text`'s words without its tags (`markup = strip`): what the sanitized markup shows,
    /// as plain text; a `<br>` is a line break and an image its alt text, as drawn.
    public static func stripped(_ text: String) -> String {
        var plain = ""
        var inTag = false
        for c in pangoMarkup(text, linkColor: RGBA(rgb: 0)) {
            if inTag { inTag = c != ">"; continue }
            if c == "<" { inTag = true } else { plain.append(c) }
        }
        return decodeEntities(plain)
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
    let lineBreak: String
    var out = ""
    /// Open allowed tags, innermost last: their name ("b", "i", "u", "a" or "span"), the
    /// markup that opens them (written again when re-nesting) and the text size inside, as a
    /// fraction of the card's (for a span's `larger` and `smaller`).
    var open: [(name: String, start: String, scale: Double)] = []
    /// Bytes of plain text written so far (entities count as the character they stand for).
    var plain = 0
    /// The links closed so far, and the one open now (its target and where its text began).
    var links: [MarkupSanitizer.LinkSpan] = []
    var openLink: (target: String, start: Int)?
    var hoveredLink: Int?

    init(linkColor: RGBA, lineBreak: String) {
        self.linkColor = linkColor
        self.lineBreak = lineBreak
    }

    mutating func apply(_ tag: Tag) {
        switch tag.name {
        case "b", "i", "u":
            // `<b/>` marks nothing; attributes (`<b class="x">`) are dropped with the rest.
            guard !tag.selfClosing else { return }
            tag.closing ? close(tag.name) : openTag(tag.name, start: "<\(tag.name)>")
        case "span":
            guard !tag.selfClosing else { return }
            if tag.closing { return close("span") }
            let outer = open.last?.scale ?? 1
            let attributes = SpanAttributes(tag.attributes, outerScale: outer)
            openTag("span", start: "<span" + attributes.markup + ">", scale: attributes.scale ?? outer)
        case "br":
            if !tag.closing { text(lineBreak) }
        case "a":
            // An empty link (`<a/>`) shows nothing.
            guard !tag.selfClosing else { return }
            if tag.closing { return close("a") }
            endLink()
            let href = tag.attributes.last { $0.name == "href" }.map { String(Substring(MarkupSanitizer.decodeEntities($0.value)).trimmingBlanks()) }
            if let href, !href.isEmpty, href.utf8.count <= Links.maxBytes { openLink = (href, plain) }
            let underline = openLink != nil && links.count == hoveredLink ? "double" : "single"
            openTag("a", start: "<span underline=\"\(underline)\" foreground=\"#\(SpanAttributes.hex(linkColor.rgb))\">")
        case "img":
            guard !tag.closing else { return }
            let alt = tag.attributes.last { $0.name == "alt" }?.value ?? ""
            text(MarkupSanitizer.escaped(MarkupSanitizer.decodeEntities(alt)))
        default:
            break  // not supported: the tag goes, its text stays
        }
    }

    /// Text (escaped markup without tags) going out.
    mutating func text(_ markup: String) {
        out += markup
        var bytes = 0
        var inEntity = false
        for byte in markup.utf8 {
            if inEntity {
                if byte == UInt8(ascii: ";") { inEntity = false }
            } else if byte == UInt8(ascii: "&") {
                // Only the five named entities are written; each is one character of plain text.
                inEntity = true
                bytes += 1
            } else {
                bytes += 1
            }
        }
        plain += bytes
    }

    /// The open link, if any, ends here.
    private mutating func endLink() {
        guard let link = openLink else { return }
        openLink = nil
        if plain > link.start { links.append(.init(target: link.target, bytes: link.start..<plain)) }
    }

    private mutating func openTag(_ name: String, start: String, scale: Double? = nil) {
        open.append((name, start, scale ?? open.last?.scale ?? 1))
        out += start
    }

    /// Closes `name` and whatever opened inside it, then reopens those: `<b><i>x</b>y</i>`
    /// gives `<b><i>x</i></b><i>y</i>`. A tag that is not open is dropped.
    private mutating func close(_ name: String) {
        guard let at = open.lastIndex(where: { $0.name == name }) else { return }
        if name == "a" { endLink() }
        let inner = open[(at + 1)...]
        for tag in inner.reversed() { out += endMarkup(tag.name) }
        out += endMarkup(name)
        open.remove(at: at)
        for tag in inner { out += tag.start }
    }

    private func endMarkup(_ name: String) -> String { name == "a" || name == "span" ? "</span>" : "</\(name)>" }

    mutating func finish() -> String {
        endLink()
        for tag in open.reversed() { out += endMarkup(tag.name) }
        open.removeAll()
        return out
    }
}
