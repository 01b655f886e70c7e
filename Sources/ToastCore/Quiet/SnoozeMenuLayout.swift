/// How the snooze menu looks: a small box of one row per choice, in the cards' palette, the
/// highlighted row tinted as the centre's menus are. The same drawing serves the popup
/// beside a card (its own surface, `scene`) and the centre's panel (`ops` over the list).
/// Lengths are device pixels.
public struct SnoozeMenuLayout {
    public var composer: CardComposer
    public var metrics: any TextMeasuring

    public init(composer: CardComposer, metrics: any TextMeasuring) {
        self.composer = composer
        self.metrics = metrics
    }

    /// The widest the box grows (a long application name is cut with an ellipsis).
    public static let maxWidth = 320.0
    public static let minWidth = 180.0

    public struct Composed {
        public var size: Size
        public var ops: [DrawOp]
        /// What the pointer hits, front first (the rows, then the box).
        public var targets: [(rect: Rect, target: SnoozeMenu.Target)]

        public func target(at p: Point) -> SnoozeMenu.Target? { targets.first { $0.rect.contains(p) }?.target }
    }

    private func px(_ points: Double) -> Double { composer.px(points) }
    private var rowHeight: Double { (metrics.lineHeight + px(12)).rounded() }

    /// The box's size for `menu`: its longest label, within `minWidth...maxWidth` points.
    public func size(_ menu: SnoozeMenu) -> Size {
        let widest = menu.choices.map { choice in
            metrics.measure(TextBlock(text: choice.label(app: menu.app), width: px(Self.maxWidth), maxLines: 1)).size.width
        }.max() ?? 0
        let width = min(px(Self.maxWidth), max(px(Self.minWidth), (widest + px(24)).rounded(.up)))
        return Size(width: width, height: Double(menu.choices.count) * rowHeight + px(8))
    }

    /// The menu drawn with its top-left at `origin` (in whatever coordinates the caller draws in).
    public func compose(_ menu: SnoozeMenu, at origin: Point = Point(x: 0, y: 0)) -> Composed {
        let palette = composer.config.palette
        let text = RGBA(rgb: palette.text)
        let size = size(menu)
        let box = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        // A hairline of the text colour round it: the menu stands apart from the card or the
        // list it opens over, which are of the same background.
        let inner = Rect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        var ops: [DrawOp] = [.roundedRect(box, radius: px(8), color: text.withAlpha(72)),
                             .roundedRect(inner, radius: px(8) - 1, color: RGBA(rgb: palette.background)),
                             .roundedRect(inner, radius: px(8) - 1, color: text.withAlpha(24))]
        var targets: [(rect: Rect, target: SnoozeMenu.Target)] = []
        var y = box.y + px(4)
        for (i, choice) in menu.choices.enumerated() {
            let row = Rect(x: box.x, y: y, width: box.width, height: rowHeight)
            if i == menu.selection {
                ops.append(.roundedRect(Rect(x: row.x + px(3), y: row.y, width: row.width - px(6), height: row.height),
                                        radius: px(6), color: text.withAlpha(48)))
            }
            ops.append(.text(TextBlock(text: choice.label(app: menu.app), width: box.width - px(24), maxLines: 1),
                             origin: Point(x: box.x + px(12), y: y + px(6)), color: text))
            targets.append((row, .choice(choice)))
            y += rowHeight
        }
        targets.append((box, .box))
        return Composed(size: size, ops: ops, targets: targets)
    }

    /// The popup's own scene (its surface is exactly the box, corners rounded).
    public func scene(_ menu: SnoozeMenu) -> (scene: CardScene, composed: Composed) {
        let composed = compose(menu)
        return (CardScene(size: composed.size, cornerRadius: px(8), ops: composed.ops), composed)
    }

    /// Where a box of `size` opens for a press at `pointer`: just right of and below it (so
    /// the pointer rests at its corner, not on a choice), turned back to the left or up where
    /// it would leave `monitor`, and never off it.
    public static func place(_ size: Size, at pointer: Point, on monitor: Rect) -> Point {
        var x = pointer.x + 2, y = pointer.y + 2
        if x + size.width > monitor.maxX { x = pointer.x - 2 - size.width }
        if y + size.height > monitor.maxY { y = pointer.y - 2 - size.height }
        x = max(monitor.x, min(x, monitor.maxX - size.width))
        y = max(monitor.y, min(y, monitor.maxY - size.height))
        return Point(x: x.rounded(), y: y.rounded())
    }
}
