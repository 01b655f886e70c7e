/// Keyboard focus on the cards (`xtoast focus`): which card wears the ring, which of its
/// buttons is focused, whether the timers hold, and when focus mode gives up.
///
/// The keys (`KeyPress`, the vocabulary the centre reads too): Up and Down move between cards
/// (across stacks, newest first); Left, Right and Tab move along the buttons; Return (or
/// KP_Enter) presses the focused button, else means what a click on the body means
/// (`CardActivation.body`), or Accept on a card with one; 1 to 3 press the buttons; Delete and
/// BackSpace dismiss, or press Decline (else Hang up) on a card with one; space
/// holds or releases every timer; R opens an inline reply's field; Escape ends focus mode. Any key keeps it alive for
/// `idleTimeout` more.
public struct KeyboardFocus: Equatable, Sendable {
    /// Seconds without a key before focus mode ends by itself (the keyboard is then the
    /// user's again even if they walked away).
    public static let idleTimeout = 10.0

    public private(set) var card: String
    /// The focused button of `card`; nil: none (Return then means the body).
    public private(set) var button: String?
    /// Space held every stack's timers; released when focus mode ends.
    public private(set) var holdsTimers = false
    /// When focus mode ends unless a key comes first.
    public private(set) var deadline: Double
    /// The cards' order when last seen, so a card that goes passes the ring to the one that
    /// took its place.
    private var order: [String]

    /// Focus on the newest card; nil when no card is visible.
    public init?(cards: [CardFacts], now: Double) {
        guard let newest = cards.first else { return nil }
        card = newest.id
        order = cards.map(\.id)
        deadline = now + Self.idleTimeout
    }

    /// What a key pressed in focus mode means; nil: nothing (it still counts as a key).
    public func intent(for key: KeyPress, cards: [CardFacts]) -> UserIntent? {
        guard let focused = cards.first(where: { $0.id == card }) else { return nil }
        switch key.key {
        case .escape: return .endFocus
        case .up: return .focusMove(by: -1)
        case .down: return .focusMove(by: 1)
        case .left: return .focusButton(by: -1)
        case .right, .tab: return .focusButton(by: 1)
        case .enter:
            if let button, focused.actions.contains(button) { return CardActivation.choose(button, on: focused) }
            if let accept = focused.enterAction { return CardActivation.choose(accept, on: focused) }
            return CardActivation.body(focused)
        case let .digit(n) where (1...3).contains(n):
            guard focused.actions.indices.contains(n - 1) else { return nil }
            return CardActivation.choose(focused.actions[n - 1], on: focused)
        case .delete, .backspace:
            if let decline = focused.deleteAction { return CardActivation.choose(decline, on: focused) }
            return .dismiss(id: focused.id, reason: .close)
        case .space: return .togglePause
        case .text where !key.command && focused.hasReply && key.text.lowercased() == "r":
            return .openReply(id: focused.id)
        case .text where !key.command && key.text.lowercased() == "m":
            return .snoozeApp(id: focused.id, choice: key.shift ? .tomorrowMorning : .oneHour)
        case .text where !key.command && key.text.lowercased() == "s":
            return .openSnoozeMenu(id: focused.id)
        default: return nil
        }
    }

    /// A key came: focus mode lives `idleTimeout` longer.
    public mutating func touch(now: Double) { deadline = now + Self.idleTimeout }

    /// Carries out the intents that only move the focus; others are left to the caller.
    public mutating func apply(_ intent: UserIntent, cards: [CardFacts]) {
        switch intent {
        case let .focusMove(by):
            guard let i = cards.firstIndex(where: { $0.id == card }) else { return }
            let next = min(max(0, i + by), cards.count - 1)
            if cards[next].id != card {
                card = cards[next].id
                button = nil
            }
        case let .focusButton(by):
            guard let actions = cards.first(where: { $0.id == card })?.actions, !actions.isEmpty else { return }
            let i = button.flatMap { actions.firstIndex(of: $0) }
            // From no button, Right (or Tab) lands on the first and Left on the last.
            let next = i.map { $0 + by } ?? (by > 0 ? 0 : actions.count - 1)
            button = actions.indices.contains(next) ? actions[next] : button
        case .togglePause:
            holdsTimers.toggle()
        default:
            break
        }
        order = cards.map(\.id)
    }

    /// The cards changed: a card that went hands the ring to the one now in its place (or
    /// the last one); false when no card is left, and focus mode ends.
    public mutating func follow(cards: [CardFacts]) -> Bool {
        defer { order = cards.map(\.id) }
        guard !cards.isEmpty else { return false }
        if let focused = cards.first(where: { $0.id == card }) {
            if let b = button, !focused.actions.contains(b) { button = nil }
            return true
        }
        // The first card after the gone one (in the old order) that is still here, else the last.
        let old = order.firstIndex(of: card) ?? 0
        let after = order.dropFirst(old + 1).first { id in cards.contains { $0.id == id } }
        card = after ?? cards[cards.count - 1].id
        button = nil
        return true
    }
}
