import ToastCore

/// The pointer: hover holds a stack and lights buttons, a press starts a swipe, a release
/// decides between click, swipe and snap-back; the wheel (buttons 4 and 5) only scrolls an
/// expanded card's message, never clicks. Hover only marks a card for the next frame's
/// repaint, so a flood of crossings and moves costs one repaint per card per frame.
extension Stage {
    /// What a pointer event asks of the service beyond the cards: what the user meant, and
    /// a drag's pointer grab to take or let go of (the service holds the screen's input).
    struct PointerOutcome {
        var intents: [UserIntent] = []
        var grab: Grab?
        var release: Grab?
    }

    /// A pointer event the router gave the cards.
    func handle(_ event: InputEvent, board: Board, now: Double) -> PointerOutcome {
        switch event {
        case let .press(surface, button, root, time, serverTime):
            if let notches = TextScroll.wheelNotches(button: button) {
                if let card = card(on: surface), let id = card.id, let toast = board.toast(id) { wheel(card, toast, notches: notches) }
                return PointerOutcome()
            }
            guard button == 1, let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  card.drag == nil, !card.isLeaving else { return PointerOutcome() }
            paintHover(card, toast)  // what is hit is what shows
            card.drag = SwipeGesture(start: root, time: time, cardSize: card.size,
                                     allowed: SwipeDirection.allowed(for: card.key.position), tuning: config.motion,
                                     bounds: monitor(card.key).frame)
            dragged = id
            if let b = card.composed.button(at: card.local(root)) {
                card.appearance.pressedButton = b
                repaint(card, toast)
            }
            return PointerOutcome(grab: .drag(surface, serverTime: serverTime))

        case let .motion(surface, root, time):
            guard let card = card(on: surface), let id = card.id, board.toast(id) != nil else { return PointerOutcome() }
            guard var drag = card.drag else {
                hover(card, at: card.local(root), now: now)
                return PointerOutcome()
            }
            let offset = drag.move(to: root, time: time)
            card.drag = drag
            card.motion.follow(Point(x: card.rest.x + offset.x, y: card.rest.y + offset.y), velocity: .zero)
            output.move(card.surface, to: card.surfaceOrigin)
            clip(card)

        case let .release(surface, button, root, time, serverTime):
            guard button == 1, let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  var drag = card.drag else { return PointerOutcome() }
            let release = Grab.drag(surface, serverTime: serverTime)
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
                send(card, to: card.rest, now: now, spring: .snapBack(config.motion))
                let spot = card.composed.spot(at: card.local(root))
                // The release's time is the click's: an action it chooses carries it to its token.
                let intents = config.mouse.leftClick(spot, on: facts(card, toast), pressed: pressed).map { $0.at(serverTime: serverTime) }
                return PointerOutcome(intents: intents, release: release)
            case let .dismiss(direction, velocity):
                detach(card)
                startExit(card, now: now, swipe: (direction, velocity))
                return PointerOutcome(intents: [.dismiss(id: id, reason: .swipe)], release: release)
            case let .snapBack(velocity):
                card.motion.follow(card.motion.position, velocity: velocity)
                send(card, to: card.rest, now: now, spring: .snapBack(config.motion))
                return PointerOutcome(release: release)
            }

        case let .enter(surface, _):
            guard let card = card(on: surface), let id = card.id, let toast = board.toast(id),
                  !card.isLeaving, hovered != id else { return PointerOutcome() }
            if let previous = hovered.flatMap({ self.card($0) }) { unhover(previous, now: now) }
            hovered = id
            card.appearance.hovered = true
            hoverChanged(card, now: now)

        case let .leave(surface, grabbing):
            // Crossings caused by our own grab say nothing about where the pointer is.
            guard !grabbing, let card = card(on: surface), let id = card.id, hovered == id else { return PointerOutcome() }
            unhover(card, now: now)

        case .compositorChanged, .lockChanged, .screenChanged, .imagesReady, .key, .pasted, .focusLost, .fullscreenChanged, .idleChanged, .desktopSettingsChanged, .topLevelWindowsChanged,
             .activeWindowChanged:
            break  // not the pointer's: the router gives them to the service (`InputRouter`)
        }
        return PointerOutcome()
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

    /// The centre's panel took the pointer: no card is under it any more. The leave its grab
    /// caused says nothing of where the pointer goes (and is ignored), so without this the
    /// card hovered then would hold its stack's timers until the pointer crossed it again.
    func pointerTaken(now: Double) {
        if let card = hovered.flatMap({ self.card($0) }) { unhover(card, now: now) }
    }

    private func unhover(_ card: Card, now: Double) {
        hovered = nil
        card.appearance.hovered = false
        card.appearance.hoveredButton = nil
        card.appearance.hoveredLink = nil
        hoverChanged(card, now: now)
    }

    /// Lights the button under the pointer (repainting only when that changes).
    private func hover(_ card: Card, at p: Point, now: Double) {
        let b = card.composed.button(at: p)
        let link = card.composed.link(at: p)?.index
        guard b != card.appearance.hoveredButton || link != card.appearance.hoveredLink else { return }
        card.appearance.hoveredButton = b
        card.appearance.hoveredLink = link
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
}
