import JSONCodec
import ToastCore

/// A client's request, decoded and validated from one protocol line. Its cases are declared
/// here, beside the table entries that parse, encode, decode and document them (below).
public enum Request: Equatable, Sendable {
    case show(ShowRequest)
    case update(UpdateRequest)
    case dismiss(id: String)
    case dismissAll
    /// The newest visible toast, as if the user had closed it (reason `close`).
    case dismissNewest
    /// An action (or a link) of a toast, as if the user had clicked it.
    case invoke(InvokeRequest)
    /// Shows the most recently ended toast (or the toast `id`) from history again.
    case restore(id: String?)
    /// The actions and links `xtoast menu` offers: the newest toast's, or every visible one's.
    case menu(all: Bool)
    /// How many toasts are visible, queued, in history and unread; with `follow`, the
    /// connection then hears `{"event":"count",…}` each time they change.
    case count(follow: Bool)
    /// Visible and queued toasts.
    /// The first `limit` live toasts (visible, then queued); nil for all of them.
    case list(limit: Int?)
    /// Do-not-disturb: new toasts queue until `resume` or the end asked for (critical ones
    /// still show; a level below 100 lets toasts whose rules set a higher one through).
    case pause(PauseRequest = PauseRequest())
    /// Whether it is quiet, until when, and who asks (the user, applications, schedules).
    case pauseStatus
    case resume
    /// Mutes an application for a while or always, lists or ends snoozes (`xtoast snooze`).
    case snooze(SnoozeRequest)
    /// The last `limit` ended toasts (at most `HistoryLimits.maxKeep`).
    case history(limit: Int?)
    /// Forgets every ended toast, in memory and in the history file.
    case clearHistory
    /// Turns the connection into an event stream of every toast.
    case subscribe
    case ping
    /// Reads the config file again.
    case reload
    /// The config's rules, whether each applies now and how many toasts each matched.
    case rules
    /// Enables, disables or toggles one rule at run time.
    case rule(name: String, change: RuleSwitch)
    /// What the rules would make of a toast: nothing is shown and nothing counted.
    case test(Submission)
    /// Keyboard focus on the cards (`KeyboardFocus`), from the newest visible one.
    case focus

    /// Opens, closes or toggles the notification centre's panel.
    case center(CenterSwitch, monitor: MonitorChoice? = nil)
    /// `xtoastd --replace` asks the daemon of its socket to end its toasts (`replaced`),
    /// let go of the socket, its lock, the keys and the history file, and exit; allowed only
    /// to the same user running the same executable (`PeerIdentity.mayTakeOver`).
    case handOver
    /// `xtoastd --replace` proves to the bus name's holder, over that daemon's socket, that
    /// it is the process that asked on the bus (`HandOverChallenge` answered `nonce`): the
    /// kernel names who wrote on a socket, while the bus never says which process sent a call.
    case busHandOver(nonce: String)

    /// The operations the daemon understands, in `Operation.table`'s order, for error messages.
    public static let operations = Operation.table.compactMap { $0.wire == nil ? nil : $0.name }
}

extension Request {
    /// The request's entry in the table, whose `name` is its op on the wire (`op`, the encoder's
    /// `"op"`). A new case of `Request` gets its line here: the compiler asks for it. Reading
    /// one entry does not build the table, so a client that only shows a toast builds none.
    public var operation: Operation {
        switch self {
        case .show: .show
        case .update: .update
        case .dismiss, .dismissAll, .dismissNewest: .dismiss
        case .invoke: .invoke
        case .restore: .restore
        case .menu: .menu
        case .count: .count
        case .list: .list
        case .pause, .pauseStatus: .pause
        case .resume: .resume
        case .snooze: .snooze
        case .history, .clearHistory: .history
        case .subscribe: .subscribe
        case .ping: .ping
        case .reload: .reload
        case .rules: .rules
        case .rule: .rule
        case .test: .test
        case .focus: .focus
        case .center: .center
        case .handOver: .handOver
        case .busHandOver: .busHandOver
        }
    }
}

/// Every operation of `xtoast`, each declared once: the command-line parser, the socket's
/// decoder, `xtoast --help` and each command's `--help`, the man page (commands and PROTOCOL)
/// and the bash, zsh and fish completions all read this table, in this order. The order is
/// also that of the ops an unknown one's error lists (the order the protocol gained them).
///
/// Each op's wire name is written once, in its entry (`Operation("pin", ...)`): `Request.op`
/// and the encoder's `"op"` read it through `Request.operation`, the parser's fast path
/// through `Operation.show`, and `OperationDeclarationTests` fails when the Operations module
/// writes an op's name as a literal anywhere else.
///
/// Adding an op, say `xtoast pin ID`, touches three files (the compiler asks for each part of
/// the first two but the docs):
/// 1. `OperationTable.swift` (here): its case in `Request` (`case pin(id: String)`), that
///    case's line in `Request.operation` (the compiler asks), and its entry with its place in
///    `entries`: its name; how its arguments parse (`noArguments`, or a closure using the
///    shared checks, `CommandParser.validID` and `FieldRules`); its `Wire`: the fields it takes,
///    what the client prints of the reply, how a request writes its fields (`encode`) and how
///    they read back (`decode`, by `Fields`' typed readers through the same `FieldRules`); and
///    its docs: the command's usage, text and options, its line in `xtoast --help`, and an
///    example request for the man page;
/// 2. `ToastService.swift`: its handling in `ToastService.handle` (the compiler asks);
/// 3. a `Board` file: the board's code behind it (`Board+Commands.swift` for a command on a toast).
///
///     public static let pin = Operation("pin", parse: { (rest) throws(UsageError) in
///                      guard rest.count == 1 else { throw UsageError("pin takes one ID") }
///                      return .send(.pin(id: try CommandParser.validID(rest[0], "pin's ID")))
///                  },
///                  wire: Wire(fields: ["id"], encode: { r, w in if case let .pin(id) = r { w.member("id", id) } }) {
///                      (f) throws(RequestError) in .pin(id: try Request.validID(try f.requiredString("id")))
///                  },
///                  docs: {
///            Docs(CommandTable.Command(name: "pin", usage: ["xtoast pin ID"], summary: "keep a toast until dismissed",
///                                      text: "Stops the toast ID's timeout.", options: []),
///                 overview: [("xtoast pin ID", "keep a toast until dismissed")],
///                 examples: [(.pin(id: "7"), "Stops the toast's timeout.")])
///        })
///
/// An op whose fields take more than a line to write or read names a function instead,
/// beside the others in `Request+Encoding.swift` and `Request+Decoding.swift` (as `update`
/// does); those files gain a function, and nothing else there changes.
///
/// Nothing else: `OperationTableTests` walks this table and fails until every op parses from
/// its usage, every example request round-trips through the encoder and the decoder to the
/// same request, every field it sends is one the op declares, and every command is in
/// `--help`, the man page and each completion.
extension Operation {
    public static let table: [Operation] = {
        tableBuilds += 1
        return entries
    }()

    /// How many times `table` was built in this process: once at most, and never by a client
    /// that only shows a toast (`ShowPathTests` counts it), which launches once per toast.
    nonisolated(unsafe) public private(set) static var tableBuilds = 0

    /// The entries in the table's order; each is declared once, below, and can be read alone
    /// (`Request.operation`) without building the table.
    private static var entries: [Operation] {
        [daemon, show, update, dismiss, list, pause, snooze, resume, history, subscribe, ping, reload, rules,
         rule, test, focus, invoke, restore, menu, count, center, handOver, busHandOver, doctor,
         importDunstrc, dunstctl]
    }

    public static let daemon = Operation("daemon", parse: CommandParser.parseDaemon,
                  wire: nil,
                  docs: {
            Docs(CommandTable.Command(name: "daemon", usage: ["xtoast daemon [--no-dbus] [--replace]"], summary: "run the daemon on $DISPLAY", text: """
                Runs the toast daemon on $DISPLAY in the foreground, logging to stderr. Exits 1 when
                there is no display, or when a live daemon already holds the socket (with --replace,
                when it does not hand over within 5 s). SIGHUP reloads the
                config file; SIGTERM ends every toast (reason "shutdown") and exits. It is also the
                desktop's notification server (org.freedesktop.Notifications on the session bus) when
                there is a session bus and no other server holds the name, and an AT-SPI application
                that screen readers such as Orca read while an accessibility bus runs and is enabled.
                """, options: [
                    .flag(nil, "no-dbus", "do not serve org.freedesktop.Notifications on the session bus, nor publish the toasts to screen readers (AT-SPI)"),
                    .flag(nil, "replace", "take over from the xtoast running on this display (it ends its toasts and exits 0), and org.freedesktop.Notifications from a server that allows it (a previous xtoast)"),
                ]),
            overview: [("xtoast daemon", "run the daemon on $DISPLAY (foreground, logs to stderr)")])
        })

    public static let show = Operation("show", parse: { (rest) throws(UsageError) in try CommandParser.parseShow(rest) },
                  wire: Wire(fields: Request.showFields, reply: .id, encode: Request.encodeShow) { (f) throws(RequestError) in .show(try Request.decodeShow(f)) },
                  docs: {
            Docs(CommandTable.Command(name: "show", usage: ["xtoast show [options] MESSAGE..."], summary: "show a toast; prints its id", text: """
                Shows a toast and prints its id. MESSAGE given as - is read from stdin.
                """, options: CommandTable.showOptions),
            overview: [("xtoast show [options] MESSAGE", "show a toast; prints its id")],
            examples: [
                (.show({
                    var show = ShowRequest(message: "Deploy?", kind: .info, timeout: 0)
                    show.actions = [Action(id: "yes", label: "Deploy")]
                    return show
                }()), "Shows a toast; only message or title is required. Other fields: id, position, style, icon, markup, default_action, progress, urgency, app (the application rules see; default xtoast). The reply carries the toast's id (and a warning when the icon could not be used)."),
            ])
        })

    public static let update = Operation("update", parse: CommandParser.parseUpdate,
                  wire: Wire(fields: Request.updateFields, encode: Request.encodeUpdate, decode: Request.decodeUpdate),
                  docs: {
            Docs(CommandTable.Command(name: "update", usage: ["xtoast update ID [options]"], summary: "change a toast in place", text: """
                Changes a toast in place: no new entrance, the card resizes smoothly, the stack reflows.
                A kind change restarts its timeout; a text or progress change alone does not.
                """, options: [
                    Option("m", "message", "TEXT", "the new message"),
                    Option("t", "title", "TEXT", "the new title"),
                    Option("k", "kind", "KIND", values: Kind.allCases.map(\.rawValue), Kind.names),
                    Option(nil, "progress", "N", "the progress bar, 0 to 100"),
                    Option(nil, "timeout", "SECONDS", "a new timeout, counted from now; 0 keeps it until dismissed"),
                    Option("i", "icon", "PATH|NAME", takesFile: true, "an image file (PNG, JPEG, SVG, …) or file:// URI, or an icon name"),
                ]),
            overview: [("xtoast update ID [options]", "change a toast in place")],
            examples: [
                (.update(UpdateRequest(id: "7", message: "80 %", progress: 80)),
                 "Changes a toast in place; fields: message, title, kind, timeout, progress, icon."),
            ])
        })

    public static let dismiss = Operation("dismiss", parse: CommandParser.parseDismiss,
                  wire: Wire(fields: ["id", "all"], encode: Request.encodeDismiss, decode: Request.decodeDismiss),
                  docs: {
            Docs(CommandTable.Command(name: "dismiss", usage: ["xtoast dismiss", "xtoast dismiss ID", "xtoast dismiss --all"],
                    summary: "dismiss the newest toast, one toast, or all", text: """
                    Without an id, closes the newest toast on screen as if the user had clicked its close
                    button (reason "close"; D-Bus reason 2); exits 1 when none is on screen. With an id,
                    dismisses that toast (reason "api"); with --all, every toast.
                    """, options: [.flag(nil, "all", "every toast")]),
            overview: [("xtoast dismiss [ID | --all]", "dismiss the newest toast, one toast, or all")],
            examples: [
                (.dismiss(id: "7"), "Ends one toast (reason api)."),
                (.dismissAll, "Ends every toast."),
                (.dismissNewest, "Without id or all: closes the newest visible toast as the user would (reason close)."),
            ])
        })

    public static let list = Operation("list", parse: CommandParser.parseList,
                  wire: Wire(fields: ["limit"], reply: .json, encode: { r, w in if case let .list(limit) = r { w.member("limit", limit.map(Double.init)) } }) {
                    (f) throws(RequestError) in .list(limit: try f.limit(upTo: ProtocolLimits.listLimit))
                  },
                  docs: {
            Docs(CommandTable.Command(name: "list", usage: ["xtoast list [N]"], summary: "visible and queued toasts, as JSON",
                    text: "Prints the visible and queued toasts (the first N, 1-10000, when given; \"total\" counts them all) as one JSON object.", options: []),
            overview: [("xtoast list [N]", "visible and queued toasts (the first N), as JSON")],
            examples: [
                (.list(limit: 50), "The reply lists visible and queued toasts (the first limit, 1 to 10000, when given), each with its count (how many identical toasts its card stands for), how many there are (total), whether do-not-disturb is on, and the monitors a locker or the screen saver covers (locked)."),
            ])
        })

    public static let pause = Operation("pause", parse: CommandParser.parsePause,
                  wire: Wire(fields: ["level", "for", "until", "status"], replies: { $0 == .pauseStatus ? .json : .nothing },
                             encode: Request.encodePause, decode: Request.decodePause),
                  docs: {
            Docs(CommandTable.Command(name: "pause", usage: ["xtoast pause [--for DURATION | --until TIME] [--level N]", "xtoast pause --status"],
                    summary: "do-not-disturb: queue new toasts, for a while or until resumed",
                    text: """
                        Do-not-disturb: new toasts queue (critical ones still show) until xtoast resume, or
                        until the end given: --for 90m, 2h, 1h30m, 45s, 2d; --until 18:00, "tomorrow 08:00",
                        monday, 2026-12-24, "this evening" (18:00), "tomorrow morning" (08:00), local time (a
                        day alone means its 08:00, a time alone the next time the clock shows it). Kept across
                        restarts. With --level N (1-100, default 100), only toasts whose rules set
                        override_pause_level below N wait (dunst's pause levels). --status prints whether it is
                        quiet, until when and who asks: you, an application's Inhibit on the bus (with its
                        reason), a [quiet] schedule.
                        """, options: [
                            Option(nil, "for", "DURATION", "end after DURATION: 90m, 2h, 1h30m, 45s, 2d"),
                            Option(nil, "until", "TIME", "end at TIME: 18:00, \"tomorrow 08:00\", monday, \"this evening\", \"tomorrow morning\""),
                            Option(nil, "level", "N", "the pause level, 1-100 (default 100: everything but critical waits)"),
                            .flag(nil, "status", "print whether it is quiet, until when and who asks, as JSON"),
                        ]),
            overview: [("xtoast pause | resume", "do-not-disturb: queue new toasts / show them again"),
                       ("xtoast pause --for D | --until T", "do-not-disturb for a while: 90m, 18:00, tomorrow 08:00"),
                       ("xtoast pause --status", "whether it is quiet, until when and why")],
            examples: [
                (.pause(PauseRequest()), "Do-not-disturb until resume: new toasts queue (critical ones still show)."),
                (.pause(PauseRequest(level: 60, end: .after(5400))), "For a while (for: a duration such as 90m; until: a local time such as 18:00 or \"tomorrow 08:00\"), at a level (1-100; default 100): a toast waits while its rules' override_pause_level is below it."),
                (.pauseStatus, "Whether it is quiet (inhibited), the level, when it ends (until, UNIX seconds; absent while one source has no end) and its sources: by user, app (desktop_entry, reason, cookie) or schedule (every, allow), each with its until."),
            ])
        })

    public static let snooze = Operation("snooze", parse: CommandParser.parseSnooze,
                  wire: Wire(fields: ["app", "for", "until", "always", "list", "clear"],
                             replies: { $0 == .snooze(.list) ? .json : .nothing }, encode: Request.encodeSnooze, decode: Request.decodeSnooze),
                  docs: {
            Docs(CommandTable.Command(name: "snooze", usage: ["xtoast snooze APP always|DURATION|TIME", "xtoast snooze --list", "xtoast snooze --clear APP"],
                    summary: "mute one application for a while, or always",
                    text: """
                        Mutes APP (its name or desktop entry, ignoring case): its toasts go to history
                        (ending snoozed, unread) instead of showing, critical ones aside, until the end
                        given: a duration (1h, 90m, 2d) or a time as pause --until reads it (18:00,
                        tomorrow, "tomorrow 08:00", monday). Kept across restarts; at most 64 at once.
                        always appends a [rule snooze N] section matching APP (skip = display) with a
                        comment to the config file (the file its path resolves to, through symlinks), never
                        changing the lines already there, and reloads. --list prints the snoozes as
                        JSON; --clear APP ends one. The same choices (for 1 hour, until tomorrow,
                        always) are in the snooze menu: a right click on a card (unless [mouse]
                        right_click binds something else), S in focus mode, a right click or S in the
                        centre.
                        """, options: [
                            .flag(nil, "list", "print the snoozes (app, until, since) as JSON"),
                            Option(nil, "clear", "APP", "end APP's snooze"),
                        ]),
            overview: [("xtoast snooze APP 1h|tomorrow|always", "mute one application for a while, or always")],
            examples: [
                (.snooze(.mute(app: "Slack", end: .after(3600))), "Mutes an application (its name or desktop entry, ignoring case) for a while (for: a duration; until: a local time), or always (always: true, a rule appended to the config file): its toasts go to history ending snoozed, critical ones aside."),
                (.snooze(.list), "The snoozes: each app, until (UNIX seconds) and since."),
                (.snooze(.clear(app: "Slack")), "Ends one snooze."),
            ])
        })

    public static let resume = Operation("resume", parse: noArguments("resume", .resume),
                  wire: .plain(.resume),
                  docs: {
            Docs(CommandTable.Command(name: "resume", usage: ["xtoast resume"], summary: "end do-not-disturb: show queued toasts",
                    text: "Ends do-not-disturb: queued toasts appear, in order.", options: []),
            examples: [
                (.resume, "Ends do-not-disturb."),
            ])
        })

    public static let history = Operation("history", parse: CommandParser.parseHistory,
                  wire: Wire(fields: ["limit", "clear"], replies: { $0 == .clearHistory ? .nothing : .json }, encode: Request.encodeHistory,
                             decode: Request.decodeHistory),
                  docs: {
            Docs(CommandTable.Command(name: "history", usage: ["xtoast history [N]", "xtoast history --clear"], summary: "the last N ended toasts, as JSON",
                    text: """
                        Prints the last N (1-10000, default all kept) ended toasts, with how they ended, as JSON.
                        The history is kept across restarts in $XDG_STATE_HOME/xtoast/history
                        (~/.local/state/xtoast/history), bounded by [center] keep and keep_days. With --clear,
                        forgets every entry, in memory and in that file.
                        """, options: [.flag(nil, "clear", "forget every ended toast")]),
            overview: [("xtoast history [N] | --clear", "the last N ended toasts (default all kept), as JSON; or forget them")],
            examples: [
                (.history(limit: 10), "The reply lists the last ended toasts and how they ended (limit, 1 to 10000, is optional): the history kept across restarts ([center] keep)."),
                (.clearHistory, "Forgets every ended toast, in memory and in the history file."),
            ])
        })

    public static let subscribe = Operation("subscribe", parse: noArguments("subscribe", .subscribe),
                  wire: .plain(.subscribe, reply: .events),
                  docs: {
            Docs(CommandTable.Command(name: "subscribe", usage: ["xtoast subscribe"], summary: "print every event of every toast",
                    text: "Prints every event of every toast as one JSON line each, until interrupted.", options: []),
            overview: [("xtoast subscribe", "print every event of every toast, one JSON line each")],
            examples: [
                (.subscribe, "From now on the connection receives every event of every toast."),
            ])
        })

    public static let ping = Operation("ping", parse: noArguments("ping", .ping),
                  wire: .plain(.ping),
                  docs: {
            Docs(CommandTable.Command(name: "ping", usage: ["xtoast ping"], summary: "check that a daemon answers",
                    text: "Exits 0 when a daemon answers at the socket, 3 when none does.", options: []),
            overview: [("xtoast ping", "check that a daemon answers")],
            examples: [
                (.ping, "Replies when the daemon is alive."),
            ])
        })

    public static let reload = Operation("reload", parse: noArguments("reload", .reload),
                  wire: .plain(.reload),
                  docs: {
            Docs(CommandTable.Command(name: "reload", usage: ["xtoast reload"], summary: "read the config file again",
                    text: """
                        Reads the config file again (as SIGHUP does) over the defaults, so a key removed or
                        commented out goes back to its default; a bad line keeps the value in use. Cards on
                        screen restyle.
                        """, options: []),
            overview: [("xtoast reload", "read the config file again")],
            examples: [
                (.reload, "Reads the config file again."),
            ])
        })

    public static let rules = Operation("rules", parse: CommandParser.parseRules,
                  wire: .plain(.rules, reply: .json),
                  docs: {
            Docs(CommandTable.Command(name: "rules", usage: ["xtoast rules", "xtoast rules --test [options] [MESSAGE...]"],
                    summary: "the config's rules, or what a toast would match", text: """
                        Prints the config's rules as JSON: each one's name, whether it is enabled, how many
                        toasts it matched since the daemon started, and where it is (FILE:LINE). With --test,
                        prints which rules a toast with the given options would match and the settings that
                        result, showing nothing and counting nothing; it asks the running daemon (so rules
                        disabled at run time count) and reads the config file itself when no daemon answers.
                        """, options: [.flag(nil, "test", "what a toast with these options (those of xtoast show) would match")]
                        + CommandTable.testOptions),
            overview: [("xtoast rules [--test ...]", "the config's rules, or what a toast would match, as JSON")],
            examples: [
                (.rules, "The reply lists the config's rules (rules): each one's name, whether it is enabled, how many toasts it matched since the daemon started (matched) and where it is (FILE:LINE)."),
            ])
        })

    public static let rule = Operation("rule", parse: CommandParser.parseRule,
                  wire: Wire(fields: ["name", "change"], reply: .json, encode: Request.encodeRule, decode: Request.decodeRule),
                  docs: {
            Docs(CommandTable.Command(name: "rule", usage: ["xtoast rule NAME enable|disable|toggle"], summary: "enable or disable a rule at run time",
                    text: """
                        Enables, disables or toggles the rule NAME (compared ignoring case) in the running
                        daemon and prints its state as JSON. The change is kept across reloads while the rule
                        is still in the config file. Exits 1 when there is no such rule.
                        """, options: []),
            overview: [("xtoast rule NAME enable|disable|toggle", "change one rule at run time")],
            examples: [
                (.rule(name: "mute-spotify", change: .disable), "Enables, disables or toggles one rule at run time (change: enable, disable, toggle); kept across reloads while the rule exists."),
            ])
        })

    public static let test = Operation("test", parse: nil,
                  wire: Wire(fields: Request.testFields, reply: .json, encode: Request.encodeTest) { (f) throws(RequestError) in .test(try Request.decodeTest(f)) },
                  docs: {
            Docs(nil,
            examples: [
                (.test({
                    var test = Submission(ShowRequest(message: "", title: "Battery 5%"), source: .bus)
                    test.category = "device"
                    return test
                }()), "What the rules make of a toast with these fields (those of show, and source, category, desktop_entry): the rules that match (matched), what becomes of it (action: show, supersede, suppress, replace, take-over, skip-display, drop, repeat, into-center, keep-in-center, focused), for a bus toast whether it came from the application in front and why (focused_app), its settings (toast) and the scripts that would run. Nothing is shown or counted."),
            ])
        })

    public static let focus = Operation("focus", parse: noArguments("focus", .focus),
                  wire: .plain(.focus),
                  docs: {
            Docs(CommandTable.Command(name: "focus", usage: ["xtoast focus"], summary: "move between the cards and act on them with keys",
                    text: """
                        Rings the newest visible card and takes the keyboard until Escape, a click off the
                        cards (that click goes to xtoast) or 10 s without a key. Up and Down move between
                        the cards (across stacks, newest first); Left, Right and Tab move along its buttons;
                        Return presses the focused button, or does what a click on the card does (its default
                        action, or expands a cut card); 1 to 3 press the buttons; Delete or BackSpace closes
                        it; Space holds every timer (or lets them run again) until focus mode ends; M mutes
                        the card's application for an hour (Shift+M until tomorrow morning), S opens its
                        snooze menu. Exits 1 when no card is visible. The [keys] focus key does the same.
                        """, options: []),
            overview: [("xtoast focus", "act on the cards with the keyboard (Escape ends)")],
            examples: [
                (.focus, "Keyboard focus on the cards, from the newest visible one (as xtoast focus); an error when none is visible."),
            ])
        })

    public static let invoke = Operation("invoke", parse: CommandParser.parseInvoke,
                  wire: Wire(fields: ["id", "action", "link"], encode: Request.encodeInvoke, decode: Request.decodeInvoke),
                  docs: {
            Docs(CommandTable.Command(name: "invoke", usage: ["xtoast invoke [ACTION] [--id ID]"], summary: "choose an action of the newest toast",
                    text: """
                    Chooses the default action of the newest toast on screen that has one (with ACTION,
                    of the newest that has ACTION), or of the toast ID, as a click would: its owner hears "action" and the toast ends with
                    reason "action" (a resident one stays). Exits 1, naming the actions there are, when
                    there is no such action.
                    """, options: [Option(nil, "id", "ID", "the toast to act on, instead of the newest one that has the action")]),
            overview: [("xtoast invoke [ACTION] [--id ID]", "choose an action of the newest toast")],
            examples: [
                (.invoke(InvokeRequest(action: "yes")), "Chooses an action, as a click would: of the toast id, or of the newest visible toast that has it; without action, the default action of the newest visible toast that has one. With link instead of action (one of the toast's links), opens the link as a click on it would."),
            ])
        })

    public static let restore = Operation("restore", parse: CommandParser.parseRestore,
                  wire: Wire(fields: ["id"], reply: .id, encode: { r, w in if case let .restore(id) = r { w.member("id", id) } }) {
                    (f) throws(RequestError) in .restore(id: try f.id("id"))
                  },
                  docs: {
            Docs(CommandTable.Command(name: "restore", usage: ["xtoast restore [--id ID]"], summary: "show the last ended toast again",
                    text: """
                    Takes the most recently ended toast (or the last one with id ID) out of the history and
                    shows it again as a new toast, with its original content and a new id (printed), and
                    "restored":true in list, history and events. Its buttons show only while the toast's
                    sender can still hear them (a socket client still connected, a bus application still
                    on the bus); a click on one reaches the sender under the original id as a late action
                    ("late":true on the socket, ActionInvoked on the bus). Exits 1 when history is empty.
                    """, options: [Option(nil, "id", "ID", "the toast to bring back, instead of the last one")]),
            overview: [("xtoast restore [--id ID]", "show the last ended toast again")],
            examples: [
                (.restore(id: nil), "Shows the most recently ended toast (or the last one with id) again as a new toast; the reply carries its new id. Its buttons stay while its sender can hear them, and reach it as late actions."),
            ])
        })

    public static let menu = Operation("menu", parse: CommandParser.parseMenu,
                  wire: Wire(fields: ["all"], encode: { r, w in if case .menu(all: true) = r { w.member("all", true) } }) {
                    (f) throws(RequestError) in .menu(all: try f.bool("all") ?? false)
                  },
                  docs: {
            Docs(CommandTable.Command(name: "menu", usage: ["xtoast menu [--all] [-- PROGRAM ARGS...]"], summary: "choose an action or link with dmenu",
                    text: """
                    Writes the actions and links of the newest toast that has any (with --all: of every
                    toast on screen) to PROGRAM's standard input, one per line, each starting with its
                    toast's id, application and title (#7 Mail · New message: Reply), and chooses (or opens) the line it prints, as a click would. PROGRAM is
                    the config's [general] menu (dmenu -p xtoast by default) unless given after --;
                    rofi -dmenu works the same way. Nothing is
                    chosen when it exits non-zero or prints nothing; exits 1 when there is nothing to offer.
                    """, options: [.flag(nil, "all", "every toast on screen, not only the newest")]),
            overview: [("xtoast menu [-- PROGRAM ...]", "choose an action or link with dmenu")],
            examples: [
                (.menu(all: false), "The reply lists what xtoast menu offers (items: line, id, and action or link; program: the config's menu program): the newest toast's actions and links, or every visible toast's with all."),
            ])
        })

    public static let count = Operation("count", parse: CommandParser.parseCount,
                  wire: Wire(fields: ["follow"], encode: { r, w in if case .count(follow: true) = r { w.member("follow", true) } }) {
                    (f) throws(RequestError) in .count(follow: try f.bool("follow") ?? false)
                  },
                  docs: {
            Docs(CommandTable.Command(name: "count", usage: ["xtoast count [--follow] [--format TEXT]"], summary: "how many toasts: visible, queued, history, unread",
                    text: """
                    Prints {"visible":N,"queued":N,"history":N,"unread":N}: toasts on screen, waiting, in
                    history, and those in history the user has not clicked, swiped, invoked or closed.
                    With --follow, prints the counts, then a line each time one of them changes and
                    nothing otherwise (for polybar's tail = true, i3blocks' interval = persist); when the
                    daemon goes away it waits for the next one and prints the counts again once
                    connected. With --format, a line is printed only when its text changes.
                    """, options: [
                        .flag("f", "follow", "print a new line each time a count changes, until interrupted"),
                        Option(nil, "format", "TEXT", "print TEXT with {visible}, {queued}, {history} and {unread} filled in, instead of JSON"),
                    ]),
            overview: [("xtoast count [--follow]", "visible, queued, history and unread counts")],
            examples: [
                (.count(follow: false), "The reply carries visible, queued, history and unread. With follow, the connection then receives {\"event\":\"count\",...} with the four numbers each time one changes."),
            ])
        })

    public static let center = Operation("center", parse: CommandParser.parseCenter,
                  wire: Wire(fields: ["action", "monitor"], encode: Request.encodeCenter, decode: Request.decodeCenter),
                  docs: {
            Docs(CommandTable.Command(name: "center", usage: ["xtoast center [open|close|toggle] [--monitor MONITOR]"], summary: "open or close the notification centre",
                    text: """
                        Opens, closes or toggles (the default) the notification centre: a panel at the edge of
                        the monitor toasts go to, listing the history newest first, grouped by application.
                        While it is open it holds the keyboard (Up, Down, PageUp, PageDown, Home, End, Enter,
                        Delete, Shift+C clear all, Shift+D do-not-disturb, Shift+Q its menu, S the selected
                        row's snooze menu (a right click on an entry or group opens it too), / filter (typed
                        through the input method XMODIFIERS names), Escape) and new toasts go
                        straight into it (shown, then dismissed with reason "center"). An entry shows its buttons
                        while its sender can still hear them; a click on one, or on the entry (Enter: its default
                        action), reaches the sender as a late action ("late":true on the socket, ActionInvoked
                        with the original id on the bus). Opening it marks every entry read (xtoast count).
                        Escape, a click outside it, xtoast center again or the [keys] center key closes it.
                        """, options: [Option(nil, "monitor", "MONITOR", values: ["primary"], """
                            the monitor it opens on: a name, primary, or its number from 0 as xrandr
                            --listmonitors counts (default: the config's follow rule, as a toast)
                            """)], words: CenterSwitch.allCases.map(\.rawValue)),
            overview: [("xtoast center [open|close|toggle]", "the notification centre (toggle by default)")],
            examples: [
                (.center(.toggle), "Opens, closes or toggles (action: open, close, toggle; default toggle) the notification centre's panel, on monitor when given (as show's)."),
            ])
        })

    public static let handOver = Operation("handover", parse: nil,
                  wire: .plain(.handOver),
                  docs: {
            Docs(nil,
            examples: [
                (.handOver, "Only from xtoastd --replace (the same user running the same executable; anyone else gets an error and nothing changes): the daemon ends every toast (reason replaced), closes its clients, lets go of the socket, its lock, the keys and the history file, and exits 0, so the caller takes them."),
            ])
        })

    public static let busHandOver = Operation("bushandover", parse: nil,
                  wire: Wire(fields: ["nonce"], encode: { r, w in if case let .busHandOver(nonce) = r { w.member("nonce", nonce) } }) {
                    (f) throws(RequestError) in .busHandOver(nonce: try Request.validNonce(try f.requiredString("nonce")))
                  },
                  docs: {
            Docs(nil,
            examples: [
                (.busHandOver(nonce: "0123456789abcdef0123456789abcdef"), "Only from xtoastd --replace, with the nonce the daemon's org.xtoast.Daemon.HandOverChallenge gave it on the session bus, within 5 s, over a connection that process made and alone wrote on (the same user running the same executable; anyone else gets an error and nothing changes): the daemon ends its D-Bus notifications (reason 4) while it still owns org.freedesktop.Notifications, so the caller can take the name."),
            ])
        })

    public static let doctor = Operation("doctor", parse: CommandParser.parseDoctor,
                  wire: nil,
                  docs: {
            Docs(CommandTable.Command(name: "doctor", usage: ["xtoast doctor [--json]"], summary: "say why notifications may not show", text: """
                Says, a line each with a verdict (ok, warning or problem) and what to do: whether a
                daemon answers on the socket; which process holds org.freedesktop.Notifications on the
                session bus and since when; the activation files that would start another server
                (dunst's, mako's, a desktop's) and how to mask them; whether DISPLAY and XAUTHORITY
                are in the systemd user manager's environment; the X server and the compositor (for
                picom, whether its config shadows the cards); a locker; do-not-disturb, inhibitions
                and snoozes in force and for how long; rules that hide or drop toasts, with the last
                toast each held back; the sound server; the accessibility bus; the config file and
                every line it ignored; the history file's size and mode. It only reads: it changes
                nothing, starts nothing and asks the daemon only questions. Exits 0 whatever it finds.
                """, options: [.flag(nil, "json", "print the findings as one JSON object: {\"findings\":[{\"check\",\"verdict\",\"says\",\"do\"}],\"problems\":N,\"warnings\":N}")]),
            overview: [("xtoast doctor [--json]", "say why notifications may not show, and what to do")])
        })

    public static let importDunstrc = Operation("import-dunstrc", parse: CommandParser.parseImportDunstrc,
                  wire: nil,
                  docs: {
            Docs(CommandTable.Command(name: "import-dunstrc", usage: ["xtoast import-dunstrc [FILE]"], summary: "translate a dunstrc into an xtoast config",
                    text: """
                    Prints an xtoast config equivalent to dunst's FILE (default
                    $XDG_CONFIG_HOME/dunst/dunstrc, or ~/.config/dunst/dunstrc): its geometry, font,
                    colours and timeouts by urgency, and every rule. What has no xtoast equivalent is
                    listed on stderr as FILE:LINE: not translated: KEY (why). Needs no daemon; exits 1
                    when FILE cannot be read.
                    """, options: []),
            overview: [("xtoast import-dunstrc [FILE]", "print an xtoast config translated from a dunstrc")])
        })

    public static let dunstctl = Operation("dunstctl", parse: { (rest: [String]) throws(UsageError) -> Command in .dunstctl(rest) },
                  wire: nil,
                  docs: {
            Docs(CommandTable.Command(name: "dunstctl", usage: ["xtoast dunstctl COMMAND [ARGS...]"], summary: "dunstctl's commands, on xtoast",
                    text: """
                    Takes dunstctl's commands and prints what dunstctl prints, with its exit codes: close
                    [ID], close-all, context, action [N], count [waiting|displayed|history], history
                    (busctl's JSON of dunst's history), history-clear, history-pop [ID], is-paused [-e],
                    set-paused true|false|toggle, get-pause-level, set-pause-level N (do-not-disturb
                    at level N; 0 resumes), rule NAME enable|disable|toggle, reload, debug, help. Run as
                    dunstctl (a symlink named dunstctl to xtoast), xtoast acts as xtoast dunstctl.
                    """, options: []),
            overview: [("xtoast dunstctl COMMAND [ARGS...]", "dunstctl's commands and output, for scripts written for dunst")])
        })
}

private typealias Option = CommandTable.Option
