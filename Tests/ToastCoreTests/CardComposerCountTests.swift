import Testing
import ToastCore

/// The repeat count: a `×N` pill at the card's trailing top corner, clear of the text and of
/// the close button, in colours that read on both themes; in the capsule, after the text.
@Suite struct CardComposerCountTests {
    func compose(_ toast: Toast, style: CardStyle = .tinted, theme: Theme = .dark, hovered: Bool = false) -> ComposedCard {
        var config = Config()
        config.theme = theme
        return CardComposer(config: config, scale: 1).compose(toast, style: style, appearance: .init(hovered: hovered),
                                                              metrics: FixedMetrics(scale: 1))
    }

    func counted(_ count: Int) -> Toast {
        var toast = Toast(id: "1", title: "New message", message: "hi")
        toast.count = count
        return toast
    }

    /// The badge's label and where it is drawn.
    func badge(_ card: ComposedCard) -> (text: String, origin: Point, color: RGBA)? {
        for op in card.scene.ops {
            if case let .text(block, origin, color) = op, block.text.contains("\u{00D7}") { return (block.text, origin, color) }
        }
        return nil
    }

    @Test("no badge for a toast shown once; ×N from 2, capped at Repeats.maxCount")
    func label() {
        #expect(badge(compose(counted(1))) == nil)
        #expect(badge(compose(counted(3)))?.text.contains("\u{00D7}3") == true)
        #expect(badge(compose(counted(500)))?.text.contains("\u{00D7}\(Repeats.maxCount)") == true)
    }

    @Test("in the trailing corner, right of every line of text; it moves aside for the close button on hover")
    func place() throws {
        let card = compose(counted(3))
        let mark = try #require(badge(card))
        for op in card.scene.ops {
            guard case let .text(block, origin, _) = op, !block.text.contains("\u{00D7}") else { continue }
            #expect(origin.x + block.width <= mark.origin.x, "text runs under the badge")
        }
        #expect(mark.origin.x > card.scene.size.width - 60)
        let hovered = compose(counted(3), hovered: true)
        let moved = try #require(badge(hovered))
        let close = try #require(hovered.closeButton)
        #expect(moved.origin.x < mark.origin.x && moved.origin.x < close.x)
    }

    @Test("the pill is the accent and the label the card's background: both themes, every style")
    func colours() throws {
        for theme in [Theme.dark, .light] {
            for style in [CardStyle.tinted, .accent] {
                let card = compose(counted(2), style: style, theme: theme)
                let colors = CardComposer(config: { var c = Config(); c.theme = theme; return c }(), scale: 1)
                    .colors(for: counted(2), style: style)
                let pills = card.scene.ops.filter { if case let .roundedRect(_, _, color) = $0 { color == colors.accent } else { false } }
                #expect(!pills.isEmpty)
                #expect(try #require(badge(card)).color == colors.background)
            }
        }
        let capsule = compose(counted(4), style: .capsule)
        #expect(capsule.scene.ops.contains { if case let .text(block, _, _) = $0 { block.text.hasSuffix("<b>\u{00D7}4</b>") } else { false } })
    }
}
