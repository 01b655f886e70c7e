import ToastCore
import X11

/// Cards on screen: creating, painting, laying out and animating them.
extension ToastDaemon {
    var layout: StackLayout { StackLayout(margin: composer.px(config.margin), gap: composer.px(config.gap)) }

    func style(of toast: Toast) -> CardStyle { toast.style ?? config.style }

    func compose(_ toast: Toast, appearance: CardComposer.Appearance) -> CardComposer.Card {
        var appearance = appearance
        appearance.iconImage = iconPaths[toast.id]
        return composer.compose(toast, style: style(of: toast), appearance: appearance, metrics: fonts, shadow: visual.hasAlpha)
    }

    /// Repaints a card after its appearance changed (hover, pressed button), same size.
    func repaint(_ card: Card) {
        card.composed = compose(card.toast, appearance: card.appearance)
        card.window.paint(card.composed.scene, painter: painter)
        card.spinner?.raise()
    }

    /// Recomposes a card after its content changed; a new height or progress animates.
    func refresh(_ card: Card, now: Double, progressFrom: Double? = nil, animate: Bool = true) {
        let oldHeight = card.size.height
        card.appearance.heightLimit = nil
        card.appearance.progress = nil
        let target = compose(card.toast, appearance: card.appearance)
        let progressChanged = progressFrom != nil && card.toast.progress != nil && progressFrom != card.toast.progress
        if animate && (target.fullHeight != oldHeight || progressChanged) {
            card.contentAnimation = Card.ContentAnimation(start: now, fromHeight: oldHeight, toHeight: target.fullHeight,
                                                          fromProgress: progressChanged ? progressFrom : nil,
                                                          toProgress: card.toast.progress)
            stepContent(card, now: now)
        } else {
            card.contentAnimation = nil
            card.composed = target
            card.window.paint(target.scene, painter: painter)
        }
        updateSpinner(card)
        armFrames(now)
    }

    /// One frame of a height or progress change: repaint at the eased in-between values.
    func stepContent(_ card: Card, now: Double) {
        guard let a = card.contentAnimation else { return }
        let t = min(1, (now - a.start) / Card.ContentAnimation.duration)
        let eased = Easing.easeOutCubic(t)
        if t >= 1 {
            card.contentAnimation = nil
            card.appearance.heightLimit = nil
            card.appearance.progress = nil
        } else {
            card.appearance.heightLimit = a.fromHeight + (a.toHeight - a.fromHeight) * eased
            if let from = a.fromProgress, let to = a.toProgress { card.appearance.progress = from + (to - from) * eased }
        }
        repaint(card)
    }

    /// Lays out the stack at `position`: new cards enter from the edge, others spring to
    /// their new slots, and the "+N more" card follows the last visible one.
    func relayout(_ position: Position, now: Double) {
        let stack = stack(position)
        let screen = display.screenRect
        let newestFirst = stack.visible.reversed().map(\.toast)
        var composedCards: [String: CardComposer.Card] = [:]
        var sizes: [Size] = []
        for toast in newestFirst {
            if let card = cards[toast.id] { sizes.append(card.targetSize) } else {
                let c = compose(toast, appearance: CardComposer.Appearance())
                composedCards[toast.id] = c
                sizes.append(c.scene.cardSize)
            }
        }
        // Do-not-disturb shows nothing new, not even how much is waiting.
        let moreScene = stack.waiting.isEmpty || doNotDisturb ? nil : composer.composeMore(count: stack.waiting.count, metrics: fonts)
        if let moreScene { sizes.append(moreScene.size) }
        let frames = layout.frames(for: sizes, at: position, in: screen)

        for (i, toast) in newestFirst.enumerated() {
            var frame = frames[i]
            if let card = cards[toast.id] {
                // A bottom stack grows upward: while its height animates the card keeps its bottom edge.
                if !position.isTop { frame.y = frames[i].maxY - card.targetSize.height }
                moveToRest(card, frame.origin, now: now)
            } else if let composed = composedCards[toast.id] {
                let card = enter(id: toast.id, toast: toast, composed: composed, frame: frame, position: position, now: now)
                cards[toast.id] = card
                updateSpinner(card)
            }
        }
        if let moreScene, let frame = frames.last {
            if let more = moreCards[position] {
                more.composed = CardComposer.Card(scene: moreScene)
                more.window.paint(moreScene, painter: painter)
                moveToRest(more, frame.origin, now: now)
            } else {
                moreCards[position] = enter(id: "+more", toast: Toast(id: "+more", message: "", position: position),
                                            composed: CardComposer.Card(scene: moreScene), frame: frame, position: position, now: now)
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
        card.place()
        // Thrown in rather than pulled from a standstill: well in view from the first frame,
        // landing with the same soft overshoot.
        let throwSpeed = config.motion.enterThrow
        card.motion.follow(start, velocity: Point(x: (frame.origin.x - start.x) * throwSpeed,
                                                  y: (frame.origin.y - start.y) * throwSpeed))
        card.motion.spring(to: frame.origin, now: now - frameInterval, spring: .standard(config.motion))
        card.motion.step(to: now)
        card.place()
        if visual.hasAlpha {
            card.fadeStart = start
            fade(card)
        }
        window.map()
        return card
    }

    /// Sends a card off screen: back toward its edge, or onward in a swipe's direction at
    /// least as fast as the pointer threw it.
    func startExit(_ card: Card, now: Double, swipe: (direction: SwipeDirection, velocity: Point)?) {
        card.isLeaving = true
        card.drag = nil
        card.spinner = nil
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
        card.fadeStart = card.motion.position
        card.motion.slide(to: target, now: now, duration: config.motion.exitDuration, minimumInitialSpeed: speed)
        leaving.append(card)
        armFrames(now)
    }

    /// Loading toasts get a spinner overlay while visible; others lose theirs.
    func updateSpinner(_ card: Card) {
        guard card.toast.kind == .loading, card.toast.icon == nil, !card.isLeaving else {
            card.spinner = nil
            return
        }
        let colors = composer.colors(for: .loading, style: style(of: card.toast))
        let inset = card.composed.scene.inset
        let rect = card.composed.iconRect.offsetBy(inset)
        if card.spinner?.matches(rect: rect, color: colors.accent, background: colors.background) != true {
            card.spinner = SpinnerOverlay(parent: card.window, painter: painter, rect: rect, color: colors.accent,
                                          background: colors.background)
        }
    }

    /// The frame timer: armed while any card moves, repaints or spins; disarmed the moment all are still.
    func armFrames(_ now: Double) {
        guard let interval = frameIntervalNeeded else { return }
        nextFrame = min(nextFrame ?? .infinity, now + interval)
    }

    var allCards: [Card] { Array(cards.values) + Array(moreCards.values) + leaving }

    /// A spinner alone needs only its own 30 steps a second; motion and repaints get every
    /// refresh. Nil when nothing moves at all.
    var frameIntervalNeeded: Double? {
        let cards = allCards
        if cards.contains(where: { $0.motion.isAnimating || $0.contentAnimation != nil }) { return frameInterval }
        if cards.contains(where: { $0.spinner != nil }) { return max(frameInterval, 1 / Double(SpinnerOverlay.frameCount)) }
        return nil
    }

    /// Advances every moving card to `now` and moves its window. Only height and progress
    /// changes repaint; the spinner swaps pre-rendered frames.
    func stepFrame(_ now: Double) {
        for card in allCards {
            if card.motion.isAnimating {
                card.motion.step(to: now)
                card.place()
                fade(card)
            }
            if card.contentAnimation != nil { stepContent(card, now: now) }
            card.spinner?.show(phase: now)
        }
        // A card that has slid off screen is done: dropping it destroys its window.
        leaving.removeAll { !$0.motion.isAnimating }
        nextFrame = frameIntervalNeeded.map { max(now, nextFrame ?? now) + $0 }
    }

    /// Under a compositor, a card fades with its slide: in while entering, out while leaving.
    /// The corresponding window property is `_NET_WM_WINDOW_OPACITY`.
    func fade(_ card: Card) {
        guard visual.hasAlpha, let from = card.fadeStart else { return }
        let total = distance(from, card.motion.target)
        let left = total > 0 ? distance(card.motion.position, card.motion.target) / total : 0
        card.window.setOpacity(card.isLeaving ? left : 1 - left)
        if !card.isLeaving && !card.motion.isAnimating { card.fadeStart = nil }
    }

    func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

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

    /// A compositor started or stopped: every card moves to a window of the new kind
    /// (ARGB with soft corners, or XShape), in place.
    func compositorChanged(now: Double) {
        let argb = display.hasCompositor
        guard argb != visual.hasAlpha else { return }
        visual = CardVisual(display: display, argb: argb)
        painter = Painter(display: display, visual: visual, fonts: fonts)
        for card in allCards {
            card.composed = compose(card.toast, appearance: card.appearance)
            let window = CardWindow(display: display, visual: visual, size: card.composed.scene.size, at: card.motion.position)
            window.paint(card.composed.scene, painter: painter)
            card.window = window
            card.place()
            window.map()
            card.spinner = nil
            updateSpinner(card)
        }
        hoveredCard = nil
        Log.info(argb ? "compositor started: cards are ARGB now" : "compositor stopped: cards use XShape now")
        armFrames(now)
    }
}
