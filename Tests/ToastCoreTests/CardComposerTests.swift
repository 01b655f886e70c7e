import Testing
import ToastCore

private func compose(_ toast: Toast, style: CardStyle = .tinted, scale: Double = 1, config: Config = .default,
                     appearance: CardComposer.Appearance = .init()) -> ComposedCard {
    CardComposer(config: config, scale: scale).compose(toast, style: style, appearance: appearance,
                                                       metrics: FixedMetrics(scale: scale))
}

private func textBlocks(_ card: ComposedCard) -> [TextBlock] {
    card.scene.ops.compactMap { op in
        guard case let .text(block, _, _) = op else { return nil }
        return block
    }
}

private func icons(_ card: ComposedCard) -> [(shape: IconShape, rect: Rect, color: RGBA)] {
    card.scene.ops.compactMap { op in
        guard case let .icon(shape, rect, color, _) = op else { return nil }
        return (shape, rect, color)
    }
}

private let longMessage = Array(repeating: "lorem ipsum dolor sit amet", count: 12).joined(separator: " ")

@Suite struct CardComposerTests {
    // MARK: Size and scale

    @Test func widthIsCardWidthTimesScale() {
        let toast = Toast(id: "a", message: "Hello")
        for style in [CardStyle.tinted, .accent] {
            #expect(compose(toast, style: style).scene.size.width == 360)
            #expect(compose(toast, style: style, scale: 2).scene.size.width == 720)
            #expect(compose(toast, style: style, scale: 1.5).scene.size.width == 540)
            var config = Config()
            config.cardWidth = 300
            #expect(compose(toast, style: style, config: config).scene.size.width == 300)
            #expect(compose(toast, style: style, scale: 1.25, config: config).scene.size.width == 375)
        }
    }

    @Test func oneLineCardHeight() {
        // 12 padding + 1 (half the border) + 17 text + 1 + 12 = 43, but the 20 px icon needs 12 + 20 + 12.
        #expect(compose(Toast(id: "a", message: "Hello")).scene.size.height == 44)
        // Title (17) + 2 + message (17) + padding and border: 12 + 1 + 36 + 1 + 12 = 62.
        #expect(compose(Toast(id: "a", title: "Done", message: "Hello")).scene.size.height == 62)
    }

    @Test(arguments: [CardStyle.tinted, .accent, .capsule])
    func doubleScaleDoublesTheCard(style: CardStyle) {
        for toast in [Toast(id: "a", message: "Hello"), Toast(id: "b", title: "Build finished", message: longMessage),
                      Toast(id: "c", title: "Title only", message: "")] {
            let one = compose(toast, style: style).scene.size
            let two = compose(toast, style: style, scale: 2).scene.size
            #expect(abs(two.width - 2 * one.width) <= 1, "\(style) width \(one.width) → \(two.width)")
            #expect(abs(two.height - 2 * one.height) <= 1, "\(style) height \(one.height) → \(two.height)")
        }
    }

    @Test func doubleScaleDoublesTheIconAndText() {
        let toast = Toast(id: "a", title: "T", message: "Hello")
        let one = compose(toast), two = compose(toast, scale: 2)
        #expect(two.iconRect.width == 2 * one.iconRect.width)
        #expect(two.iconRect.x == 2 * one.iconRect.x)
        #expect(abs(two.iconRect.y - 2 * one.iconRect.y) <= 1)
        let t1 = textOps(one.scene.ops), t2 = textOps(two.scene.ops, scale: 2)
        #expect(t1.count == t2.count)
        for (a, b) in zip(t1, t2) {
            #expect(b.x == 2 * a.x)
            #expect(abs(b.baseline - 2 * a.baseline) <= 1)
        }
        #expect(one.scene.cornerRadius == 10)
        #expect(two.scene.cornerRadius == 20)
    }

    // MARK: Tinted style

    @Test func tintedStartsWithBorderThenTintedBackground() throws {
        let card = compose(Toast(id: "a", message: "Hello", kind: .error))
        let accent = RGBA(rgb: 0xFF453A)
        let tinted = RGBA(rgb: Palette.dark.background).mixed(with: accent, 0.16)
        let size = card.scene.size
        try #require(card.scene.ops.count >= 3)
        #expect(card.scene.ops[0] == .roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: 10, color: accent))
        #expect(card.scene.ops[1] == .roundedRect(Rect(x: 2, y: 2, width: size.width - 4, height: size.height - 4), radius: 8,
                                                  color: tinted))
        #expect(tinted != RGBA(rgb: Palette.dark.background))
    }

    @Test func lightThemeTintsLess() throws {
        var config = Config()
        config.theme = .light
        let card = compose(Toast(id: "a", message: "Hello", kind: .success), config: config)
        let accent = RGBA(rgb: Palette.light.accent(for: .success))
        guard case let .roundedRect(_, _, border) = card.scene.ops[0],
              case let .roundedRect(_, _, background) = card.scene.ops[1] else {
            Issue.record("unexpected ops \(card.scene.ops.prefix(2))")
            return
        }
        #expect(border == accent)
        #expect(background == RGBA(rgb: Palette.light.background).mixed(with: accent, 0.10))
    }

    @Test func configuredColourOverridesThePalette() {
        var config = Config()
        config.colors[.info] = 0x123456
        let card = compose(Toast(id: "a", message: "Hello", kind: .info), config: config)
        #expect(card.scene.ops[0] == .roundedRect(Rect(x: 0, y: 0, width: 360, height: 44), radius: 10, color: RGBA(rgb: 0x123456)))
        #expect(icons(card).first?.color == RGBA(rgb: 0x123456))
    }

    @Test(arguments: Kind.allCases)
    func iconUsesTheKindsShapeAndColour(kind: Kind) throws {
        let card = compose(Toast(id: "a", message: "Hello", kind: kind))
        // Right after the two outline ops.
        guard case let .icon(shape, rect, color, _) = card.scene.ops[2] else {
            Issue.record("op 2 is \(card.scene.ops[2])")
            return
        }
        #expect(shape == IconRaster.shape(for: kind))
        #expect(color == RGBA(rgb: Palette.dark.accent(for: kind)))
        #expect(rect == card.iconRect)
        #expect(rect == Rect(x: 12, y: 13, width: 20, height: 20))
    }

    @Test func loadingCardDrawsTheSpinnerStill() {
        let card = compose(Toast(id: "a", message: "Working", kind: .loading))
        guard case let .icon(.spinner, _, _, phase) = card.scene.ops[2] else {
            Issue.record("no spinner at op 2")
            return
        }
        #expect(phase == 0)
    }

    @Test func textSitsRightOfTheIcon() throws {
        let card = compose(Toast(id: "a", title: "Title", message: "Body"))
        let texts = textOps(card.scene.ops)
        try #require(texts.count == 2)
        #expect(texts[0].text == "Title")
        #expect(texts[0].style.bold)
        #expect(texts[0].x == 42)              // 12 padding + 20 icon + 10 gap
        #expect(texts[0].baseline == 26)       // 12 + 1 + ascent 13
        #expect(texts[1].text == "Body")
        #expect(!texts[1].style.bold)
        #expect(texts[1].baseline == 45)       // 26 + 17 + 2
        #expect(texts[0].color == RGBA(rgb: Palette.dark.text))
        // Under a title the message is dimmer.
        #expect(texts[1].color != texts[0].color)
    }

    @Test func messageAloneUsesTheMainTextColour() {
        let card = compose(Toast(id: "a", message: "Body"))
        #expect(textOps(card.scene.ops).first?.color == RGBA(rgb: Palette.dark.text))
    }

    // MARK: Truncation and expansion

    @Test func longMessageIsCutToThreeLines() throws {
        let card = compose(Toast(id: "a", message: longMessage))
        let lines = textLines(card)
        #expect(lines.count == CardComposer.collapsedMessageLines)
        #expect(card.isTruncated)
        let last = try #require(lines.last)
        #expect(last.hasSuffix("…"))
        // 12 + 1 + 3 × 17 + 1 + 12
        #expect(card.scene.size.height == 77)
    }

    @Test func expandedShowsEverything() {
        let collapsed = compose(Toast(id: "a", message: longMessage))
        let expanded = compose(Toast(id: "a", message: longMessage), appearance: .init(expanded: true))
        let lines = textLines(expanded)
        #expect(lines.count > CardComposer.collapsedMessageLines)
        #expect(!expanded.isTruncated)
        #expect(!lines.joined().contains("…"))
        #expect(lines.joined() == longMessage)
        #expect(expanded.scene.size.height == collapsed.scene.size.height + Double(lines.count - 3) * 17)
    }

    @Test func longTitleIsCutToTwoLines() {
        let card = compose(Toast(id: "a", title: longMessage, message: "short"))
        let lines = textLines(card)
        #expect(lines.count == CardComposer.collapsedTitleLines + 1)
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[2] == "short")
        #expect(card.isTruncated)
    }

    @Test func shortMessageIsNotTruncated() {
        #expect(!compose(Toast(id: "a", title: "T", message: "three\nshort\nlines")).isTruncated)
        #expect(textLines(compose(Toast(id: "a", message: "three\nshort\nlines"))) == ["three", "short", "lines"])
    }

    @Test func textIsSanitised() {
        let card = compose(Toast(id: "a", message: "red \u{1B}[31mtext\u{202E}  \r\n"))
        #expect(textLines(card) == ["red [31mtext"])
    }

    @Test func markupReachesTheBlockSanitized() throws {
        let card = compose(Toast(id: "a", message: "a <b>bold</b> <span size='99' foreground='red'>word</span> <p>x", markup: true))
        let block = try #require(textBlocks(card).first)
        #expect(block.isMarkup)
        #expect(block.text == "a <b>bold</b> <span foreground=\"#ff0000\">word</span> x")
        #expect(textLines(card) == ["a bold word x"])
    }

    @Test func plainTextIsNotMarkup() throws {
        let card = compose(Toast(id: "a", message: "a <b>bold</b>"))
        let block = try #require(textBlocks(card).first)
        #expect(!block.isMarkup)
        #expect(block.text == "a <b>bold</b>")
    }

    @Test func veryLongTextIsCutBeforeLayout() throws {
        let card = compose(Toast(id: "a", message: String(repeating: "x", count: 3 * TextLimits.maxScalars)),
                           appearance: .init(expanded: true))
        let block = try #require(textBlocks(card).first)
        #expect(block.text.unicodeScalars.count == TextLimits.maxScalars)
        #expect(card.isTruncated)
    }

    @Test func collapsedBlocksCarryTheirLineLimits() {
        let blocks = textBlocks(compose(Toast(id: "a", title: "T", message: "m")))
        #expect(blocks.map(\.maxLines) == [CardComposer.collapsedTitleLines, CardComposer.collapsedMessageLines])
        #expect(blocks.map(\.style.bold) == [true, false])
        let expanded = textBlocks(compose(Toast(id: "a", title: "T", message: "m"), appearance: .init(expanded: true)))
        #expect(expanded.map(\.maxLines) == [nil, nil])
    }

    // MARK: Hover and close button

    @Test func hoveredAddsTheCloseButton() throws {
        let plain = compose(Toast(id: "a", message: "Hello"))
        #expect(plain.closeButton == nil)
        #expect(!icons(plain).contains { $0.shape == .close })

        let hovered = compose(Toast(id: "a", message: "Hello"), appearance: .init(hovered: true))
        let close = try #require(hovered.closeButton)
        let icon = try #require(icons(hovered).first { $0.shape == .close })
        #expect(icon.rect == Rect(x: 336, y: 9, width: 16, height: 16))
        // The hit area is 4 px bigger than the glyph on every side.
        #expect(close == Rect(x: 332, y: 5, width: 24, height: 24))
        #expect(close.maxX <= hovered.scene.size.width)
        #expect(close.y >= 0)
        #expect(icon.color == RGBA(rgb: Palette.dark.secondaryText))
        // Hovering changes nothing else.
        #expect(Array(hovered.scene.ops.dropLast()) == plain.scene.ops)
        #expect(hovered.scene.size == plain.scene.size)
    }

    @Test func closeButtonScales() throws {
        let close = try #require(compose(Toast(id: "a", message: "Hello"), scale: 2, appearance: .init(hovered: true)).closeButton)
        #expect(close == Rect(x: 664, y: 10, width: 48, height: 48))
    }

    @Test func closeButtonDoesNotOverlapText() throws {
        let card = compose(Toast(id: "a", message: longMessage), appearance: .init(hovered: true))
        let close = try #require(icons(card).first { $0.shape == .close })
        for op in card.scene.ops {
            guard case let .text(block, origin, _) = op else { continue }
            #expect(origin.x + block.width <= close.rect.x, "\(block.text) runs under the close button")
        }
    }

    // MARK: Accent style

    @Test func accentHasAPlainBackgroundAndABar() {
        let card = compose(Toast(id: "a", message: "Hello", kind: .warning), style: .accent)
        let size = card.scene.size
        let accent = RGBA(rgb: Palette.dark.accent(for: .warning))
        #expect(card.scene.ops[0] == .roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: 8,
                                                  color: RGBA(rgb: Palette.dark.background)))
        #expect(card.scene.ops[1] == .roundedRectSlice(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: 8,
                                                       visibleWidth: 6, color: accent))
        #expect(card.scene.cornerRadius == 8)
        #expect(card.iconRect.x == 18)         // 6 bar + 12 padding
    }

    // MARK: Capsule

    @Test func capsuleIsAPillWithOneLine() throws {
        let card = compose(Toast(id: "a", message: "Saved"), style: .capsule)
        let size = card.scene.size
        // Like the tinted card, the pill takes on a little of the accent.
        let tinted = RGBA(rgb: Palette.dark.background).mixed(with: RGBA(rgb: Palette.dark.accent(for: .info)), 0.16)
        #expect(card.scene.cornerRadius == size.height / 2)
        #expect(size.height == size.height.rounded())
        #expect(size.width == size.width.rounded())
        #expect(card.scene.ops.first == .roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height),
                                                     radius: size.height / 2, color: tinted))
        #expect(textLines(card) == ["Saved"])
        #expect(!card.isTruncated)
        #expect(card.closeButton == nil)
        #expect(size.width < 360)
        // Icon centred vertically; text after it.
        #expect(abs(card.iconRect.y + card.iconRect.height / 2 - size.height / 2) <= 0.5)
        let text = try #require(textOps(card.scene.ops).first)
        #expect(text.x >= card.iconRect.maxX)
    }

    @Test func capsuleShrinksToItsText() {
        let short = compose(Toast(id: "a", message: "Hi"), style: .capsule).scene.size.width
        let longer = compose(Toast(id: "a", message: "Hi there"), style: .capsule).scene.size.width
        #expect(longer - short == 6 * 7)
    }

    @Test func capsuleKeepsItsTextOnOneLine() throws {
        let card = compose(Toast(id: "a", message: "first\nsecond\nthird"), style: .capsule)
        #expect(textLines(card) == ["first second third"])
        #expect(try #require(textBlocks(card).first).maxLines == 1)
    }

    @Test func capsuleShowsTheTitleInBoldThenTheMessage() throws {
        let card = compose(Toast(id: "a", title: "Title <1>", message: "message & more"), style: .capsule)
        let block = try #require(textBlocks(card).first)
        #expect(block.isMarkup)
        #expect(block.text == "<b>Title &lt;1&gt;</b>  message &amp; more")
        #expect(textLines(card) == ["Title <1>  message & more"])
    }

    @Test func capsuleMessageMarkupIsSanitized() throws {
        let card = compose(Toast(id: "a", message: "<i>x</i><br/>y<blink>", markup: true), style: .capsule)
        // One line: a line break is a space there.
        #expect(try #require(textBlocks(card).first).text == "<i>x</i> y")
    }

    @Test func longCapsuleIsTruncatedWithinTheCardWidth() {
        let card = compose(Toast(id: "a", message: longMessage), style: .capsule)
        #expect(card.isTruncated)
        #expect(textLines(card).count == 1)
        #expect(textLines(card).first?.hasSuffix("…") == true)
        #expect(card.scene.size.width <= 360)
        #expect(card.scene.ops.contains { if case .icon(.info, _, _, _) = $0 { true } else { false } })
    }

    // MARK: "+N more"

    @Test func moreCard() throws {
        let composer = CardComposer(config: .default, scale: 1)
        let scene = composer.composeMore(count: 3, metrics: FixedMetrics())
        let label = try #require(textOps(scene.ops).first)
        #expect(label.text == "+3 more")
        #expect(label.x == 12)
        #expect(scene.size == Size(width: 7 * 7 + 24, height: 29))
        #expect(scene.cornerRadius == scene.size.height / 2)
        #expect(textOps(composer.composeMore(count: 12, metrics: FixedMetrics()).ops).map(\.text) == ["+12 more"])
    }

    @Test func moreCardScales() {
        let one = CardComposer(config: .default, scale: 1).composeMore(count: 5, metrics: FixedMetrics())
        let two = CardComposer(config: .default, scale: 2).composeMore(count: 5, metrics: FixedMetrics(scale: 2))
        #expect(abs(two.size.width - 2 * one.size.width) <= 1)
        #expect(abs(two.size.height - 2 * one.size.height) <= 1)
    }

    @Test func pxRoundsToWholePixels() {
        let composer = CardComposer(config: .default, scale: 1.25)
        #expect(composer.px(10) == 13)   // 12.5 rounds away from zero
        #expect(composer.px(16) == 20)
        #expect(CardComposer(config: .default, scale: 1.5).px(3) == 5)
    }
}

@Suite struct CardComposerAppNameTests {
    @Test("a D-Bus toast names its app, small and escaped, above the title; not when it repeats the title; socket toasts do not")
    func appName() {
        var toast = Toast(id: "a", title: "New message", message: "hi")
        #expect(textBlocks(compose(toast)).count == 2)
        toast.app = "Chat <&>"
        #expect(textBlocks(compose(toast)).count == 2, "a script's app is not shown")
        toast.source = .bus
        let blocks = textBlocks(compose(toast))
        #expect(blocks.count == 3)
        #expect(blocks.first?.text == "<small>Chat &lt;&amp;&gt;</small>" && blocks.first?.isMarkup == true)
        #expect(compose(toast).scene.size.height > compose(Toast(id: "a", title: "New message", message: "hi")).scene.size.height)
        toast.app = "New message"
        #expect(textBlocks(compose(toast)).count == 2)
    }
}

@Suite struct LowUrgencyCardTests {
    @Test("a low-urgency card keeps its kind's icon; its accent is faded halfway to the background")
    func muted() {
        var low = Toast(id: "a", message: "Quiet", kind: .success)
        low.urgency = .low
        let normal = Toast(id: "b", message: "Quiet", kind: .success)
        for style in CardStyle.allCases {
            let quiet = icons(compose(low, style: style)).first, loud = icons(compose(normal, style: style)).first
            #expect(quiet?.shape == IconRaster.shape(for: .success) && quiet?.shape == loud?.shape)
            let background = RGBA(rgb: Palette.dark.background)
            #expect(quiet?.color == RGBA(rgb: Palette.dark.accent(for: .success)).mixed(with: background, Palette.mutedAccentFade), "\(style)")
            #expect(loud?.color == RGBA(rgb: Palette.dark.accent(for: .success)), "\(style)")
        }
    }
}

@Suite struct CardWidthLimitTests {
    @Test("a card is never wider than maxWidth (its monitor's work area less the margins), in every style")
    func narrowedToTheMonitor() {
        let toast = Toast(id: "a", title: "A title", message: String(repeating: "long words ", count: 40))
        for style in CardStyle.allCases {
            var narrow = CardComposer.Appearance()
            narrow.maxWidth = 268.6
            let card = compose(toast, style: style, appearance: narrow)
            #expect(card.scene.size.width <= 268, "\(style): \(card.scene.size.width)")
            var roomy = CardComposer.Appearance()
            roomy.maxWidth = 2000
            #expect(compose(toast, style: style, appearance: roomy).scene.size.width == compose(toast, style: style).scene.size.width)
        }
        var tiny = CardComposer.Appearance()
        tiny.maxWidth = 3
        // Never below the icon and the padding.
        #expect(compose(toast, appearance: tiny).scene.size.width == 2 * 12 + 20)
    }
}

@Suite struct ExpandedHeightTests {
    @Test("expanded, a long message fills the height it is given (the work area less margins), title, buttons and bar included")
    func expandedFillsItsHeight() {
        let long = String(repeating: "lorem ipsum dolor sit amet ", count: 80)
        for toast in [Toast(id: "a", title: "Title", message: long),
                      Toast(id: "b", title: "Title", message: long, actions: [Action(id: "y", label: "Yes")], progress: 40)] {
            var appearance = CardComposer.Appearance(expanded: true)
            appearance.expandedLines = 10
            appearance.expandedHeight = 600
            let card = compose(toast, appearance: appearance)
            // Within one line (17 px) of the limit, never past it; the message is still cut.
            #expect(card.scene.size.height <= 600 && card.scene.size.height > 600 - 17, "\(toast.id): \(card.scene.size.height)")
            #expect(card.isTruncated)
            // The old rule (10 lines for the message too) stopped far short.
            appearance.expandedHeight = nil
            #expect(compose(toast, appearance: appearance).scene.size.height < 400)
        }
    }

    @Test("the line budget is the composer's: given only its height, an expanded title takes at most half the card's lines")
    func titleBudgetFromHeight() {
        let long = String(repeating: "a very long title ", count: 200)
        var appearance = CardComposer.Appearance(expanded: true)
        appearance.expandedHeight = 600
        let title = compose(Toast(id: "t", title: long, message: "body"), appearance: appearance).scene.ops.compactMap { op -> TextBlock? in
            guard case let .text(block, _, _) = op, block.style.bold else { return nil }
            return block
        }.first
        // 600 less 4 × 12 padding and 40, in 17 px lines, halved: what the stage once worked out itself.
        #expect(title?.maxLines == (600 - 4 * 12 - 40) / 17 / 2)
        appearance.expandedHeight = 60
        #expect(CardComposer(config: .default, scale: 1).expandedLineBudget(appearance, lineHeight: 17)
                    == CardComposer.collapsedMessageLines, "never fewer than a collapsed card's")
        appearance.expandedHeight = .infinity
        #expect(CardComposer(config: .default, scale: 1).expandedLineBudget(appearance, lineHeight: 17) == nil)
    }
}
