import Patterns

/// The keys a `[rule NAME]` section may set, as data: the config parser, its "expected one
/// of" messages and the man page all read this one table.
public struct RuleSettingKey: Sendable {
    public let key: String
    /// The value's form and meaning, for the man page and the example file.
    public let summary: String
    /// Checks `value` and stores it in the rule, or throws without touching it.
    package let apply: @Sendable (inout Rule, String) throws(RuleProblem) -> Void

    public static func named(_ key: String) -> RuleSettingKey? { all.first { $0.key == key } }

    public static let all: [RuleSettingKey] = [
        choice("kind", \.kind, "the kind (its colour and icon): \(Kind.allCases.map(\.rawValue).joined(separator: " | "))"),
        choice("style", \.style, "the card style: \(CardStyle.allCases.map(\.rawValue).joined(separator: " | "))"),
        choice("position", \.position, "where its stack sits: \(Position.allCases.map(\.rawValue).joined(separator: " | "))"),
        setting("monitor", \.monitor, "the monitor: a name, primary, or a number from 0 (as xtoast show --monitor)") { value throws(RuleProblem) in
            guard let monitor = MonitorChoice(parsing: value) else {
                throw RuleProblem("expected a monitor name, primary or a number, got '\(value)'")
            }
            return monitor
        },
        setting("timeout", \.timeout, "seconds on screen, overriding the sender's own timeout; 0 = until dismissed [0 to 86400]") { value throws(RuleProblem) in
            do throws(ConfigProblem) {
                return try ConfigSchema.number(value, .upTo(ConfigLimits.timeout))
            } catch {
                throw RuleProblem(error.message)
            }
        },
        setting("default_timeout", \.defaultTimeout, """
            seconds on screen when the sender gave no timeout (a critical bus toast's own does not count); \
            0 = until dismissed [0 to 86400]
            """) { value throws(RuleProblem) in
            do throws(ConfigProblem) {
                return try ConfigSchema.number(value, .upTo(ConfigLimits.timeout))
            } catch {
                throw RuleProblem(error.message)
            }
        },
        choice("urgency", \.urgency, "the urgency: low | normal | critical"),
        setting("category", \.category, "replaces the toast's category for its scripts (later rules match the one it came with)") { value throws(RuleProblem) in
            guard value.utf8.count <= RuleLimits.fieldBytes else { throw RuleProblem("must be at most \(RuleLimits.fieldBytes) bytes") }
            return value
        },
        setting("default_action", \.defaultAction, """
            the id of the action a click on the card (and xtoast invoke) chooses, when the toast has it
            """) { value throws(RuleProblem) in
            guard value.utf8.count <= ProtocolLimits.maxIDLength else {
                throw RuleProblem("must be at most \(ProtocolLimits.maxIDLength) bytes")
            }
            return try text(value)
        },
        setting("icon", \.icon, "an icon name or image path replacing the toast's own") { value throws(RuleProblem) in try text(value) },
        setting("default_icon", \.defaultIcon, "an icon name or image path for a toast that has none") { value throws(RuleProblem) in try text(value) },
        setting("color", \.color, "the accent colour, #RRGGBB") { value throws(RuleProblem) in
            do throws(ConfigProblem) {
                return try ConfigSchema.color(value)
            } catch {
                throw RuleProblem(error.message)
            }
        },
        colorSetting("background", \.background, "the card's fill, #RRGGBB (used as given, not tinted)"),
        colorSetting("foreground", \.foreground, "the card's text colour, #RRGGBB"),
        colorSetting("frame_color", \.frameColor, "the tinted style's border and the accent style's bar, #RRGGBB"),
        colorSetting("highlight", \.highlight, "the progress bar's colour, #RRGGBB"),
        RuleSettingKey(key: "markup", summary: "whether the message's markup is read: yes (or full) | no (shown as sent) | strip (its tags removed, its text kept)",
                       apply: { (rule: inout Rule, value: String) throws(RuleProblem) in
                           // dunst's rule `markup = strip` beside yes/no: both fields, so a later rule's word replaces an earlier one's.
                           switch value.lowercased() {
                           case "strip": (rule.settings.markup, rule.settings.stripsMarkup) = (true, true)
                           case "full": (rule.settings.markup, rule.settings.stripsMarkup) = (true, false)
                           default:
                               do { rule.settings.markup = try yesNo(value) } catch { throw RuleProblem("expected yes, no, full or strip, got '\(value)'") }
                               rule.settings.stripsMarkup = false
                           }
                       }),
        setting("format", \.format, "the card's text as a dunst format: %a %s %b %p %n %i %I %%, \\n, markup [at most 1024 bytes]") { value throws(RuleProblem) in
            do throws(ConfigProblem) {
                return try ConfigSchema.format(value)
            } catch {
                throw RuleProblem(error.message)
            }
        },
        setting("hide_text", \.hideText, "the card shows only its icon, no text: yes | no") { value throws(RuleProblem) in try yesNo(value) },
        choice("icon_position", \.iconPosition, "left (the card's icon at its leading edge) | off (no icon)"),
        setting("stack_tag", \.stackTag, "a tag: a later toast with the same tag takes this one's place; \"\" removes it") { value throws(RuleProblem) in
            guard value.utf8.count <= RuleLimits.fieldBytes else { throw RuleProblem("must be at most \(RuleLimits.fieldBytes) bytes") }
            return value
        },
        setting("transient", \.transient, "a transient toast is not kept in history: yes | no") { value throws(RuleProblem) in try yesNo(value) },
        choice("skip", \.skip, """
            none (shown and kept) | display (kept in history, never shown) | history (shown, not kept) | \
            all (dropped; its scripts still run)
            """),
        choice("fullscreen", \.fullscreen, """
            what a fullscreen window on its monitor does to it: show | delay (waits until fullscreen ends) | \
            pushback (as delay, and a card up goes back to wait) | suppress (straight to history)
            """),
        setting("sound", \.sound, """
            a sound-theme name (message-new-instant, bell), an absolute path or file:// URI of a sound file, \
            or none for silence; over the sender's sound-name, sound-file and suppress-sound hints
            """) { value throws(RuleProblem) in
            guard let sound = SoundChoice.parse(value) else {
                throw RuleProblem("expected a sound-theme name, an absolute path or none, got '\(value)'")
            }
            return sound
        },
        setting("override_pause_level", \.overridePauseLevel, """
            the do-not-disturb level up to which it still shows, as dunst's: 0 (held by any pause) \
            to 100 (shows through plain xtoast pause, inhibitions and schedules); default 100 for \
            critical toasts, 0 for the rest [0 to 100]
            """) { value throws(RuleProblem) in
            guard let level = Int(value), (0...100).contains(level) else { throw RuleProblem("expected a level from 0 to 100, got '\(value)'") }
            return level
        },
        RuleSettingKey(key: "script", summary: """
            PROGRAM [ARGUMENTS...], split like a command line (quotes and backslashes, no shell); \
            runs for every toast the rule matches, with XTOAST_ID, XTOAST_APP, XTOAST_SUMMARY, \
            XTOAST_BODY, XTOAST_ICON, XTOAST_URGENCY, XTOAST_CATEGORY, XTOAST_KIND, XTOAST_SOURCE, \
            XTOAST_RULE and XTOAST_TIMESTAMP in its environment, and dunst's DUNST_APP_NAME, \
            DUNST_SUMMARY, DUNST_BODY, DUNST_ICON_PATH, DUNST_URGENCY, DUNST_ID, DUNST_PROGRESS, \
            DUNST_CATEGORY, DUNST_STACK_TAG, DUNST_URLS, DUNST_TIMEOUT, DUNST_TIMESTAMP and \
            DUNST_DESKTOP_ENTRY; a PROGRAM without a slash is looked up in PATH
            """, apply: { (rule: inout Rule, value: String) throws(RuleProblem) in
                rule.settings.script = try CommandWords.split(value)
            }),
        choice("script_args", \.scriptArguments, """
            what the rule's script gets as arguments after its own: none | dunst (app name, summary, body, \
            icon path, urgency as LOW, NORMAL or CRITICAL, as dunst passes them)
            """),
        RuleSettingKey(key: "enabled", summary: "whether the rule applies: yes | no (xtoast rule NAME enable|disable changes it at run time)",
                       apply: { (rule: inout Rule, value: String) throws(RuleProblem) in rule.enabled = try yesNo(value) }),
    ]

    // MARK: Kinds of setting

    private static func setting<Value: Sendable>(
        _ key: String, _ path: WritableKeyPath<RuleSettings, Value?> & Sendable, _ summary: String,
        _ parse: @escaping @Sendable (String) throws(RuleProblem) -> Value
    ) -> RuleSettingKey {
        RuleSettingKey(key: key, summary: summary, apply: { (rule: inout Rule, value: String) throws(RuleProblem) in
            rule.settings[keyPath: path] = try parse(value)
        })
    }

    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<RuleSettings, Choice?> & Sendable, _ summary: String
    ) -> RuleSettingKey where Choice.RawValue == String {
        setting(key, path, summary) { value throws(RuleProblem) in
            guard let choice = Choice(rawValue: value.lowercased()) else {
                throw RuleProblem("'\(value)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: "|"))")
            }
            return choice
        }
    }

    private static func colorSetting(_ key: String, _ path: WritableKeyPath<RuleSettings, UInt32?> & Sendable,
                                     _ summary: String) -> RuleSettingKey {
        setting(key, path, summary) { value throws(RuleProblem) in
            do throws(ConfigProblem) {
                return try ConfigSchema.color(value)
            } catch {
                throw RuleProblem(error.message)
            }
        }
    }

    static func yesNo(_ value: String) throws(RuleProblem) -> Bool {
        switch value.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw RuleProblem("expected yes or no, got '\(value)'")
        }
    }

    private static func text(_ value: String) throws(RuleProblem) -> String {
        guard !value.isEmpty else { throw RuleProblem("must not be empty") }
        guard value.utf8.count <= RuleLimits.maxSettingBytes else {
            throw RuleProblem("must be at most \(RuleLimits.maxSettingBytes) bytes")
        }
        return value
    }
}
