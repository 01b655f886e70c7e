import ToastCore

/// The text of `xtoast --help` and of each command's `--help`.
public enum Help {
    /// `xtoast --help`: a line for each operation (`Operation.Docs.overview`), in the table's order.
    public static let main: String = {
        var lines = ["xtoast: toasts for X11.", "", "Usage:"]
        let overview = Operation.table.flatMap { $0.docs.overview }
            + [("xtoast COMMAND --help", "help for one command"), ("xtoast --version", "print the version")]
        for (usage, text) in overview {
            lines.append("  " + usage + String(repeating: " ", count: max(3, overviewColumn - usage.count)) + text)
        }
        lines += ["", "The socket is $XTOAST_SOCKET, or $XDG_RUNTIME_DIR/xtoast-<display>.sock.",
                  "The config file is $XDG_CONFIG_HOME/xtoast/config (~/.config/xtoast/config).", "",
                  "Exit codes: 0 done; 1 the daemon refused (its error on stderr); 2 usage error;",
                  "3 no daemon reachable; with show --wait: 0 an action was chosen, 4 the toast ended",
                  "without one; 5 the daemon went away while waiting."]
        return lines.joined(separator: "\n")
    }()

    /// Where the overview's descriptions start (after the usage, at least three blanks).
    private static let overviewColumn = 32

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
