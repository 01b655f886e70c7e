@testable import ConfigParsing
@testable import JSONCodec
import Testing
@testable import ToastCore

/// `xtoast doctor`'s checks, each fed what it would read, faked: a bus where dunst holds the
/// name, a systemd environment without DISPLAY, a snooze set to always, picom's config, the
/// daemon's replies. What each says is what the user reads.
@Suite struct DoctorTests {
    let now = 1_800_000_000.0

    @Test("dunst holding the name is a problem that names it, its pid, how long it has run, and how to stop it")
    func dunstHoldsTheName() {
        let finding = Doctor.nameOwner(.owner(Doctor.ProcessFacts(pid: 812, command: "dunst", started: now - 3 * 3600 - 300)), now: now)
        #expect(finding.verdict == .problem)
        #expect(finding.says == #""dunst" (pid 812), started 3 h 5 min ago, holds org.freedesktop.Notifications: desktop notifications go to it, not to xtoast"#)
        #expect(finding.advice?.contains("systemctl --user stop dunst.service, or kill 812") == true, "\(finding.advice ?? "")")
    }

    @Test("xtoastd holding the name is ok; nobody holding it is a warning; no bus is a problem")
    func otherOwners() {
        #expect(Doctor.nameOwner(.owner(Doctor.ProcessFacts(pid: 7, command: "xtoastd")), now: now).verdict == .ok)
        #expect(Doctor.nameOwner(.none, now: now).verdict == .warning)
        let noBus = Doctor.nameOwner(.noBus("No such file or directory"), now: now)
        #expect(noBus.verdict == .problem && noBus.says.contains("no session bus (No such file or directory)"))
    }

    static let dunstFile = Doctor.ActivationFile(path: "/usr/share/dbus-1/services/org.knopwob.dunst.service", text: """
        [D-BUS Service]
        Name=org.freedesktop.Notifications
        Exec=/usr/bin/dunst
        SystemdService=dunst.service
        """)
    static let xtoastFile = Doctor.ActivationFile(path: "/home/ann/.local/share/dbus-1/services/org.xtoast.Notifications.service", text: """
        [D-BUS Service]
        Name=org.freedesktop.Notifications
        Exec=/usr/local/bin/xtoastd
        SystemdService=xtoast.service
        """)

    @Test("dunst's activation file first on the bus's path is a problem that names the file and how to mask it")
    func dunstActivationFile() {
        #expect(Self.dunstFile.name == "org.freedesktop.Notifications" && Self.dunstFile.program == "dunst"
                && Self.dunstFile.systemdService == "dunst.service")
        let findings = Doctor.activation([Self.dunstFile], userDirectory: "/home/ann/.local/share/dbus-1/services")
        #expect(findings.count == 1)
        #expect(findings[0].verdict == .problem)
        #expect(findings[0].says.contains("/usr/share/dbus-1/services/org.knopwob.dunst.service starts \"dunst\""))
        #expect(findings[0].advice?.hasPrefix("systemctl --user mask --now dunst.service") == true)
        #expect(findings[0].advice?.contains("/home/ann/.local/share/dbus-1/services") == true)
    }

    @Test("xtoast's activation file before dunst's: both ok, dunst's said to come after it")
    func xtoastFirst() {
        let findings = Doctor.activation([Self.xtoastFile, Self.dunstFile], userDirectory: "/home/ann/.local/share/dbus-1/services")
        #expect(findings.map(\.verdict) == [.ok, .ok])
        #expect(findings[1].says.contains("comes before it"))
        #expect(Doctor.activation([], userDirectory: nil).first?.verdict == .warning)
    }

    @Test("DISPLAY missing from the systemd user manager's environment is a problem that says how to import it")
    func displayMissingFromActivationEnvironment() {
        let missing = Doctor.activationEnvironment(.init(systemd: ["HOME=/home/ann", "PATH=/usr/bin"], display: ":0", xauthority: nil))
        #expect(missing.verdict == .problem && missing.says.hasPrefix("DISPLAY is not in the systemd user manager's environment"))
        #expect(missing.advice?.contains("dbus-update-activation-environment --systemd DISPLAY XAUTHORITY") == true)
        let present = Doctor.activationEnvironment(.init(systemd: ["DISPLAY=:0", "XAUTHORITY=/home/ann/.Xauthority"], display: ":0", xauthority: "/x"))
        #expect(present.verdict == .ok)
        let other = Doctor.activationEnvironment(.init(systemd: ["DISPLAY=:1"], display: ":0", xauthority: nil))
        #expect(other.verdict == .warning && other.says.contains("DISPLAY=:1"))
        let noSystemd = Doctor.activationEnvironment(.init(systemd: nil, display: ":0", xauthority: nil))
        #expect(noSystemd.verdict == .ok && noSystemd.says.hasPrefix("cannot tell"))
    }

    @Test("a snooze set to always (its rule) is a warning naming the app, the rule's place and the last toast it held back")
    func snoozedAlways() throws {
        // The daemon's side: the rule's state remembers what it held back, and `rules` says so.
        let config = ConfigParser.parse("[rule snooze Slack]\nmatch app = Slack\nskip = display\n", file: "config").config
        var state = RuleState(for: config.rules)
        let subject = RuleSubject(app: "Slack", summary: "Ann: lunch?")
        state.record(config.rules.evaluate(subject, state: state), in: config.rules, at: now - 120)
        let reply = JSON.object([("rules", RuleStatus.json(state.statuses(of: config.rules)))])
        #expect(reply.text.contains(#""hides":"display","last_held":{"app":"Slack","title":"Ann: lunch?","at":"#), "\(reply.text)")

        let findings = Doctor.rules(reply, now: now)
        #expect(findings.count == 1)
        #expect(findings[0].verdict == .warning)
        #expect(findings[0].says == #"Slack is snoozed always: [rule snooze Slack] (config:1) keeps its toasts off screen (history only): 1 since the daemon started; the last: Slack "Ann: lunch?", 2 min ago"#)
        #expect(findings[0].advice?.hasPrefix("xtoast rule 'snooze Slack' disable") == true)
    }

    @Test("do-not-disturb says who asked and how long it lasts; snoozes say how long")
    func quietAndSnoozes() throws {
        let status = try JSON.parse(#"{"ok":true,"inhibited":true,"level":100,"until":1800007200,"sources":[{"by":"user","level":100,"since":1799999000,"until":1800007200},{"by":"app","desktop_entry":"zoom","reason":"Screen sharing","cookie":1,"since":1799999000}]}"#)
        let quiet = Doctor.quiet(status, now: now)
        #expect(quiet.map(\.verdict) == [.warning, .warning])
        #expect(quiet[0].says.contains("for 2 h more") && quiet[0].advice == "xtoast resume")
        #expect(quiet[1].says == #"zoom inhibits notifications ("Screen sharing"), with no end: new toasts wait"#)
        #expect(Doctor.quiet(try JSON.parse(#"{"ok":true,"inhibited":false,"level":0,"sources":[]}"#), now: now).first?.verdict == .ok)
        let snoozes = Doctor.snoozes(try JSON.parse(#"{"ok":true,"snoozes":[{"app":"Slack","until":1800002400,"since":1799990000}]}"#), now: now)
        #expect(snoozes.first?.says == "Slack is snoozed for 40 min more: its toasts go to history unseen")
        #expect(snoozes.first?.advice == "xtoast snooze --clear Slack")
        #expect(Doctor.quiet(nil, now: now).first?.says == "cannot tell without a running daemon")
    }

    @Test("picom: shadows on the cards while xtoast draws its own is a warning; excluded notifications are ok")
    func picomConfig() {
        let shadows = Doctor.Compositor(name: "picom", pid: 99, picomConfig: ("/home/ann/.config/picom.conf", """
            # picom
            shadow = true;
            shadow-exclude = [
              "window_type = 'notification'",   # the cards' type
              "class_g = 'Conky'"
            ];
            opacity-rule = [ "80:class_g = 'Xtoast'" ];
            """))
        let found = Doctor.compositor(shadows, shadow: .own)
        #expect(found.map(\.verdict) == [.ok, .ok, .warning], "\(found)")
        let excluded = Doctor.compositor(Doctor.Compositor(name: "picom", picomConfig: ("p", """
            shadow = true;
            shadow-exclude = [ "class_g = 'Firefox'" ];
            """)), shadow: .own)
        #expect(excluded[1].verdict == .warning && excluded[1].says.contains("both shadows show"), "\(excluded)")
        #expect(excluded[1].advice?.contains("window_type = 'notification'") == true)
        #expect(found[2].says.contains("opacity-rule \"80:class_g = 'Xtoast'\""))
        #expect(Doctor.compositor(nil, shadow: .compositor).first?.says.hasPrefix("none") == true)
        #expect(Doctor.compositor(Doctor.Compositor(), shadow: .compositor).first?.says.hasPrefix("unknown owns") == true)
    }

    @Test("the config's ignored lines are warnings; a history file others can read is one")
    func files() {
        let config = ConfigParser.parse("[general]\nposition = middle\nnonsense\n", file: "/home/ann/.config/xtoast/config")
        let findings = Doctor.config(.read(path: "/home/ann/.config/xtoast/config", diagnostics: config.diagnostics.map(\.description)))
        #expect(findings.count == config.diagnostics.count && !findings.isEmpty)
        #expect(findings.allSatisfy { $0.verdict == .warning && $0.says.hasPrefix("ignored: /home/ann/.config/xtoast/config:") })
        let open = Doctor.history(.present(path: "/h", size: 3000, mode: 0o100644))
        #expect(open.verdict == .warning && open.says == "/h: 2 KiB, mode 644: others can read what your notifications said" && open.advice == "chmod 600 /h")
        #expect(Doctor.history(.present(path: "/h", size: 10, mode: 0o100600)).verdict == .ok)
    }

    @Test("a hostile command name cannot start a line of its own, and is cut")
    func hostileWordsStayOnOneLine() {
        let name = "dunst\n" + "problem  fake\u{2028}\u{85}\r" + String(repeating: "x", count: 5000)
        let finding = Doctor.nameOwner(.owner(Doctor.ProcessFacts(pid: 1, command: name)), now: now)
        let text = DoctorReport.text([finding])
        #expect(text.split(whereSeparator: { $0.isNewline }).count == 3, "\(text)")  // finding, advice, totals
        #expect(finding.says.unicodeScalars.count <= DoctorFinding.maxScalars + 1)
    }

    @Test("the report: a line per finding with its verdict and what to do; JSON with the same and the counts")
    func report() throws {
        let findings = [DoctorFinding("bus name", .problem, "held", advice: "stop it"), DoctorFinding("sound", .ok, "PipeWire")]
        #expect(DoctorReport.text(findings) == """
            problem  bus name: held
                     do: stop it
            ok       sound: PipeWire

            1 problem, 0 warnings
            """)
        #expect(DoctorReport.json(findings).text == #"{"findings":[{"check":"bus name","verdict":"problem","says":"held","do":"stop it"},{"check":"sound","verdict":"ok","says":"PipeWire"}],"problems":1,"warnings":0}"#)
    }

    @Test("every check group speaks, in order, for one set of facts")
    func everyCheck() {
        let facts = Doctor.Facts(daemon: .silent(path: "/run/x.sock", why: "connect: No such file or directory"), nameOwner: .none)
        let checks = Doctor.findings(facts, now: now).map(\.check)
        #expect(checks == ["daemon", "bus name", "activation", "activation environment", "X server", "locker", "do-not-disturb",
                           "sound", "accessibility", "config", "history"])
    }
}
