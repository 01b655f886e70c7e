import Testing
import ToastCore

@Suite struct TextBlockTests {
    @Test func shortTextIsNotCut() {
        #expect(TextLimits.cut("hello") == ("hello", false))
        #expect(TextLimits.cut("") == ("", false))
    }

    @Test func textIsCutAtTheScalarLimit() {
        let long = String(repeating: "ab", count: TextLimits.maxScalars)
        let (text, isCut) = TextLimits.cut(long)
        #expect(isCut)
        #expect(text.unicodeScalars.count == TextLimits.maxScalars)
        #expect(long.hasPrefix(text))
    }

    @Test func oneHugeGraphemeIsCutToo() {
        // A letter with thousands of combining marks is one Character but many scalars.
        let zalgo = "e" + String(repeating: "\u{301}", count: 3 * TextLimits.maxScalars)
        let (text, isCut) = TextLimits.cut(zalgo)
        #expect(isCut && text.unicodeScalars.count == TextLimits.maxScalars)
    }

    @Test func symbolicIconsAreToldByTheirFileName() {
        #expect(CardComposer.isSymbolic("/usr/share/icons/Adwaita/scalable/status/dialog-warning-symbolic.svg"))
        #expect(CardComposer.isSymbolic("a-symbolic.symbolic.png") == false)
        #expect(CardComposer.isSymbolic("/x/edit-copy-symbolic.png"))
        #expect(!CardComposer.isSymbolic("/x/symbolic/firefox.png"))
        #expect(!CardComposer.isSymbolic("/x/firefox.svg"))
    }

    @Test func symbolicIconImageIsTintedWithTheTextColour() {
        var appearance = CardComposer.Appearance()
        appearance.iconImage = "/i/dialog-warning-symbolic.svg"
        let composer = CardComposer(config: .default, scale: 1)
        let card = composer.compose(Toast(id: "a", message: "m", kind: .warning), style: .tinted, appearance: appearance,
                                    metrics: FixedMetrics())
        let text = composer.colors(for: .warning, style: .tinted).text
        #expect(card.scene.ops.contains { if case let .image(_, _, tint) = $0 { tint == text } else { false } })
    }
}
