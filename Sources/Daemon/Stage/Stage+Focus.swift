import ToastCore

/// What input needs from the cards beyond the pointer: the facts the click order and the
/// keys decide on, a cut card growing, and the focus ring.
extension Stage {
    /// A card's facts for `CardActivation` and `KeyboardFocus`.
    func facts(_ card: Card, _ toast: Toast) -> CardFacts {
        var seen: Set<String> = []
        let links = card.composed.links.map(\.target).filter { seen.insert($0).inserted }
        return CardFacts(id: toast.id, actions: Self.buttons(toast), defaultAction: toast.defaultAction,
                         isTruncated: card.composed.isTruncated, isExpanded: card.appearance.expanded, links: links,
                         hasReply: toast.reply != nil, enterAction: ButtonPurpose.enterKey(toast.actions),
                         deleteAction: ButtonPurpose.deleteKey(toast.actions))
    }

    /// A card's buttons as focus mode moves along them: the reply button first, as drawn.
    static func buttons(_ toast: Toast) -> [String] {
        (toast.reply != nil ? [ReplyOptions.actionKey] : []) + toast.actions.map(\.id)
    }

    /// Opens (`look`) or closes (nil) the reply field on `id`'s card: it grows or shrinks to fit.
    func showReply(_ look: ReplyLook?, on id: String, board: Board, now: Double) {
        guard let card = card(id), let toast = board.toast(id), !card.isLeaving, card.appearance.reply != look else { return }
        card.appearance.reply = look
        refresh(card, toast, now: now)
    }

    /// Where `id`'s open reply field is drawn, for the router (`InputRouter.replyPointer`).
    func replyFieldPlace(_ id: String) -> ReplyFieldPlace? {
        guard let card = card(id), !card.isLeaving, card.appearance.reply != nil, let box = card.composed.replyField else { return nil }
        return ReplyFieldPlace(cardOrigin: card.origin, box: box)
    }

    /// The caret of `id`'s open field for a point of its card (`local`): the character
    /// boundary its text, as drawn now, has nearest (`CardComposer.replyCaret`).
    func replyCaret(_ id: String, at local: Point) -> Int? {
        guard let card = card(id), let look = card.appearance.reply else { return nil }
        return CardComposer.replyCaret(at: local, in: card.composed, field: look.field, metrics: output.textMetrics)
    }

    /// Every visible toast's facts, newest first across stacks (`Board.visibleNewestFirst`);
    /// a toast whose card has not entered yet counts as not cut.
    func facts(board: Board) -> [CardFacts] {
        board.visibleNewestFirst.map { toast in
            card(toast.id).map { facts($0, toast) } ?? CardFacts(id: toast.id, actions: Self.buttons(toast),
                                                                 defaultAction: toast.defaultAction, hasReply: toast.reply != nil)
        }
    }

    /// A cut card grows to its work area (`compose`'s expanded height) and its stack makes room.
    func expand(_ id: String, board: Board, now: Double) {
        guard let card = card(id), let toast = board.toast(id), !card.appearance.expanded, !card.isLeaving else { return }
        card.appearance.expanded = true
        refresh(card, toast, now: now)
        relayout(card.key, board: board, now: now)
    }

    /// Rings `focus.card` (and its focused button), taking the ring off any other card; nil
    /// takes it off every card. Only cards whose look changes repaint.
    func showFocus(_ focus: KeyboardFocus?, board: Board) {
        for toast in board.visibleNewestFirst {
            guard let card = card(toast.id) else { continue }
            let ringed = focus?.card == toast.id
            let button = ringed ? focus?.button : nil
            guard card.appearance.focused != ringed || card.appearance.focusedButton != button else { continue }
            card.appearance.focused = ringed
            card.appearance.focusedButton = button
            // A height change under way repaints every frame with the new look anyway.
            if card.transition == nil { repaint(card, toast) }
        }
    }
}
