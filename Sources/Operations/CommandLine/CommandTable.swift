import JSONCodec
import ToastCore

/// The shape of a command's documentation: its usage, text and options, declared with its
/// operation in `Operation.table`.
///
/// `--help`, the man page and the shell completions all read them from there, so an option
/// added to an operation shows up in all of them (and a unit test checks that the parser accepts it).
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

    /// Every command, in `Operation.table`'s order.
    public static let commands: [Command] = Operation.table.compactMap { $0.docs.command }

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
        Option(nil, "purpose", "ID=PURPOSE", values: ButtonPurpose.allCases.map(\.rawValue), """
            what the button ID is for (call.accept, call.decline, call.hang-up…): its
            colour, place and key; without --action ID, a button labelled Accept, Decline…
            """),
        Option(nil, "default-action", "ID", "the action a click on the card's body chooses"),
        Option(nil, "reply", "PLACEHOLDER", """
            a reply field (its button opens it; Enter sends); the placeholder
            is optional (--reply=TEXT, or --reply TEXT MESSAGE);
            with --wait prints "reply TEXT"
            """),
        Option(nil, "progress", "N", "a progress bar, 0 to 100"),
        Option("u", "urgency", "LEVEL", values: Urgency.allCases.map(\.rawValue),
               "low|normal|critical (critical ignores pause, never times out)"),
        appOption,
        Option(nil, "category", "CATEGORY", """
            what the toast is, as a notification's category: call.incoming rings,
            alarm.ringing breaks through pause… (see the guide's Categories)
            """),
        .flag("w", "wait", """
            stay until the toast ends; print "action ID" or "reply TEXT" (exit 0)
            or "dismissed REASON" (exit 4); exit 5 if the daemon goes away
            """),
        Option(nil, "print", "json", values: ["json", "text"], "with --wait: print the ending event as JSON instead"),
    ]

    /// `--app`: the application a script's toast names, for rules and scripts.
    static let appOption = Option(nil, "app", "NAME", "the application the toast comes from, as rules see it (default \(Submission.defaultSocketApp))")

    /// `rules --test`'s options: those of `show` that describe a toast, and a notification's.
    static var testOptions: [Option] {
        let show = showOptions.filter { !["wait", "print", "id", "category"].contains($0.long) }
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
