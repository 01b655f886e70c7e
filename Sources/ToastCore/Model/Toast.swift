/// One toast as the daemon holds it: what to show, for how long, and what it offers.
public struct Toast: Equatable, Sendable {
    public var id: String
    public var title: String
    public var message: String
    public var kind: Kind
    /// Seconds on screen once visible; 0 keeps it until dismissed.
    public var timeout: Double
    public var position: Position
    /// The card style; nil follows the configured one (so a reload restyles it).
    public var style: CardStyle?
    /// Whether `message` uses the small markup subset (`<b> <i> <u>`, entities).
    public var markup: Bool
    /// An image file path, a `file://` URI or a freedesktop icon name, drawn instead of the kind's icon.
    public var icon: String?
    /// The image file `icon` resolved to when it was shown or updated; nil shows the kind's icon.
    public var iconFile: String?
    /// Buttons in the card's trailing area, in order.
    public var actions: [Action]
    /// The action a click on the card's body chooses.
    public var defaultAction: String?
    /// 0...100: a progress bar along the card's bottom.
    public var progress: Double?
    public var urgency: Urgency
    /// The application that sent it: a D-Bus `Notify`'s app_name, or what a socket client
    /// named (`xtoast show --app`, `Submission.defaultSocketApp` when it named none).
    public var app: String?
    /// Stays on screen after an action is chosen (the D-Bus `resident` hint).
    public var resident = false
    /// The D-Bus `action-icons` hint: its action keys are icon names (`CardComposer.buttonRow`).
    public var actionIcons = false
    /// The image files the action keys resolved to in the icon theme, by key, when
    /// `actionIcons`; a key not found keeps its labelled button.
    public var actionIconFiles: [String: String] = [:]
    /// An inline reply (`inline-reply`, `--reply`): a reply button that opens a text field.
    public var reply: ReplyOptions?
    /// `x-kde-origin-name`: a web site, a phone, an account; a line under the title.
    public var origin: String?
    /// Whether a script on the socket or an application on the bus sent it.
    public var source: ToastSource = .socket
    /// The bus interface it came through (`"interface"`); nil for the socket's.
    public var interface: ToastInterface?
    /// The rules that matched it, in file order (`list`, `history` and events name them).
    public var rules: [String] = []
    /// The accent colour (0xRRGGBB) a rule gave it, over its kind's.
    public var color: UInt32?
    /// The card colours its rules gave it (`background`, `foreground`, `frame_color`,
    /// `highlight`), over the config's for its kind and urgency.
    public var cardColors: CardColors?
    /// A rule's `format`, over `[text] format`.
    public var format: String?
    /// A rule's `hide_text`: the card shows only its icon.
    public var hidesText = false
    /// A rule's `icon_position = off`: the card shows no icon.
    public var hidesIcon = false
    /// A later toast from the same source and application with the same tag takes this one's
    /// place (`x-dunst-stack-tag`, a rule's `stack_tag`).
    public var stackTag: String?
    /// Not kept in history when it ends (the D-Bus `transient` hint, a rule's `transient` or
    /// `skip = history`).
    public var transient = false
    /// A rule's `fullscreen`: what a fullscreen window on its monitor does to it; nil is the
    /// config's word (and `show` for critical toasts).
    public var fullscreen: FullscreenMode?
    /// The bus application's unique name (`:1.42`) that sent it, so a late action can check
    /// it is still there; nil for socket toasts.
    public var sender: String?
    /// Shown again by `xtoast restore` (`"restored":true` in `list`, `history` and events).
    public var restored = false
    /// A restored toast's buttons belong to the toast it restores: a click reaches this
    /// listener under the original id, as a late action. Nil (and no buttons) once it is gone.
    public var lateListener: Listener?
    /// A later identical toast adds to this card's count instead of a card of its own
    /// (`[general] stack_duplicates`): set by the admission for a toast with no id of its
    /// caller's, no stack tag, no `replaces_id` and no actions (`Repeats.isCandidate`).
    public var collapsesRepeats = false
    /// How many identical toasts this card stands for: 1, plus one per repeat (each an
    /// alias of the card); the card shows `×N` from 2.
    public var count = 1
    /// How many times it was replaced in place (`replaces_id`, a stack tag, a `show` with its
    /// id): the same notification with newer text, so it makes one history entry, not one
    /// per step (`Board.replacedInPlace`).
    public var updates = 0
    /// A digest of the `image-data` pixels the toast came with, so repeats compare their
    /// pictures too (`Repeats.digest`); nil when it has none.
    public var imageDigest: UInt64?
    /// When its card times out it is hidden into the notification centre, still open, instead
    /// of ending (`KeepOpen`; the admission decides it).
    public var keepsOpen = false
    /// What its timeout follows (`Admission.timeout`), so an update keeps the admission's
    /// policy: a critical toast waiting for the user, a rule's `timeout`.
    public var timeoutPolicy = TimeoutPolicy.byKind
    /// A rule's `override_pause_level` (0-100): it shows while do-not-disturb's level is at
    /// most this (`QuietGate`); nil is 100 for a critical toast, 0 for the rest.
    public var overridePauseLevel: Int?
    /// The bus's `category` and `desktop-entry` hints (empty for none): what a quiet
    /// schedule's `allow = calls` and `allow = APP` look at.
    public var category = ""
    public var desktopEntry = ""
    /// Set on the card that stands for an application's toasts past `[quiet] burst`
    /// (`Board+Digest`): its title counts them, its text is the newest one's.
    public var digest: Digest?
    /// Set on the card that stands for what waited through a quiet time (`QuietSummary`).
    public var summary: QuietSummary?

    public init(id: String, title: String = "", message: String, kind: Kind = .info,
                timeout: Double = 4, position: Position = .topRight, style: CardStyle? = nil, markup: Bool = false,
                icon: String? = nil, actions: [Action] = [], defaultAction: String? = nil, progress: Double? = nil,
                urgency: Urgency = .normal) {
        self.id = id
        self.title = title
        self.message = message
        self.kind = kind
        self.timeout = timeout
        self.position = position
        self.style = style
        self.markup = markup
        self.icon = icon
        self.actions = actions
        self.defaultAction = defaultAction
        self.progress = progress
        self.urgency = urgency
    }
}

/// Where a toast's timeout came from, which says what an `update` that changes its kind
/// does to it (`Admission.decideUpdate`).
public enum TimeoutPolicy: Equatable, Sendable {
    /// The kind's default or the sender's own: a new kind gives the new kind's default.
    case byKind
    /// Critical, it waits for the user (timeout 0): a new kind keeps it waiting.
    case critical
    /// A rule's `timeout`, the user's word: kept through every update.
    case rule
}

/// A button on a card: clicking it sends an `action` event with `id`.
public struct Action: Equatable, Sendable {
    public var id: String
    public var label: String
    /// What the sender said the button is for, when it said (`ButtonPurpose`).
    public var purpose: ButtonPurpose?
    public init(id: String, label: String, purpose: ButtonPurpose? = nil) {
        self.id = id
        self.label = label
        self.purpose = purpose
    }
    /// Buttons share one row of the trailing area.
    public static let maxCount = 3
}

/// How much a toast may interrupt.
public enum Urgency: String, CaseIterable, Sendable {
    /// Dropped first when the queue overflows.
    case low
    case normal
    /// Ignores do-not-disturb, waits for no timeout, and goes to the front of the queue.
    case critical
}

/// Why a toast went away; sent to clients in `dismissed` events.
public enum DismissReason: String, Sendable, CaseIterable {
    case timeout, click, swipe, close, action, api, replaced, overflow, shutdown
    /// A rule's `skip = display`: kept in history, never shown.
    case skipped
    /// A rule's `skip = all`: neither shown nor kept in history.
    case dropped
    /// `fullscreen = suppress` while a fullscreen window covered its monitor: kept in
    /// history, never shown.
    case suppressed
    /// It came while the notification centre was open: its entry showed there, no card.
    case center
    /// Its application was past `[quiet] burst`: it was counted on the app's digest card
    /// (kept in history at once), and ended with the digest.
    case folded
    /// It waited through a quiet time (do-not-disturb, a lock) with more than `[quiet]
    /// summary_over` others: the summary card stood for it, kept in history unread.
    case summarized
    /// Its application was snoozed (`xtoast snooze`, "Mute APP for 1 hour"): kept in history,
    /// never shown.
    case snoozed
    /// It came from the application whose window the user is looking at (`[general]
    /// focused_app`): kept in the centre unread (`quiet`) or in history read (`history`),
    /// never shown.
    case focused
    /// It was live when the daemon was killed or crashed (`LiveJournal`): the next daemon
    /// restored it (`[center] restore_after_crash`).
    case crashed

    /// Whether a toast that ended so still counts as unread (`xtoast count`): the user did
    /// not click, swipe, close or act on it. A replaced toast is not: what replaced it
    /// carries the news (a volume pop-up's hundred steps are one thing to read).
    public var leavesUnread: Bool {
        switch self {
        case .click, .swipe, .close, .action, .replaced, .center: false
        case .timeout, .api, .overflow, .shutdown, .skipped, .dropped, .suppressed, .folded, .summarized, .snoozed, .focused,
             .crashed: true
        }
    }
}
