/// What the user meant, whether said with the pointer, a bound key or the keyboard in focus
/// mode: the one shape input takes before the daemon carries it out. Deciding it here, from
/// plain facts about the cards, is what lets a click and a key share one order.
public enum UserIntent: Equatable, Sendable {
    /// The toast ends: `close` (its close button, Delete, the dismiss key), `click` (a body
    /// click on a card without a default action) or `swipe`.
    case dismiss(id: String, reason: DismissReason)
    /// Every toast ends, as if the user had closed each (the dismiss_all key).
    case dismissAll
    /// The owner hears `action` (a button, the default action), as a click on it would say.
    /// `serverTime` is the X server time of the click or key that chose it, for the activation
    /// token the owner gets with it (`ActivationTokens`); nil when no input of the user's
    /// chose it (`xtoast invoke`).
    case invoke(id: String, action: String, serverTime: UInt? = nil)
    /// A cut card grows to show all it holds.
    case expand(id: String)
    /// A link in the message was clicked: the opener opens it and the toast ends as clicked.
    case openLink(id: String, target: String)
    /// Focus mode: the ring moves to the next card (`by` 1: older, -1: newer), across stacks.
    case focusMove(by: Int)
    /// Focus mode: the button focus moves along the focused card's buttons.
    case focusButton(by: Int)
    /// Focus mode: every stack's timers hold, or run again.
    case togglePause
    /// Focus mode starts on the newest card (`xtoast focus`, the focus key), or ends.
    case startFocus
    case endFocus
    /// What `xtoast restore` and `xtoast menu` do, from their keys.
    case restore
    case menu
    /// The notification centre opens, or closes (`xtoast center`, the center key).
    case toggleCenter
    /// The centre opens on `filter`'s entries (`CenterContent`): a summary card's click
    /// opens it on what came meanwhile (`following(on:)`).
    case openCenter(filter: String?)
    /// Focus mode's M: the focused card's application is snoozed ("Mute APP for 1 hour";
    /// Shift+M: until tomorrow morning) and the card closes.
    case snoozeApp(id: String, choice: SnoozeChoice)
    /// The card's reply button (or R in focus mode): its reply field opens, taking the
    /// keyboard's focus with the click's or key's `serverTime`; the toast's timer stops.
    case openReply(id: String, serverTime: UInt? = nil)
    /// Enter or the send button: the open field's text goes to the sender (with an
    /// activation token for `serverTime`), and the toast closes as dismissed by the user.
    case submitReply(id: String, serverTime: UInt? = nil)
    /// Escape, a click elsewhere, the idle timeout: the field closes unsent, the timer runs again.
    case cancelReply(id: String)
    /// A key that edits the open field (`ReplySession.intent(for:serverTime:)`).
    case editReply(id: String, KeyPress)
    /// Ctrl+V (the clipboard) or the middle button (the primary selection) over the field:
    /// the screen is asked for the selection's text, which arrives later.
    /// `serverTime`: the key's or click's, the time the selection is asked as of.
    case pasteReply(id: String, selection: ReplySession.Selection, serverTime: UInt? = nil)
    /// A left press in the open field at `at` (card coordinates): the caret goes to the
    /// character boundary nearest it (`CardComposer.replyCaret`), and the pointer is held from
    /// `serverTime` (`Grab.drag`) so that a drag selects rather than swipes.
    case placeReplyCaret(id: String, at: Point, serverTime: UInt)
    /// The pointer moved with its button held since a press in the field: the selection
    /// reaches from that press to `to` (card coordinates).
    case dragReplyCaret(id: String, to: Point)
    /// That button went up at `serverTime`: the caret and selection stay, the pointer is let go.
    case endReplyDrag(id: String, serverTime: UInt)
    /// The pasted text arrived: it goes in at the caret (over the selection), cleaned and cut.
    case insertReply(id: String, text: String)
    /// The snooze menu opens beside the card (a right click, S in focus mode): its choices
    /// are `SnoozeMenu`'s.
    case openSnoozeMenu(id: String)
}

extension UserIntent {
    /// The intent as said by input at `serverTime`: an action chosen carries the time on to
    /// its activation token; every other intent is the same at any time.
    public func at(serverTime: UInt) -> UserIntent {
        switch self {
        case let .invoke(id, action, _): return .invoke(id: id, action: action, serverTime: serverTime)
        case let .openReply(id, _): return .openReply(id: id, serverTime: serverTime)
        case let .submitReply(id, _): return .submitReply(id: id, serverTime: serverTime)
        case let .pasteReply(id, selection, _): return .pasteReply(id: id, selection: selection, serverTime: serverTime)
        default: return self
        }
    }
}

/// What the daemon knows of a visible card when it decides what input meant.
public struct CardFacts: Equatable, Sendable {
    public var id: String
    public var actions: [String]
    public var defaultAction: String?
    /// Some of its text was cut (it can expand).
    public var isTruncated: Bool
    public var isExpanded: Bool
    /// The message's links (their targets), for a mouse binding's `open_url`.
    public var links: [String]
    /// It offers an inline reply: its `ReplyOptions.actionKey` button opens the field.
    public var hasReply: Bool
    /// The button focus mode's Return presses with no button focused (Accept), and the one
    /// Delete presses instead of closing (Decline, else Hang up): `ButtonPurpose.enterKey`.
    public var enterAction: String?
    public var deleteAction: String?

    public init(id: String, actions: [String] = [], defaultAction: String? = nil, isTruncated: Bool = false, isExpanded: Bool = false,
                links: [String] = [], hasReply: Bool = false, enterAction: String? = nil, deleteAction: String? = nil) {
        self.id = id
        self.enterAction = enterAction
        self.deleteAction = deleteAction
        self.hasReply = hasReply
        self.links = links
        self.actions = actions
        self.defaultAction = defaultAction
        self.isTruncated = isTruncated
        self.isExpanded = isExpanded
    }

    /// Its body can expand it: cut, not expanded, and no default action takes the body
    /// (that card expands from its chevron instead).
    var bodyExpands: Bool { isTruncated && !isExpanded && defaultAction == nil }
}

/// The part of a card a click landed on, found by hit-testing in this order (the close
/// button over a button, a button over a link, a link over the chevron, the chevron over the body).
public enum CardSpot: Equatable, Sendable {
    case close
    case button(String)
    /// A link in the message (its target).
    case link(String)
    /// The chevron a cut card with a default action shows: it expands the card.
    case expandChevron
    case body
    /// The open reply field's text box (a click places the caret) and its send button.
    case replyField
    case replySend
}

/// The click order, shared by the pointer and the keyboard: close, button, link, expand,
/// default action, dismiss.
public enum CardActivation {
    /// A click (press and release without a swipe) at `spot`. `pressed` is the button the
    /// press went down on: a release over another button is a body click.
    public static func click(_ spot: CardSpot, on card: CardFacts, pressed: String? = nil) -> UserIntent {
        switch spot {
        case .close:
            return .dismiss(id: card.id, reason: .close)
        case let .button(action) where pressed == nil || pressed == action:
            return choose(action, on: card)
        case .replySend:
            return .submitReply(id: card.id)
        case .replyField:
            return .openReply(id: card.id)  // already open: it stays, the focus with it
        case let .link(target):
            return .openLink(id: card.id, target: target)
        case .expandChevron where !card.isExpanded:
            return .expand(id: card.id)
        default:
            return body(card)
        }
    }

    /// A button chosen (clicked, or pressed from focus mode): the reply button opens the
    /// field; any other is its action.
    public static func choose(_ action: String, on card: CardFacts) -> UserIntent {
        if card.hasReply, action == ReplyOptions.actionKey { return .openReply(id: card.id) }
        return .invoke(id: card.id, action: action)
    }

    /// The body's meaning (the pointer's body click, the keyboard's Enter): a cut card
    /// without a default action expands, else the default action, else the card is
    /// dismissed as clicked.
    public static func body(_ card: CardFacts) -> UserIntent {
        if card.bodyExpands { return .expand(id: card.id) }
        if let action = card.defaultAction { return .invoke(id: card.id, action: action) }
        return .dismiss(id: card.id, reason: .click)
    }
}
