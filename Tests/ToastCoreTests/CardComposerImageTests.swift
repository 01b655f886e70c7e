import ConfigParsing
import Testing
import ToastCore

private func compose(_ toast: Toast, style: CardStyle = .tinted, scale: Double = 1, config: Config = .default,
                     image: String? = "/home/u/photo.jpg", picture: Bool = true) -> ComposedCard {
    var appearance = CardComposer.Appearance()
    appearance.iconImage = image
    appearance.iconIsPicture = picture
    return CardComposer(config: config, scale: scale).compose(toast, style: style, appearance: appearance,
                                                              metrics: FixedMetrics(scale: scale))
}

private func imageRect(_ card: ComposedCard) -> Rect? {
    card.scene.ops.lazy.compactMap { op -> Rect? in
        guard case let .image(_, rect, _) = op else { return nil }
        return rect
    }.first
}

private func textX(_ card: ComposedCard) -> Double? {
    card.scene.ops.lazy.compactMap { op -> Double? in
        guard case let .text(_, origin, _) = op else { return nil }
        return origin.x
    }.first
}

@Suite struct CardComposerImageTests {
    @Test("a picture gets the 48 px image slot beside the text, and the card grows to hold it with its padding")
    func pictureSlot() throws {
        let card = compose(Toast(id: "a", message: "Hello"))
        let rect = try #require(imageRect(card))
        // Tinted: 12 padding + 1 (half the 2 px border) from the top, 12 from the left.
        #expect(rect == Rect(x: 12, y: 13, width: 48, height: 48))
        #expect(textX(card) == 12 + 48 + CardMetrics.iconTextGap, "the text starts after the image and the gap")
        #expect(card.scene.size.height == 13 + 48 + 12 + 1, "the card is as tall as the image and its padding")
        #expect(card.iconRect == rect)
    }

    @Test("a theme icon, the kind's icon and an image still decoding stay in the 20 px slot")
    func iconsStaySmall() throws {
        let themed = compose(Toast(id: "a", message: "Hello"), image: "/usr/share/icons/Adwaita/scalable/x.svg", picture: false)
        #expect(try #require(imageRect(themed)).width == CardComposer.iconSize)
        #expect(themed.scene.size.height == 44)
        // Not decoded yet: the kind's icon, whatever the toast's image will be.
        let waiting = compose(Toast(id: "a", message: "Hello"), image: nil, picture: true)
        #expect(waiting.iconRect.width == CardComposer.iconSize && waiting.scene.size.height == 44)
    }

    @Test("image_size is in points: scaled, and configurable from 16 to 256")
    func sizeAndScale() throws {
        #expect(try #require(imageRect(compose(Toast(id: "a", message: "Hello"), scale: 2))).width == 96)
        var config = Config()
        config.imageSize = 128
        let big = compose(Toast(id: "a", message: "Hello"), config: config)
        #expect(try #require(imageRect(big)).width == 128)
        #expect(big.scene.size.height == 13 + 128 + 12 + 1)
        let tooBig = ConfigParser.parse("[card]\nimage_size = 300\n", file: "c")
        #expect(!tooBig.diagnostics.isEmpty && tooBig.config.imageSize == 48, "300 is out of range: the default stays")
        let small = ConfigParser.parse("[card]\nimage_size = 16\n", file: "c")
        #expect(small.diagnostics.isEmpty && small.config.imageSize == 16)
    }

    @Test("a long message beside a picture wraps in the narrower column and sets the height, not the image")
    func longTextBesidePicture() throws {
        let long = Array(repeating: "lorem ipsum dolor sit amet", count: 12).joined(separator: " ")
        let card = compose(Toast(id: "a", title: "Album", message: long))
        let rect = try #require(imageRect(card))
        #expect(card.scene.size.height > rect.maxY + 12, "the text is taller than the image")
        let blocks = card.scene.ops.compactMap { op -> TextBlock? in
            guard case let .text(block, _, _) = op else { return nil }
            return block
        }
        let plain = CardComposer(config: .default, scale: 1).compose(Toast(id: "a", title: "Album", message: long), style: .tinted,
                                                                       metrics: FixedMetrics(scale: 1))
        let plainWidth = plain.scene.ops.compactMap { op -> Double? in
            guard case let .text(block, _, _) = op else { return nil }
            return block.width
        }.first
        #expect(blocks.first?.width == plainWidth.map { $0 - (48 - CardComposer.iconSize) })
    }

    @Test("what is a picture: files named by path or URI, and stored pixels; not theme names")
    func whatIsAPicture() {
        #expect(CardComposer.isPicture(spec: "/home/u/a.png", file: "/home/u/a.png"))
        #expect(CardComposer.isPicture(spec: "file:///tmp/a%20b.jpg", file: "/tmp/a b.jpg"))
        #expect(CardComposer.isPicture(spec: "~/a.png", file: "/home/u/a.png"))
        #expect(CardComposer.isPicture(spec: nil, file: "dbus-image-3"), "image-data: pixels with no file")
        #expect(!CardComposer.isPicture(spec: "firefox", file: "/usr/share/icons/hicolor/48x48/apps/firefox.png"))
        #expect(!CardComposer.isPicture(spec: nil, file: "/usr/share/icons/hicolor/48x48/apps/firefox.png"))
    }
}
