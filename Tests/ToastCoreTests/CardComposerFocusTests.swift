import Testing
@testable import ToastCore

/// Focus mode's ring and button focus, drawn in the card scene in the text's colour: light
/// on the dark theme's cards, dark on the light theme's, in every style.
@Suite struct CardComposerFocusTests {
    static let toast: Toast = {
        var t = Toast(id: "1", title: "Deploy", message: "ready", actions: [Action(id: "go", label: "Go"), Action(id: "no", label: "No")])
        t.timeout = 0
        return t
    }()

    /// The text-coloured rectangles of a scene.
    static func rings(_ card: ComposedCard, color: RGBA) -> [Rect] {
        card.scene.ops.compactMap { op in
            guard case let .roundedRect(r, _, c) = op, c == color else { return nil }
            return r
        }
    }

    @Test("a focused card's outermost edge is the text's colour, far from its background, in both themes and every style",
          arguments: [Theme.dark, .light], CardStyle.allCases)
    func ring(theme: Theme, style: CardStyle) {
        var config = Config()
        config.theme = theme
        let composer = CardComposer(config: config, scale: 1)
        let text = RGBA(rgb: config.palette.text)
        var appearance = CardComposer.Appearance()
        let plain = composer.compose(Self.toast, style: style, appearance: appearance, metrics: FixedMetrics())
        appearance.focused = true
        let focused = composer.compose(Self.toast, style: style, appearance: appearance, metrics: FixedMetrics())
        #expect(focused.scene.size == plain.scene.size, "the ring takes no room")
        let size = focused.scene.cardSize
        #expect(Self.rings(focused, color: text).contains(Rect(x: 0, y: 0, width: size.width, height: size.height)))
        #expect(!Self.rings(plain, color: text).contains(Rect(x: 0, y: 0, width: size.width, height: size.height)))
        let background = RGBA(rgb: config.palette.background)
        let contrast = abs(Int(text.r) - Int(background.r)) + abs(Int(text.g) - Int(background.g)) + abs(Int(text.b) - Int(background.b))
        #expect(contrast > 400, "ring against background: \(contrast)")
    }

    @Test("the focused button gets a ring of its own, just outside it; none without focus mode")
    func buttonRing() throws {
        let composer = CardComposer(config: Config(), scale: 1)
        let text = RGBA(rgb: Config().palette.text)
        var appearance = CardComposer.Appearance()
        appearance.focusedButton = "no"
        let unfocused = composer.compose(Self.toast, style: .tinted, appearance: appearance, metrics: FixedMetrics())
        #expect(Self.rings(unfocused, color: text).isEmpty)
        appearance.focused = true
        let card = composer.compose(Self.toast, style: .tinted, appearance: appearance, metrics: FixedMetrics())
        let button = try #require(card.buttons.first { $0.id == "no" }).rect
        let w = CardMetrics.focusRingWidth
        #expect(Self.rings(card, color: text).contains(Rect(x: button.x - w, y: button.y - w, width: button.width + 2 * w, height: button.height + 2 * w)))
    }
}
