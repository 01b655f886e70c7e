import ToastCore
import X11

/// The pointer: hover pauses a stack and lights buttons, a press starts a swipe, a release
/// decides between click, swipe and snap-back.
extension ToastDaemon {
    func card(for window: WindowID) -> Card? { cards.values.first { $0.window.window == window } }

    func handle(_ event: InputEvent, now: Double) {
        switch event {
        case let .press(window, button, root, time, serverTime):
            guard button == 1, let card = card(for: window), card.drag == nil, !card.isLeaving else { return }
            card.drag = SwipeGesture(start: root, time: time, cardSize: card.size,
                                     allowed: SwipeDirection.allowed(for: card.toast.position), tuning: config.motion)
            draggedCard = card.id
            display.grabPointer(window, time: serverTime)
            if let b = card.composed.button(at: local(root, card)) {
                card.appearance.pressedButton = b
                repaint(card)
            }
            updatePause(card.toast.position, now: now)

        case let .motion(window, root, time):
            guard let card = card(for: window) else { return }
            guard var drag = card.drag else {
                hover(card, at: local(root, card))
                return
            }
            let offset = drag.move(to: root, time: time)
            card.drag = drag
            card.motion.follow(Point(x: card.rest.x + offset.x, y: card.rest.y + offset.y), velocity: .zero)
            card.place()

        case let .release(window, button, root, time, serverTime):
            guard button == 1, let card = card(for: window), var drag = card.drag else { return }
            display.ungrabPointer(time: serverTime)
            let outcome = drag.release(at: root, time: time)
            card.drag = nil
            draggedCard = nil
            let pressed = card.appearance.pressedButton
            if pressed != nil {
                card.appearance.pressedButton = nil
                repaint(card)
            }
            let position = card.toast.position
            switch outcome {
            case .click:
                card.motion.spring(to: card.rest, now: now, spring: .snapBack(config.motion))
                click(card, at: local(root, card), pressed: pressed, now: now)
            case let .dismiss(direction, velocity):
                cards.removeValue(forKey: card.id)
                if hoveredCard == card.id { hoveredCard = nil }
                startExit(card, now: now, swipe: (direction, velocity))
                apply(withStack(position) { $0.remove(card.id, reason: .swipe, now: now) }, at: position, now: now)
            case let .snapBack(velocity):
                card.motion.follow(card.motion.position, velocity: velocity)
                card.motion.spring(to: card.rest, now: now, spring: .snapBack(config.motion))
            }
            updatePause(position, now: now)
            armFrames(now)

        case let .enter(window, _):
            guard let card = card(for: window), !card.isLeaving, hoveredCard != card.id else { return }
            if let previous = hoveredCard.flatMap({ cards[$0] }) { unhover(previous, now: now) }
            hoveredCard = card.id
            card.appearance.hovered = true
            repaint(card)
            updatePause(card.toast.position, now: now)

        case let .leave(window, grabbing):
            // Crossings caused by our own grab say nothing about where the pointer is.
            guard !grabbing, let card = card(for: window), hoveredCard == card.id else { return }
            unhover(card, now: now)

        case .compositorChanged:
            compositorChanged(now: now)

        case .other:
            return
        }
    }

    /// The pointer in the card's own coordinates.
    func local(_ root: Point, _ card: Card) -> Point {
        Point(x: root.x - card.motion.position.x, y: root.y - card.motion.position.y)
    }

    func unhover(_ card: Card, now: Double) {
        hoveredCard = nil
        card.appearance.hovered = false
        card.appearance.hoveredButton = nil
        repaint(card)
        updatePause(card.toast.position, now: now)
    }

    /// Lights the button under the pointer (repainting only when that changes).
    func hover(_ card: Card, at p: Point) {
        let b = card.composed.button(at: p)
        guard b != card.appearance.hoveredButton else { return }
        card.appearance.hoveredButton = b
        repaint(card)
    }

    /// A click: the close button closes, a button chooses its action, a truncated card
    /// expands, the body chooses the default action or dismisses.
    func click(_ card: Card, at p: Point, pressed: String?, now: Double) {
        if let close = card.composed.closeButton, close.contains(p) {
            dismiss(card.id, reason: .close, now: now)
        } else if let b = card.composed.button(at: p), pressed == nil || pressed == b {
            choose(b, on: card.id, now: now)
        } else if card.composed.isTruncated && !card.appearance.expanded {
            card.appearance.expanded = true
            refresh(card, now: now)
            relayout(card.toast.position, now: now)
        } else if let action = card.toast.defaultAction {
            choose(action, on: card.id, now: now)
        } else {
            dismiss(card.id, reason: .click, now: now)
        }
    }
}
