/// The text of `xtoast --help` and of each command's `--help`.
public enum Help {
    public static let main = """
    xtoast: toasts for X11.

    Usage:
      xtoast daemon                   run the daemon on $DISPLAY (foreground, logs to stderr)
      xtoast show [options] MESSAGE   show a toast; prints its id
      xtoast update ID [options]      change a toast in place
      xtoast dismiss [ID | --all]     dismiss the newest toast, one toast, or all
      xtoast invoke [ACTION] [--id ID]   choose an action of the newest toast
      xtoast restore [--id ID]        show the last ended toast again
      xtoast menu [-- PROGRAM ...]    choose an action or link with dmenu
      xtoast count [--follow]         visible, queued, history and unread counts
      xtoast list [N]                 visible and queued toasts (the first N), as JSON
      xtoast pause | resume           do-not-disturb: queue new toasts / show them again
      xtoast history [N] | --clear    the last N ended toasts (default all kept), as JSON; or forget them
      xtoast center [open|close|toggle]   the notification centre (toggle by default)
      xtoast subscribe                print every event of every toast, one JSON line each
      xtoast reload                   read the config file again
      xtoast focus                    act on the cards with the keyboard (Escape ends)
      xtoast rules [--test ...]       the config's rules, or what a toast would match, as JSON
      xtoast rule NAME enable|disable|toggle   change one rule at run time
      xtoast ping                     check that a daemon answers
      xtoast import-dunstrc [FILE]    print an xtoast config translated from a dunstrc
      xtoast COMMAND --help           help for one command
      xtoast --version                print the version

    The socket is $XTOAST_SOCKET, or $XDG_RUNTIME_DIR/xtoast-<display>.sock.
    The config file is $XDG_CONFIG_HOME/xtoast/config (~/.config/xtoast/config).

    Exit codes: 0 done; 1 the daemon refused (its error on stderr); 2 usage error;
    3 no daemon reachable; with show --wait: 0 an action was chosen, 4 the toast ended
    without one; 5 the daemon went away while waiting.
    """

    /// `xtoast NAME --help`: the command's usage, what it does and its options, from `CommandTable`.
    public static func text(for command: String) -> String? {
        guard let command = CommandTable.command(named: command) else { return nil }
        var text = "Usage: " + command.usage.joined(separator: "\n       ") + "\n\n" + command.text
        if !command.options.isEmpty {
            text += "\n\nOptions:\n" + command.options.map(line(for:)).joined(separator: "\n")
        }
        return text
    }

    /// The width of the option column, so descriptions line up.
    private static let optionColumn = 24

    /// `  -t, --title TITLE         a bold title above the message`, continued lines aligned.
    private static func line(for option: CommandTable.Option) -> String {
        var name = option.short.map { "-\($0), " } ?? "    "
        name += "--" + option.long + (option.argument.map { " " + $0 } ?? "")
        let pad = String(repeating: " ", count: max(1, optionColumn + 2 - name.count))
        let indent = "\n" + String(repeating: " ", count: optionColumn + 4)
        return "  " + name + pad + option.help.split(separator: "\n").joined(separator: indent)
    }
}
