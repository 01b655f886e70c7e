/// `xtoast dunstctl ARGS` (or xtoast run as `dunstctl`): dunstctl's commands, arguments,
/// messages, output and exit codes (dunst 1.13's `dunstctl` script), on xtoast's requests,
/// so bar modules, key bindings and scripts written for dunst keep working.
///
///     Dunstctl.parse(["count", "waiting"])   // .success(.count(.waiting))
///     Dunstctl.countText(.waiting, Counts(visible: 2, queued: 1, history: 5, unread: 0))   // "1"
///
/// Pause levels map onto do-not-disturb, which is on or off for now: a level above 0 is on
/// (dunst's `set-paused true` is level 100), and `get-pause-level` says 100 or 0.
public enum Dunstctl: Equatable, Sendable {
    case action(position: Int)
    case close(id: String?)
    case closeAll
    case context
    case count(CountField?)
    case history
    case historyClear
    case historyPop(id: String?)
    case isPaused(exitCode: Bool)
    case setPaused(PauseChange)
    case getPauseLevel
    case setPauseLevel(Int)
    case rule(name: String, change: RuleSwitch)
    /// `rules [--json]` (dunst 1.11): the rules, as text or busctl's JSON of `RuleList`.
    case rules(json: Bool)
    case reload
    case debug
    case help

    public enum CountField: String, Sendable { case waiting, displayed, history }
    public enum PauseChange: String, Sendable { case on = "true", off = "false", toggle }

    /// dunstctl's own words when it refuses (its `die`: the message on stderr, exit 1).
    public static func parse(_ args: [String]) -> Result<Dunstctl, DunstctlError> {
        let command = args.first ?? ""
        let rest = Array(args.dropFirst())
        func die(_ text: String) -> Result<Dunstctl, DunstctlError> { .failure(DunstctlError(text)) }
        switch command {
        case "action":
            guard let position = Int(rest.first ?? "0"), position >= 0 else { return die("dunstctl: action takes a position, a number") }
            return .success(.action(position: position))
        case "close":
            guard rest.count <= 1 else { return die("Please pass the right number of arguments. Close takes 0 or 1 arguments") }
            return .success(.close(id: rest.first))
        case "close-all": return .success(.closeAll)
        case "context": return .success(.context)
        case "count":
            guard let field = rest.first else { return .success(.count(nil)) }
            guard let parsed = CountField(rawValue: field) else {
                return die("Please give either 'displayed', 'history', 'waiting' or none as count parameter.")
            }
            return .success(.count(parsed))
        case "history": return .success(.history)
        case "history-clear": return .success(.historyClear)
        case "history-pop":
            guard rest.count <= 1 else { return die("Please pass the right number of arguments. History-pop takes 0 or 1 arguments") }
            return .success(.historyPop(id: rest.first))
        case "is-paused": return .success(.isPaused(exitCode: rest.first == "-e" || rest.first == "--exit-code"))
        case "set-paused":
            guard let value = rest.first, !value.isEmpty else {
                return die("No status parameter specified. Please give either 'true', 'false' or 'toggle' as paused parameter.")
            }
            guard let change = PauseChange(rawValue: value) else { return die("Please give either 'true', 'false' or 'toggle' as paused parameter.") }
            return .success(.setPaused(change))
        case "get-pause-level": return .success(.getPauseLevel)
        case "set-pause-level":
            guard let value = rest.first, !value.isEmpty else {
                return die("No status parameter specified. Please give a number as paused parameter.")
            }
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return die("Please give a number as paused level parameter.") }
            guard value == "0" || value.first != "0" else { return die("Please give a number without leading zeros as paused level parameter.") }
            // dunst caps the level at 100; a longer number is past it too.
            return .success(.setPauseLevel(value.count > 3 ? 100 : min(Int(value) ?? 100, 100)))
        case "rule":
            guard let name = rest.first, !name.isEmpty else { return die("No rule name parameter specified. Please give the rule name") }
            guard rest.count > 1, let change = RuleSwitch(rawValue: rest[1]) else {
                return die("No valid rule state parameter specified. Please give either 'enable', 'disable' or 'toggle'")
            }
            return .success(.rule(name: name, change: change))
        case "rules":
            switch rest.first ?? "" {
            case "": return .success(.rules(json: false))
            case "--json": return .success(.rules(json: true))
            case let other: return die("Unknown format \"\(other)\". Please use either \"--json\" or no option at all.")
            }
        case "reload": return .success(.reload)
        case "debug": return .success(.debug)
        case "help", "--help", "-h": return .success(.help)
        case "": return die("dunstctl: No command specified. Use dunstctl help")
        default: return die("dunstctl: unrecognized command '\(command)'. Please consult the usage.")
        }
    }

    /// Each command as `xtoast-dunstctl(1)` describes it: its words, what it does on xtoast,
    /// and what differs from dunst's (nil: nothing). `DunstctlManualTests` holds it to
    /// `parse` and to `helpText`'s list.
    public static let manual: [(usage: String, does: String, differs: String?)] = [
        ("action [N]", "Chooses the default action of the newest toast that has one (xtoast invoke); with N, of the Nth toast on screen, counted from 0 as xtoast list lists them.", "dunst opens the context menu when the notification has several actions; xtoast chooses the default one (xtoast menu offers them all)."),
        ("close [ID]", "Closes the newest toast as its close button would (reason close), or the toast ID (reason api).", nil),
        ("close-all", "Ends every toast.", nil),
        ("context", "Offers the newest toast's actions and links in the config's [general] menu program (dmenu by default), as xtoast menu.", nil),
        ("count [waiting|displayed|history]", "Prints the counts: waiting is xtoast's queued, displayed its visible, history its history.", nil),
        ("history", "Prints the history as busctl --json=pretty prints dunst's NotificationListHistory, newest first.", "timestamp is when the toast ended, in microseconds of UNIX time (dunst counts from boot); timeout is 0 and progress -1, which xtoast's history does not keep."),
        ("history-clear", "Empties the history.", nil),
        ("history-pop [ID]", "Shows the last ended toast (or the one with ID) again as a new toast, as xtoast restore.", "The restored toast gets a new id."),
        ("is-paused [-e|--exit-code]", "Prints true or false: whether do-not-disturb is on; with -e, exits 1 when it is.", nil),
        ("set-paused true|false|toggle", "Turns do-not-disturb on (level 100), off, or the other way.", nil),
        ("get-pause-level", "Prints the pause level: 0 when nothing holds quiet.", "An application's inhibition or a [quiet] schedule counts as level 100."),
        ("set-pause-level N", "Turns do-not-disturb on at level N (1 to 100; only toasts whose rules set override_pause_level below N wait); 0 resumes.", nil),
        ("rule NAME enable|disable|toggle", "Changes one rule at run time, as xtoast rule.", nil),
        ("rules [--json]", "Prints the rules, each with whether it is enabled, as dunstctl's jq filter or busctl print them.", "xtoast's reply names no filter or setting, so neither does this."),
        ("reload", "Reads the config file again, as xtoast reload.", "dunst reloads its dunstrc; xtoast reads its own config (xtoast import-dunstrc translates a dunstrc)."),
        ("debug", "Says whether a daemon answers.", "dunst prints its bus's state; xtoast doctor says much more."),
        ("help", "Prints dunstctl's usage.", nil),
    ]

    /// What dunstctl says when dunst does not answer (its `dbus_send_checked`).
    public static let unreachable = "Failed to communicate with dunst, is it running? Or maybe the version is outdated. "
        + "You can try 'dunstctl debug' as a next debugging step."

    /// `dunstctl count`: dunst's waiting, displayed and history lengths are xtoast's queued,
    /// visible and history counts.
    public static func countText(_ field: CountField?, _ counts: Counts) -> String {
        switch field {
        case .waiting: String(counts.queued)
        case .displayed: String(counts.visible)
        case .history: String(counts.history)
        case nil: """
                          Waiting: \(counts.queued)
              Currently displayed: \(counts.visible)
                          History: \(counts.history)
            """
        }
    }

    /// The pause level dunst would report for do-not-disturb on or off.
    public static func pauseLevel(paused: Bool) -> Int { paused ? 100 : 0 }

    /// `dunstctl history`: `busctl --json=pretty`'s print of dunst's `NotificationListHistory`
    /// (`aa{sv}`), newest first, from xtoast's `history` entries (oldest first, as it lists them).
    /// `timestamp` is when the toast ended, in microseconds of UNIX time (dunst's counts from
    /// boot); `timeout` and `progress` are not kept in xtoast's history: 0 and -1.
    public static func historyJSON(_ entries: [JSON]) -> String {
        let items = entries.reversed().map { entry -> JSON in
            func text(_ key: String) -> String { if case let .string(s)? = entry[key] { s } else { "" } }
            let title = text("title"), body = text("message")
            let icon = text("icon")
            let ended: Double = if case let .number(n)? = entry["ended"] { n } else { 0 }
            let urgency: String = switch text("urgency") {
            case "low": "LOW"
            case "critical": "CRITICAL"
            default: text("kind") == "error" ? "CRITICAL" : "NORMAL"
            }
            func field(_ type: String, _ value: JSON) -> JSON { .object([("type", .string(type)), ("data", value)]) }
            return .object([
                ("body", field("s", .string(body))),
                ("message", field("s", .string(title.isEmpty ? body : body.isEmpty ? title : title + "\n" + body))),
                ("summary", field("s", .string(title))),
                ("appname", field("s", .string(text("app")))),
                ("category", field("s", .string(text("category")))),
                ("default_action_name", field("s", .string(""))),
                ("icon_path", field("s", .string(icon.hasPrefix("/") ? icon : ""))),
                ("id", field("i", .number(Double(Int32(text("id")) ?? 0)))),
                ("timestamp", field("x", .number((min(max(ended, 0), 1e12) * 1_000_000).rounded(.down)))),
                ("timeout", field("x", .number(0))),
                ("progress", field("i", .number(-1))),
                ("urgency", field("s", .string(urgency))),
                ("stack_tag", field("s", .string(""))),
                ("urls", field("s", .string(""))),
            ])
        }
        return pretty(.object([("type", .string("aa{sv}")), ("data", .array([.array(items)]))]), depth: 0)
    }

    /// `dunstctl rules --json`: busctl's print of dunst's `RuleList` (`aa{sv}`), in the
    /// config's order, from `xtoast rules`' entries: each rule's `name` and whether it is
    /// `enabled` now (xtoast's reply names no filter or setting, so neither does this).
    public static func rulesJSON(_ rules: [JSON]) -> String {
        let items = rules.map { rule -> JSON in
            let name: String = if case let .string(s)? = rule["name"] { s } else { "" }
            let enabled = rule["enabled"] != .bool(false)
            return .object([("name", .object([("type", .string("s")), ("data", .string(name))])),
                            ("enabled", .object([("type", .string("b")), ("data", .bool(enabled))]))])
        }
        return pretty(.object([("type", .string("aa{sv}")), ("data", .array([.array(items)]))]), depth: 0)
    }

    /// `dunstctl rules`: its jq filter's print of the same, `[NAME]` then `    KEY = VALUE` lines.
    public static func rulesText(_ rules: [JSON]) -> String {
        rules.map { rule in
            let name: String = if case let .string(s)? = rule["name"] { s } else { "" }
            return "[\(name)]\n    enabled = \(rule["enabled"] != .bool(false))"
        }.joined(separator: "\n")
    }

    /// JSON as systemd's pretty printer writes it (busctl's): tabs, `"key" : value`.
    static func pretty(_ json: JSON, depth: Int) -> String {
        let indent = String(repeating: "\t", count: depth + 1), closing = String(repeating: "\t", count: depth)
        switch json {
        case let .object(members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { indent + JSON.string($0.0).text + " : " + pretty($0.1, depth: depth + 1) }.joined(separator: ",\n")
                + "\n" + closing + "}"
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { indent + pretty($0, depth: depth + 1) }.joined(separator: ",\n") + "\n" + closing + "]"
        default:
            return json.text
        }
    }

    public static let helpText = """
        Usage: dunstctl <command> [parameters]
        Commands:
          action                            Perform the default action, or open the
                                            context menu of the notification at the
                                            given position
          close [ID]                        Close the last notification or optionally the
                                            notification with given ID
          close-all                         Close all the notifications
          context                           Open context menu
          count [displayed|history|waiting] Show the number of notifications
          history                           Display notification history (in JSON)
          history-clear                     Delete all notifications from history
          history-pop [ID]                  Pop the latest notification from
                                            history or optionally the
                                            notification with given ID
          is-paused [-e|--exit-code]        Check if pause level is greater than 0
          set-paused [true|false|toggle]    Set the pause status
          get-pause-level                   Get the current pause level
          set-pause-level [level]           Set the pause level
          rule name [enable|disable|toggle] Enable or disable a rule by its name
          rules [--json]                    Displays configured rules (optionally
                                            in JSON)
          reload                            Reload the settings of the running instance
          debug                             Print debugging information
          help                              Show this help
        (xtoast's stand-in for dunstctl: pause levels above 0 turn do-not-disturb on)
        """
}

public struct DunstctlError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
