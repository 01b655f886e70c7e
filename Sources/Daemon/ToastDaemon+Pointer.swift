import ToastCore
import X11

/// The pointer: hover pauses a stack, a press starts a swipe, a release decides it.
extension ToastDaemon {
    func card(for window: WindowID) -> Card? { cards.values.first { $0.window.window == window } }

    func handle(_ event: InputEvent, now: Double) {
        switch event {
        case let .press(window, button, root, time, serverTime):
            guard button == 1, let card = card(for: window), card.drag == nil, !card.isLeaving else { return }
            card.drag = Card.Drag(gesture: SwipeGesture(start: root, time: time, cardSize: card.size,
                                                        allowed: SwipeDirection.allowed(for: card.toast.position),
                                                        tuning: config.motion))
            draggedCard = card.id
            display.grabPointer(window, time: serverTime)
            updatePause(card.toast.position, now: now)

        case let .motion(window, root, time):
            guard let card = card(for: window), var drag = card.drag else { return }
            let offset = drag.gesture.move(to: root, time: time)
            card.drag = drag
            card.motion.follow(Point(x: card.rest.x + offset.x, y: card.rest.y + offset.y), velocity: .zero)
            card.place()

        case let .release(window, button, root, time, serverTime):
            guard button == 1, let card = card(for: window), var drag = card.drag else { return }
            display.ungrabPointer(time: serverTime)
            let outcome = drag.gesture.release(at: root, time: time)
            card.drag = nil
            draggedCard = nil
            let position = card.toast.position
            switch outcome {
            case .click:
                card.motion.spring(to: card.rest, now: now, spring: .snapBack(config.motion))
                let local = Point(x: root.x - card.rest.x, y: root.y - card.rest.y)
                if let close = card.composed.closeButton, close.contains(local) {
                    dismiss(card.id, reason: .close, now: now)
                } else {
                    dismiss(card.id, reason: .click, now: now)
                }
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
            guard let card = card(for: window), !card.isLeaving else { return }
            hoveredCard = card.id
            card.appearance.hovered = true
            repaint(card)
            updatePause(card.toast.position, now: now)

        case let .leave(window, grabbing):
            // Crossings caused by our own grab say nothing about where the pointer is.
            guard !grabbing, let card = card(for: window), hoveredCard == card.id else { return }
            hoveredCard = nil
            card.appearance.hovered = false
            repaint(card)
            updatePause(card.toast.position, now: now)

        case .other:
            return
        }
    }

    func dismiss(_ id: String, reason: DismissReason, now: Double) {
        guard let position = position(of: id) else { return }
        apply(withStack(position) { $0.remove(id, reason: reason, now: now) }, at: position, now: now)
    }
}
