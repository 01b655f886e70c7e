/// Who gets each input event, decided in one place and in one order: the centre's key first
/// (it toggles the centre wherever the keyboard is), then the open centre (it holds the
/// keyboard and the pointer: every key and pointer event is its own), then an open snooze
/// menu beside a card (it holds them the same way, until a choice or Escape or a press
/// elsewhere closes it), then an open reply field (it takes the keys and the presses in it,
/// and a press elsewhere closes it: `replyPointer`), then focus mode's keys, then a bound key, and the pointer to the cards. Facts
/// about the screen go to the service, which passes them to the board, the cards and the
/// centre alike.
public enum InputRouter {
    /// What the router knows when it decides.
    public struct Context: Equatable, Sendable {
        /// The centre's panel is open (or opening).
        public var centerOpen: Bool
        /// Focus mode, when it is on.
        public var focus: KeyboardFocus?
        /// The surfaces that show a card now: a press on any other ends focus mode.
        public var cardSurfaces: Set<SurfaceID>
        /// The visible cards, newest first, for focus mode's keys.
        public var cards: [CardFacts]
        /// The card each card surface shows, for the middle and right buttons.
        public var surfaceCards: [SurfaceID: CardFacts]
        /// What the mouse buttons do on a card (`[mouse]`).
        public var mouse: MouseBindings
        /// The snooze menu beside a card is open (`SnoozeMenu`).
        public var snoozeMenuOpen: Bool
        /// The open reply field, and the surface of the card it is on: it takes every key,
        /// and a press anywhere else closes it.
        public var reply: ReplySession?
        public var replySurface: SurfaceID?
        /// Where the open field is drawn: a left press in it places the caret.
        public var replyField: ReplyFieldPlace?

        public init(centerOpen: Bool = false, focus: KeyboardFocus? = nil, cardSurfaces: Set<SurfaceID> = [], cards: [CardFacts] = [],
                    surfaceCards: [SurfaceID: CardFacts] = [:], mouse: MouseBindings = MouseBindings(), snoozeMenuOpen: Bool = false,
                    reply: ReplySession? = nil, replySurface: SurfaceID? = nil, replyField: ReplyFieldPlace? = nil) {
            self.snoozeMenuOpen = snoozeMenuOpen
            self.reply = reply
            self.replySurface = replySurface
            self.replyField = replyField
            self.centerOpen = centerOpen
            self.focus = focus
            self.cardSurfaces = cardSurfaces
            self.cards = cards
            self.surfaceCards = surfaceCards
            self.mouse = mouse
        }
    }

    /// Who handles the event after the intents are carried out.
    public enum Recipient: Equatable, Sendable {
        /// The open centre's panel (`CenterState` decides what its keys and clicks mean).
        case center
        /// The open snooze menu beside a card (`SnoozeMenu` decides what its keys and clicks mean).
        case snoozeMenu
        /// The cards' pointer handling: hover, the swipe gesture, hit-testing a click.
        case cards
        /// A fact about the screen (a compositor, monitors, a locker, fullscreen, idle, images
        /// ready): the service applies it to the board, the cards and the centre.
        case screen
        /// Nobody more: the intents were all it meant (a key), or it means nothing.
        case nobody
    }

    public struct Decision: Equatable, Sendable {
        public var recipient: Recipient
        /// What it meant, to be carried out first, in order.
        public var intents: [UserIntent]
        /// A key came in focus mode: focus mode lives `KeyboardFocus.idleTimeout` longer.
        public var keepsFocusAlive: Bool

        public init(_ recipient: Recipient, _ intents: [UserIntent] = [], keepsFocusAlive: Bool = false) {
            self.recipient = recipient
            self.intents = intents
            self.keepsFocusAlive = keepsFocusAlive
        }
    }

    /// Decides `event`. A bound key's toast is the board's `newest(for:)`, as the socket's
    /// commands choose it.
    public static func route(_ event: InputEvent, _ context: Context, board: Board) -> Decision {
        if context.snoozeMenuOpen && !context.centerOpen {
            switch event {
            case let .key(stroke) where stroke.bound != .center: return Decision(.snoozeMenu, keepsFocusAlive: context.focus != nil)
            case .press, .release, .motion, .enter, .leave: return Decision(.snoozeMenu)
            default: break
            }
        }
        if let reply = context.reply, !context.centerOpen, let decision = replyPointer(event, reply, context, board: board) {
            return decision
        }
        switch event {
        case let .key(stroke):
            return key(stroke, context, board: board)
        case let .press(surface, button, _, _, _):
            // In focus mode a press off the cards (its pointer grab reports one) ends it.
            let ends: [UserIntent] = context.focus != nil && !context.cardSurfaces.contains(surface) ? [.endFocus] : []
            // The middle and right buttons mean what `[mouse]` binds, decided here; the left
            // one may start a swipe, so the cards tell a click from a drag first.
            if !context.centerOpen, button == 2 || button == 3, let card = context.surfaceCards[surface],
               let actions = context.mouse.actions(button: button) {
                return Decision(.nobody, ends + MouseBindings.intents(actions, on: card))
            }
            return Decision(context.centerOpen ? .center : .cards, ends)
        case .release, .motion, .enter, .leave:
            return Decision(context.centerOpen ? .center : .cards)
        case let .focusLost(surface):
            guard let reply = context.reply, surface == context.replySurface else { return Decision(.nobody) }
            return Decision(.nobody, [.cancelReply(id: reply.id)])
        case let .pasted(text):
            guard let reply = context.reply, !text.isEmpty else { return Decision(.nobody) }
            return Decision(.nobody, [.insertReply(id: reply.id, text: text)])
        case .compositorChanged, .lockChanged, .screenChanged, .imagesReady, .fullscreenChanged, .idleChanged, .desktopSettingsChanged, .topLevelWindowsChanged,
             .activeWindowChanged:
            return Decision(.screen)
        }
    }

    /// A key: the centre's key toggles it, also while its panel holds the keyboard; the
    /// open centre takes every other key; in focus mode an unmodified focus key means what
    /// `KeyboardFocus` says (a key held with Ctrl, Alt or Super is no focus key: with the
    /// keyboard taken, a bound `ctrl+space` must still be the dismiss key, not Space); else a
    /// bound key means its action.
    static func key(_ stroke: KeyStroke, _ context: Context, board: Board) -> Decision {
        if stroke.bound == .center { return Decision(.nobody, [.toggleCenter]) }
        if context.centerOpen { return Decision(.center) }
        // An open reply field takes every key (focus mode's too) but the centre's.
        if let reply = context.reply {
            let intent = reply.intent(for: KeyPress(stroke), serverTime: stroke.serverTime)
            return Decision(.nobody, intent.map { [$0] } ?? [], keepsFocusAlive: context.focus != nil)
        }
        let alive = context.focus != nil
        if let focus = context.focus, stroke.modifiers.isDisjoint(with: [.control, .alt, .super]),
           let intent = focus.intent(for: KeyPress(stroke), cards: context.cards) {
            return Decision(.nobody, [intent.at(serverTime: stroke.serverTime)], keepsFocusAlive: alive)
        }
        let bound = stroke.bound?.intent(on: board)?.at(serverTime: stroke.serverTime)
        return Decision(.nobody, bound.map { [$0] } ?? [], keepsFocusAlive: alive)
    }
}
