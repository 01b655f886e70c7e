/// What one history entry may hold, so that `[center] keep` entries stay within a known
/// memory bound (1,000 entries of the longest text measured at about 2 MiB of private memory,
/// `scripts/bench`) and every line of the file within `maxLineBytes`.
///
/// An entry is cut once, when its toast ends, so what `history` answers, what the centre
/// shows and what the file holds are the same text.
public enum HistoryLimits {
    /// The most `[center] keep` may be, and `history N`'s largest N: ten times the default,
    /// about 20 MiB of memory at the longest text.
    public static let maxKeep = 10_000
    /// The most `[center] keep_days` may be: ten years.
    public static let maxKeepDays = 3650
    /// Unicode scalars of a message: the centre shows 3 lines of about 60 characters, expanded
    /// a few more; a log of what was missed needs no more than that.
    public static let messageScalars = 512
    public static let titleScalars = 128
    public static let appScalars = 128
    /// An icon's name or path longer than this is not kept (a path cut short names nothing).
    public static let iconBytes = 512
    /// The rules named, first ones first (each name cut to the config's 64 bytes' worth).
    public static let rules = 8
    public static let ruleScalars = 64
    /// The most replacements in place an entry counts (`Toast.updates`): a volume key held
    /// for a day stays far below it, and a count read back is a number the file can hold.
    public static let maxUpdates = 1_000_000_000
    /// Action ids longer than this are not kept with their button (an id cut short is another id).
    public static let actionIDBytes = 256
    public static let actionLabelScalars = 64
    /// A line is at most this long (the longest entry within the limits above, with every
    /// scalar escaped, is about 16 KiB); a longer line is damage, and an entry whose line
    /// would be longer (an id of many combining marks) stays in memory only.
    public static let maxLineBytes = 32 * 1024

    /// `toast` within the limits: text cut at a scalar, over-long names dropped.
    public static func cut(_ toast: Toast) -> Toast {
        var t = toast
        t.title = TextLimits.cut(t.title, to: titleScalars).text
        t.message = TextLimits.cut(t.message, to: messageScalars).text
        t.app = t.app.map { TextLimits.cut($0, to: appScalars).text }
        if let icon = t.icon, icon.utf8.count > iconBytes { t.icon = nil }
        t.rules = t.rules.prefix(rules).map { TextLimits.cut($0, to: ruleScalars).text }
        t.actions = t.actions.filter { $0.id.utf8.count <= actionIDBytes }.prefix(Action.maxCount)
            .map { Action(id: $0.id, label: TextLimits.cut($0.label, to: actionLabelScalars).text) }
        if let action = t.defaultAction, action.utf8.count > actionIDBytes { t.defaultAction = nil }
        return t
    }

    /// Whether `cut` would leave `toast` as it is; cheap for a file's every line (a text of no
    /// more UTF-8 bytes than its limit in scalars is within it without counting them).
    public static func isWithin(_ t: Toast) -> Bool {
        fits(t.title, titleScalars) && fits(t.message, messageScalars) && t.app.map({ fits($0, appScalars) }) != false
            && (t.icon?.utf8.count ?? 0) <= iconBytes
            && t.rules.count <= rules && t.rules.allSatisfy { fits($0, ruleScalars) }
            && t.actions.count <= Action.maxCount
            && t.actions.allSatisfy { $0.id.utf8.count <= actionIDBytes && fits($0.label, actionLabelScalars) }
            && (t.defaultAction?.utf8.count ?? 0) <= actionIDBytes
    }

    private static func fits(_ text: String, _ scalars: Int) -> Bool {
        text.utf8.count <= scalars || text.unicodeScalars.count <= scalars
    }
}
