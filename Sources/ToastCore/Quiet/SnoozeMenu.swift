/// The small menu that mutes an application: "Mute Slack for 1 hour / until tomorrow /
/// always", opened on a card (a right click, or S in focus mode) or on a centre entry or
/// group (a right click, or S). Its keys and clicks are decided here; choosing one snoozes
/// the app exactly as `xtoast snooze APP 1h|tomorrow|always` does.
///
///     var menu = SnoozeMenu(app: "Slack", on: .card("7"))
///     menu?.press(KeyPress(.down))        // .open: the highlight is on "for 1 hour"
///     menu?.press(KeyPress(.enter))       // .chose(.oneHour)
public struct SnoozeMenu: Equatable, Sendable {
    /// Where it was opened: on a card (its toast's id: the card closes when a choice is
    /// taken, as focus mode's M closes it) or in the centre's panel.
    public enum Place: Equatable, Sendable {
        case card(String)
        case center
    }

    /// The application, as `SnoozeMenu.app(of:)` names it.
    public let app: String
    public let place: Place
    /// The highlighted choice (an index into `choices`): the keyboard's, or the pointer's
    /// hover. Nil until either moves.
    public var selection: Int?

    /// What the menu offers, in order.
    public static let choices = SnoozeChoice.allCases
    public var choices: [SnoozeChoice] { Self.choices }

    /// Nil when `app` cannot be snoozed (no name, or one `Snoozes.problem` refuses): no menu
    /// then rather than one whose every choice fails.
    public init?(app: String, on place: Place, selection: Int? = nil) {
        guard Snoozes.problem(app) == nil else { return nil }
        self.app = app
        self.place = place
        self.selection = selection.flatMap { Self.choices.indices.contains($0) ? $0 : nil }
    }

    /// The application a toast is snoozed as: its name, else its desktop entry (what
    /// `Snoozes.snoozing` matches either way).
    public static func app(of toast: Toast) -> String {
        toast.app.flatMap { $0.isEmpty ? nil : $0 } ?? toast.desktopEntry
    }

    /// What a key or a click did to the menu.
    public enum Outcome: Equatable, Sendable {
        /// Still open (the highlight may have moved: repaint).
        case open
        /// Closed without a choice.
        case closed
        /// Closed with this choice, for the daemon to carry out.
        case chose(SnoozeChoice)
    }

    /// A key: Up, Down and Tab move the highlight (it stops at the ends), Home and End jump,
    /// Enter takes the highlighted choice, a digit 1-3 takes that choice at once; Escape, or
    /// any other key, closes it and does nothing else (as the centre's do-not-disturb menu).
    public mutating func press(_ key: KeyPress) -> Outcome {
        let last = choices.count - 1
        switch key.key {
        case .down, .tab:
            selection = min(last, (selection ?? -1) + 1)
            return .open
        case .up:
            selection = max(0, min(last, (selection ?? 1) - 1))
            return .open
        case .home:
            selection = 0
            return .open
        case .end:
            selection = last
            return .open
        case .enter:
            guard let selection, choices.indices.contains(selection) else { return .closed }
            return .chose(choices[selection])
        case let .digit(n) where n >= 1 && n <= choices.count:
            return .chose(choices[n - 1])
        default:
            return .closed
        }
    }

    /// What the pointer can hit on the menu.
    public enum Target: Equatable, Sendable {
        case choice(SnoozeChoice)
        /// The menu's own box between its rows: a press there keeps it open.
        case box
    }

    /// A press: on a choice takes it, on the box keeps the menu, anywhere else (`nil`: off
    /// the menu, on a card, on another window) closes it; that press does nothing more.
    public func press(on target: Target?) -> Outcome {
        switch target {
        case let .choice(choice)?: .chose(choice)
        case .box?: .open
        case nil: .closed
        }
    }

    /// The pointer moved over `target`: a choice takes the highlight. True when it changed.
    public mutating func hover(_ target: Target?) -> Bool {
        guard case let .choice(choice)? = target, let i = choices.firstIndex(of: choice), i != selection else { return false }
        selection = i
        return true
    }
}
