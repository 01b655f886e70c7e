import ConfigParsing
import Testing
import ToastCore

/// Issue 49: a Pango font description read as Pango reads it (dunst's `font`).
@Suite struct FontDescriptionTests {
    @Test("the three shapes dunstrcs use: family, weight, style and size apart; a family never carries a style")
    func realShapes() throws {
        let mono = try #require(FontDescription.parse("DejaVu Sans Mono Book 14"))
        #expect(mono.family == "DejaVu Sans Mono" && mono.weight == .book && mono.style == .normal && mono.size == 14)
        let bold = try #require(FontDescription.parse("Monospace Bold 10"))
        #expect(bold.family == "Monospace" && bold.weight == .bold && bold.size == 10)
        let plain = try #require(FontDescription.parse("Noto Sans 11"))
        #expect(plain.family == "Noto Sans" && plain.weight == .normal && plain.style == .normal && plain.size == 11)
    }

    @Test("Pango's other forms: options in any case and order, synonyms, a pixel size, a family list, words Pango ignores, no size")
    func otherForms() throws {
        let f = try #require(FontDescription.parse("Fira Sans Semi-Bold Italic 9.5"))
        #expect(f.family == "Fira Sans" && f.weight == .semibold && f.style == .italic && f.size == 9.5)
        #expect(FontDescription.parse("Iosevka, Heavy Oblique 12px")
                == { var d = FontDescription(family: "Iosevka", weight: .heavy, style: .oblique, size: 12); d.sizeInPixels = true; return d }())
        #expect(FontDescription.parse("Noto Sans, Noto Color Emoji 10")?.family == "Noto Sans,Noto Color Emoji")
        #expect(FontDescription.parse("Ubuntu Condensed Light 10")?.ignored == ["Condensed"])
        #expect(FontDescription.parse("Ubuntu Condensed Light 10")?.weight == .light)
        #expect(FontDescription.parse("Cantarell Regular")?.family == "Cantarell" && FontDescription.parse("Cantarell")?.size == nil)
        #expect(FontDescription.parse("Bold")?.family == "Bold", "the first word is always the family")
        #expect(FontDescription.parse("  ") == nil && FontDescription.parse("12") == nil)
        #expect(FontWeight(word: "extra-bold") == .ultrabold && FontWeight(word: "black") == .heavy && FontWeight(word: "book") == .book)
        #expect(FontWeight.book.value == 380 && FontWeight.bold.value == 700)
    }

    @Test("[font] weight and style are config keys with Pango's names; the face the screen loads carries them")
    func configKeys() {
        let parsed = ConfigParser.parse("[font]\nfamily = DejaVu Sans Mono\nsize = 14\nweight = book\nstyle = italic\n", file: "c")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.config.fontFace == FontFace(family: "DejaVu Sans Mono", weight: .book, style: .italic))
        #expect(ConfigParser.parse("[font]\nweight = fat\n", file: "c").diagnostics.map(\.description).first?.contains("'fat' is not one of") == true)
    }
}
