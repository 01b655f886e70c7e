import ConfigParsing
import Testing
import ToastCore

/// Issue 28: dunst's `format` and the `[text]` settings, and the rules' `hide_text` and
/// `icon_position = off`.
@Suite struct CardFormatTests {
    private func toast(markup: Bool = false) -> Toast {
        var toast = Toast(id: "1", title: "Build <done>", message: "all <b>green</b>", icon: "/usr/share/icons/ok.png",
                          progress: 60)
        toast.app = "make"
        toast.markup = markup
        return toast
    }

    @Test("every field, in the format's order, with markup in the format drawn and the fields' text escaped")
    func fields() {
        let t = toast()
        #expect(CardFormat.render("%a: <b>%s</b>\\n%b %p %n %I %i 100%%", t, markup: .full)
                == "make: <b>Build &lt;done&gt;</b>\nall &lt;b&gt;green&lt;/b&gt; [ 60%] 60 ok.png /usr/share/icons/ok.png 100%")
        #expect(CardFormat.render("%b / %s", t, markup: .full) == "all &lt;b&gt;green&lt;/b&gt; / Build &lt;done&gt;")
    }

    @Test("a field the toast lacks is left out; an unknown one stays as written")
    func missing() {
        let bare = Toast(id: "2", message: "hi")
        #expect(CardFormat.render("[%a]%p%n%i|%b|%z", bare, markup: .full) == "[]|hi|%z")
    }

    @Test("markup = full keeps a markup message's tags, strip removes them, no shows them")
    func markupModes() {
        let t = toast(markup: true)
        #expect(CardFormat.body(t, markup: .full) == "all <b>green</b>")
        #expect(CardFormat.body(t, markup: .strip) == "all green")
        #expect(CardFormat.body(t, markup: .no) == "all &lt;b&gt;green&lt;/b&gt;")
        #expect(MarkupSanitizer.stripped("a<br/>b &amp; <i>c</i>") == "a\nb & c")
    }

    @Test("the card draws the format as one markup block, no application line; ignore_newline; markup strip without a format")
    func onTheCard() {
        var config = Config()
        config.format = "<b>%s</b> (%a)\\n%b"
        let composer = CardComposer(config: config, scale: 1)
        var t = toast()
        t.source = .bus
        let shown = composer.presented(t)
        #expect(shown.title == "" && shown.app == nil && shown.markup)
        #expect(shown.message == "<b>Build &lt;done&gt;</b> (make)\nall &lt;b&gt;green&lt;/b&gt;")
        let card = composer.compose(t, style: .tinted, metrics: FixedMetrics(scale: 1))
        let texts = card.scene.ops.compactMap { op -> TextBlock? in
            if case let .text(block, _, _) = op { return block }
            return nil
        }
        #expect(texts.count == 1 && texts[0].isMarkup && texts[0].text.contains("<b>Build &lt;done&gt;</b> (make)"))

        var flat = Config()
        flat.ignoreNewline = true
        flat.markup = .strip
        var two = Toast(id: "3", title: "a\nb", message: "one\n<i>two</i>")
        two.markup = true
        let presented = CardComposer(config: flat, scale: 1).presented(two)
        #expect(presented.title == "a b" && presented.message == "one two" && !presented.markup)
    }

    @Test("a rule's format is over [text]'s; hide_text leaves only the icon; icon_position = off leaves no icon and the text moves to the padding")
    func ruleSettings() throws {
        let (config, diagnostics) = ConfigParser.parse("""
            [text]
            format = "%s"
            alignment = center
            ellipsize = middle
            [rule quiet]
            match app = mpd
            format = "%b only"
            hide_text = yes
            icon_position = off
            """, file: "c")
        #expect(diagnostics.map(\.description) == [])
        #expect(config.format == "%s" && config.alignment == .center && config.ellipsize == .middle)
        let rule = try #require(config.rules.rules.first)
        #expect(rule.settings.format == "%b only" && rule.settings.hideText == true && rule.settings.iconPosition == .off)
        let composer = CardComposer(config: config, scale: 1)
        var t = Toast(id: "4", title: "T", message: "M")
        t.format = "%b only"
        #expect(composer.presented(t).message == "M only")
        let aligned = composer.compose(t, style: .tinted, metrics: FixedMetrics(scale: 1)).scene.ops.compactMap { op -> TextBlock? in
            if case let .text(block, _, _) = op { return block }
            return nil
        }
        #expect(aligned.allSatisfy { $0.alignment == .center && $0.ellipsize == .middle } && !aligned.isEmpty)
        t.hidesText = true
        let hidden = composer.compose(t, style: .tinted, metrics: FixedMetrics(scale: 1))
        #expect(!hidden.scene.ops.contains { if case .text = $0 { true } else { false } })
        var noIcon = Toast(id: "5", title: "T", message: "M")
        noIcon.hidesIcon = true
        let card = composer.compose(noIcon, style: .tinted, metrics: FixedMetrics(scale: 1))
        #expect(!card.scene.ops.contains { if case .icon(let shape, _, _, _) = $0 { shape != .close } else { false } })
        let origin = card.scene.ops.compactMap { op -> Point? in
            if case let .text(_, origin, _) = op { return origin }
            return nil
        }.first
        #expect(origin?.x == config.padding)
        #expect(ConfigParser.parse("[text]\nformat = \"\"\n", file: "c").diagnostics.count == 1)
    }
}
