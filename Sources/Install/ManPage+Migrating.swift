import Migration
import ToastCore

extension ManPage {
    /// `xtoast-migrating(7)`: coming from dunst. What `xtoast import-dunstrc` maps, side by side
    /// (`DunstMapping`, held to the translator by its tests), and what it cannot, in the
    /// translator's own words.
    public static func migrating(date: String) -> String {
        var page = [Roff.header("xtoast-migrating", section: 7, date: date, manual: "Miscellaneous")]
        page += [".SH NAME", "xtoast\\-migrating \\- moving from dunst to xtoast", ".SH DESCRIPTION"]
        page += Roff.paragraph("""
            Stop and mask dunst so the bus name is xtoast's (systemctl --user mask --now dunst.service), \
            translate the dunstrc (xtoast import-dunstrc > ~/.config/xtoast/config; what could not be \
            translated is listed on standard error as FILE:LINE: not translated: KEY (why)), and keep \
            your scripts: xtoast dunstctl answers dunstctl's commands (xtoast-dunstctl(1)). \
            xtoast doctor says whether dunst still holds the name or would be started by its activation file.
            """)
        page += [".SH [GLOBAL]"] + Roff.paragraph("dunst's key, then what it becomes in xtoast's config:")
        for entry in DunstMapping.global { page += [".TP", Roff.bold(entry.dunst)] + Roff.paragraph(entry.xtoast) }
        page += [".PP"] + Roff.paragraph("""
            [urgency_normal] and [urgency_critical] give the timeout and the colours of their kinds (critical: \
            error); [urgency_low] becomes a rule matching low urgency. Each section's default_icon is a rule too. \
            What dunstrc leaves unset keeps dunst's default (its colours, its 10 s timeout), so the cards look as before.
            """)
        page += [".SH RULES"] + Roff.paragraph("Every other section is a rule. Its filters become match lines (a glob, =, or a regular expression, ~, with enable_posix_regex):")
        for (dunst, field) in DunstMapping.filters { page += [".TP", Roff.bold(dunst)] + Roff.paragraph("match \(field)") }
        page += [".PP", "Its settings:"]
        for entry in DunstMapping.rule { page += [".TP", Roff.bold(entry.dunst)] + Roff.paragraph(entry.xtoast) }
        page += [".PP"] + Roff.paragraph("A rule one of whose filters cannot be translated is left out whole: without that filter it would match more than it did.")
        page += [".SH SHORTCUTS"] + Roff.paragraph("dunst's keyboard shortcuts become [keys] bindings:")
        for (dunst, action) in DunstMapping.shortcuts { page += [".TP", Roff.bold(dunst)] + Roff.paragraph(action) }
        page += [".SH WHAT IS NOT TRANSLATED"] + Roff.paragraph("These keys have no xtoast equivalent; each is named on standard error, with why:")
        for (key, why) in DunstMapping.untranslated { page += [".TP", Roff.bold(key)] + Roff.paragraph(why) }
        page += [".PP"] + Roff.paragraph("These values ask for what xtoast does anyway, and pass without a word:")
        for (key, values) in DunstMapping.sameOnXtoast { page += [".TP", Roff.bold(key)] + Roff.paragraph(values.joined(separator: ", ")) }
        page += [".SH SEE ALSO"] + seeAlso(except: "xtoast-migrating").map { $0.hasSuffix(",") ? $0 : $0 + "," } + [".BR dunst (5)"]
        return page.joined(separator: "\n") + "\n"
    }
}
