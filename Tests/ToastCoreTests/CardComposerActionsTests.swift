import Testing
import ToastCore

private func compose(_ toast: Toast, style: CardStyle = .tinted, scale: Double = 1,
                     appearance: CardComposer.Appearance = .init()) -> ComposedCard {
    CardComposer(config: .default, scale: scale).compose(toast, style: style, appearance: appearance,
                                                         metrics: FixedMetrics(scale: scale))
}

private func appearance(hovered: Bool = false, hoveredButton: String? = nil, pressedButton: String? = nil,
                        progress: Double? = nil, heightLimit: Double? = nil, iconImage: String? = nil) -> CardComposer.Appearance {
    var a = CardComposer.Appearance(hovered: hovered)
    a.hoveredButton = hoveredButton
    a.pressedButton = pressedButton
    a.progress = progress
    a.heightLimit = heightLimit
    a.iconImage = iconImage
    return a
}

private let info = CardComposer(config: .default, scale: 1).colors(for: .info, style: .tinted)

private let yesNo = [Action(id: "yes", label: "Yes"), Action(id: "no", label: "No")]

private func withActions(_ actions: [Action] = yesNo, title: String = "", message: String = "Hello") -> Toast {
    Toast(id: "t", title: title, message: message, actions: actions)
}

private func withProgress(_ progress: Double?) -> Toast {
    Toast(id: "t", message: "Hello", progress: progress)
}

private func roundedRects(_ card: ComposedCard) -> [(rect: Rect, radius: Double, color: RGBA)] {
    card.scene.ops.compactMap { op in
        guard case let .roundedRect(rect, radius, color) = op else { return nil }
        return (rect, radius, color)
    }
}

/// The action buttons' backgrounds (radius 7 px at scale 1), left to right.
private func buttonFills(_ card: ComposedCard, scale: Double = 1) -> [(rect: Rect, color: RGBA)] {
    roundedRects(card).filter { $0.radius == (7 * scale).rounded() }.map { ($0.rect, $0.color) }.sorted { $0.rect.x < $1.rect.x }
}

/// The progress bar's track and fill (radius 2 px at scale 1), in drawing order.
private func progressOps(_ card: ComposedCard) -> [(rect: Rect, color: RGBA)] {
    roundedRects(card).filter { $0.radius == 2 }.map { ($0.rect, $0.color) }
}

private func texts(_ card: ComposedCard) -> [(text: String, x: Double, baseline: Double, style: FontStyle, color: RGBA)] {
    textOps(card.scene.ops)
}

/// How far down an op draws (text as the fake metrics lay it out).
private func bottom(of op: DrawOp) -> Double {
    switch op {
    case let .roundedRect(r, _, _), let .roundedRectSlice(r, _, _, _), let .icon(_, r, _, _), let .image(_, r, _): r.maxY
    case let .text(block, origin, _): origin.y + FixedMetrics().measure(block).size.height
    }
}

@Suite struct CardComposerActionsTests {
    // MARK: Buttons

    @Test func buttonsAreRightAlignedInOrder() {
        let card = compose(withActions())
        // "Yes" is 24 px bold + 2 × 12 inset = 48; "No" 16 + 24 = 40; 6 px apart, ending at 360 - 12.
        #expect(card.buttons.map(\.id) == ["yes", "no"])
        #expect(card.buttons.map(\.rect) == [Rect(x: 254, y: 40, width: 48, height: 27), Rect(x: 308, y: 40, width: 40, height: 27)])
        #expect(card.buttons.last?.rect.maxX == card.scene.size.width - 12)
    }

    @Test(arguments: [CardStyle.tinted, .accent])
    func lastButtonEndsAtThePadding(style: CardStyle) {
        for actions in [[Action(id: "a", label: "A")], yesNo, yesNo + [Action(id: "later", label: "Remind me later")]] {
            let card = compose(withActions(actions), style: style)
            #expect(card.buttons.map(\.id) == actions.map(\.id))
            #expect(card.buttons.last?.rect.maxX == 348)
            // In order, left to right, 6 px apart, on one row.
            for (a, b) in zip(card.buttons, card.buttons.dropFirst()) {
                #expect(b.rect.x - a.rect.maxX == 6)
                #expect(a.rect.y == b.rect.y)
            }
        }
    }

    @Test func buttonRectsMatchTheDrawnOps() {
        let card = compose(withActions(yesNo + [Action(id: "x", label: "Later")]))
        let fills = buttonFills(card)
        #expect(fills.map(\.rect) == card.buttons.map(\.rect))
        #expect(fills.count == 3)
        for fill in fills {
            #expect(fill.color == info.accent.withAlpha(51))
        }
    }

    @Test func buttonLabels() {
        let card = compose(withActions())
        let labels = texts(card).filter { $0.text == "Yes" || $0.text == "No" }.sorted { $0.x < $1.x }
        #expect(labels.map(\.text) == ["Yes", "No"])
        // 12 px inset from each button's left edge, centred on the 27 px row: 40 + 5 + 13.
        #expect(labels.map(\.x) == [266, 320])
        #expect(labels.map(\.baseline) == [58, 58])
        #expect(labels.allSatisfy { $0.style == FontStyle(bold: true) })
        #expect(labels.allSatisfy { $0.color == info.accent })
    }

    @Test func hitTesting() {
        let card = compose(withActions())
        #expect(card.button(at: Point(x: 254, y: 40)) == "yes")
        #expect(card.button(at: Point(x: 301.9, y: 66.9)) == "yes")
        #expect(card.button(at: Point(x: 302, y: 50)) == nil)  // the gap between them
        #expect(card.button(at: Point(x: 305, y: 50)) == nil)
        #expect(card.button(at: Point(x: 308, y: 40)) == "no")
        #expect(card.button(at: Point(x: 347.9, y: 66)) == "no")
        #expect(card.button(at: Point(x: 348, y: 50)) == nil)
        #expect(card.button(at: Point(x: 280, y: 39.9)) == nil)
        #expect(card.button(at: Point(x: 280, y: 67)) == nil)
        #expect(card.button(at: Point(x: 100, y: 20)) == nil)
        #expect(compose(Toast(id: "t", message: "Hello")).button(at: Point(x: 300, y: 50)) == nil)
    }

    @Test("only a card with buttons or links follows the pointer: a plain one wants motion during a swipe only")
    func followsPointerOnlyWithSomethingToLight() {
        let plain = Toast(id: "t", message: "Hello")
        for style in [CardStyle.tinted, .accent, .capsule] {
            #expect(!compose(plain, style: style).scene.followsPointer, "\(style)")
        }
        #expect(compose(withActions()).scene.followsPointer)
        let composer = CardComposer(config: .default, scale: 1)
        let shadowed = composer.compose(withActions(), style: .accent, metrics: FixedMetrics(scale: 1), shadow: true)
        #expect(shadowed.scene.inset > 0 && shadowed.scene.followsPointer)
        let linked = Toast(id: "t", message: #"See <a href="https://e.org/log">the log</a>"#, markup: true)
        let link = composer.compose(linked, style: .tinted, metrics: PlacedLinks())
        #expect(!link.links.isEmpty && link.scene.followsPointer)
        #expect(!composer.composeMore(count: 3, metrics: FixedMetrics(scale: 1)).followsPointer)
    }

    /// Fixed advances, and a link's text drawn at the block's start (so it has a hit region).
    private struct PlacedLinks: TextMeasuring {
        let fixed = FixedMetrics(scale: 1)
        var lineHeight: Double { fixed.lineHeight }
        func measure(_ block: TextBlock) -> TextExtent { fixed.measure(block) }
        func rects(of ranges: [Range<Int>], in block: TextBlock) -> [[Rect]] {
            ranges.map { _ in [Rect(x: 0, y: 0, width: 40, height: lineHeight)] }
        }
    }

    @Test func pressedIsLighterAndHoveredStronger() throws {
        let normal = buttonFills(compose(withActions()))
        let hovered = buttonFills(compose(withActions(), appearance: appearance(hoveredButton: "yes")))
        let pressed = buttonFills(compose(withActions(), appearance: appearance(pressedButton: "no")))
        try #require(normal.count == 2 && hovered.count == 2 && pressed.count == 2)
        #expect(normal.map(\.color.a) == [51, 51])
        #expect(hovered.map(\.color.a) == [77, 51])
        #expect(pressed.map(\.color.a) == [51, 31])
        #expect(pressed[1].color.a < normal[1].color.a)
        #expect(hovered[0].color.a > normal[0].color.a)
        // Only the alpha changes.
        #expect(hovered[0].color == info.accent.withAlpha(77))
        #expect(pressed[1].color == info.accent.withAlpha(31))
        // The geometry does not move.
        #expect(hovered.map(\.rect) == normal.map(\.rect))
        #expect(pressed.map(\.rect) == normal.map(\.rect))
    }

    @Test func pressedLabelIsDimmed() throws {
        let card = compose(withActions(), appearance: appearance(pressedButton: "yes"))
        let yes = try #require(texts(card).first { $0.text == "Yes" })
        let no = try #require(texts(card).first { $0.text == "No" })
        #expect(yes.color == info.accent.mixed(with: info.background, 0.35))
        #expect(no.color == info.accent)
    }

    @Test func pressedWinsOverHovered() {
        let card = compose(withActions(), appearance: appearance(hoveredButton: "yes", pressedButton: "yes"))
        #expect(buttonFills(card).map(\.color.a) == [31, 51])
    }

    @Test func unknownHoveredOrPressedIDChangesNothing() {
        let plain = compose(withActions())
        let card = compose(withActions(), appearance: appearance(hoveredButton: "maybe", pressedButton: "nope"))
        #expect(card == plain)
    }

    @Test func aCardWithButtonsIsTaller() {
        // 13 + 17 (text) + 10 + 27 (buttons) + 13 = 80, against 44 without.
        #expect(compose(Toast(id: "t", message: "Hello")).scene.size.height == 44)
        #expect(compose(withActions()).scene.size.height == 80)
        #expect(compose(withActions()).fullHeight == 80)
        #expect(compose(Toast(id: "t", title: "Done", message: "Hello")).scene.size.height == 62)
        #expect(compose(withActions(title: "Done")).scene.size.height == 99)
    }

    @Test func buttonsScale() {
        let card = compose(withActions(), scale: 2)
        #expect(card.scene.size.width == 720)
        // Everything doubles: "No" is 32 + 2 × 24 = 80 wide, ending at 720 - 24.
        #expect(card.buttons.map(\.rect) == [Rect(x: 508, y: 80, width: 96, height: 54), Rect(x: 616, y: 80, width: 80, height: 54)])
        #expect(buttonFills(card, scale: 2).map(\.rect) == card.buttons.map(\.rect))
        #expect(card.scene.size.height == 160)
    }

    @Test func capsuleHasNoButtons() {
        let card = compose(withActions(), style: .capsule)
        #expect(card.buttons.isEmpty)
        #expect(card.button(at: Point(x: 10, y: 10)) == nil)
    }

    // MARK: Progress

    @Test func noProgressNoBar() {
        #expect(progressOps(compose(withProgress(nil))).isEmpty)
    }

    @Test func progressTrackAndFill() {
        // Under the text: 30 + 8; from the text's left edge (42) to the padding (348).
        let track = Rect(x: 42, y: 38, width: 306, height: 4)
        let half = progressOps(compose(withProgress(50)))
        #expect(half.map(\.rect) == [track, Rect(x: 42, y: 38, width: 153, height: 4)])
        #expect(half.map(\.color) == [info.accent.withAlpha(64), info.accent])
        #expect(progressOps(compose(withProgress(100))).map(\.rect) == [track, track])
        #expect(progressOps(compose(withProgress(0))).map(\.rect) == [track])
        #expect(progressOps(compose(withProgress(25))).map(\.rect) == [track, Rect(x: 42, y: 38, width: 77, height: 4)])
    }

    @Test func tinyProgressIsAtLeastRound() {
        // 1% of 306 is 3 px, drawn as a 4 px dot so the rounded ends fit; 0.1% rounds to nothing.
        #expect(progressOps(compose(withProgress(1))).map(\.rect.width) == [306, 4])
        #expect(progressOps(compose(withProgress(0.1))).map(\.rect.width) == [306])
    }

    @Test func progressMakesTheCardTaller() {
        // 30 + 8 + 4 + 13 = 55.
        #expect(compose(withProgress(50)).scene.size.height == 55)
        #expect(compose(withProgress(0)).scene.size.height == 55)
    }

    @Test func appearanceProgressOverridesTheToast() {
        let card = compose(withProgress(100), appearance: appearance(progress: 50))
        #expect(progressOps(card).map(\.rect.width) == [306, 153])
        let none = compose(withProgress(0), appearance: appearance(progress: 100))
        #expect(progressOps(none).map(\.rect.width) == [306, 306])
        let empty = compose(withProgress(100), appearance: appearance(progress: 0))
        #expect(progressOps(empty).map(\.rect.width) == [306])
        // Even a toast without progress draws the animated bar.
        let animating = compose(withProgress(nil), appearance: appearance(progress: 50))
        #expect(progressOps(animating).map(\.rect.width) == [306, 153])
    }

    @Test func progressOutOfRangeIsClamped() {
        let over = compose(withProgress(nil), appearance: appearance(progress: 150))
        #expect(progressOps(over).map(\.rect.width) == [306, 306])
        let under = compose(withProgress(nil), appearance: appearance(progress: -20))
        #expect(progressOps(under).map(\.rect.width) == [306])
    }

    @Test func buttonsSitBelowTheProgressBar() {
        var toast = withActions()
        toast.progress = 50
        let card = compose(toast)
        #expect(card.buttons.map(\.rect.y) == [52, 52])
        #expect(card.scene.size.height == 92)
    }

    // MARK: Height limit

    @Test func heightLimitCutsTheScene() {
        let full = compose(withActions())
        let card = compose(withActions(), appearance: appearance(heightLimit: 50))
        #expect(card.scene.size.height == 50)
        #expect(card.fullHeight == 80)
        #expect(full.fullHeight == 80)
        // The buttons (bottom 67) no longer fit above 50 - 2 (border); the text (baseline 26) does.
        #expect(card.buttons.isEmpty)
        #expect(buttonFills(card).isEmpty)
        #expect(texts(card).map(\.text) == ["Hello"])
        #expect(card.button(at: Point(x: 260, y: 45)) == nil)
        // The outline follows the drawn height.
        #expect(card.scene.ops.first == .roundedRect(Rect(x: 0, y: 0, width: 360, height: 50), radius: 10, color: info.accent))
    }

    @Test func heightLimitLeavesOutOnlyWhatSpills() {
        let toast = Toast(id: "t", title: "Done", message: "Hello")
        // Title baseline 26 (bottom 30), message baseline 45 (bottom 49); the limit keeps bottoms up to 45 - 2.
        let card = compose(toast, appearance: appearance(heightLimit: 45))
        #expect(card.scene.size.height == 45)
        #expect(card.fullHeight == 62)
        #expect(texts(card).map(\.text) == ["Done"])
        let both = compose(toast, appearance: appearance(heightLimit: 51))
        #expect(texts(both).map(\.text) == ["Done", "Hello"])
    }

    @Test func everyOpFitsUnderTheLimit() {
        var toast = withActions(title: "Done")
        toast.progress = 40
        let full = compose(toast).fullHeight
        for limit in stride(from: 44.0, to: full, by: 3) {
            let card = compose(toast, appearance: appearance(heightLimit: limit))
            #expect(card.scene.size.height == limit)
            #expect(card.fullHeight == full)
            #expect(card.scene.ops.allSatisfy { bottom(of: $0) <= limit })
            #expect(card.buttons.allSatisfy { $0.rect.maxY <= limit - 2 })
        }
    }

    @Test func heightLimitIsAtLeastTheIconsHeight() {
        let card = compose(withActions(), appearance: appearance(heightLimit: 10))
        #expect(card.scene.size.height == 44)
        #expect(card.fullHeight == 80)
    }

    @Test func heightLimitAtTheFullHeightChangesNothing() {
        let full = compose(withActions())
        #expect(compose(withActions(), appearance: appearance(heightLimit: 80)) == full)
        #expect(compose(withActions(), appearance: appearance(heightLimit: 79.6)) == full)
    }

    @Test func withoutALimitTheFullHeightIsTheSceneHeight() {
        for toast in [withActions(), withProgress(30), Toast(id: "t", message: "Hello")] {
            let card = compose(toast)
            #expect(card.fullHeight == card.scene.size.height)
        }
    }

    // MARK: Icon image

    @Test func iconImageReplacesTheKindsIcon() throws {
        let plain = compose(Toast(id: "t", message: "Hello", kind: .warning))
        let card = compose(Toast(id: "t", message: "Hello", kind: .warning), appearance: appearance(iconImage: "/tmp/logo.png"))
        try #require(plain.scene.ops.count == card.scene.ops.count)
        let iconIndex = try #require(plain.scene.ops.firstIndex {
            if case .icon(.triangle, _, _, _) = $0 { true } else { false }
        })
        #expect(card.scene.ops[iconIndex] == .image(path: "/tmp/logo.png", plain.iconRect, tint: nil))
        #expect(card.iconRect == plain.iconRect)
        #expect(card.iconRect == Rect(x: 12, y: 13, width: 20, height: 20))
        // No built-in icon is left, and everything else is unchanged.
        #expect(!card.scene.ops.contains { if case .icon = $0 { true } else { false } })
        for (i, (a, b)) in zip(plain.scene.ops, card.scene.ops).enumerated() where i != iconIndex {
            #expect(a == b)
        }
    }

    @Test func iconImageKeepsTheCloseButton() {
        let card = compose(Toast(id: "t", message: "Hello"), appearance: appearance(hovered: true, iconImage: "face-smile"))
        let shapes = card.scene.ops.compactMap { op -> IconShape? in
            if case let .icon(shape, _, _, _) = op { shape } else { nil }
        }
        #expect(shapes == [.close])
        #expect(card.scene.ops.contains(.image(path: "face-smile", card.iconRect, tint: nil)))
    }

    @Test func iconImageInTheAccentStyleSitsAfterTheBar() {
        let card = compose(Toast(id: "t", message: "Hello"), style: .accent, appearance: appearance(iconImage: "x"))
        #expect(card.scene.ops.contains(.image(path: "x", Rect(x: 18, y: 12, width: 20, height: 20), tint: nil)))
    }

    // MARK: Icon size

    @Test func iconSizeScales() {
        #expect(CardComposer.iconSize == 20)
        #expect(compose(Toast(id: "t", message: "Hello")).iconRect.width == 20)
        #expect(compose(Toast(id: "t", message: "Hello")).iconRect.height == 20)
        #expect(compose(Toast(id: "t", message: "Hello"), scale: 2).iconRect.width == 40)
        #expect(compose(Toast(id: "t", message: "Hello"), scale: 1.5).iconRect.width == 30)
        #expect(compose(Toast(id: "t", message: "Hello"), scale: 1.25).iconRect.width == 25)
        #expect(CardComposer(config: .default, scale: 2).px(CardComposer.iconSize) == 40)
        #expect(CardComposer(config: .default, scale: 1.5).px(CardComposer.iconSize) == 30)
    }

    @Test func iconImageScalesWithTheCard() {
        let card = compose(Toast(id: "t", message: "Hello"), scale: 2, appearance: appearance(iconImage: "x"))
        #expect(card.scene.ops.contains(.image(path: "x", Rect(x: 24, y: 26, width: 40, height: 40), tint: nil)))
    }
}
