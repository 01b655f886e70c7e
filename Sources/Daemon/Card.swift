import ToastCore
import X11

/// A toast on screen: its window, where it rests, how it moves, and any drag under way.
final class Card {
    let id: String
    var toast: Toast
    var window: CardWindow
    var motion: CardMotion
    var composed: CardComposer.Card
    var appearance = CardComposer.Appearance()
    /// The card's slot in its stack (the window's top-left when at rest).
    var rest: Point
    var drag: SwipeGesture?
    /// Set once the card has left its stack and is animating off screen.
    var isLeaving = false
    /// Where the enter or exit slide began, so a compositor can fade the card in or out with it.
    var fadeStart: Point?
    /// A change of height or progress being animated by repainting (only those two repaint).
    var contentAnimation: ContentAnimation?
    /// The turning icon of a loading toast, in a child window of its own.
    var spinner: SpinnerOverlay?

    struct ContentAnimation {
        var start: Double
        var fromHeight: Double
        var toHeight: Double
        var fromProgress: Double?
        var toProgress: Double?
        static let duration = 0.25
    }

    init(id: String, toast: Toast, window: CardWindow, composed: CardComposer.Card, at start: Point, rest: Point, now: Double, tuning: MotionTuning) {
        self.id = id
        self.toast = toast
        self.window = window
        self.composed = composed
        self.rest = rest
        motion = CardMotion(at: start, now: now, tuning: tuning)
    }

    /// The card's own size (its window may be larger by a shadow's margin).
    var size: Size { composed.scene.cardSize }
    /// The size the card is heading for (its full height once a height animation ends).
    var targetSize: Size { Size(width: size.width, height: contentAnimation?.toHeight ?? composed.fullHeight) }
    var frame: Rect { Rect(x: motion.position.x, y: motion.position.y, width: size.width, height: size.height) }

    /// Moves the window to where the motion says the card is (less any shadow margin).
    func place() {
        let inset = composed.scene.inset
        window.move(to: Point(x: motion.position.x - inset, y: motion.position.y - inset))
    }
}
