/// Where the open reply field is drawn, for the router to tell a press in it from one
/// elsewhere on its card (the send button, the body): its card's top-left on the screen and
/// the field's box in the card (`ComposedCard.replyField`).
public struct ReplyFieldPlace: Equatable, Sendable {
    public var cardOrigin: Point
    public var box: Rect

    public init(cardOrigin: Point, box: Rect) {
        self.cardOrigin = cardOrigin
        self.box = box
    }

    /// `root` (screen coordinates) in the card's coordinates, where the composer measures.
    public func local(_ root: Point) -> Point { Point(x: root.x - cardOrigin.x, y: root.y - cardOrigin.y) }
}

extension InputRouter {
    /// The pointer while a reply field is open (and the centre closed): a left press in the
    /// field places its caret and holds the pointer, so that moving it selects until the
    /// button goes up; the middle button on its card pastes the primary selection; any other
    /// press on its card is the card's (the send button, a swipe); a press anywhere else
    /// closes the field unsent and then means what it means. nil: not the field's (routed as
    /// without it).
    static func replyPointer(_ event: InputEvent, _ reply: ReplySession, _ context: Context, board: Board) -> Decision? {
        switch event {
        case let .press(surface, button, root, _, serverTime):
            guard surface == context.replySurface else {
                var without = context
                without.reply = nil
                var decision = route(event, without, board: board)
                decision.intents.insert(.cancelReply(id: reply.id), at: 0)
                return decision
            }
            if button == 2 { return Decision(.nobody, [.pasteReply(id: reply.id, selection: .primary, serverTime: serverTime)]) }
            if button == 1, let place = context.replyField, place.box.contains(place.local(root)) {
                return Decision(.nobody, [.placeReplyCaret(id: reply.id, at: place.local(root), serverTime: serverTime)])
            }
            return Decision(.cards)
        case let .motion(surface, root, _) where reply.dragAnchor != nil && surface == context.replySurface:
            guard let place = context.replyField else { return nil }
            return Decision(.nobody, [.dragReplyCaret(id: reply.id, to: place.local(root))])
        case let .release(_, button, _, _, serverTime) where button == 1 && reply.dragAnchor != nil:
            return Decision(.nobody, [.endReplyDrag(id: reply.id, serverTime: serverTime)])
        default:
            return nil
        }
    }
}
