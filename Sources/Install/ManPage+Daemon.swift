import Operations
import ToastCore

extension ManPage {
    /// `xtoastd(1)`: the daemon, its options (the `daemon` command's, from the operation
    /// table), signals, files, environment, the bus names it takes and its exit codes.
    public static func daemon(date: String) -> String {
        var page = [Roff.header("xtoastd", section: 1, date: date, manual: "User Commands")]
        page += [".SH NAME", "xtoastd \\- the xtoast daemon, and the desktop's notification server",
                 ".SH SYNOPSIS", "\(Roff.bold("xtoastd")) [\(Roff.bold("--no-dbus"))] [\(Roff.bold("--replace"))]",
                 ".br", "\(Roff.bold("xtoastd")) \(Roff.bold("--doctor")) [\(Roff.bold("--json"))]",
                 ".br", "\(Roff.bold("xtoastd")) \(Roff.bold("--version"))", ".SH DESCRIPTION"]
        let command = CommandTable.command(named: "daemon")
        page += Roff.paragraph("xtoast daemon hands over to xtoastd; a systemd user unit (xtoast.service) and the D-Bus activation file start it too. " + (command?.text ?? ""))
        page += [".SH OPTIONS"]
        for option in command?.options ?? [] { page += optionItem(option) }
        page += [".TP", Roff.bold("--doctor")] + Roff.paragraph("""
            What xtoast doctor runs: reads the bus, the X server, the daemon's socket and the files, \
            prints what may keep notifications from showing, and exits; see xtoast(1).
            """)
        page += optionItem(CommandTable.version)
        page += [".SH SIGNALS"]
        let signals: [(String, String)] = [
            ("SIGHUP", "Reads the config file again, as xtoast reload does."),
            ("SIGTERM, SIGINT", "Ends every toast (reason shutdown: each owner hears dismissed, each D-Bus sender NotificationClosed), gives clients up to 0.5 s to read their last events, removes the socket and exits 0."),
            ("SIGCHLD", "Reaps the image decoders and rule scripts it started."),
        ]
        for (name, meaning) in signals { page += [".TP", Roff.bold(name)] + Roff.paragraph(meaning) }
        page += [".SH BUS NAMES"]
        let names: [(String, String)] = [
            (Doctor.notificationsName, "On the session bus, asked for allowing replacement and queueing: while another server holds it (dunst), the daemon logs who (command and pid), waits in the bus's queue and serves its socket; the bus hands it the name when that server goes. --replace takes it from a server that allows it (a previous xtoast)."),
            ("org.xtoast.Daemon", "An interface on /org/freedesktop/Notifications with one method, HandOverChallenge, which only the same user's xtoastd may call (--replace). It ends nothing: the bus does not say which process sent a call, so it answers a one-time nonce and the daemon's socket, and the caller brings the nonce back over that socket (bushandover), where the kernel names the writer. Only when the process that asked on the bus, running this xtoastd, alone wrote it within 5 s does the daemon end its D-Bus toasts (reason 4) while it still owns the name; the caller then takes the name."),
            ("org.a11y.atspi", "While an accessibility bus runs (org.a11y.Bus) and is enabled, the daemon is an AT-SPI application there, so screen readers read the toasts."),
        ]
        for (name, meaning) in names { page += [".TP", Roff.bold(name)] + Roff.paragraph(meaning) }
        page += [".SH ENVIRONMENT"]
        for (name, meaning) in environment { page += [".TP", Roff.bold(name)] + Roff.paragraph(meaning) }
        page += [".TP", Roff.bold("DBUS_SESSION_BUS_ADDRESS")] + Roff.paragraph("The session bus; without one the daemon serves its socket only.")
        page += [".SH FILES"] + files
        page += [".SH EXIT STATUS"]
        let codes: [(String, String)] = [
            ("0", "stopped by SIGTERM or SIGINT, or handed over to a new daemon (--replace)"),
            ("1", "no display; a live daemon holds the socket (with --replace: it did not hand over within 5 s); the socket cannot be made; the X server or the session bus it was started on went away"),
        ]
        for (code, meaning) in codes { page += [".TP", Roff.bold(code)] + Roff.paragraph(meaning) }
        page += [".SH SEE ALSO"] + seeAlso(except: "xtoastd")
        return page.joined(separator: "\n") + "\n"
    }

    /// The files the daemon reads and writes, for `xtoast(1)` and `xtoastd(1)`.
    static var files: [String] {
        [".TP", Roff.bold("$XDG_CONFIG_HOME/xtoast/config"),
         "The daemon's configuration (\(Roff.text("~/.config/xtoast/config")) without",
         "\(Roff.bold("XDG_CONFIG_HOME"))); see", ".BR xtoast (5).",
         ".TP", Roff.bold("$XDG_RUNTIME_DIR/xtoast-<display>.sock")]
            + Roff.paragraph("The socket, mode 0600; without XDG_RUNTIME_DIR, in /tmp/xtoast-<uid>/, a directory only its owner may enter.")
            + [".TP", Roff.bold("$XDG_STATE_HOME/xtoast/history")]
            + Roff.paragraph("The history (~/.local/state/xtoast/history without XDG_STATE_HOME): one JSON line per ended toast, bounded by [center] keep and keep_days, locked by the daemon that writes it (a second daemon on another display keeps its history in memory). A file that cannot be read is renamed history.bad.")
            + [".TP", Roff.bold("$XDG_STATE_HOME/xtoast/quiet")]
            + Roff.paragraph("Do-not-disturb while it lasts (xtoast pause), one JSON line, kept across restarts.")
    }

    /// Every page but the one with `id`, for SEE ALSO.
    static func seeAlso(except id: String) -> [String] {
        let others = ManPages.all.filter { $0.id != id }
        return others.enumerated().map { i, page in ".BR \(Roff.text(page.name)) (\(page.section))\(i < others.count - 1 ? "," : "")" }
    }
}
