/// The text of `xtoast --help` and of each command's `--help`.
public enum Help {
    public static let main = """
    xtoast: toasts for X11.

    Usage:
      xtoast daemon                 run the daemon on $DISPLAY (foreground, logs to stderr)
      xtoast show [options] MESSAGE show a toast; prints its id
      xtoast dismiss ID | --all     dismiss one toast, or all
      xtoast ping                   check that a daemon answers
      xtoast COMMAND --help         help for one command

    The socket is $XTOAST_SOCKET, or $XDG_RUNTIME_DIR/xtoast-<display>.sock.

    Exit codes: 0 done; 1 the daemon refused (its error on stderr); 2 usage error;
    3 no daemon reachable.
    """

    static let show = """
    Usage: xtoast show [options] MESSAGE...

    Shows a toast and prints its id. MESSAGE given as - is read from stdin.

    Options:
      -t, --title TITLE       a bold title above the message
      -k, --kind KIND         \(Kind.names) (default info)
          --timeout SECONDS   how long it stays once visible; 0 keeps it until dismissed;
                              fractions allowed (default 4)
          --id ID             an id of your own; showing an id already on screen replaces that toast
      -p, --position POS      \(Position.names) (default top-right)
    """

    static let dismiss = """
    Usage: xtoast dismiss ID
           xtoast dismiss --all

    Dismisses one toast by id (it ends with reason "api"), or every toast.
    """

    static let daemon = """
    Usage: xtoast daemon

    Runs the toast daemon on $DISPLAY in the foreground, logging to stderr. Exits 1 when
    there is no display, or when a live daemon already holds the socket.
    """

    static let ping = """
    Usage: xtoast ping

    Exits 0 when a daemon answers at the socket, 3 when none does.
    """

    public static func text(for command: String) -> String? {
        switch command {
        case "show": show
        case "dismiss": dismiss
        case "daemon": daemon
        case "ping": ping
        default: nil
        }
    }
}
