import ToastCore

/// The cards on screen: it follows the board's changes with surfaces on the output, lays
/// stacks out, animates them, and reads the pointer. It keeps how cards look and move,
/// never what a toast says: that is the board's.
final class Stage {
    let output: any Surfaces & Resources
    /// Whether cards are drawn with alpha: a compositor runs (else they are shaped).
    var hasAlpha: Bool { output.hasAlpha }
    /// The snooze menu drawn beside a card at `pointer`, on the cards' surfaces, in their style.
    func snoozePopup(_ menu: SnoozeMenu, at pointer: Point, monitor: Rect) -> SnoozePopup {
        SnoozePopup(menu, at: pointer, monitor: monitor, output: output, composer: composer)
    }
    /// The monitors cards go on, as the screen last said (the service passes them on).
    var monitors: [Monitor]
    /// The screen's refresh rate, where a monitor does not say its own.
    var screenRefreshRate: Double?
    private(set) var config: Config
    /// Set by the service as quiet changes: cards composed meanwhile draw their title only.
    var hidesContent = false
    private(set) var composer: CardComposer
    /// Cards of visible toasts, by toast id.
    private var cards: [String: Card] = [:]
    /// "+N more" cards, one per stack while toasts wait there.
    private var moreCards: [StackKey: Card] = [:]
    /// Stacks whose waiting count changed since the last frame, their cards the same
    /// (`BoardChanges.waiting`): laid out once at the next frame.
    private var waitingRecounts: Set<StackKey> = []
    /// Stacks laid out so far: what a flood costs the screen side (tests count it, as the
    /// board counts its `work`).
    private(set) var layouts = 0
    /// Walks over every card to learn whether frames must run (`armFrames`): a flood of
    /// toasts that only queue makes none while a frame is due anyway (tests count it).
    private(set) var cardWalks = 0
    /// "+N more" scenes by count: a flood moves a stack's count up and down over the same few
    /// values, and each is composed (measured through Pango) once. Cleared with the composer,
    /// and past `moreScenesKept` counts.
    private var moreScenes: [Int: CardScene] = [:]
    private static let moreScenesKept = 256
    /// Cards sliding off screen after their toast ended.
    private var leaving: [Card] = []
    /// How much of its monitor's edge each laid-out stack takes, so a later stack of that edge
    /// keeps clear of it (StackLayout).
    private var placements: [StackKey: StackLayout.Placement] = [:]

    /// No card on screen, not even one leaving.
    var isEmpty: Bool { cards.isEmpty && moreCards.isEmpty && leaving.isEmpty }
    /// The card under the pointer, and the one being dragged (Stage+Pointer.swift).
    var hovered: String?
    var dragged: String?
    /// One refresh of the fastest monitor a card moves on (60 Hz when unknown): the frame
    /// period while something moves. Chosen when frames start, kept while they run.
    private(set) var frameInterval: Double
    /// When the next frame is due, on a grid of `frameInterval` (`FrameGrid`); nil while
    /// nothing moves (no timer runs).
    private(set) var nextFrame: Double?

    init(output: any Surfaces & Resources, monitors: [Monitor], refreshRate: Double?, config: Config, scale: Double) {
        self.output = output
        self.monitors = monitors
        screenRefreshRate = refreshRate
        self.config = config
        composer = CardComposer(config: config, scale: scale)
        frameInterval = FrameGrid.period(hertz: refreshRate)
    }

    var layout: StackLayout {
        StackLayout(marginX: composer.px(config.marginX), marginY: composer.px(config.marginY), gap: composer.px(config.gap))
    }
    /// The monitor a stack lives on (the primary one when its own has gone).
    func monitor(_ key: StackKey) -> Monitor {
        monitors.first { $0.name == key.monitor }
            ?? monitors.first(where: \.isPrimary) ?? monitors.first
            ?? Monitor(name: "", frame: Rect(x: 0, y: 0, width: 0, height: 0))
    }

    /// The area a stack's cards rest in: its monitor less the panels.
    func area(_ key: StackKey) -> Rect { monitor(key).workArea }

    /// Icons are loaded at the size they are drawn, in device pixels.
    var iconPixelSize: Int { Int(composer.px(CardComposer.iconSize)) }
    /// A picture's (`CardComposer.isPicture`) slot, in device pixels: it decodes at that size.
    var imagePixelSize: Int { Int(composer.iconSlot(picture: true)) }

    /// Frames drawn, screen changes and restylings so far: each may move a card (what a
    /// screen reader's tree follows, `AccessibleCards.treeGeneration`).
    private(set) var moves = 0

    /// Names the raw images stored for cards.
    private var images: UInt64 = 0

    /// Keeps a bus message's raw pixels on the screen side at the size cards draw pictures,
    /// under a name of their own (what the toast's `iconFile` then says).
    func storeImage(_ image: RawImage) -> Result<String, IconLoadError> {
        images &+= 1
        return output.loadImage(.raw("image-\(images)", image), pixelSize: imagePixelSize)
    }

    /// Stacks whose timers must hold: the pointer is over one of their cards, or drags one.
    var heldKeys: Set<StackKey> { Set([hovered, dragged].compactMap { $0.flatMap { cards[$0]?.key } }) }

    // MARK: Following the board

    /// Makes the screen follow what the board changed: ended toasts leave, changed ones
    /// repaint, and each touched stack is laid out again (new cards enter there).
    func apply(_ changes: BoardChanges, board: Board, now: Double) {
        for (from, to) in changes.renamed {
            if let card = cards.removeValue(forKey: from) {
                card.id = to
                cards[to] = card
            }
            if hovered == from { hovered = to }
            if dragged == from { dragged = to }
        }
        for (id, _) in changes.left {
            if let card = cards.removeValue(forKey: id) { startExit(card, now: now) }
            if hovered == id { hovered = nil }
            if dragged == id { dragged = nil }
        }
        for (id, collapsed) in changes.restyled {
            guard let card = cards[id], let toast = board.toast(id) else { continue }
            if collapsed { card.appearance.expanded = false }
            // A repeat's or a digest's count repaints at most once a frame: the rest of a
            // flood's wait for it (the frame's repaint lays its stack out again).
            if changes.recounted.contains(id) {
                if now - card.recountPaintedAt < frameInterval {
                    card.recountDue = true
                    armFrames(now)
                    continue
                }
                card.recountPaintedAt = now
            }
            refresh(card, toast, now: now)
        }
        for key in changes.stacks { relayout(key, board: board, now: now) }
        for key in changes.waiting where !changes.stacks.contains(key) {
            // The "+N more" card appears at once; once up, its count follows at the next frame.
            if moreCards[key] == nil { relayout(key, board: board, now: now) } else { waitingRecounts.insert(key) }
        }
        if !waitingRecounts.isEmpty { armFrames(now) }
    }

    private func composedMore(count: Int) -> CardScene {
        if let scene = moreScenes[count] { return scene }
        if moreScenes.count >= Self.moreScenesKept { moreScenes.removeAll() }
        let scene = composer.composeMore(count: count, metrics: output.textMetrics)
        moreScenes[count] = scene
        return scene
    }

    /// New settings (or a new scale): every card restyles in place, at once.
    func reconfigure(_ config: Config, scale: Double, board: Board, now: Double) {
        moves &+= 1
        self.config = config
        composer = CardComposer(config: config, scale: scale)
        moreScenes.removeAll()
        for (id, card) in cards {
            if let toast = board.toast(id) { refresh(card, toast, now: now, animate: false) }
        }
        for key in board.keys { relayout(key, board: board, now: now) }
    }

    /// A compositor started or stopped: every card moves to a surface of the new kind, in place.
    func remakeSurfaces(board: Board, now: Double) {
        moreScenes.removeAll()
        for card in leaving { output.destroy(card.surface) }
        leaving.removeAll()
        for card in Array(cards.values) + Array(moreCards.values) {
            output.destroy(card.surface)
            card.spinner = nil
            if let id = card.id, let toast = board.toast(id) {
                card.composed = compose(toast, card.appearance, on: card.key)
            } else if let more = board.view(of: card.key).more {
                card.composed = ComposedCard(scene: composedMore(count: more))
            }
            card.surface = output.createSurface(size: card.composed.scene.size, at: card.surfaceOrigin)
            output.paint(card.surface, card.composed.scene, at: card.surfaceOrigin)
            output.map(card.surface)
            if let id = card.id, let toast = board.toast(id) { updateSpinner(card, toast) }
        }
        hovered = nil
        armFrames(now)
    }

    /// Every card goes at once (the daemon is stopping).
    func removeAll() {
        for card in Array(cards.values) + Array(moreCards.values) + leaving { output.destroy(card.surface) }
        cards.removeAll()
        moreCards.removeAll()
        leaving.removeAll()
        placements.removeAll()
        nextFrame = nil
    }

    // MARK: Composing and painting

    /// `key`: the stack the card is in, whose work area bounds its width.
    func compose(_ given: Toast, _ appearance: CardComposer.Appearance, on key: StackKey) -> ComposedCard {
        // `[quiet] hide_content`: while quiet holds, the title only (`Toast.contentHidden`).
        let toast = hidesContent ? given.contentHidden : given
        var appearance = appearance
        appearance.maxWidth = area(key).width - 2 * composer.px(config.marginX)
        // An expanded card grows to its work area's height less the margins; the composer
        // budgets its lines (`CardComposer.expandedLineBudget`).
        appearance.expandedHeight = area(key).height - 2 * composer.px(config.marginY)
        // The kind's icon until the toast's own image has decoded.
        appearance.iconImage = toast.iconFile.flatMap { output.isImageReady($0) ? $0 : nil }
        appearance.iconIsPicture = appearance.iconImage.map { CardComposer.isPicture(spec: toast.icon, file: $0) } ?? false
        appearance.actionIcons = toast.actionIconFiles.filter { output.isImageReady($0.value) }
        return composer.compose(toast, style: toast.style ?? config.style, appearance: appearance,
                                metrics: output.textMetrics, shadow: output.hasAlpha && config.shadow == .own)
    }

    /// Repaints a card after its appearance changed (hover, a pressed button), same size.
    func repaint(_ card: Card, _ toast: Toast) {
        card.hoverRepaintDue = false
        card.composed = compose(toast, card.appearance, on: card.key)
        output.paint(card.surface, card.composed.scene, at: card.surfaceOrigin)
        placeReplyCaret(card)
    }

    /// Tells the output where the open reply field's caret is (surface coordinates), or that
    /// no field is open: an input method takes text for the card only while it is placed.
    func placeReplyCaret(_ card: Card) {
        let inset = card.composed.scene.inset
        output.placeCaret(card.composed.replyCaret.map { Point(x: $0.x + inset, y: $0.y + inset) }, on: card.surface)
    }

    /// Recomposes a card after its content changed; a new height or progress animates.
    func refresh(_ card: Card, _ toast: Toast, now: Double, animate: Bool = true) {
        card.recountDue = false
        card.appearance.heightLimit = nil
        card.appearance.progress = nil
        let target = compose(toast, card.appearance, on: card.key)
        let transition = animate
            ? ContentTransition.between(height: card.size.height, and: target.fullHeight,
                                        progress: (card.progress, toast.progress), now: now, tuning: config.motion)
            : nil
        card.progress = toast.progress
        let lag = card.heightLag
        card.transition = transition
        // A bottom card keeps its bottom edge: its motion moves to where the new height puts its top.
        card.motion.shift(by: Point(x: 0, y: lag - card.heightLag))
        if transition != nil {
            stepContent(card, toast, now: now)
        } else {
            card.composed = target
            output.paint(card.surface, target.scene, at: card.surfaceOrigin)
            placeReplyCaret(card)
        }
        updateSpinner(card, toast)
        armFrames(now)
    }

    /// One frame of a height or progress change: repaint at the eased in-between values.
    private func stepContent(_ card: Card, _ toast: Toast, now: Double) {
        guard let transition = card.transition else { return }
        if let frame = transition.frame(at: now) {
            card.appearance.heightLimit = frame.heightLimit
            card.appearance.progress = frame.progress
        } else {
            card.transition = nil
            card.appearance.heightLimit = nil
            card.appearance.progress = nil
        }
        repaint(card, toast)
    }

    /// Loading toasts get a spinner over their icon while visible; others lose theirs.
    private func updateSpinner(_ card: Card, _ toast: Toast) {
        var spec: SpinnerSpec?
        if toast.kind == .loading, toast.icon == nil, !toast.hidesIcon, !card.isLeaving {
            let colors = composer.colors(for: .loading, style: toast.style ?? config.style, urgency: toast.urgency,
                                         color: toast.color, rule: toast.cardColors)
            spec = SpinnerSpec(rect: card.composed.iconRect.offsetBy(card.composed.scene.inset),
                               color: colors.accent, background: colors.background)
        }
        guard spec != card.spinner else { return }
        card.spinner = spec
        output.setSpinner(card.surface, spec)
    }

    // MARK: Layout and motion

    /// Lays out one stack: new cards enter from the edge, others spring to their new slots,
    /// and the "+N more" card follows the last visible one.
    func relayout(_ key: StackKey, board: Board, now: Double) {
        layouts += 1
        let view = board.view(of: key)
        let area = area(key)
        var fresh: [String: ComposedCard] = [:]
        var sizes: [Size] = []
        for toast in view.fromEdge {
            if let card = cards[toast.id] { sizes.append(card.targetSize) } else {
                let composed = compose(toast, CardComposer.Appearance(), on: key)
                fresh[toast.id] = composed
                sizes.append(composed.scene.cardSize)
            }
        }
        let moreScene = view.more.map { composedMore(count: $0) }
        if let moreScene { sizes.append(moreScene.size) }
        let fromMargin = layout.frames(for: sizes, at: key.position, in: area)
        let frames = layout.frames(for: sizes, at: key.position, in: area, start: start(of: key, column: fromMargin))

        // Cards of this stack whose toast no longer shows here (it waits again, or moved to
        // another stack) leave quietly; their toast is still live.
        let shown = Set(view.fromEdge.map(\.id))
        for (id, card) in cards where card.key == key && !shown.contains(id) && board.key(of: id) != nil && !board.isVisible(id) {
            cards.removeValue(forKey: id)
            startExit(card, now: now)
        }
        for (i, toast) in view.fromEdge.enumerated() {
            var frame = frames[i]
            if let card = cards[toast.id] {
                card.key = key
                // A bottom stack grows upward: while its height animates the card keeps its bottom edge.
                if key.position.isBottom { frame.y = frames[i].maxY - card.targetSize.height }
                moveToRest(card, frame.origin, now: now)
            } else if let composed = fresh[toast.id] {
                let card = enter(id: toast.id, key: key, composed: composed, frame: frame, now: now)
                card.progress = toast.progress
                cards[toast.id] = card
                updateSpinner(card, toast)
            }
        }
        if let moreScene, let frame = frames.last {
            if let more = moreCards[key] {
                // A new count repaints at the next frame, once, however many toasts a flood
                // queued or ended before it; its place and size are the new count's at once.
                if more.composed.scene != moreScene {
                    more.composed = ComposedCard(scene: moreScene)
                    more.recountDue = true
                }
                moveToRest(more, frame.origin, now: now)
            } else {
                moreCards[key] = enter(id: nil, key: key, composed: ComposedCard(scene: moreScene), frame: frame, now: now)
            }
        } else if let more = moreCards.removeValue(forKey: key) {
            startExit(more, now: now)
        }
        armFrames(now)
        let placement = layout.placement(of: frames, at: key.position, in: area)
        if placement != placements[key] {
            placements[key] = placement
            // The later stacks of this edge keep clear of where this one now reaches.
            let later = Set(board.keys + Array(placements.keys)).filter {
                sharesEdge($0, with: key) && StackLayout.edgeOrder($0.position) > StackLayout.edgeOrder(key.position)
            }
            for other in later.sorted(by: { StackLayout.edgeOrder($0.position) < StackLayout.edgeOrder($1.position) }) {
                relayout(other, board: board, now: now)
            }
        }
    }

    /// Whether two stacks sit on the same edge of the same monitor.
    private func sharesEdge(_ a: StackKey, with b: StackKey) -> Bool {
        a != b && a.position.vertical != 0 && a.position.vertical == b.position.vertical && monitor(a).name == monitor(b).name
    }

    /// Where a stack starts from its edge: clear of the earlier stacks of that edge whose
    /// columns its cards (laid out from one margin, `column`) cross.
    private func start(of key: StackKey, column frames: [Rect]) -> Double {
        guard let own = layout.placement(of: frames, at: key.position, in: area(key)) else { return layout.marginY }
        let earlier = placements.filter {
            sharesEdge($0.key, with: key) && StackLayout.edgeOrder($0.key.position) < StackLayout.edgeOrder(key.position)
        }
        return layout.start(column: own.column, after: Array(earlier.values))
    }

    private func moveToRest(_ card: Card, _ origin: Point, now: Double) {
        card.rest = origin
        guard card.drag == nil, !card.isLeaving, card.motion.target != origin else { return }
        send(card, to: origin, now: now, spring: .standard(config.motion))
    }

    /// Springs a card to `target`, or under reduced motion puts it there at once.
    func send(_ card: Card, to target: Point, now: Double, spring: Spring) {
        guard config.reducesMotion else { return card.motion.spring(to: target, now: now, spring: spring) }
        card.motion = CardMotion(at: target, now: now, tuning: config.motion)
        output.move(card.surface, to: card.surfaceOrigin)
        clip(card)
    }

    /// Creates, paints and maps a card just past its area's edge, already one frame into its
    /// spring, so the first frame shown has it moving in.
    private func enter(id: String?, key: StackKey, composed: ComposedCard, frame: Rect, now: Double) -> Card {
        if config.reducesMotion { return appear(id: id, key: key, composed: composed, frame: frame, now: now) }
        let start = layout.offscreen(frame, at: key.position, in: area(key))
        let inset = composed.scene.inset
        let surface = output.createSurface(size: composed.scene.size, at: Point(x: start.x - inset, y: start.y - inset))
        let card = Card(id: id, key: key, surface: surface, composed: composed, at: start, rest: frame.origin,
                        now: now - frameInterval, tuning: config.motion)
        card.shownAt = now
        // Thrown in rather than pulled from a standstill: well in view from the first frame,
        // landing with the same soft overshoot.
        let throwSpeed = config.motion.enterThrow
        card.motion.follow(start, velocity: Point(x: (frame.origin.x - start.x) * throwSpeed,
                                                  y: (frame.origin.y - start.y) * throwSpeed))
        card.motion.spring(to: frame.origin, now: now - frameInterval, spring: .standard(config.motion))
        card.motion.step(to: now)
        output.paint(surface, composed.scene, at: card.surfaceOrigin)
        clip(card)
        if output.hasAlpha {
            card.fadeStart = start
            fade(card)
        }
        output.map(surface)
        return card
    }

    /// Reduced motion: the card is created, painted and mapped in its slot; under a
    /// compositor it fades in there (`fadeSince`), else it is simply there.
    private func appear(id: String?, key: StackKey, composed: ComposedCard, frame: Rect, now: Double) -> Card {
        let inset = composed.scene.inset
        let surface = output.createSurface(size: composed.scene.size, at: Point(x: frame.origin.x - inset, y: frame.origin.y - inset))
        let card = Card(id: id, key: key, surface: surface, composed: composed, at: frame.origin, rest: frame.origin,
                        now: now, tuning: config.motion)
        output.paint(surface, composed.scene, at: card.surfaceOrigin)
        clip(card)
        if output.hasAlpha {
            card.fadeSince = now
            output.setOpacity(surface, 0)
            armFrames(now)
        }
        output.map(surface)
        return card
    }

    /// Sends a card off screen: back toward its edge, or onward in a swipe's direction at
    /// least as fast as the pointer threw it. Under reduced motion it vanishes in place
    /// (fading out under a compositor), swiped or not.
    func startExit(_ card: Card, now: Double, swipe: (direction: SwipeDirection, velocity: Point)? = nil) {
        if lockedMonitors.contains(card.key.monitor) { return withdraw(card) }
        if config.reducesMotion { return vanish(card, now: now) }
        card.isLeaving = true
        card.drag = nil
        if card.spinner != nil {
            card.spinner = nil
            output.setSpinner(card.surface, nil)
        }
        card.fadeStart = card.motion.position
        if let swipe {
            // Thrown: it flies on at no less than the release speed and is gone the moment
            // its surface (shadow included) is wholly off its monitor.
            let inset = card.composed.scene.inset
            let surface = card.surfaceFrame
            let past = layout.exitTarget(surface, at: card.key.position, in: monitor(card.key).frame, swipe: swipe.direction)
            let target = Point(x: past.x + inset, y: past.y + inset - card.heightLag)
            let released = swipe.direction.speed(of: swipe.velocity)
            let speed = max(composer.px(config.motion.flingMinimumSpeed), released.isFinite ? released : 0)
            card.motion.fling(to: target, now: now, speed: speed, acceleration: composer.px(config.motion.flingAcceleration))
        } else {
            let target = layout.exitTarget(card.frame, at: card.key.position, in: area(card.key))
            card.motion.slide(to: Point(x: target.x, y: target.y - card.heightLag), now: now, duration: config.motion.exitDuration)
        }
        leaving.append(card)
        armFrames(now)
    }

    /// Monitors a locker covers while `lock = hold`: nothing is drawn there, so a card that
    /// goes does not slide out over the locker but is withdrawn at once.
    private var lockedMonitors: Set<String> = []

    /// Follows the board's locked monitors (`Board.monitorsDrawingNothing`), before its
    /// changes are applied: cards already sliding out on a newly locked monitor go at once,
    /// in the same loop turn the locker was seen, and so do those that leave after.
    func lock(_ monitors: Set<String>) {
        guard monitors != lockedMonitors else { return }
        lockedMonitors = monitors
        leaving.removeAll { card in
            guard monitors.contains(card.key.monitor) else { return false }
            output.destroy(card.surface)
            return true
        }
        for id in [hovered, dragged].compactMap({ $0 }) where cards[id].map({ monitors.contains($0.key.monitor) }) ?? false {
            if hovered == id { hovered = nil }
            if dragged == id { dragged = nil }
        }
    }

    /// Reduced motion: the card leaves where it is, fading out under a compositor, at once
    /// without one.
    private func vanish(_ card: Card, now: Double) {
        guard output.hasAlpha else { return withdraw(card) }
        card.isLeaving = true
        card.drag = nil
        if card.spinner != nil {
            card.spinner = nil
            output.setSpinner(card.surface, nil)
        }
        card.motion = CardMotion(at: card.motion.position, now: now, tuning: config.motion)
        card.fadeSince = now
        leaving.append(card)
        armFrames(now)
    }

    /// How long a reduced-motion fade in or out takes: as long as an exit slide.
    private var fadeDuration: Double { max(0.001, config.motion.exitDuration) }

    /// Steps a reduced-motion fade; true once it is over.
    private func stepFade(_ card: Card, now: Double) -> Bool {
        guard let since = card.fadeSince else { return true }
        let done = min(1, max(0, (now - since) / fadeDuration))
        output.setOpacity(card.surface, card.isLeaving ? 1 - done : done)
        if done >= 1 && !card.isLeaving { card.fadeSince = nil }
        return done >= 1
    }

    /// Takes a card off the screen now, with no slide: its surface goes in this loop turn.
    private func withdraw(_ card: Card) {
        card.isLeaving = true
        card.drag = nil
        output.destroy(card.surface)
    }

    private var allCards: [Card] { Array(cards.values) + Array(moreCards.values) + leaving }

    /// Motion and repaints get every refresh; a spinner alone only its own steps a second.
    /// Nil when nothing moves at all.
    private var frameIntervalNeeded: Double? {
        cardWalks += 1
        let all = allCards
        if !waitingRecounts.isEmpty
            || all.contains(where: { $0.motion.isAnimating || $0.transition != nil || $0.hoverRepaintDue || $0.recountDue || $0.fadeSince != nil }) {
            return frameInterval
        }
        if all.contains(where: { $0.spinner != nil }) { return max(frameInterval, 1 / Double(SpinnerSpec.stepsPerTurn)) }
        return nil
    }

    /// The frame timer: armed while any card moves, repaints or spins; disarmed the moment
    /// all are still. Frames already running keep their grid; new ones start a grid one
    /// period from now, at the refresh rate of the fastest monitor a card moves on.
    func armFrames(_ now: Double) {
        if nextFrame == nil { frameInterval = FrameGrid.period(hertz: refreshRate) }
        if let age = nextAgeChange(now) { nextFrame = min(nextFrame ?? .infinity, age) }
        // A frame due within one period already stands, and no interval is shorter: asked
        // after every change, this spares a flood a walk over every card each toast.
        if let next = nextFrame, next <= now + frameInterval { return }
        guard let interval = frameIntervalNeeded else { return }
        nextFrame = min(nextFrame ?? .infinity, now + interval)
    }

    /// When a shown card's age (`[text] show_age_threshold`) next changes its text: at most
    /// once a second, and only while a card is on screen; nil without the setting.
    private func nextAgeChange(_ now: Double) -> Double? {
        guard let threshold = config.showAgeThreshold else { return nil }
        return cards.values.filter { !$0.isLeaving }
            .compactMap { CardAge.nextChange(shownAt: $0.shownAt, now: now, threshold: threshold) }.min()
    }

    /// Recomposes the cards whose age text changed since they were painted.
    private func stepAges(board: Board, now: Double) {
        guard let threshold = config.showAgeThreshold else { return }
        for card in cards.values where !card.isLeaving {
            let age = max(0, now - card.shownAt).rounded(.down)
            guard CardAge.suffix(age: age, threshold: threshold) != nil, card.appearance.age != age,
                  let id = card.id, let toast = board.toast(id) else { continue }
            card.appearance.age = age
            refresh(card, toast, now: now)
        }
    }

    /// Cards whose count a flood changed since their last paint repaint now, and their stacks
    /// are laid out again: a digest's newest text can change its height. A "+N more" card
    /// paints the count it was given last.
    private func repaintRecounts(board: Board, now: Double) {
        let recounts = waitingRecounts
        waitingRecounts = []
        for key in recounts { relayout(key, board: board, now: now) }
        for more in moreCards.values where more.recountDue {
            more.recountDue = false
            output.paint(more.surface, more.composed.scene, at: more.surfaceOrigin)
        }
        var stacks: Set<StackKey> = []
        for card in cards.values where card.recountDue {
            guard let id = card.id, let toast = board.toast(id) else {
                card.recountDue = false
                continue
            }
            card.recountPaintedAt = now
            let height = card.targetSize.height
            refresh(card, toast, now: now)
            if card.targetSize.height != height { stacks.insert(card.key) }
        }
        for key in stacks { relayout(key, board: board, now: now) }
    }

    /// The highest refresh rate among the monitors of cards that move (the screen's when
    /// monitors do not say).
    private var refreshRate: Double? {
        let keys = Set(allCards.filter { $0.motion.isAnimating || $0.transition != nil }.map(\.key))
        let rates = keys.compactMap { monitor($0).refreshRate }
        return rates.max() ?? screenRefreshRate
    }

    /// Advances every moving card to `now` and moves its surface. Only height and progress
    /// changes repaint; spinners swap pre-rendered frames.
    func stepFrame(board: Board, now: Double) {
        moves &+= 1
        stepAges(board: board, now: now)
        for card in allCards {
            if card.hoverRepaintDue, card.transition == nil, let id = card.id, let toast = board.toast(id) { repaint(card, toast) }
            card.hoverRepaintDue = false
            let moving = card.motion.isAnimating
            if moving { card.motion.step(to: now) }
            if card.transition != nil, let id = card.id, let toast = board.toast(id) {
                // The repaint places and sizes the surface in one request.
                stepContent(card, toast, now: now)
                clip(card)
            } else if moving {
                output.move(card.surface, to: card.surfaceOrigin)
                clip(card)
            }
            if moving { fade(card) }
            if card.fadeSince != nil { _ = stepFade(card, now: now) }
        }
        if allCards.contains(where: { $0.spinner != nil }) { output.turnSpinners(phase: now) }
        // A card that has slid off screen is done: once its motion ends, or as soon as not a
        // whole pixel of it shows on its monitor (it is cut to the monitor, so none shows elsewhere).
        leaving.removeAll { card in
            if card.fadeSince != nil { guard stepFade(card, now: now) else { return false } }
            guard !card.motion.isAnimating || isOffMonitor(card) else { return false }
            output.destroy(card.surface)
            return true
        }
        // After the moves: a recount's compose and paint does not delay what is in motion.
        repaintRecounts(board: board, now: now)
        let previous = nextFrame ?? now
        nextFrame = [frameIntervalNeeded.map { FrameGrid.next(after: previous, now: now, period: $0) }, nextAgeChange(now)]
            .compactMap { $0 }.min()
    }

    /// Whether nothing of the card's surface shows on its monitor, as placed in whole pixels.
    private func isOffMonitor(_ card: Card) -> Bool {
        let f = card.surfaceFrame
        let m = monitor(card.key).frame
        let x = f.x.rounded(), y = f.y.rounded()
        return x >= m.maxX || y >= m.maxY || x + f.width <= m.x || y + f.height <= m.y
    }

    /// Cuts a card to its monitor while any of it reaches past the monitor's frame, so it
    /// never shows on a neighbour; lifts the cut once it is wholly inside.
    func clip(_ card: Card) {
        let bounds = monitor(card.key).frame
        let f = card.surfaceFrame
        let inside = f.x >= bounds.x && f.y >= bounds.y && f.maxX <= bounds.maxX && f.maxY <= bounds.maxY
        if !inside {
            card.isClipped = true
            output.setClip(card.surface, bounds)
        } else if card.isClipped {
            card.isClipped = false
            output.setClip(card.surface, nil)
        }
    }

    /// Images decoded off the loop: cards waiting for theirs are painted again, in place.
    func imagesReady(board: Board, now: Double) {
        for (id, card) in cards {
            guard let toast = board.toast(id),
                  toast.iconFile.map(output.isImageReady) ?? false || !toast.actionIconFiles.isEmpty,
                  card.composed.scene != compose(toast, card.appearance, on: card.key).scene else { continue }
            refresh(card, toast, now: now, animate: false)
        }
    }

    /// Monitors, the screen or the panels changed: every stack is laid out again on its
    /// monitor's new frame, and cards spring there.
    func screenChanged(to monitors: [Monitor], refreshRate: Double?, board: Board, now: Double) {
        moves &+= 1
        self.monitors = monitors
        screenRefreshRate = refreshRate
        for key in Set(board.keys + cards.values.map(\.key) + moreCards.keys) { relayout(key, board: board, now: now) }
    }

    /// Under a compositor a card fades with its slide: in while entering, out while leaving.
    private func fade(_ card: Card) {
        guard output.hasAlpha, let from = card.fadeStart else { return }
        output.setOpacity(card.surface, SlideFade.opacity(start: from, position: card.motion.position,
                                                          target: card.motion.target, leaving: card.isLeaving))
        if !card.isLeaving && !card.motion.isAnimating { card.fadeStart = nil }
    }

    // MARK: For the pointer (Stage+Pointer.swift)

    func card(on surface: SurfaceID) -> Card? { cards.values.first { $0.surface == surface } }
    /// The surfaces of the visible toasts' cards: a press on another ends focus mode (`InputRouter`).
    var cardSurfaces: Set<SurfaceID> { Set(cards.values.map(\.surface)) }

    /// How many cards each monitor's stacks hold under `max_visible = 0` (`StackRoom`): the
    /// smallest card is one line beside its icon, padded, as `CardComposer` draws it.
    var room: [String: Int] {
        let smallest = composer.px(2 * config.padding + CardComposer.iconSize)
        var room: [String: Int] = [:]
        for monitor in monitors {
            room[monitor.name] = StackRoom.cards(height: monitor.workArea.height, margin: composer.px(config.marginY),
                                                 gap: composer.px(config.gap), smallestCard: smallest)
        }
        return room
    }

    /// The facts of the card each card surface shows (`InputRouter.Context.surfaceCards`).
    func surfaceFacts(board: Board) -> [SurfaceID: CardFacts] {
        var facts: [SurfaceID: CardFacts] = [:]
        for (id, card) in cards where !card.isLeaving {
            if let toast = board.toast(id) { facts[card.surface] = self.facts(card, toast) }
        }
        return facts
    }

    func card(_ id: String) -> Card? { cards[id] }
    /// A swiped card leaves from where the pointer let go; its toast ends after.
    func detach(_ card: Card) {
        if let id = card.id { cards.removeValue(forKey: id) }
        if hovered == card.id { hovered = nil }
    }
}
