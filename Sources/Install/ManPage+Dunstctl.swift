import Operations
import ToastCore

extension ManPage {
    /// `xtoast-dunstctl(1)`: what each of dunstctl's commands does on xtoast and what differs
    /// (`Dunstctl.manual`).
    public static func dunstctl(date: String) -> String {
        var page = [Roff.header("xtoast-dunstctl", section: 1, date: date, manual: "User Commands")]
        page += [".SH NAME", "xtoast\\-dunstctl \\- dunstctl's commands, answered by xtoast", ".SH SYNOPSIS",
                 "\(Roff.bold("xtoast dunstctl")) \(Roff.italic("COMMAND")) [\(Roff.italic("ARGS"))...]", ".br",
                 "\(Roff.bold("dunstctl")) \(Roff.italic("COMMAND")) [\(Roff.italic("ARGS"))...]", ".SH DESCRIPTION"]
        page += Roff.paragraph(CommandTable.command(named: "dunstctl")?.text ?? "")
        page += Roff.paragraph("""
            So bar scripts written for dunst keep working: link dunstctl to xtoast somewhere early \
            on PATH (ln -s "$(command -v xtoast)" ~/.local/bin/dunstctl). Output and exit codes are \
            dunstctl's; when no xtoast daemon answers it says what dunstctl says when dunst does not.
            """)
        page += [".SH COMMANDS"]
        for (usage, does, differs) in Dunstctl.manual {
            page += [".TP", usage.split(separator: " ").enumerated().map { i, word in
                i == 0 || word.hasPrefix("-") || word.contains("|") && !word.contains(where: \.isUppercase) ? Roff.bold(word) : Roff.italic(word)
            }.joined(separator: " ")] + Roff.paragraph(does)
            if let differs { page += [".br"] + Roff.paragraph("Differs: " + differs) }
        }
        page += [".SH SEE ALSO"] + seeAlso(except: "xtoast-dunstctl").map { $0.hasSuffix(",") ? $0 : $0 + "," } + [".BR dunstctl (1)"]
        return page.joined(separator: "\n") + "\n"
    }
}
