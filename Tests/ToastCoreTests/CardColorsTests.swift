import ConfigParsing
import Testing
import ToastCore

/// Issue 28: a card's own colours (`[card]`, `[colors] KIND.PART` and `URGENCY.PART`, rules'
/// `background`, `foreground`, `frame_color`, `highlight`), and the contrast check.
@Suite struct CardColorsTests {
    private func compose(_ toast: Toast, _ config: Config, style: CardStyle = .tinted) -> ComposedCard {
        CardComposer(config: config, scale: 1).compose(toast, style: style, metrics: FixedMetrics(scale: 1))
    }

    /// The colours of the first two rounded rectangles of a tinted card: its frame, then its fill.
    private func frameAndFill(_ card: ComposedCard) -> (frame: RGBA?, fill: RGBA?) {
        let rects = card.scene.ops.compactMap { op -> RGBA? in
            if case let .roundedRect(_, _, color) = op { return color }
            return nil
        }
        return (rects.first, rects.dropFirst().first)
    }

    private func textColors(_ card: ComposedCard) -> [RGBA] {
        card.scene.ops.compactMap { op in
            if case let .text(_, _, color) = op { return color }
            return nil
        }
    }

    private func parse(_ text: String) -> (config: Config, diagnostics: [String]) {
        let result = ConfigParser.parse(text, file: "c")
        return (result.config, result.diagnostics.map(\.description))
    }

    @Test("a dunst critical card is a red card: [colors] critical.background is the fill as given, frame and text too")
    func criticalIsRed() {
        let (config, diagnostics) = parse("""
            [colors]
            critical.background = #900000
            critical.foreground = #FFFFFF
            critical.frame_color = #FF0000
            """)
        #expect(diagnostics == [])
        let card = compose(Toast(id: "a", title: "Disk", message: "full", kind: .error, urgency: .critical), config)
        let (frame, fill) = frameAndFill(card)
        #expect(frame == RGBA(rgb: 0xFF0000))
        #expect(fill == RGBA(rgb: 0x900000), "not tinted by the kind's accent")
        #expect(textColors(card).first == RGBA(rgb: 0xFFFFFF))
        // A normal card keeps the theme's.
        let normal = compose(Toast(id: "b", message: "hi", kind: .error), config)
        #expect(frameAndFill(normal).fill != RGBA(rgb: 0x900000))
    }

    @Test("layers: [card], then the kind's, then the urgency's, then a rule's")
    func layers() {
        let (config, _) = parse("""
            [card]
            background = #101010
            foreground = #EEEEEE
            [colors]
            error.background = #200000
            low.background = #222222
            """)
        let c = CardComposer(config: config, scale: 1)
        #expect(c.colors(for: .info, style: .tinted).background == RGBA(rgb: 0x101010))
        #expect(c.colors(for: .error, style: .tinted).background == RGBA(rgb: 0x200000))
        #expect(c.colors(for: .error, style: .tinted, urgency: .low).background == RGBA(rgb: 0x222222))
        #expect(c.colors(for: .error, style: .tinted, urgency: .low, rule: CardColors(background: 0x003300)).background
                == RGBA(rgb: 0x003300))
        #expect(c.colors(for: .error, style: .tinted).text == RGBA(rgb: 0xEEEEEE))
    }

    @Test("[urgency_low] background = #222222 is the fill of a low card, its accent still its kind's colour (muted), never invisible")
    func lowBackgroundIsNotAnAccent() {
        let (config, _) = parse("[colors]\nlow.background = #222222\nlow.foreground = #888888\n")
        let c = CardComposer(config: config, scale: 1).colors(for: .info, style: .tinted, urgency: .low)
        #expect(c.background == RGBA(rgb: 0x222222))
        #expect(c.accent != c.background)
        #expect(ColorContrast.ratio(c.accent.rgb, c.background.rgb) > 1.5)
    }

    @Test("highlight colours the progress bar; the accent style's bar follows frame_color")
    func highlightAndBar() {
        var config = Config()
        config.cardColors = CardColors(frame: 0x00FF00, highlight: 0x0000FF)
        var toast = Toast(id: "a", message: "copying", kind: .info)
        toast.progress = 50
        let card = compose(toast, config)
        let fills = card.scene.ops.compactMap { op -> RGBA? in
            if case let .roundedRect(_, _, color) = op { return color }
            return nil
        }
        #expect(fills.contains(RGBA(rgb: 0x0000FF)), "the bar's filled part")
        #expect(frameAndFill(card).frame == RGBA(rgb: 0x00FF00))
        let accent = compose(toast, config, style: .accent)
        let slices = accent.scene.ops.compactMap { op -> RGBA? in
            if case let .roundedRectSlice(_, _, _, color) = op { return color }
            return nil
        }
        #expect(slices == [RGBA(rgb: 0x00FF00)])
    }

    @Test("a rule's background, foreground, frame_color and highlight reach the toast and its card")
    func ruleColors() throws {
        let (config, diagnostics) = parse("""
            [rule red]
            match app = Mailer
            background = #FF0000
            foreground = #FFFFFF
            frame_color = #800000
            highlight = #FFFF00
            """)
        #expect(diagnostics == [])
        let rule = try #require(config.rules.rules.first)
        #expect(rule.settings.cardColors == CardColors(background: 0xFF0000, foreground: 0xFFFFFF, frame: 0x800000, highlight: 0xFFFF00))
        var toast = Toast(id: "a", message: "m")
        toast.cardColors = rule.settings.cardColors
        #expect(frameAndFill(compose(toast, config)).fill == RGBA(rgb: 0xFF0000))
        #expect(parse("[rule x]\nbackground = red\n").diagnostics.count == 1)
    }

    @Test("every default listed as default changes nothing")
    func defaultsAreNothing() {
        let (config, diagnostics) = parse("[card]\nbackground = default\n[colors]\ncritical.background = default\nerror.highlight = default\n")
        #expect(diagnostics == [])
        #expect(config == .default)
    }

    @Test("contrast: WCAG's ratio, and a warning with FILE:LINE where text would be unreadable")
    func contrast() {
        #expect(abs(ColorContrast.ratio(0x000000, 0xFFFFFF) - 21) < 0.01)
        #expect(abs(ColorContrast.ratio(0x777777, 0x777777) - 1) < 0.001)
        let (_, diagnostics) = parse("""
            [card]
            radius = 4
            [colors]
            low.background = #222222
            low.foreground = #333333
            critical.background = #900000
            critical.foreground = #FFFFFF
            """)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("c:5: warning: text #333333 on #222222") == true, "\(diagnostics)")
        // A rule's light fill under the dark theme's light text: warned at the rule's header.
        let rule = parse("[general]\ntheme = dark\n[rule grey]\nmatch app = x\nbackground = #EEEEEE\n").diagnostics
        #expect(rule.count == 1 && rule.first?.hasPrefix("c:3: warning:") == true && rule.first?.contains("rule 'grey'") == true,
                "\(rule)")
        #expect(parse("[rule dark]\nmatch app = x\nbackground = #2A2A2A\n").diagnostics == [])
    }
}
