/// The text of `xtoast --help` and of each command's `--help`.
public enum Help {
    public static let main = """
    xtoast: toasts for X11.

    Usage:
      xtoast daemon                   run the daemon on $DISPLAY (foreground, logs to stderr)
      xtoast show [options] MESSAGE   show a toast; prints its id
      xtoast update ID [options]      change a toast in place
      xtoast dismiss ID | --all       dismiss one toast, or all
      xtoast list                     visible and queued toasts, as JSON
      xtoast pause | resume           do-not-disturb: queue new toasts / show them again
      xtoast history [N]              the last N (default 100) ended toasts, as JSON
      xtoast subscribe                print every event of every toast, one JSON line each
      xtoast reload                   read the config file again
      xtoast ping                     check that a daemon answers
      xtoast COMMAND --help           help for one command

    The socket is $XTOAST_SOCKET, or $XDG_RUNTIME_DIR/xtoast-<display>.sock.
    The config file is $XDG_CONFIG_HOME/xtoast/config (~/.config/xtoast/config).

    Exit codes: 0 done; 1 the daemon refused (its error on stderr); 2 usage error;
    3 no daemon reachable; with show --wait: 0 an action was chosen, 4 the toast ended
    without one; 5 the daemon went away while waiting.
    """

    static let show = """
    Usage: xtoast show [options] MESSAGE...

    Shows a toast and prints its id. MESSAGE given as - is read from stdin.

    Options:
      -t, --title TITLE         a bold title above the message
      -k, --kind KIND           \(Kind.names) (default info)
          --timeout SECONDS     how long it stays once visible; 0 keeps it until dismissed;
                                fractions allowed (default 4; loading: never)
          --id ID               an id of your own; showing an id already on screen replaces that toast
      -p, --position POS        \(Position.names) (default top-right)
      -s, --style STYLE         \(CardStyle.names) (default from the config: tinted)
      -i, --icon PATH|NAME      an image file (PNG, JPEG, SVG, …) or file:// URI, or an icon name
          --markup              the message may use <b> <i> <u> <a> <img alt> and entities
      -a, --action ID=LABEL     a button (up to 3); clicking it ends the toast with that action
          --default-action ID   the action a click on the card's body chooses
          --progress N          a progress bar, 0 to 100
      -u, --urgency LEVEL       low|normal|critical (critical ignores pause, never times out)
      -w, --wait                stay until the toast ends; print "action ID" (exit 0) or
                                "dismissed REASON" (exit 4); exit 5 if the daemon goes away
          --print json          with --wait: print the ending event as JSON instead
    """

    static let update = """
    Usage: xtoast update ID [options]

    Changes a toast in place: no new entrance, the card resizes smoothly, the stack reflows.
    A kind change restarts its timeout; a text or progress change alone does not.

    Options:
      -m, --message TEXT   -t, --title TEXT   -k, --kind KIND   --progress N (0-100)
      --timeout SECONDS    -i, --icon PATH|NAME
    """

    static let dismiss = """
    Usage: xtoast dismiss ID
           xtoast dismiss --all

    Dismisses one toast by id (it ends with reason "api"), or every toast.
    """

    static let daemon = """
    Usage: xtoast daemon

    Runs the toast daemon on $DISPLAY in the foreground, logging to stderr. Exits 1 when
    there is no display, or when a live daemon already holds the socket. SIGHUP reloads the
    config file; SIGTERM ends every toast (reason "shutdown") and exits.
    """

    static let small: [String: String] = [
        "ping": "Usage: xtoast ping\n\nExits 0 when a daemon answers at the socket, 3 when none does.",
        "list": "Usage: xtoast list\n\nPrints the visible and queued toasts as one JSON object.",
        "pause": "Usage: xtoast pause\n\nDo-not-disturb: new toasts queue (critical ones still show) until xtoast resume.",
        "resume": "Usage: xtoast resume\n\nEnds do-not-disturb: queued toasts appear, in order.",
        "history": "Usage: xtoast history [N]\n\nPrints the last N (1-100, default all kept) ended toasts, with how they ended, as JSON.",
        "subscribe": "Usage: xtoast subscribe\n\nPrints every event of every toast as one JSON line each, until interrupted.",
        "reload": "Usage: xtoast reload\n\nReads the config file again (as SIGHUP does); cards on screen restyle.",
    ]

    public static func text(for command: String) -> String? {
        switch command {
        case "show": show
        case "update": update
        case "dismiss": dismiss
        case "daemon": daemon
        default: small[command]
        }
    }
}
