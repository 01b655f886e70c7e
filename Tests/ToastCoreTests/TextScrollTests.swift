import Testing
import ToastCore

/// An expanded card's message that does not fit: the window the wheel moves, and how the
/// composer draws it.
@Suite struct TextScrollTests {
    @Test("the window is clamped at the top and at the end; a message that fits never scrolls")
    func clamp() {
        #expect(TextScroll.clamp(-5, visible: 10, total: 40) == 0)
        #expect(TextScroll.clamp(12, visible: 10, total: 40) == 12)
        #expect(TextScroll.clamp(31, visible: 10, total: 40) == 30, "the last line sits at the window's bottom")
        #expect(TextScroll.clamp(.max, visible: 10, total: 40) == 30)
        #expect(TextScroll.clamp(3, visible: 10, total: 8) == 0, "fits: nothing to scroll")
        #expect(TextScroll.clamp(9, visible: 0, total: 8) == 7, "a window is at least one line")
        let top = TextScroll(first: 0, visible: 10, total: 40)
        #expect(!top.hasMoreAbove && top.hasMoreBelow && top.lastFirst == 30)
        #expect(top.scrolled(byNotches: 1) == TextScroll.linesPerNotch)
        #expect(top.scrolled(byNotches: -1) == 0)
        #expect(top.scrolled(byNotches: .max) == 30 && top.scrolled(byNotches: .min) == 0, "no overflow")
        let end = TextScroll(first: 99, visible: 10, total: 40)
        #expect(end.first == 30 && end.hasMoreAbove && !end.hasMoreBelow)
    }

    @Test("buttons 4 and 5 are the wheel, up and down; every other button is not")
    func wheelButtons() {
        #expect(TextScroll.wheelNotches(button: 4) == -1)
        #expect(TextScroll.wheelNotches(button: 5) == 1)
        for button: UInt32 in [0, 1, 2, 3, 6, 7, 8, .max] { #expect(TextScroll.wheelNotches(button: button) == nil) }
    }

    private let long = Toast(id: "a", title: "Title", message: String(repeating: "lorem ipsum dolor sit amet ", count: 80))

    private func compose(scroll: Int, expanded: Bool = true, height: Double = 300) -> ComposedCard {
        var appearance = CardComposer.Appearance(expanded: expanded)
        appearance.expandedLines = 4
        appearance.expandedHeight = height
        appearance.scrollLines = scroll
        return CardComposer(config: .default, scale: 1).compose(long, style: .tinted, appearance: appearance, metrics: FixedMetrics())
    }

    private func message(_ card: ComposedCard) -> TextBlock? {
        card.scene.ops.compactMap { op -> TextBlock? in
            guard case let .text(block, _, _) = op, block.style == .regular else { return nil }
            return block
        }.first
    }

    /// Ops that cover text with the card's background: the fade.
    private func fades(_ card: ComposedCard) -> Int {
        card.scene.ops.filter { op in
            guard case let .roundedRect(_, radius, color) = op else { return false }
            return radius == 0 && color.a == CardMetrics.scrollFadeAlpha
        }.count
    }

    @Test("expanded, a message longer than the card shows a window from scrollLines, same size wherever it stands; the last line fades while more follows")
    func window() throws {
        let top = compose(scroll: 0)
        let scroll = try #require(top.scroll)
        #expect(scroll.first == 0 && scroll.total > scroll.visible && scroll.visible >= CardComposer.collapsedMessageLines)
        #expect(message(top)?.firstLine == 0 && message(top)?.maxLines == scroll.visible)
        #expect(top.scene.size.height <= 300 && fades(top) == CardMetrics.scrollFadeSteps)
        #expect(!(FixedMetrics().lines(try #require(message(top))).lines.last ?? "").hasSuffix("…"), "a fade, not an ellipsis")

        let down = compose(scroll: 3)
        #expect(down.scroll?.first == 3 && message(down)?.firstLine == 3)
        #expect(down.scene.size == top.scene.size && down.scene != top.scene)
        let lines = FixedMetrics().lines(try #require(message(down))).lines
        var wholeBlock = try #require(message(down))
        wholeBlock.firstLine = nil
        wholeBlock.maxLines = nil
        let whole = FixedMetrics().lines(wholeBlock).lines
        #expect(lines.first == whole[3], "starts at the fourth line")

        let end = compose(scroll: 10_000)
        #expect(end.scroll?.first == scroll.lastFirst && message(end)?.firstLine == scroll.lastFirst, "clamped at the end")
        #expect(end.scene.size == top.scene.size && fades(end) == 0, "nothing more below: no fade")
        #expect(FixedMetrics().lines(try #require(message(end))).lines.last == whole.last)
        #expect(compose(scroll: -4).scene == top.scene, "clamped at the top")
    }

    @Test("a collapsed card, or an expanded one whose message fits, has nothing to scroll")
    func nothingToScroll() {
        let collapsed = compose(scroll: 5, expanded: false)
        #expect(collapsed.scroll == nil && message(collapsed)?.firstLine == nil)
        let short = CardComposer(config: .default, scale: 1).compose(
            Toast(id: "b", title: "Title", message: "short"), style: .tinted,
            appearance: { var a = CardComposer.Appearance(expanded: true); a.expandedHeight = 300; a.scrollLines = 2; return a }(),
            metrics: FixedMetrics())
        #expect(short.scroll == nil && message(short)?.firstLine == nil)
    }

    /// The fake's lines, but a scrolled window grows a pixel per line it is scrolled, as lines
    /// of emoji or a large span are taller than the regular face's.
    private struct UnevenMetrics: TextMeasuring {
        var lineHeight: Double { FixedMetrics().lineHeight }
        func measure(_ block: TextBlock) -> TextExtent {
            var extent = FixedMetrics().measure(block)
            extent.size.height += Double(block.firstLine ?? 0)
            return extent
        }
    }

    @Test("the card keeps its height as the text scrolls, even past lines taller than the regular face's")
    func heightStaysPut() {
        func height(_ scroll: Int) -> Double {
            var appearance = CardComposer.Appearance(expanded: true)
            appearance.expandedHeight = 300
            appearance.scrollLines = scroll
            return CardComposer(config: .default, scale: 1).compose(long, style: .tinted, appearance: appearance,
                                                                    metrics: UnevenMetrics()).scene.size.height
        }
        #expect(height(3) == height(0) && height(9) == height(0))
    }
}
