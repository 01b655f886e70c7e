import Testing
import ToastCore

private let link = RGBA(rgb: 0x3B82F6)
private let linkOpen = "<span underline=\"single\" foreground=\"#3b82f6\">"

private func sanitized(_ text: String) -> String { MarkupSanitizer.pangoMarkup(text, linkColor: link) }

/// Checks that `markup` is well-formed Pango markup using only the tags the sanitizer may
/// produce: `<b> <i> <u>`, the link span and spans of the safe attributes, properly nested, with only the five named entities
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
            } else if let problem = spanProblem(tag) {
                return problem
            } else if tag.hasPrefix("<span") {
                stack.append("span")
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

/// Why a `<span …>` is not one the sanitizer may write: only the safe attributes, once each,
/// with checked values; nil when it is (or is not a span at all).
func spanProblem(_ tag: String) -> String? {
    guard tag.hasPrefix("<span") else { return nil }
    let body = tag.dropFirst(5).dropLast()
    var seen: Set<String> = []
    for pair in body.split(separator: " ") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\""), parts[1].count >= 2 else { return "span attribute \(pair)" }
        let name = String(parts[0]), value = String(parts[1].dropFirst().dropLast())
        guard seen.insert(name).inserted else { return "\(name) twice in \(tag)" }
        let ok: Bool
        switch name {
        case "foreground", "background": ok = value.count == 7 && value.hasPrefix("#") && value.dropFirst().allSatisfy(\.isHexDigit)
        case "size":
            let percent = Int(value.dropLast()) ?? -1
            ok = value.hasSuffix("%") && (50...200).contains(percent)
        case "weight": ok = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber }
        case "style": ok = ["normal", "oblique", "italic"].contains(value)
        case "underline": ok = ["none", "single", "double", "low", "error"].contains(value)
        case "strikethrough": ok = value == "true" || value == "false"
        default: ok = false
        }
        if !ok { return "span attribute \(name)=\(value)" }
    }
    return nil
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

    @Test("<br> and <br/> are line breaks (a space where the caller asks, as the capsule does); </br> is dropped")
    func lineBreaks() {
        #expect(sanitized("one<br>two<br/>three<br />four</br>") == "one\ntwo\nthree\nfour")
        #expect(MarkupSanitizer.pangoMarkup("a<br/>b", linkColor: link, lineBreak: " ") == "a b")
    }

    @Test("span keeps the safe attributes, checked and written again; colours as #rrggbb")
    func spanKeepsSafeAttributes() {
        #expect(sanitized("<span foreground=\"red\">x</span>") == "<span foreground=\"#ff0000\">x</span>")
        #expect(sanitized("<span foreground='#ABC' background=\"#102030\" weight=\"Bold\" style=\"italic\" underline=\"double\" strikethrough=\"true\">x</span>")
            == "<span foreground=\"#aabbcc\" background=\"#102030\" weight=\"bold\" style=\"italic\" underline=\"double\" strikethrough=\"true\">x</span>")
        #expect(sanitized("<span weight=\"600\">x</span>") == "<span weight=\"600\">x</span>")
    }

    @Test("span drops unknown attributes and values that do not pass: names Pango does not know, bad colours, long values")
    func spanDropsWhatDoesNotPass() {
        #expect(sanitized("<span font=\"Serif 99\" rise=\"9999\" foreground=\"notacolour\">x</span>") == "<span>x</span>")
        #expect(sanitized("<span foreground=\"#12345\" background=\"#GGGGGG\" weight=\"1001\" style=\"wavy\">x</span>") == "<span>x</span>")
        #expect(sanitized("<span underline=\"\(String(repeating: "s", count: 40))\" strikethrough=\"yes\">x</span>") == "<span>x</span>")
        // A repeated attribute: the last one counts, written once (Pango refuses duplicates).
        #expect(sanitized("<span foreground=\"red\" foreground=\"blue\">x</span>") == "<span foreground=\"#0000ff\">x</span>")
    }

    @Test("span sizes are 50 % to 200 % of the card's text: percentages and names clamped, points and Pango units dropped")
    func spanSizesAreBounded() {
        #expect(sanitized("<span size=\"150%\">x</span>") == "<span size=\"150%\">x</span>")
        #expect(sanitized("<span size=\"9999%\">x</span>") == "<span size=\"200%\">x</span>")
        #expect(sanitized("<span size=\"1%\">x</span>") == "<span size=\"50%\">x</span>")
        #expect(sanitized("<span size=\"x-large\">x</span>") == "<span size=\"144%\">x</span>")
        #expect(sanitized("<span size=\"xx-small\">x</span>") == "<span size=\"58%\">x</span>")
        #expect(sanitized("<span size=\"99999\">x</span><span size=\"200pt\">y</span>") == "<span>x</span><span>y</span>")
        // `larger` grows from the span it sits in, and no nesting passes the bound.
        let nested = String(repeating: "<span size=\"larger\">", count: 6) + "x"
        #expect(sanitized(nested) == "<span size=\"120%\"><span size=\"144%\"><span size=\"173%\"><span size=\"200%\"><span size=\"200%\"><span size=\"200%\">x"
            + String(repeating: "</span>", count: 6))
        #expect(sanitized("<span size=\"200%\"><b>bold <span size=\"smaller\">less</span></b></span>")
            == "<span size=\"200%\"><b>bold <span size=\"167%\">less</span></b></span>")
    }

    @Test("other tags are dropped and their text kept, so none shows as typed")
    func unknownTagsAreDropped() {
        #expect(sanitized("<p>para</p> <font color=\"red\">old</font> <blink>hi</blink> <script>x</script>") == "para old hi x")
        #expect(sanitized("<b style=\"x\">y</b>") == "<b>y</b>")
        #expect(sanitized("<span/>x<b/>") == "x")
    }

    @Test("re-nesting a span writes it again with its attributes")
    func spansReNest() {
        #expect(sanitized("<b>1<span foreground=\"red\">2</b>3</span>")
            == "<b>1<span foreground=\"#ff0000\">2</span></b><span foreground=\"#ff0000\">3</span>")
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
        for text in ["<b>", "</b>", "<a>", "<a href='x'", "&", "&#", "&#x;", "<<b>>", "<b><i><u>x</b>", "<img alt='<b>'/>", "<a/>", "<b/>",
                     "<span size='larger'><span>", "<span foreground=\"&quot;red\">x", "<br><br/>", "<span weight='bold' weight='x'>"] {
            #expect(wellFormedness(sanitized(text)) == nil, "\(text) → \(sanitized(text))")
        }
    }

    /// Thousands of random strings built from markup's building blocks and arbitrary characters:
    /// the output must always be well-formed and use only the allowed tags.
    @Test func randomInputAlwaysGivesWellFormedMarkup() {
        var generator = SplitMix(seed: 0x5EED_1234)
        let pieces = ["<", ">", "&", ";", "/", "=", "\"", "'", " ", "b", "i", "u", "a", "img", "span", "href", "alt",
                      "<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<a href=\"x\">", "</a>", "<img alt=\"q\"/>",
                      "<span>", "</span>", "<span size=\"larger\">", "<span foreground=\"red\" size=\"300%\">",
                      "<span weight=\"bold\" style=\"italic\">", "<br/>", "<br>", "<p>", "</p>", "&amp;", "&lt;", "&#", "x", "#x41", "&#65;", "\u{0}", "\u{7}", "\u{FFFF}",
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
