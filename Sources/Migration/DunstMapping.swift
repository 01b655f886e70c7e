/// What `xtoast import-dunstrc` makes of each dunst key, side by side, for
/// `xtoast-migrating(7)`. Each mapped key carries a sample value: `DunstMappingTests` feeds
/// every one through `DunstrcTranslator.translate` and fails when the key is reported as not
/// translated or its xtoast key is missing from the result, so this table cannot promise what
/// the translator does not do. What it cannot map comes from the translator's own reasons.
public enum DunstMapping {
    public struct Entry: Sendable {
        /// dunst's key, in `[global]` or in a rule section.
        public let dunst: String
        /// A value dunst accepts for it (the test's input).
        public let sample: String
        /// Where it goes in xtoast's config: `[section] key`, or a rule's setting.
        public let xtoast: String
        /// The `section` and `key = ` the test finds in the translation.
        public let written: (section: String, key: String)
    }

    /// `[global]` keys.
    public static let global: [Entry] = [
        Entry(dunst: "origin", sample: "top-left", xtoast: "[general] position", written: ("general", "position")),
        Entry(dunst: "offset", sample: "10x50", xtoast: "[card] margin_x and margin_y (margin when equal)", written: ("card", "margin_x")),
        Entry(dunst: "geometry", sample: "300x5-30+20", xtoast: "[general] position, [card] width and margins, [general] max_visible (dunst before 1.7)", written: ("general", "position")),
        Entry(dunst: "notification_limit", sample: "5", xtoast: "[general] max_visible (one fewer: xtoast's \"+N more\" card stands beside them)", written: ("general", "max_visible")),
        Entry(dunst: "sort", sample: "yes", xtoast: "[general] sort and stack", written: ("general", "sort")),
        Entry(dunst: "format", sample: "<b>%s</b> %b", xtoast: "[text] format", written: ("text", "format")),
        Entry(dunst: "markup", sample: "full", xtoast: "[text] markup", written: ("text", "markup")),
        Entry(dunst: "alignment", sample: "center", xtoast: "[text] alignment", written: ("text", "alignment")),
        Entry(dunst: "ellipsize", sample: "middle", xtoast: "[text] ellipsize", written: ("text", "ellipsize")),
        Entry(dunst: "ignore_newline", sample: "yes", xtoast: "[text] ignore_newline", written: ("text", "ignore_newline")),
        Entry(dunst: "show_age_threshold", sample: "60", xtoast: "[text] show_age_threshold", written: ("text", "show_age_threshold")),
        Entry(dunst: "mouse_left_click", sample: "close_current", xtoast: "[mouse] left_click (and middle, right)", written: ("mouse", "left_click")),
        Entry(dunst: "background", sample: "\"#222222\"", xtoast: "[card] background (and foreground, frame_color, highlight)", written: ("card", "background")),
        Entry(dunst: "width", sample: "300", xtoast: "[card] width (the widest of (MIN, MAX))", written: ("card", "width")),
        Entry(dunst: "frame_width", sample: "2", xtoast: "[card] border_width", written: ("card", "border_width")),
        Entry(dunst: "corner_radius", sample: "8", xtoast: "[card] radius", written: ("card", "radius")),
        Entry(dunst: "gap_size", sample: "4", xtoast: "[card] gap", written: ("card", "gap")),
        Entry(dunst: "padding", sample: "8", xtoast: "[card] padding", written: ("card", "padding")),
        Entry(dunst: "max_icon_size", sample: "48", xtoast: "[card] image_size", written: ("card", "image_size")),
        Entry(dunst: "font", sample: "Monospace Bold 10", xtoast: "[font] family and size", written: ("font", "family")),
        Entry(dunst: "follow", sample: "mouse", xtoast: "[general] follow", written: ("general", "follow")),
        Entry(dunst: "scale", sample: "0", xtoast: "[general] scale (0: auto)", written: ("general", "scale")),
        Entry(dunst: "stack_duplicates", sample: "true", xtoast: "[general] stack_duplicates", written: ("general", "stack_duplicates")),
        Entry(dunst: "idle_threshold", sample: "120", xtoast: "[general] idle_threshold", written: ("general", "idle_threshold")),
        Entry(dunst: "fullscreen", sample: "delay", xtoast: "[general] fullscreen", written: ("general", "fullscreen")),
        Entry(dunst: "browser", sample: "firefox --new-tab", xtoast: "[general] opener", written: ("general", "opener")),
        Entry(dunst: "dmenu", sample: "dmenu -p dunst", xtoast: "[general] menu", written: ("general", "menu")),
        Entry(dunst: "history_length", sample: "20", xtoast: "[center] keep", written: ("center", "keep")),
        Entry(dunst: "close", sample: "ctrl+space", xtoast: "[keys] dismiss (close_all, history and context: dismiss_all, restore, menu)", written: ("keys", "dismiss")),
    ]

    /// A rule section's settings (its filters are in `filters`).
    public static let rule: [Entry] = [
        Entry(dunst: "timeout", sample: "10", xtoast: "default_timeout (the sender's own timeout wins, as in dunst)", written: ("rule", "default_timeout")),
        Entry(dunst: "override_dbus_timeout", sample: "5", xtoast: "timeout", written: ("rule", "timeout")),
        Entry(dunst: "urgency", sample: "low", xtoast: "urgency", written: ("rule", "urgency")),
        Entry(dunst: "skip_display", sample: "true", xtoast: "skip = display", written: ("rule", "skip")),
        Entry(dunst: "history_ignore", sample: "true", xtoast: "skip = history", written: ("rule", "skip")),
        Entry(dunst: "format", sample: "%s", xtoast: "format (an empty one: skip = display)", written: ("rule", "format")),
        Entry(dunst: "hide_text", sample: "true", xtoast: "hide_text", written: ("rule", "hide_text")),
        Entry(dunst: "icon_position", sample: "off", xtoast: "icon_position (off or left)", written: ("rule", "icon_position")),
        Entry(dunst: "script", sample: "/usr/bin/true", xtoast: "script", written: ("rule", "script")),
        Entry(dunst: "new_icon", sample: "mail-unread", xtoast: "icon", written: ("rule", "icon")),
        Entry(dunst: "default_icon", sample: "dialog-information", xtoast: "default_icon", written: ("rule", "default_icon")),
        Entry(dunst: "background", sample: "\"#112233\"", xtoast: "background (and foreground, frame_color, highlight)", written: ("rule", "background")),
        Entry(dunst: "set_stack_tag", sample: "volume", xtoast: "stack_tag", written: ("rule", "stack_tag")),
        Entry(dunst: "set_transient", sample: "yes", xtoast: "transient", written: ("rule", "transient")),
        Entry(dunst: "set_category", sample: "im", xtoast: "category", written: ("rule", "category")),
        Entry(dunst: "action_name", sample: "open", xtoast: "default_action", written: ("rule", "default_action")),
        Entry(dunst: "override_pause_level", sample: "60", xtoast: "override_pause_level", written: ("rule", "override_pause_level")),
        Entry(dunst: "enabled", sample: "false", xtoast: "enabled", written: ("rule", "enabled")),
        Entry(dunst: "fullscreen", sample: "pushback", xtoast: "fullscreen", written: ("rule", "fullscreen")),
        Entry(dunst: "markup", sample: "strip", xtoast: "markup", written: ("rule", "markup")),
    ]

    /// dunst's rule filters and the `match` field each becomes (a glob `=`, or `~` with
    /// `enable_posix_regex`), in dunst's order.
    public static var filters: [(dunst: String, xtoast: String)] {
        Translation.filters.sorted { $0.key < $1.key }.map { ($0.key, $0.value.rawValue) }
    }

    /// dunst's shortcuts and the `[keys]` action each becomes.
    public static var shortcuts: [(dunst: String, xtoast: String)] {
        Translation.shortcuts.map { ($0.0, $0.1.rawValue) }
    }

    /// What has no xtoast equivalent, and why: the translator's own words for its diagnostics
    /// (a key `global` maps is left out: its reason is only for a value it cannot read).
    public static var untranslated: [(dunst: String, why: String)] {
        let mapped = Set(global.map(\.dunst))
        return (Translation.globalReasons.merging(Translation.ruleReasons) { global, _ in global })
            .filter { !mapped.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Values of keys that ask for what xtoast does anyway: they pass without a word.
    public static var sameOnXtoast: [(dunst: String, values: [String])] {
        Translation.asOnXtoast.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted()) }
    }
}
