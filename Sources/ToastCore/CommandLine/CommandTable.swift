/// The commands and options `xtoast` understands, as data.
///
/// `--help`, the man page and the shell completions all read this one table, so an option
/// added here shows up in all of them (and a unit test checks that the parser accepts it).
public enum CommandTable {
    /// One option of a command.
    public struct Option: Sendable {
        /// `t` for `-t`; nil when the option has no short form.
        public let short: Character?
        /// `title` for `--title`.
        public let long: String
        /// What the option takes (`TITLE`); nil for a flag.
        public let argument: String?
        /// The words a shell may complete the argument with; empty when it is free text.
        public let values: [String]
        /// The argument is a file path (completions offer files).
        public let takesFile: Bool
        /// The description as `--help` prints it; a newline is where `--help` wraps it.
        public let help: String

        /// An option that takes an argument.
        public init(_ short: Character?, _ long: String, _ argument: String?, values: [String] = [],
                    takesFile: Bool = false, _ help: String) {
            self.short = short
            self.long = long
            self.argument = argument
            self.values = values
            self.takesFile = takesFile
            self.help = help
        }

        /// An option that takes no argument.
        public static func flag(_ short: Character?, _ long: String, _ help: String) -> Option {
            Option(short, long, nil, help)
        }

        /// `-t`, `--title`: every spelling the parser accepts.
        public var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + ["--\(long)"] }

        /// The description on one line, for the man page and completions.
        public var summary: String { help.split(separator: "\n").map { $0.trimmingBlanks() }.joined(separator: " ") }
    }

    /// One command: `xtoast NAME ...`.
    public struct Command: Sendable {
        public let name: String
        /// The lines after "Usage:", each starting with `xtoast NAME`.
        public let usage: [String]
        /// A few words for completion menus.
        public let summary: String
        /// What it does, as its `--help` says it.
        public let text: String
        public let options: [Option]
        /// The words its first argument may be (completions offer them); empty when it is free.
        public var words: [String] = []
    }

    /// Accepted by every command.
    public static let help = Option.flag("h", "help", "print help for the command and exit")
    /// `xtoast --version` (and `xtoastd --version`): a command of its own, not an option of each.
    public static let version = Option.flag(nil, "version", "print the version (xtoast \(Version.number)) and exit")

    public static let commands: [Command] = [
        Command(name: "daemon", usage: ["xtoast daemon [--no-dbus] [--replace]"], summary: "run the daemon on $DISPLAY", text: """
            Runs the toast daemon on $DISPLAY in the foreground, logging to stderr. Exits 1 when
            there is no display, or when a live daemon already holds the socket (with --replace,
            when it does not hand over within 5 s). SIGHUP reloads the
            config file; SIGTERM ends every toast (reason "shutdown") and exits. It is also the
            desktop's notification server (org.freedesktop.Notifications on the session bus) when
            there is a session bus and no other server holds the name.
            """, options: [
                .flag(nil, "no-dbus", "do not serve org.freedesktop.Notifications on the session bus"),
                .flag(nil, "replace", "take over from the xtoast running on this display (it ends its toasts and exits 0), and org.freedesktop.Notifications from a server that allows it (a previous xtoast)"),
            ]),
        Command(name: "show", usage: ["xtoast show [options] MESSAGE..."], summary: "show a toast; prints its id", text: """
            Shows a toast and prints its id. MESSAGE given as - is read from stdin.
            """, options: showOptions),
        Command(name: "update", usage: ["xtoast update ID [options]"], summary: "change a toast in place", text: """
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
        Command(name: "dismiss", usage: ["xtoast dismiss", "xtoast dismiss ID", "xtoast dismiss --all"],
                summary: "dismiss the newest toast, one toast, or all", text: """
                Without an id, closes the newest toast on screen as if the user had clicked its close
                button (reason "close"; D-Bus reason 2); exits 1 when none is on screen. With an id,
                dismisses that toast (reason "api"); with --all, every toast.
                """, options: [.flag(nil, "all", "every toast")]),
        Command(name: "invoke", usage: ["xtoast invoke [ACTION] [--id ID]"], summary: "choose an action of the newest toast",
                text: """
                Chooses the default action (or ACTION) of the newest toast on screen that has actions,
                or of the toast ID, as a click would: its owner hears "action" and the toast ends with
                reason "action" (a resident one stays). Exits 1, naming the actions there are, when
                there is no such action.
                """, options: [Option(nil, "id", "ID", "the toast to act on, instead of the newest one with actions")]),
        Command(name: "restore", usage: ["xtoast restore [--id ID]"], summary: "show the last ended toast again",
                text: """
                Takes the most recently ended toast (or the last one with id ID) out of the history and
                shows it again as a new toast, with its original content and a new id (printed), and
                "restored":true in list, history and events. Its buttons show only while the toast's
                sender can still hear them (a socket client still connected, a bus application still
                on the bus); a click on one reaches the sender under the original id as a late action
                ("late":true on the socket, ActionInvoked on the bus). Exits 1 when history is empty.
                """, options: [Option(nil, "id", "ID", "the toast to bring back, instead of the last one")]),
        Command(name: "menu", usage: ["xtoast menu [--all] [-- PROGRAM ARGS...]"], summary: "choose an action or link with dmenu",
                text: """
                Writes the actions and links of the newest toast that has any (with --all: of every
                toast on screen) to PROGRAM's standard input, one per line, each starting with its
                toast's id, application and title (#7 Mail · New message: Reply), and chooses (or opens) the line it prints, as a click would. PROGRAM is
                dmenu -p xtoast unless given after --; rofi -dmenu works the same way. Nothing is
                chosen when it exits non-zero or prints nothing; exits 1 when there is nothing to offer.
                """, options: [.flag(nil, "all", "every toast on screen, not only the newest")]),
        Command(name: "count", usage: ["xtoast count [--follow] [--format TEXT]"], summary: "how many toasts: visible, queued, history, unread",
                text: """
                Prints {"visible":N,"queued":N,"history":N,"unread":N}: toasts on screen, waiting, in
                history, and those in history the user has not clicked, swiped, invoked or closed.
                With --follow, prints the counts, then a line each time one of them changes and
                nothing otherwise (for polybar's tail = true, i3blocks' interval = persist).
                """, options: [
                    .flag("f", "follow", "print a new line each time a count changes, until interrupted"),
                    Option(nil, "format", "TEXT", "print TEXT with {visible}, {queued}, {history} and {unread} filled in, instead of JSON"),
                ]),
        Command(name: "list", usage: ["xtoast list [N]"], summary: "visible and queued toasts, as JSON",
                text: "Prints the visible and queued toasts (the first N, 1-10000, when given; \"total\" counts them all) as one JSON object.", options: []),
        Command(name: "pause", usage: ["xtoast pause"], summary: "do-not-disturb: queue new toasts",
                text: "Do-not-disturb: new toasts queue (critical ones still show) until xtoast resume.", options: []),
        Command(name: "resume", usage: ["xtoast resume"], summary: "end do-not-disturb: show queued toasts",
                text: "Ends do-not-disturb: queued toasts appear, in order.", options: []),
        Command(name: "history", usage: ["xtoast history [N]", "xtoast history --clear"], summary: "the last N ended toasts, as JSON",
                text: """
                    Prints the last N (1-10000, default all kept) ended toasts, with how they ended, as JSON.
                    The history is kept across restarts in $XDG_STATE_HOME/xtoast/history
                    (~/.local/state/xtoast/history), bounded by [center] keep and keep_days. With --clear,
                    forgets every entry, in memory and in that file.
                    """, options: [.flag(nil, "clear", "forget every ended toast")]),
        Command(name: "center", usage: ["xtoast center [open|close|toggle] [--monitor MONITOR]"], summary: "open or close the notification centre",
                text: """
                    Opens, closes or toggles (the default) the notification centre: a panel at the edge of
                    the monitor toasts go to, listing the history newest first, grouped by application.
                    While it is open it holds the keyboard (Up, Down, PageUp, PageDown, Home, End, Enter,
                    Delete, Shift+C clear all, Shift+D do-not-disturb, / filter, Escape) and new toasts go
                    straight into it (shown, then dismissed with reason "center"). An entry shows its buttons
                    while its sender can still hear them; a click on one, or on the entry (Enter: its default
                    action), reaches the sender as a late action ("late":true on the socket, ActionInvoked
                    with the original id on the bus). Opening it marks every entry read (xtoast count).
                    Escape, a click outside it, xtoast center again or the [keys] center key closes it.
                    """, options: [Option(nil, "monitor", "MONITOR", values: ["primary"], """
                        the monitor it opens on: a name, primary, or its number from 0 as xrandr
                        --listmonitors counts (default: the config's follow rule, as a toast)
                        """)], words: CenterSwitch.allCases.map(\.rawValue)),
        Command(name: "subscribe", usage: ["xtoast subscribe"], summary: "print every event of every toast",
                text: "Prints every event of every toast as one JSON line each, until interrupted.", options: []),
        Command(name: "reload", usage: ["xtoast reload"], summary: "read the config file again",
                text: """
                    Reads the config file again (as SIGHUP does) over the defaults, so a key removed or
                    commented out goes back to its default; a bad line keeps the value in use. Cards on
                    screen restyle.
                    """, options: []),
        Command(name: "rules", usage: ["xtoast rules", "xtoast rules --test [options] [MESSAGE...]"],
                summary: "the config's rules, or what a toast would match", text: """
                    Prints the config's rules as JSON: each one's name, whether it is enabled, how many
                    toasts it matched since the daemon started, and where it is (FILE:LINE). With --test,
                    prints which rules a toast with the given options would match and the settings that
                    result, showing nothing and counting nothing; it asks the running daemon (so rules
                    disabled at run time count) and reads the config file itself when no daemon answers.
                    """, options: [.flag(nil, "test", "what a toast with these options (those of xtoast show) would match")]
                    + testOptions),
        Command(name: "rule", usage: ["xtoast rule NAME enable|disable|toggle"], summary: "enable or disable a rule at run time",
                text: """
                    Enables, disables or toggles the rule NAME (compared ignoring case) in the running
                    daemon and prints its state as JSON. The change is kept across reloads while the rule
                    is still in the config file. Exits 1 when there is no such rule.
                    """, options: []),
        Command(name: "import-dunstrc", usage: ["xtoast import-dunstrc [FILE]"], summary: "translate a dunstrc into an xtoast config",
                text: """
                Prints an xtoast config equivalent to dunst's FILE (default
                $XDG_CONFIG_HOME/dunst/dunstrc, or ~/.config/dunst/dunstrc): its geometry, font,
                colours and timeouts by urgency, and every rule. What has no xtoast equivalent is
                listed on stderr as FILE:LINE: not translated: KEY (why). Needs no daemon; exits 1
                when FILE cannot be read.
                """, options: []),
        Command(name: "focus", usage: ["xtoast focus"], summary: "move between the cards and act on them with keys",
                text: """
                    Rings the newest visible card and takes the keyboard until Escape, a click off the
                    cards (that click goes to xtoast) or 10 s without a key. Up and Down move between
                    the cards (across stacks, newest first); Left, Right and Tab move along its buttons;
                    Return presses the focused button, or does what a click on the card does (its default
                    action, or expands a cut card); 1 to 3 press the buttons; Delete or BackSpace closes
                    it; Space holds every timer (or lets them run again) until focus mode ends. Exits 1
                    when no card is visible. The [keys] focus key does the same.
                    """, options: []),
        Command(name: "ping", usage: ["xtoast ping"], summary: "check that a daemon answers",
                text: "Exits 0 when a daemon answers at the socket, 3 when none does.", options: []),
    ]

    public static func command(named name: String) -> Command? { commands.first { $0.name == name } }

    /// `show`'s options (`rules --test` takes most of them too).
    static let showOptions: [Option] = [
        Option("t", "title", "TITLE", "a bold title above the message"),
        Option("k", "kind", "KIND", values: Kind.allCases.map(\.rawValue), "\(Kind.names) (default info)"),
        Option(nil, "timeout", "SECONDS", """
            how long it stays once visible; 0 keeps it until dismissed;
            fractions allowed (default 4; loading: never)
            """),
        Option(nil, "id", "ID", "an id of your own; showing an id already on screen replaces that toast"),
        Option("p", "position", "POS", values: Position.allCases.map(\.rawValue), "\(Position.names) (default top-right)"),
        Option(nil, "monitor", "MONITOR", values: ["primary"], """
            a monitor's name, primary, or its number from 0 as
            xrandr --listmonitors counts (default: the config's follow rule)
            """),
        Option("s", "style", "STYLE", values: CardStyle.allCases.map(\.rawValue),
               "\(CardStyle.names) (default from the config: tinted)"),
        Option("i", "icon", "PATH|NAME", takesFile: true, "an image file (PNG, JPEG, SVG, …) or file:// URI, or an icon name"),
        .flag(nil, "markup", "the message may use <b> <i> <u> <a> <img alt> <br/> <span> and entities"),
        Option("a", "action", "ID=LABEL", "a button (up to 3); clicking it ends the toast with that action"),
        Option(nil, "default-action", "ID", "the action a click on the card's body chooses"),
        Option(nil, "progress", "N", "a progress bar, 0 to 100"),
        Option("u", "urgency", "LEVEL", values: Urgency.allCases.map(\.rawValue),
               "low|normal|critical (critical ignores pause, never times out)"),
        appOption,
        .flag("w", "wait", """
            stay until the toast ends; print "action ID" (exit 0) or
            "dismissed REASON" (exit 4); exit 5 if the daemon goes away
            """),
        Option(nil, "print", "json", values: ["json", "text"], "with --wait: print the ending event as JSON instead"),
    ]

    /// `--app`: the application a script's toast names, for rules and scripts.
    static let appOption = Option(nil, "app", "NAME", "the application the toast comes from, as rules see it (default \(Submission.defaultSocketApp))")

    /// `rules --test`'s options: those of `show` that describe a toast, and a notification's.
    static var testOptions: [Option] {
        let show = showOptions.filter { !["wait", "print", "id"].contains($0.long) }
        return show + [
            Option(nil, "category", "CATEGORY", "the notification's category hint (e.g. email.arrived)"),
            Option(nil, "source", "SOURCE", values: ToastSource.allCases.map(\.rawValue), "socket|dbus (default socket)"),
            Option(nil, "desktop-entry", "ID", "the notification's desktop-entry hint"),
        ]
    }
}

extension ExitCode: CaseIterable {
    public static let allCases: [ExitCode] = [.ok, .refused, .usage, .noDaemon, .dismissedWithoutAction, .daemonWentAway]

    /// What the code means, for the man page (a switch, so a new code cannot go undocumented).
    public var meaning: String {
        switch self {
        case .ok: "done; with show --wait: an action was chosen"
        case .refused: "the daemon refused the request (its error is on stderr)"
        case .usage: "usage error"
        case .noDaemon: "no daemon reachable at the socket"
        case .dismissedWithoutAction: "show --wait: the toast ended without an action"
        case .daemonWentAway: "show --wait or subscribe: the daemon went away first"
        }
    }
}
