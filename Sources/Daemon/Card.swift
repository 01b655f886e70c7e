import ToastCore
import X11

/// A toast on screen: its window, where it rests, how it moves, and any drag under way.
final class Card {
    let id: String
    var toast: Toast
    let window: CardWindow
    var motion: CardMotion
    var composed: CardComposer.Card
    var appearance = CardComposer.Appearance()
    /// The card's slot in its stack (the window's top-left when at rest).
    var rest: Point
    var drag: Drag?
    /// Set once the card has left its stack and is animating off screen.
    var isLeaving = false

    struct Drag {
        var gesture: SwipeGesture
    }

    init(id: String, toast: Toast, window: CardWindow, composed: CardComposer.Card, at start: Point, rest: Point, now: Double, tuning: MotionTuning) {
        self.id = id
        self.toast = toast
        self.window = window
        self.composed = composed
        self.rest = rest
        motion = CardMotion(at: start, now: now, tuning: tuning)
    }

    var size: Size { composed.scene.size }
    var frame: Rect { Rect(x: motion.position.x, y: motion.position.y, width: size.width, height: size.height) }

    /// Moves the window to where the motion says the card is.
    func place() { window.move(to: motion.position) }
}
