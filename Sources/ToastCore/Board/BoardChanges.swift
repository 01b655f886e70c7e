import JSONCodec

/// What a board operation changed, in the order it happened: the screen follows the card
/// changes, the owners and subscribers hear the events.
public struct BoardChanges: Sendable {
    /// One event and who hears it: the toast's owner first, then every subscriber.
    public struct Delivery: Equatable, Sendable {
        public var event: ToastEvent
        public var recipients: [Owner]
        /// Where the toast came from; nil when the event has no toast to name (it was gone).
        public var source: ToastSource?
        /// The application the toast came from.
        public var app: String?
        /// The rules that matched the toast.
        public var rules: [String]
        /// An action that reaches its sender after the toast ended (`Listener`): `"late":true`.
        public var late: Bool
        /// The toast was shown again by `restore`: `"restored":true`.
        public var restored: Bool
        /// With an `action` the user chose by a click or key: the startup-notification id that
        /// lets the application raise its window (`ActivationTokens`), `"activation_token"` on
        /// the socket, `ActivationToken` before `ActionInvoked` on the bus.
        public var activationToken: String?
        /// The one bus client that hears it (a reply goes to its notification's sender only,
        /// as a unicast signal); nil: the signal goes to the whole bus.
        public var destination: String?
        /// The bus interface the toast came through, and its application's id
        /// (`desktop-entry`): what an interface's adapter needs to answer the right
        /// application, and what the event's line names.
        public var interface: ToastInterface?
        public var desktopEntry: String?

        public init(event: ToastEvent, recipients: [Owner], source: ToastSource? = nil, app: String? = nil, rules: [String] = [],
                    late: Bool = false, restored: Bool = false, activationToken: String? = nil) {
            self.activationToken = activationToken
            self.event = event
            self.recipients = recipients
            self.source = source
            self.app = app
            self.rules = rules
            self.late = late
            self.restored = restored
        }

        /// The event's line, naming the toast's source, application and rules (`subscribe`
        /// shows which toasts came from where and what matched them).
        public var json: JSON {
            let line = event.json(source: source, app: app, rules: rules, interface: interface, desktopEntry: desktopEntry)
            guard late || restored || activationToken != nil, case let .object(fields) = line else { return line }
            return .object(fields + (late ? [("late", .bool(true))] : []) + (restored ? [("restored", .bool(true))] : [])
                           + (activationToken.map { [("activation_token", .string($0))] } ?? []))
        }
    }

    /// The counts, when they changed since the followers (`count --follow`) last heard them.
    public var counts: Counts?
    /// Who hears `counts`.
    public var countFollowers: [Owner] = []

    /// Events, in the order they happened.
    public var deliveries: [Delivery] = []
    /// Toasts that became visible: each needs a card.
    public var entered: [String] = []
    /// Toasts that ended while visible (or waiting): their cards leave.
    public var left: [(id: String, reason: DismissReason)] = []
    /// Toasts whose content changed: their cards repaint. `collapsed` when the whole toast was
    /// replaced (an expanded card goes back to its collapsed height).
    public var restyled: [(id: String, collapsed: Bool)] = []
    /// Of those, cards restyled because a repeat changed their count (`×N`) or a digest folded
    /// one more toast: a flood of them repaints such a card at most once a frame, not once each.
    public var recounted: Set<String> = []
    /// Cards that now show a toast with a new id (a D-Bus stack tag): the card stays, in place.
    public var renamed: [(from: String, to: String)] = []
    /// Stacks whose cards must be laid out again.
    public var stacks: Set<StackKey> = []
    /// Stacks where only the waiting changed (a flood queues and overflows behind full cards):
    /// their "+N more" card takes its new count at the next frame, laid out once however many
    /// toasts queued or overflowed meanwhile.
    public var waiting: Set<StackKey> = []
    /// Entries that went into the history, oldest first: the daemon appends them to its file.
    public var kept: [HistoryEntry] = []
    /// Entries already kept were removed or read (the centre's ×, "Clear all", opening it, a
    /// late action, `restore`): the daemon rewrites its file from the history at the end of
    /// the loop turn. Not part of `isEmpty`: nothing on screen follows from it.
    public var historyEdited = false

    public init() {}

    public var isEmpty: Bool {
        deliveries.isEmpty && entered.isEmpty && left.isEmpty && restyled.isEmpty && renamed.isEmpty && stacks.isEmpty && waiting.isEmpty && kept.isEmpty
    }

    /// The events only, for tests and logs.
    public var events: [ToastEvent] { deliveries.map(\.event) }
}
