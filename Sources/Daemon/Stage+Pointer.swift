import ToastCore

/// What the user did to a toast with the pointer, for the board to carry out.
enum CardIntent: Equatable {
    case dismiss(id: String, reason: DismissReason)
    case choose(id: String, action: String)
}

/// The pointer: hover holds a stack and lights buttons, a press starts a swipe, a release
/// decides between click, swipe and snap-back; the wheel (buttons 4 and 5) only scrolls an
/// expanded card's message, never clicks. Hover only marks a card for the next frame's
/// repaint, so a flood of crossings and moves costs one repaint per card per frame.
extension Stage {
    func handle(_ event: InputEvent, board: Board, now: Double) -> [CardIntent] {
        switch event {
        case let .press(surface, button, root, time, serverTime):
            if let notches = TextScroll.wheelNotches(button: button) {
                if let card = card(on: surface), let id = card.id, let toast = board.toast(id) { wheel(card, toast, notches: notches) }
                return []
            }
            guard button == 1, let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  card.drag == nil, !card.isLeaving else { return [] }
            paintHover(card, toast)  // what is hit is what shows
            card.drag = SwipeGesture(start: root, time: time, cardSize: card.size,
                                     allowed: SwipeDirection.allowed(for: card.key.position), tuning: config.motion,
                                     bounds: monitor(card.key).frame)
            dragged = id
            output.grabPointer(surface, serverTime: serverTime)
            if let b = card.composed.button(at: card.local(root)) {
                card.appearance.pressedButton = b
                repaint(card, toast)
            }

        case let .motion(surface, root, time):
            guard let card = card(on: surface), let id = card.id, let toast = board.toast(id) else { return [] }
            guard var drag = card.drag else {
                hover(card, at: card.local(root), now: now)
                return []
            }
            let offset = drag.move(to: root, time: time)
            card.drag = drag
            card.motion.follow(Point(x: card.rest.x + offset.x, y: card.rest.y + offset.y), velocity: .zero)
            output.move(card.surface, to: card.surfaceOrigin)
            clip(card)

        case let .release(surface, button, root, time, serverTime):
            guard button == 1, let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  var drag = card.drag else { return [] }
            output.ungrabPointer(serverTime: serverTime)
            let outcome = drag.release(at: root, time: time)
            card.drag = nil
            dragged = nil
            let pressed = card.appearance.pressedButton
            if pressed != nil || card.hoverRepaintDue {
                card.appearance.pressedButton = nil
                repaint(card, toast)
            }
            defer { armFrames(now) }
            switch outcome {
            case .click:
                card.motion.spring(to: card.rest, now: now, spring: .snapBack(config.motion))
                return click(card, toast, at: card.local(root), pressed: pressed, board: board, now: now)
            case let .dismiss(direction, velocity):
                detach(card)
                startExit(card, now: now, swipe: (direction, velocity))
                return [.dismiss(id: id, reason: .swipe)]
            case let .snapBack(velocity):
                card.motion.follow(card.motion.position, velocity: velocity)
                card.motion.spring(to: card.rest, now: now, spring: .snapBack(config.motion))
            }

        case let .enter(surface, _):
            guard let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  !card.isLeaving, hovered != id else { return [] }
            if let previous = hovered.flatMap({ self.card($0) }) { unhover(previous, now: now) }
            hovered = id
            card.appearance.hovered = true
            hoverChanged(card, now: now)

        case let .leave(surface, grabbing):
            // Crossings caused by our own grab say nothing about where the pointer is.
            guard !grabbing, let card = card(on: surface), let id = card.id, hovered == id else { return [] }
            unhover(card, now: now)

        case .compositorChanged:
            remakeSurfaces(board: board, now: now)
        case .screenChanged:
            screenChanged(board: board, now: now)
        case .imagesReady:
            imagesReady(board: board, now: now)
        case .fullscreenChanged, .idleChanged:
            break  // holds: the board decides, and the stage follows its changes
        }
        return []
    }

    /// A wheel notch over a card: an expanded card whose message does not fit scrolls it
    /// (`TextScroll`), same size and place; any other card ignores it.
    private func wheel(_ card: Card, _ toast: Toast, notches: Int) {
        guard card.appearance.expanded, !card.isLeaving, let scroll = card.composed.scroll else { return }
        let first = scroll.scrolled(byNotches: notches)
        guard first != scroll.first else { return }
        card.appearance.scrollLines = first
        repaint(card, toast)
    }

    private func unhover(_ card: Card, now: Double) {
        hovered = nil
        card.appearance.hovered = false
        card.appearance.hoveredButton = nil
        hoverChanged(card, now: now)
    }

    /// Lights the button under the pointer (repainting only when that changes).
    private func hover(_ card: Card, at p: Point, now: Double) {
        let b = card.composed.button(at: p)
        guard b != card.appearance.hoveredButton else { return }
        card.appearance.hoveredButton = b
        hoverChanged(card, now: now)
    }

    /// Marks the card for the next frame's repaint (`stepFrame`).
    private func hoverChanged(_ card: Card, now: Double) {
        card.hoverRepaintDue = true
        armFrames(now)
    }

    /// Paints a hover change still waiting for its frame now, before the card's buttons
    /// are hit-tested: a click right after the pointer came in finds the close button there.
    private func paintHover(_ card: Card, _ toast: Toast) {
        if card.hoverRepaintDue { repaint(card, toast) }
    }

    /// A click: the close button closes, a button chooses its action, a cut card expands (from
    /// its chevron when the body click belongs to a default action), the body chooses the
    /// default action or dismisses.
    private func click(_ card: Card, _ toast: Toast, at p: Point, pressed: String?, board: Board, now: Double) -> [CardIntent] {
        if let close = card.composed.closeButton, close.contains(p) {
            return [.dismiss(id: toast.id, reason: .close)]
        } else if let b = card.composed.button(at: p), pressed == nil || pressed == b {
            return [.choose(id: toast.id, action: b)]
        } else if !card.appearance.expanded,
                  card.composed.expandButton.map({ $0.contains(p) }) ?? (card.composed.isTruncated && toast.defaultAction == nil) {
            card.appearance.expanded = true
            refresh(card, toast, now: now)
            relayout(card.key, board: board, now: now)
            return []
        } else if let action = toast.defaultAction {
            return [.choose(id: toast.id, action: action)]
        }
        return [.dismiss(id: toast.id, reason: .click)]
    }
}
