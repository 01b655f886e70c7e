extension ComposedCard {
    /// The part of the card at `p` (card coordinates), in the click order's precedence: the
    /// close button over a button, a button over a link in the message, a link over the
    /// chevron, the chevron over the body. A pure function of the composed card, so what a
    /// click hits is what was drawn.
    public func spot(at p: Point) -> CardSpot {
        if let close = closeButton, close.contains(p) { return .close }
        if let send = replySend, send.contains(p) { return .replySend }
        if let field = replyField, field.contains(p) { return .replyField }
        if let b = button(at: p) { return .button(b) }
        if let link = link(at: p) { return .link(link.target) }
        if let chevron = expandButton, chevron.contains(p) { return .expandChevron }
        return .body
    }
}
