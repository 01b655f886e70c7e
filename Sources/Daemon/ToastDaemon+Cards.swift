import ToastCore
import X11

/// Cards on screen: creating, painting, laying out and animating them.
extension ToastDaemon {
    var layout: StackLayout { StackLayout(margin: composer.px(config.margin), gap: composer.px(config.gap)) }

    func style(of toast: Toast) -> CardStyle { toast.style ?? config.style }

    func compose(_ toast: Toast, appearance: CardComposer.Appearance) -> CardComposer.Card {
        composer.compose(toast, style: style(of: toast), appearance: appearance, metrics: fonts)
    }

    /// Recomposes and repaints a card after its content or appearance changed.
    func repaint(_ card: Card) {
        card.composed = compose(card.toast, appearance: card.appearance)
        card.window.paint(card.composed.scene, painter: painter)
    }

    /// Lays out the stack at `position`: new cards enter from the edge, others spring to
    /// their new slots, and the "+N more" card follows the last visible one.
    func relayout(_ position: Position, now: Double) {
        let stack = stack(position)
        let screen = display.screenRect
        let newestFirst = stack.visible.reversed().map(\.toast)
        var composedCards: [CardComposer.Card] = []
        for toast in newestFirst {
            if let card = cards[toast.id] { composedCards.append(card.composed) } else {
                composedCards.append(compose(toast, appearance: CardComposer.Appearance()))
            }
        }
        var sizes = composedCards.map(\.scene.size)
        let moreScene = stack.waiting.isEmpty ? nil : composer.composeMore(count: stack.waiting.count, metrics: fonts)
        if let moreScene { sizes.append(moreScene.size) }
        let frames = layout.frames(for: sizes, at: position, in: screen)

        for (i, toast) in newestFirst.enumerated() {
            let frame = frames[i]
            if let card = cards[toast.id] {
                moveToRest(card, frame.origin, now: now)
            } else {
                cards[toast.id] = enter(id: toast.id, toast: toast, composed: composedCards[i], frame: frame, position: position, now: now)
            }
        }
        if let moreScene, let frame = frames.last {
            if let more = moreCards[position] {
                more.window.paint(moreScene, painter: painter)
                more.composed.scene = moreScene
                moveToRest(more, frame.origin, now: now)
            } else {
                let composed = CardComposer.Card(scene: moreScene)
                moreCards[position] = enter(id: "+more", toast: Toast(id: "+more", message: ""), composed: composed,
                                            frame: frame, position: position, now: now)
            }
        } else if let more = moreCards.removeValue(forKey: position) {
            startExit(more, now: now, swipe: nil)
        }
        armFrames(now)
    }

    private func moveToRest(_ card: Card, _ origin: Point, now: Double) {
        card.rest = origin
        guard card.drag == nil, !card.isLeaving, card.motion.target != origin else { return }
        card.motion.spring(to: origin, now: now, spring: .standard(config.motion))
    }

    /// Creates, paints and maps a card just past the screen edge, already one frame into
    /// its spring, so the first frame shown in this loop turn has it moving in.
    private func enter(id: String, toast: Toast, composed: CardComposer.Card, frame: Rect, position: Position, now: Double) -> Card {
        let start = layout.offscreen(frame, at: position, in: display.screenRect)
        let window = CardWindow(display: display, visual: visual, size: composed.scene.size, at: start)
        window.paint(composed.scene, painter: painter)
        let card = Card(id: id, toast: toast, window: window, composed: composed, at: start, rest: frame.origin,
                        now: now - frameInterval, tuning: config.motion)
        card.motion.spring(to: frame.origin, now: now - frameInterval, spring: .standard(config.motion))
        card.motion.step(to: now)
        card.place()
        window.map()
        return card
    }

    /// Sends a card off screen: back toward its edge, or onward in a swipe's direction at
    /// least as fast as the pointer threw it.
    func startExit(_ card: Card, now: Double, swipe: (direction: SwipeDirection, velocity: Point)?) {
        card.isLeaving = true
        card.drag = nil
        let screen = display.screenRect
        let f = card.frame
        let target: Point
        var speed = 0.0
        if let swipe {
            switch swipe.direction {
            case .left: target = Point(x: screen.x - f.width - 1, y: f.y)
            case .right: target = Point(x: screen.maxX + 1, y: f.y)
            case .up: target = Point(x: f.x, y: screen.y - f.height - 1)
            case .down: target = Point(x: f.x, y: screen.maxY + 1)
            }
            speed = max(0, swipe.direction.speed(of: swipe.velocity))
        } else {
            target = layout.offscreen(f, at: card.toast.position, in: screen)
        }
        card.motion.slide(to: target, now: now, duration: config.motion.exitDuration, minimumInitialSpeed: speed)
        leaving.append(card)
        armFrames(now)
    }

    /// The frame timer: armed while any card moves, disarmed the moment all are still.
    func armFrames(_ now: Double) {
        if nextFrame == nil, isAnimating { nextFrame = now + frameInterval }
    }

    var isAnimating: Bool {
        cards.values.contains { $0.motion.isAnimating } || leaving.contains { $0.motion.isAnimating }
            || moreCards.values.contains { $0.motion.isAnimating }
    }

    /// Advances every moving card to `now` and moves its window; no card is repainted.
    func stepFrame(_ now: Double) {
        for card in Array(cards.values) + Array(moreCards.values) + leaving where card.motion.isAnimating {
            card.motion.step(to: now)
            card.place()
        }
        // A card that has slid off screen is done: dropping it destroys its window.
        leaving.removeAll { !$0.motion.isAnimating }
        nextFrame = isAnimating ? max(now, (nextFrame ?? now)) + frameInterval : nil
    }

    /// Timers of a stack hold while the pointer is over one of its cards or drags one.
    func updatePause(_ position: Position, now: Double) {
        let held = [hoveredCard, draggedCard].contains { id in id.map { cards[$0]?.toast.position == position } ?? false }
        withStack(position) { $0.setPaused(held, now: now) }
    }

    /// Removes toasts whose time is up.
    func expireToasts(_ now: Double) {
        for position in Array(stacks.keys) {
            let change = withStack(position) { $0.expire(now: now) }
            if !change.removed.isEmpty { apply(change, at: position, now: now) }
        }
    }

    var nextDeadline: Double? { stacks.values.compactMap(\.nextDeadline).min() }
}
