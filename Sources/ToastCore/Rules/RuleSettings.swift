/// Whether a card shows its icon (a rule's `icon_position`): at its leading edge, or not at all.
public enum IconPosition: String, CaseIterable, Sendable {
    case left, off
}

/// What a rule's `skip` setting keeps of a toast.
public enum RuleSkip: String, CaseIterable, Sendable {
    /// Shown and kept in history (undoes an earlier rule's skip).
    case none
    /// Kept in history, never shown.
    case display
    /// Shown, not kept in history.
    case history
    /// Dropped: neither shown nor kept (its scripts still run, as dunst's `always_run_script`).
    case all
}

/// What a rule's script gets on its command line besides its own words (`script_args`).
public enum ScriptArguments: String, CaseIterable, Sendable {
    /// Nothing: the toast is in the environment only.
    case none
    /// dunst's five: app name, summary, body, icon path, urgency (`LOW`, `NORMAL`, `CRITICAL`),
    /// so a script written for dunst runs unchanged.
    case dunst
}

/// What rules change about a toast; nil is "no rule said". Merging keeps the later rule's
/// word for each setting.
///
/// Each key is a field here, a line in `merge`, and a row in `RuleSettingKey.all`.
public struct RuleSettings: Equatable, Sendable {
    public var kind: Kind?
    public var style: CardStyle?
    public var position: Position?
    public var monitor: MonitorChoice?
    /// Seconds; 0 never expires. Overrides the sender's own timeout: a rule is the user's word.
    public var timeout: Double?
    /// Seconds on screen when the sender gave no timeout of its own (dunst's rule `timeout`;
    /// a critical bus toast's own expire_timeout does not count); 0 never expires.
    public var defaultTimeout: Double?
    public var urgency: Urgency?
    /// Replaces the toast's `category` hint for scripts and what is reported of it. Later rules
    /// still match the category it came with: rules are indexed by it (`RuleIndexKey`).
    public var category: String?
    /// The action a click on the card's body (and `xtoast invoke`) chooses, when the toast
    /// has an action with this id (dunst's `action_name`).
    public var defaultAction: String?
    /// Replaces the toast's icon.
    public var icon: String?
    /// The icon of a toast that has none (no icon and no pixels of its own).
    public var defaultIcon: String?
    /// The accent colour, 0xRRGGBB.
    public var color: UInt32?
    /// The card's colours over the config's (`background`, `foreground`, `frame_color`,
    /// `highlight`); each set alone merges alone.
    public var background: UInt32?
    public var foreground: UInt32?
    public var frameColor: UInt32?
    public var highlight: UInt32?
    public var markup: Bool?
    /// `markup = strip`: the message's tags are removed once, when the toast is admitted, so
    /// its card, history and list show the same plain words (set with `markup`, never alone).
    public var stripsMarkup: Bool?
    /// The card's text as a dunst `format`.
    public var format: String?
    /// The card shows no text, only its icon (dunst's `hide_text`).
    public var hideText: Bool?
    /// `off`: the card shows no icon (dunst's `icon_position = off`).
    public var iconPosition: IconPosition?
    /// Empty removes the toast's stack tag.
    public var stackTag: String?
    public var transient: Bool?
    public var skip: RuleSkip?
    /// What a fullscreen window on the toast's monitor does to it.
    public var fullscreen: FullscreenMode?
    /// A sound to play, or `none` for silence, over what the sender asked (`SoundChoice`).
    public var sound: RuleSound?
    /// dunst's `override_pause_level`: the do-not-disturb level (0-100) up to which the toast
    /// still shows (`QuietGate`).
    public var overridePauseLevel: Int?
    /// The program and its arguments, split like a command line. Not merged: every matching
    /// rule's script runs (`RuleOutcome.scripts`).
    public var script: [String]?
    /// What the rule's own script gets as arguments; not merged, as `script` is not.
    public var scriptArguments: ScriptArguments?

    public init() {}

    public var isEmpty: Bool { self == RuleSettings() }

    /// The card colours these settings give a toast; nil when they give none.
    public var cardColors: CardColors? {
        let colors = CardColors(background: background, foreground: foreground, frame: frameColor, highlight: highlight)
        return colors.isEmpty ? nil : colors
    }

    /// Takes every setting `later` has, keeping the rest. Written out field by field: it runs
    /// for every rule that matches a toast, and key paths through a table cost ten times more.
    public mutating func merge(_ later: RuleSettings) {
        if let v = later.kind { kind = v }
        if let v = later.style { style = v }
        if let v = later.position { position = v }
        if let v = later.monitor { monitor = v }
        if let v = later.timeout { timeout = v }
        if let v = later.defaultTimeout { defaultTimeout = v }
        if let v = later.urgency { urgency = v }
        if let v = later.category { category = v }
        if let v = later.defaultAction { defaultAction = v }
        if let v = later.icon { icon = v }
        if let v = later.defaultIcon { defaultIcon = v }
        if let v = later.color { color = v }
        if let v = later.background { background = v }
        if let v = later.foreground { foreground = v }
        if let v = later.frameColor { frameColor = v }
        if let v = later.highlight { highlight = v }
        if let v = later.markup { markup = v }
        if let v = later.stripsMarkup { stripsMarkup = v }
        if let v = later.format { format = v }
        if let v = later.hideText { hideText = v }
        if let v = later.iconPosition { iconPosition = v }
        if let v = later.stackTag { stackTag = v }
        if let v = later.transient { transient = v }
        if let v = later.skip { skip = v }
        if let v = later.fullscreen { fullscreen = v }
        if let v = later.sound { sound = v }
        if let v = later.overridePauseLevel { overridePauseLevel = v }
    }
}
