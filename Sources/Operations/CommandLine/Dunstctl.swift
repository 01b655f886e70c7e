import JSONCodec
import ToastCore

/// `xtoast dunstctl ARGS` (or xtoast run as `dunstctl`): dunstctl's commands, arguments,
/// messages, output and exit codes (dunst 1.13's `dunstctl` script), on xtoast's requests,
/// so bar modules, key bindings and scripts written for dunst keep working.
///
///     Dunstctl.parse(["count", "waiting"])   // .success(.count(.waiting))
///     Dunstctl.countText(.waiting, Counts(visible: 2, queued: 1, history: 5, unread: 0))   // "1"
///
/// Pause levels are do-not-disturb's levels (dunst's `set-paused true` is level 100); every
/// pause answer reads one level, `QuietGate.pauseLevel`, whatever holds quiet.
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

    /// `dunstctl action POSITION`: what to invoke. 0 is the newest toast's default action (dunst's
    /// first displayed); another position counts through `toasts` (a `list` reply's, visible
    /// first); nil past the last, where dunst does nothing either.
    public static func invocation(position: Int, toasts: JSON?) -> InvokeRequest? {
        if position == 0 { return InvokeRequest() }
        guard case let .array(items)? = toasts, position < items.count, case let .string(id)? = items[position]["id"] else { return nil }
        return InvokeRequest(id: id)
    }

    /// `dunstctl history`: `busctl --json=pretty`'s print of dunst 1.9's `NotificationListHistory`
    /// (`DunstRecords.history`), from xtoast's `history` entries.
    public static func historyJSON(_ entries: [JSON]) -> String { DunstRecords.busctlJSON(DunstRecords.history(entries)) }

    /// `dunstctl rules --json`: busctl's print of dunst's `RuleList` (`DunstRecords.rules`).
    public static func rulesJSON(_ rules: [JSON]) -> String { DunstRecords.busctlJSON(DunstRecords.rules(rules)) }

    /// `dunstctl rules`: its jq filter's print of the same, `[NAME]` then `    KEY = VALUE` lines.
    public static func rulesText(_ rules: [JSON]) -> String {
        rules.map { rule in
            let name: String = if case let .string(s)? = rule["name"] { s } else { "" }
            return "[\(name)]\n    enabled = \(rule["enabled"] != .bool(false))"
        }.joined(separator: "\n")
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
