/// What a click of each mouse button on a card does (`[mouse] left_click`, `middle_click`,
/// `right_click`), in dunst's words, so a dunstrc's `mouse_*_click` carries over.
public enum MouseAction: String, CaseIterable, Sendable {
    /// Nothing.
    case none
    /// The card's default action; without one, the menu of its actions when it has any.
    case doAction = "do_action"
    /// The card ends as clicked.
    case closeCurrent = "close_current"
    /// Every card ends, and every toast waiting (the `dismiss_all` key's).
    case closeAll = "close_all"
    /// The menu of the card's actions and links (`xtoast menu`).
    case context
    /// The menu of every visible card's (`xtoast menu --all`).
    case contextAll = "context_all"
    /// The message's link when it has exactly one; with more, the menu.
    case openURL = "open_url"
    /// xtoast's own: the small menu that mutes the card's application ("Mute APP for 1 hour /
    /// until tomorrow / always", `SnoozeMenu`). The right button's default.
    case snooze
}

/// The mouse buttons a card answers, and what each does. Nil for the left button is xtoast's
/// own click (`CardActivation`: expand a cut card, else the default action, else dismiss);
/// the middle button does nothing unless bound; the right one opens the snooze menu (a
/// right click is where a user looks for "mute this app"), unless bound to something else
/// (a dunstrc's `close_all` carries over) or to `none`. The close button, action buttons
/// and links keep their meaning under any left-button binding: a binding is what a click on
/// the card's body does, as dunst's is for its notification.
public struct MouseBindings: Equatable, Sendable {
    public var left: [MouseAction]?
    public var middle: [MouseAction] = []
    public var right: [MouseAction] = [.snooze]

    public init(left: [MouseAction]? = nil, middle: [MouseAction] = [], right: [MouseAction] = [.snooze]) {
        self.left = left
        self.middle = middle
        self.right = right
    }

    /// dunst's defaults: left closes the card, middle does its action and closes it, right
    /// closes all (`import-dunstrc` writes them out).
    public static let dunst = MouseBindings(left: [.closeCurrent], middle: [.doAction, .closeCurrent], right: [.closeAll])

    /// `do_action, close_current`: dunst's list, in order, each at most once; `none` alone.
    public static func parse(_ value: String) -> [MouseAction]? {
        var actions: [MouseAction] = []
        for word in value.split(separator: ",") {
            let name = word.trimmingBlanks().lowercased()
            guard let action = MouseAction(rawValue: String(name)) else { return nil }
            if action != .none, !actions.contains(action) { actions.append(action) }
        }
        return Substring(value).trimmingBlanks().isEmpty ? nil : actions
    }

    /// The actions of X button `button` (1 left, 2 middle, 3 right); nil: xtoast's own click
    /// (the left button, unbound) or not a button cards answer.
    public func actions(button: UInt32) -> [MouseAction]? {
        switch button {
        case 1: left
        case 2: middle
        case 3: right
        default: nil
        }
    }

    /// What `actions` mean on `card`, in order; a card closed by one is not acted on again.
    public static func intents(_ actions: [MouseAction], on card: CardFacts) -> [UserIntent] {
        var intents: [UserIntent] = []
        var menu = false
        for action in actions {
            switch action {
            case .none: break
            case .doAction:
                if let action = card.defaultAction { intents.append(.invoke(id: card.id, action: action)) }
                else if !card.actions.isEmpty || !card.links.isEmpty { menu = true }
            case .closeCurrent: intents.append(.dismiss(id: card.id, reason: .click))
            case .closeAll: intents.append(.dismissAll)
            case .context, .contextAll: menu = true
            case .snooze: intents.append(.openSnoozeMenu(id: card.id))
            case .openURL:
                if card.links.count == 1, let link = card.links.first { intents.append(.openLink(id: card.id, target: link)) }
                else if card.links.count > 1 { menu = true }
            }
        }
        // The menu comes first: it lists the card, which the rest may close.
        return menu ? [.menu] + intents : intents
    }

    /// A click that `SwipeGesture` called a click, at `spot`, with button 1: the close button,
    /// action buttons and links keep their meaning; the body does what `left` says.
    public func leftClick(_ spot: CardSpot, on card: CardFacts, pressed: String? = nil) -> [UserIntent] {
        guard let left else { return [CardActivation.click(spot, on: card, pressed: pressed)] }
        switch spot {
        case .close, .button, .link, .expandChevron, .replyField, .replySend:
            let intent = CardActivation.click(spot, on: card, pressed: pressed)
            if case .button = spot, case .invoke = intent { return [intent] }
            if case .button = spot, case .openReply = intent { return [intent] }
            if case .button = spot { return Self.intents(left, on: card) }
            return [intent]
        case .body:
            return Self.intents(left, on: card)
        }
    }
}
