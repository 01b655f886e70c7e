import JSONCodec
import Operations
import ToastCore

/// The man pages `xtoast(1)` and `xtoast(5)`, in man(7) roff.
///
/// Rendered from the tables the program itself uses: `Operation.table` (commands, options, the
/// requests' examples),
/// `ExitCode`, the protocol's `Request` and `ToastEvent` encoders, and `ConfigReference`
/// (the config schema with the example file's words), so the pages cannot drift from them.
public enum ManPage {
    /// `xtoast(1)`: commands, options, exit codes, the socket protocol and its events.
    /// `date` goes in the page's header (YYYY-MM-DD).
    public static func commands(date: String) -> String {
        var page = [Roff.header(section: 1, date: date, manual: "User Commands")]
        page += [".SH NAME", "xtoast \\- toasts for X11", ".SH SYNOPSIS",
                 "\(Roff.bold("xtoast")) \(Roff.italic("command")) [\(Roff.italic("options"))] [\(Roff.italic("arguments"))]",
                 ".SH DESCRIPTION"]
        page += Roff.paragraph("""
            xtoast shows toasts: small cards that slide in at a screen edge, stack, go away on their \
            own and can be swiped away with the pointer. A daemon, xtoastd, draws them on $DISPLAY; \
            the commands below talk to it over a Unix socket, and so can any program (see PROTOCOL).
            """)
        page += [".SH COMMANDS"]
        for command in CommandTable.commands {
            for (i, usage) in command.usage.enumerated() {
                page += [i == 0 ? ".TP" : ".TQ", usageLine(usage)]
            }
            page += Roff.paragraph(command.text)
            if !command.options.isEmpty {
                page += [".RS"]
                for option in command.options { page += optionItem(option) }
                page += [".RE"]
            }
        }
        page += [".SH OPTIONS", "Every command accepts:"] + optionItem(CommandTable.help)
        page += [".PP", "Alone, instead of a command:"] + optionItem(CommandTable.version)
        page += [".SH EXIT STATUS"]
        for code in ExitCode.allCases {
            page += [".TP", Roff.bold(String(code.rawValue))] + Roff.paragraph(code.meaning)
        }
        page += [".SH PROTOCOL"] + Roff.paragraph("""
            Any program can do what these commands do: each request is one JSON object on one line \
            of the daemon's socket, each gets one reply line, and a connection hears its toasts' \
            events. Every request, reply and event, with examples in Python and the shell, is in \
            xtoast-protocol(7).
            """)
        page += [".SH ENVIRONMENT"]
        for (name, meaning) in environment { page += [".TP", Roff.bold(name)] + Roff.paragraph(meaning) }
        page += [".SH FILES"] + files
        page += [".SH SEE ALSO"] + seeAlso(except: "xtoast")
        return page.joined(separator: "\n") + "\n"
    }

    /// `xtoast(5)`: every config key, its default and what it does. `example` is the text of
    /// `assets/config.example`.
    public static func config(example: String, date: String) -> String {
        var page = [Roff.header(section: 5, date: date, manual: "File Formats")]
        page += [".SH NAME", "xtoast \\- configuration of the xtoast daemon", ".SH SYNOPSIS",
                 Roff.bold("$XDG_CONFIG_HOME/xtoast/config"), ".br", Roff.bold("~/.config/xtoast/config"),
                 ".SH DESCRIPTION"]
        page += Roff.paragraph("""
            The daemon reads this file when it starts, on xtoast reload and on SIGHUP; cards on \
            screen restyle. Each time it is read over the defaults: a key removed or commented out \
            goes back to its default. It holds [section] headers and key = value lines; lines starting with # \
            or ; are comments. A value may be quoted ("like this" or 'like this') to keep spaces, # \
            or ; in it. A mistake is reported as FILE:LINE: message, and only that setting keeps its \
            default (on a reload, the value in use). Lengths are pixels at 96 dpi, multiplied by the scale on HiDPI screens. Every \
            key is listed below with its default.
            """)
        page += [".SH KEYS"]
        for section in ConfigReference(example: example).sections {
            page += [".SS [\(section.name)]"]
            var first = true
            for (i, entry) in section.entries.enumerated() {
                let tag = entry.defaultValue.map { "\(Roff.bold(entry.key)) = \(Roff.italic($0))" } ?? Roff.bold(entry.key)
                page += [first ? ".TP" : ".TQ", tag]
                // A key whose next key shares its comment waits; the last of the group says it.
                let next = i + 1 < section.entries.count ? section.entries[i + 1] : nil
                if next == nil || !(next?.description.isEmpty ?? true) {
                    let description = section.entries[...i].last { !$0.description.isEmpty }?.description ?? ""
                    page += Roff.paragraph(description)
                    first = true
                } else {
                    first = false
                }
            }
        }
        page += rulesSection(ConfigReference(example: example))
        page += CategorySection.lines()
        page += desktopSettingsSection()
        page += [".SH SEE ALSO"] + seeAlso(except: "xtoast.5").map { $0.hasSuffix(",") ? $0 : $0 + "," } + [".BR xsettingsd (1)"]
        return page.joined(separator: "\n") + "\n"
    }

    // MARK: Pieces

    /// What the `auto` of `reduce_motion` and `[card] theme` follow: the desktop's XSETTINGS.
    private static func desktopSettingsSection() -> [String] {
        [".SH DESKTOP SETTINGS"] + Roff.paragraph("""
            The daemon reads the desktop's XSETTINGS (the _XSETTINGS_SETTINGS property of the \
            _XSETTINGS_S0 selection's owner: gnome-settings-daemon, xfsettingsd or xsettingsd) at \
            start and whenever they change, and restyles the cards on screen. \
            Gtk/EnableAnimations = 0 reduces motion under reduce_motion = auto: cards appear and \
            vanish in place, fading only under a compositor. A Net/ThemeName containing \
            HighContrast selects high-contrast cards under [card] theme = auto: an opaque, untinted \
            fill with text, border, icon and buttons at 7:1 or more against it; your own colours win \
            where they reach 7:1, and one log line names those that do not. Gtk/CursorBlink and \
            Gtk/CursorBlinkTime set how a reply field's caret blinks. Without a settings daemon \
            the daemon runs gsettings get (in child processes, killed after 3 s) at start and at \
            each reload for org.gnome.desktop.interface enable-animations, gtk-theme, cursor-blink \
            and cursor-blink-time and org.gnome.desktop.a11y.interface high-contrast; a key that \
            fails says nothing, and the defaults apply.
            """)
    }

    /// `[rule NAME]` sections: how they match, every key, the limits and the recipes.
    private static func rulesSection(_ reference: ConfigReference) -> [String] {
        var lines = [".SH RULES"] + Roff.paragraph("""
            Each [rule NAME] section changes the toasts it matches; NAME is unique, compared \
            ignoring case. Every enabled rule that matches applies, in file order: a later rule's \
            setting wins, and a rule sees what earlier rules changed (one that makes a toast \
            critical lets a later match urgency = critical hold). A mistake in a rule is reported \
            as FILE:LINE: message and costs that rule only.
            """)
        lines += [".SS Matching", ".TP", Roff.bold("match") + " " + Roff.italic("FIELD OP VALUE")] + Roff.paragraph("""
            All of a rule's match lines must hold; a rule without any matches every toast. VALUE \
            is the rest of the line exactly as written; quote it ("..." or '...') to keep blanks \
            at its ends or a leading #. A field the toast lacks is the empty text, so \
            match category = "" finds toasts without one. Matching is case-sensitive.
            """)
        lines += [".TP", Roff.bold("FIELD")] + Roff.paragraph(
            "One of \(RuleField.names). urgency is low, normal or critical; source is socket or dbus; transient is yes or no.")
        let operators: [(RuleOperator, String)] = [
            (.glob, "a glob on the whole text: * any run, ? one character, [...] one of a set"),
            (.regex, "a POSIX extended regular expression anywhere in the text, compiled when the config loads"),
            (.notGlob, "the glob does not match"), (.notRegex, "the regular expression does not match"),
        ]
        for (op, meaning) in operators { lines += [".TP", Roff.bold(op.rawValue)] + Roff.paragraph(meaning) }
        lines += [".SS Settings"]
        for entry in reference.ruleKeys { lines += [".TP", Roff.bold(entry.key)] + Roff.paragraph(entry.description) }
        lines += [".SS Limits"] + Roff.paragraph("""
            At most \(RuleLimits.maxRules) rules, \(RuleLimits.maxMatchesPerRule) match lines per rule \
            and \(RuleLimits.maxPatternBytes) bytes per pattern; back-references (\\1 to \\9) are \
            refused, and so is a regular expression larger than \(RuleLimits.maxPatternExpansion) with its counts \
            written out ((x{1,64}){1,64} is \(RuleLimits.maxPatternExpansion)). Patterns see at most \(RuleLimits.fieldBytes) \
            bytes of each field and \(RuleLimits.matchedBodyBytes) of the body, cut where a character ends, as the card \
            shows them (no control characters); matching takes time linear in the text.
            """)
        lines += [".SS At run time"]
        let commands: [(String, String)] = [
            ("xtoast rules", "lists the rules as JSON: name, enabled, how many toasts each matched since the daemon started, FILE:LINE."),
            ("xtoast rule NAME enable|disable|toggle", "changes one rule at run time, kept across reloads while the rule is in the file."),
            ("xtoast rules --test [options] [MESSAGE]", """
                prints which rules a toast with xtoast show's options (and --app, --category, --source, --desktop-entry) \
                would match, what becomes of it and the settings that result; nothing is shown or counted. It asks the \
                running daemon (rules disabled at run time count) and reads this file itself when no daemon answers.
                """),
            ("xtoast reload", "applies new rules to new toasts; toasts already shown keep what their rules gave them."),
        ]
        for (command, meaning) in commands { lines += [".TP", Roff.bold(command)] + Roff.paragraph(meaning) }
        lines += Roff.paragraph("""
            A rule's script runs with XTOAST_ID, XTOAST_APP, XTOAST_SUMMARY, XTOAST_BODY, XTOAST_ICON, XTOAST_URGENCY, \
            XTOAST_CATEGORY, XTOAST_KIND, XTOAST_SOURCE, XTOAST_RULE and XTOAST_TIMESTAMP (UNIX seconds) in its \
            environment, each cut to \(RuleLimits.fieldBytes) bytes (the body to \(RuleLimits.bodyBytes)). A toast that \
            skip = all drops still runs its scripts. A skipped or dropped toast ends at once (reason skipped or dropped; \
            NotificationClosed reason 2 on the bus).
            """)
        if !reference.ruleRecipes.isEmpty {
            lines += [".SS Recipes", ".nf"]
            for (i, line) in reference.ruleRecipes.enumerated() {
                if i > 0, line.hasPrefix("# ") { lines.append(".sp") }
                lines.append(Roff.text(line))
            }
            lines += [".fi"]
        }
        return lines
    }

    /// `xtoast show [options] MESSAGE...`: words in capitals are arguments, in italics.
    private static func usageLine(_ usage: String) -> String {
        usage.split(separator: " ").map { word in
            word.contains(where: \.isLowercase) || word.hasPrefix("-") ? Roff.bold(word) : Roff.italic(word)
        }.joined(separator: " ")
    }

    static func optionItem(_ option: CommandTable.Option) -> [String] {
        let argument = option.argument.map { " " + Roff.italic($0) } ?? ""
        let names = option.spellings.map { Roff.bold($0) + argument }.joined(separator: ", ")
        var lines = [".TP", names] + Roff.paragraph(option.summary)
        // Options whose help already lists their words ("info|success|...") need no second list.
        if !option.values.isEmpty && !option.summary.contains(option.values.joined(separator: "|")) {
            lines += [".br"] + Roff.wrap(["One", "of:"] + option.values.map { Roff.bold($0) + "," }.dropLast()
                                         + option.values.suffix(1).map { Roff.bold($0) + "." })
        }
        return lines
    }

    static let environment: [(String, String)] = [
        ("DISPLAY", "The X display the daemon draws on; it also names the socket."),
        ("XTOAST_SOCKET", "The socket's path, instead of the one derived from XDG_RUNTIME_DIR and DISPLAY."),
        ("XDG_RUNTIME_DIR", "Where the socket is made."),
        ("XDG_CONFIG_HOME", "Where the config file is looked for (default ~/.config)."),
        ("XDG_STATE_HOME", "Where the history file is kept (default ~/.local/state)."),
        ("XTOAST_ICON_THEME", "The icon theme icon names are looked up in (default: GTK's configured theme)."),
        ("NOTIFY_SOCKET", "Set by systemd for a Type=notify service: the daemon reports READY=1 there once it listens."),
        ("XMODIFIERS", "The input method the centre's filter takes text through (@im=ibus, @im=fcitx); without one, Xlib's own does compose sequences."),
        ("XCOMPOSEFILE", "The compose file Xlib's input method reads instead of ~/.XCompose and the locale's."),
        ("LC_ALL, LC_CTYPE, LANG", "The locale input methods work in; a UTF-8 one (C.UTF-8 when the environment's is not UTF-8)."),
    ]

    /// One example of each request (`Operation.Docs.examples`), encoded by the same code the
    /// client sends with.
    static var requests: [(request: Request, meaning: String)] { Operation.table.flatMap { $0.docs.examples } }

    /// The operations the examples cover, for the test that keeps them complete.
    static var documentedOperations: Set<String> {
        Set(requests.map { request, _ in request.op })
    }

    static let events: [(ToastEvent, String)] = [
        (.shown(id: "7"), "The card appeared (a queued toast shows later)."),
        (.updated(id: "7"), "An update changed it."),
        (.action(id: "7", action: "yes"), "A button (or the body, with a default action) was clicked. After the toast ended (a restored toast's button, the centre) it carries \"late\":true and the original id: the one exception to dismissed being last."),
        (.replied(id: "7", text: "on my way"), "The user sent this text from the toast's reply field (show --reply); with \"activation_token\". The toast then ends as action. From a restored toast (xtoast restore, or Reply on a centre entry) it carries \"late\":true and the original id."),
        (.dismissed(id: "7", reason: .timeout), "It ended; always the toast's last event."),
    ]

    /// Why a toast ended (a switch, so a new reason cannot go undocumented).
    static func meaning(of reason: DismissReason) -> String {
        switch reason {
        case .timeout: "its time was up"
        case .click: "a click on the card"
        case .swipe: "swiped away"
        case .close: "its close button"
        case .action: "an action was chosen"
        case .api: "a dismiss request"
        case .replaced: "a toast with the same id replaced it"
        case .overflow: "dropped from a full queue (low urgency first), or the oldest of more than 500 copies of one card"
        case .shutdown: "the daemon stopped"
        case .skipped: "a rule's skip = display: never shown, kept in history"
        case .dropped: "a rule's skip = all: never shown, not kept in history"
        case .suppressed: "fullscreen = suppress while a fullscreen window covered its monitor: never shown, kept in history"
        case .center: "it came while the notification centre was open: shown there, kept in history"
        case .folded: "its application was past [quiet] burst: counted on the digest card, kept in history"
        case .summarized: "it waited through do-not-disturb or a lock: the summary card stood for it, kept in history"
        case .snoozed: "its application was snoozed (xtoast snooze): kept in history, never shown"
        case .focused: "it came from the application of the active window (focused_app): kept in the centre, never shown"
        case .crashed: "it was live when the daemon was killed: the next daemon restored it (restore_after_crash)"
        }
    }

    /// The socket protocol's reference, for `xtoast-protocol(7)`.
    static func protocolReference() -> [String] {
        var lines = [".SH DESCRIPTION"] + Roff.paragraph("""
            The socket is $XTOAST_SOCKET, or $XDG_RUNTIME_DIR/xtoast-<display>.sock. Each request \
            is one JSON object on one line (at most \(ProtocolLimits.maxLineBytes / 1024) KiB); each \
            gets one reply line, in order, before any event the request caused: \
            {"ok":true,...} or {"ok":false,"error":"..."}. A mistake is named in the error and the \
            connection carries on.
            """)
        lines += [".SS Requests"]
        for (request, meaning) in requests {
            lines += [".TP", Roff.bold(request.text)] + Roff.paragraph(meaning)
        }
        lines += [".SS Events"] + Roff.paragraph("""
            While a connection stays open it receives the events of the toasts it showed (a \
            subscriber: of all toasts), one JSON line each. Per toast the order is shown, any \
            updated, at most one action, then exactly one dismissed. The one exception: a late \
            action ("late":true, under the toast's original id) reaches the sender after its \
            dismissed, from a restored toast's button while the sender is still connected.
            """)
        for (event, meaning) in events {
            lines += [".TP", Roff.bold(event.json.text)] + Roff.paragraph(meaning)
        }
        lines += [".TP", Roff.bold(#"{"event":"count","visible":1,"queued":0,"history":12,"unread":3}"#)] + Roff.paragraph(
            "To a connection that sent count with follow: the four numbers, each time one of them changes. It belongs to no toast.")
        lines += [".PP", "The reasons a toast is dismissed:"]
        for reason in DismissReason.allCases {
            lines += [".TP", Roff.bold(reason.rawValue)] + Roff.paragraph(meaning(of: reason))
        }
        return lines
    }
}
