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
    public var markup: Bool?
    /// Empty removes the toast's stack tag.
    public var stackTag: String?
    public var transient: Bool?
    public var skip: RuleSkip?
    /// What a fullscreen window on the toast's monitor does to it.
    public var fullscreen: FullscreenMode?
    /// A sound to play, or `none` for silence, over what the sender asked (`SoundChoice`).
    public var sound: RuleSound?
    /// The program and its arguments, split like a command line. Not merged: every matching
    /// rule's script runs (`RuleOutcome.scripts`).
    public var script: [String]?
    /// What the rule's own script gets as arguments; not merged, as `script` is not.
    public var scriptArguments: ScriptArguments?

    public init() {}

    public var isEmpty: Bool { self == RuleSettings() }

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
        if let v = later.markup { markup = v }
        if let v = later.stackTag { stackTag = v }
        if let v = later.transient { transient = v }
        if let v = later.skip { skip = v }
        if let v = later.fullscreen { fullscreen = v }
        if let v = later.sound { sound = v }
    }
}
