import ToastCore

/// A card on screen: its surface, where it rests, how it moves, and any drag under way.
/// What it shows is the board's toast with this id; the card keeps only how it looks now.
final class Card {
    /// The toast's id; the "+N more" card has none. It changes when a new toast takes this
    /// card's place under a new id (a D-Bus stack tag).
    var id: String?
    /// The stack it belongs to; it changes when its monitor goes away.
    var key: StackKey
    var surface: SurfaceID
    var motion: CardMotion
    var composed: ComposedCard
    var appearance = CardComposer.Appearance()
    /// The card's slot in its stack (the surface's top-left, less any shadow, when at rest).
    var rest: Point
    var drag: SwipeGesture?
    /// Set once the card has left its stack and is animating off screen.
    var isLeaving = false
    /// Where the enter or exit slide began, so a compositor can fade the card with it.
    var fadeStart: Point?
    /// Reduced motion under a compositor: when the card's fade in (or out, leaving) began.
    /// It fades in place; nothing moves.
    var fadeSince: Double?
    /// A change of height or progress being animated by repainting.
    var transition: ContentTransition?
    /// The progress bar as last composed, so a change can animate from it.
    var progress: Double?
    var spinner: SpinnerSpec?
    /// Whether the surface is cut to its monitor now (it reaches past the monitor's frame).
    var isClipped = false
    /// The pointer's hover changed how the card looks; it is repainted at the next frame,
    /// once, however many crossings and moves came before it.
    var hoverRepaintDue = false
    /// A repeat's new count waits for the next frame (`Stage.apply`): the card was painted
    /// for one less than a frame ago (`recountPaintedAt`).
    var recountDue = false
    var recountPaintedAt = -Double.infinity
    /// When the card entered the screen, for the age `[text] show_age_threshold` shows.
    var shownAt = 0.0

    init(id: String?, key: StackKey, surface: SurfaceID, composed: ComposedCard, at start: Point, rest: Point,
         now: Double, tuning: MotionTuning) {
        self.id = id
        self.key = key
        self.surface = surface
        self.composed = composed
        self.rest = rest
        motion = CardMotion(at: start, now: now, tuning: tuning)
    }

    /// The card's own size (its surface may be larger by a shadow's margin).
    var size: Size { composed.scene.cardSize }
    /// The size the card is heading for (its full height once a height change ends).
    var targetSize: Size { Size(width: size.width, height: transition?.toHeight ?? composed.fullHeight) }
    /// How far below its motion's position the card's top is drawn: in a bottom stack a card
    /// whose height animates keeps its bottom edge, so its motion places it at the height it is
    /// heading for and the top follows the height as it grows or shrinks (frame by frame, in
    /// the same request that resizes it). Zero otherwise.
    var heightLag: Double {
        guard let transition, key.position.isBottom else { return 0 }
        return transition.toHeight - size.height
    }
    /// Where the card's top-left is drawn.
    var origin: Point { Point(x: motion.position.x, y: motion.position.y + heightLag) }
    var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
    /// Where the surface goes for the card to be at `origin` (less any shadow margin).
    var surfaceOrigin: Point {
        let inset = composed.scene.inset
        return Point(x: origin.x - inset, y: origin.y - inset)
    }
    /// The surface's frame on screen, shadow margin included.
    var surfaceFrame: Rect {
        let size = composed.scene.size
        let origin = surfaceOrigin
        return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    /// The pointer in the card's own coordinates.
    func local(_ root: Point) -> Point { Point(x: root.x - origin.x, y: root.y - origin.y) }
}
