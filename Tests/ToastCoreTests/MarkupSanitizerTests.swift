import Testing
import ToastCore

private let link = RGBA(rgb: 0x3B82F6)
private let linkOpen = "<span underline=\"single\" foreground=\"#3b82f6\">"

private func sanitized(_ text: String) -> String { MarkupSanitizer.pangoMarkup(text, linkColor: link) }

/// Checks that `markup` is well-formed Pango markup using only the tags the sanitizer may
/// produce: `<b> <i> <u>` and the link span, properly nested, with only the five named entities
/// and no bare `<`, `>` or `&`. Returns why not, or nil.
func wellFormedness(_ markup: String) -> String? {
    let allowedOpen: [String: String] = ["<b>": "b", "<i>": "i", "<u>": "u", linkOpen: "span"]
    let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
    var stack: [String] = []
    // By scalars: a combining mark after `;` must not hide an entity's end.
    var rest = Substring(markup).unicodeScalars
    while let c = rest.first {
        switch c {
        case "<":
            guard let end = rest.firstIndex(of: ">") else { return "unterminated tag" }
            let tag = String(String.UnicodeScalarView(rest[...end]))
            if tag.hasPrefix("</") {
                let name = String(tag.dropFirst(2).dropLast())
                guard stack.last == name else { return "\(tag) closes \(stack.last ?? "nothing")" }
                stack.removeLast()
            } else if let name = allowedOpen[tag] {
                stack.append(name)
            } else {
                return "tag \(tag) is not allowed"
            }
            rest = rest[rest.index(after: end)...]
        case "&":
            guard let entity = entities.first(where: { rest.starts(with: $0.unicodeScalars) }) else { return "bare &" }
            rest = rest.dropFirst(entity.unicodeScalars.count)
        case ">":
            return "bare >"
        default:
            switch c.value {
            case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: break
            default: return "character U+\(String(c.value, radix: 16)) is not allowed in XML"
            }
            rest = rest.dropFirst()
        }
    }
    return stack.isEmpty ? nil : "left open: \(stack)"
}

@Suite struct MarkupSanitizerTests {
    @Test func plainTextStaysAsItIs() {
        #expect(sanitized("hello world") == "hello world")
        #expect(sanitized("") == "")
    }

    @Test func allowedTagsPassThrough() {
        #expect(sanitized("a <b>bold</b> <i>it</i> <u>under</u>") == "a <b>bold</b> <i>it</i> <u>under</u>")
    }

    @Test func linkIsAnUnderlinedColouredSpanWithoutItsTarget() {
        #expect(sanitized("see <a href=\"https://x.example/?a=1&b=2\">the log</a>.") == "see \(linkOpen)the log</span>.")
    }

    @Test func imageShowsItsAltText() {
        #expect(sanitized("<img src=\"/tmp/a.png\" alt=\"a &amp; b &lt;3\"/> ok") == "a &amp; b &lt;3 ok")
        #expect(sanitized("<img src=\"x.png\">") == "")
    }

    @Test func entitiesStayOrBecomeTheirCharacter() {
        #expect(sanitized("&amp; &lt; &gt; &quot; &apos;") == "&amp; &lt; &gt; &quot; &apos;")
        #expect(sanitized("&#65;&#x42;&#x3c;") == "AB&lt;")
        #expect(sanitized("&#0; &#xD800; &#99999999;") == " &amp;#xD800; &amp;#99999999;")
    }

    @Test func unknownEntitiesAndBareAmpersandsAreEscaped() {
        #expect(sanitized("fish & chips &nbsp; &copy") == "fish &amp; chips &amp;nbsp; &amp;copy")
    }

    @Test func spanAndUnknownTagsShowAsText() {
        #expect(sanitized("<span size=\"99999\">big</span>") == "&lt;span size=\"99999\"&gt;big&lt;/span&gt;")
        #expect(sanitized("Vec<u8> and <script>x</script>") == "Vec&lt;u8&gt; and &lt;script&gt;x&lt;/script&gt;")
    }

    @Test func allowedTagsWithAttributesShowAsText() {
        #expect(sanitized("<b style=\"x\">y</b>") == "&lt;b style=\"x\"&gt;y")
    }

    @Test func lessThanThatStartsNoTagIsEscaped() {
        #expect(sanitized("a < b > c <") == "a &lt; b &gt; c &lt;")
        #expect(sanitized("1 <2") == "1 &lt;2")
    }

    @Test func openTagsAreClosedAtTheEnd() {
        #expect(sanitized("<b>bold <i>both") == "<b>bold <i>both</i></b>")
    }

    @Test func strayClosingTagsAreDropped() {
        #expect(sanitized("x</b></a>y") == "xy")
    }

    @Test func overlappingTagsAreReNested() {
        #expect(sanitized("<b>1<i>2</b>3</i>") == "<b>1<i>2</i></b><i>3</i>")
    }

    @Test func controlCharactersXMLForbidsAreDropped() {
        #expect(sanitized("a\u{1}b\u{FFFE}c\td") == "abc\td")
    }

    @Test func escapedShowsEverythingLiterally() {
        #expect(MarkupSanitizer.escaped("<b>&</b>") == "&lt;b&gt;&amp;&lt;/b&gt;")
    }

    @Test func examplesAreWellFormed() {
        for text in ["<b>", "</b>", "<a>", "<a href='x'", "&", "&#", "&#x;", "<<b>>", "<b><i><u>x</b>", "<img alt='<b>'/>", "<a/>", "<b/>"] {
            #expect(wellFormedness(sanitized(text)) == nil, "\(text) → \(sanitized(text))")
        }
    }

    /// Thousands of random strings built from markup's building blocks and arbitrary characters:
    /// the output must always be well-formed and use only the allowed tags.
    @Test func randomInputAlwaysGivesWellFormedMarkup() {
        var generator = SplitMix(seed: 0x5EED_1234)
        let pieces = ["<", ">", "&", ";", "/", "=", "\"", "'", " ", "b", "i", "u", "a", "img", "span", "href", "alt",
                      "<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<a href=\"x\">", "</a>", "<img alt=\"q\"/>",
                      "<span>", "</span>", "&amp;", "&lt;", "&#", "x", "#x41", "&#65;", "\u{0}", "\u{7}", "\u{FFFF}",
                      "שלום", "مرحبا", "👍🏽", "\n", "\t"]
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) {
                if generator.next() % 5 == 0 {
                    let value = UInt32(generator.next() % 0x11_0000)
                    if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
                } else {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                }
            }
            let out = sanitized(text)
            if let problem = wellFormedness(out) {
                Issue.record("\(text.debugDescription) → \(out.debugDescription): \(problem)")
                return
            }
        }
    }
}

/// A small deterministic generator, so a failure reproduces.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
