/// A composed card (what `CardComposer.compose` makes of a toast): the scene plus the
/// regions that react to the pointer. The daemon's `Card` is the card on screen that shows it.
public struct ComposedCard: Equatable, Sendable {
    public var scene: CardScene
    /// True when some text was cut; a click then expands instead of dismissing.
    public var isTruncated: Bool
    /// The close button's hit area, in card coordinates, while it is shown.
    public var closeButton: Rect?
    /// Where the icon sits (for tests and for the spinner's window).
    public var iconRect: Rect
    /// Action buttons' hit areas, in card coordinates.
    public var buttons: [(id: String, rect: Rect)]
    /// The chevron's hit area on a cut card whose body click is taken by a default action:
    /// the chevron expands it instead.
    public var expandButton: Rect?
    /// The height the card has with nothing left out (its target while `heightLimit` animates).
    public var fullHeight: Double
    /// The message's scrolled window on an expanded card whose message has more lines than
    /// fit; nil when it all shows (or the card is collapsed): the wheel then does nothing.
    public var scroll: TextScroll?
    /// The message's links (`<a href>`) where their text shows, in card coordinates: a
    /// link's text on two lines has two rectangles under one index. Not in capsules.
    public var links: [(index: Int, target: String, rect: Rect)] = []
    /// The open reply field's text box and its send button, in card coordinates.
    public var replyField: Rect?
    public var replySend: Rect?
    /// The open field's typed text as laid out (nil while it is empty), for a click's caret.
    public var replyText: (block: TextBlock, origin: Point)?
    /// Characters of the field before `replyText`'s window (`CardComposer.replyWindow`).
    public var replyTextStart = 0
    /// The open field's caret foot, in card coordinates: where an input method shows what is
    /// being composed.
    public var replyCaret: Point?

    public init(scene: CardScene, isTruncated: Bool = false, closeButton: Rect? = nil,
                iconRect: Rect = Rect(x: 0, y: 0, width: 0, height: 0), buttons: [(id: String, rect: Rect)] = [],
                fullHeight: Double? = nil) {
        self.scene = scene
        self.isTruncated = isTruncated
        self.closeButton = closeButton
        self.iconRect = iconRect
        self.buttons = buttons
        self.fullHeight = fullHeight ?? scene.size.height
        expandButton = nil
        scroll = nil
    }

    public static func == (a: ComposedCard, b: ComposedCard) -> Bool {
        a.scene == b.scene && a.isTruncated == b.isTruncated && a.closeButton == b.closeButton && a.iconRect == b.iconRect
            && a.buttons.map(\.id) == b.buttons.map(\.id) && a.buttons.map(\.rect) == b.buttons.map(\.rect)
            && a.fullHeight == b.fullHeight && a.expandButton == b.expandButton && a.scroll == b.scroll
            && a.replyField == b.replyField && a.replySend == b.replySend && a.replyCaret == b.replyCaret
    }

    /// The action button at a point in card coordinates.
    public func button(at p: Point) -> String? { buttons.first { $0.rect.contains(p) }?.id }

    /// The link whose text is at a point in card coordinates.
    public func link(at p: Point) -> (index: Int, target: String)? {
        links.first { $0.rect.contains(p) }.map { ($0.index, $0.target) }
    }
}
