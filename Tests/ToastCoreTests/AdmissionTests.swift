@testable import ConfigParsing
@testable import JSONCodec
import Testing
@testable import ToastCore

/// The one way in: what `Admission.decide` makes of submissions from both sources.
@Suite struct AdmissionTests {
    let bus = Owner(.bus, 1), script = Owner(.socket, 1)

    /// A board whose config holds `rules` (config text of `[rule ...]` sections).
    func board(_ rules: String = "") -> Board {
        let parsed = ConfigParser.parse(rules, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return Board(config: parsed.config)
    }

    func fromBus(_ summary: String, app: String = "mail", urgency: Urgency = .normal, timeout: Double? = nil,
                 tag: String = "") -> Submission {
        var request = ShowRequest(message: "", title: summary, kind: .info, timeout: timeout)
        request.app = app
        request.urgency = urgency
        var submission = Submission(request, source: .bus)
        submission.stackTag = tag
        return submission
    }

    func fromSocket(_ message: String, urgency: Urgency? = nil, timeout: Double? = nil, app: String? = nil) -> Submission {
        var request = ShowRequest(message: message, timeout: timeout)
        request.urgency = urgency
        request.app = app
        return Submission(request, source: .socket)
    }

    /// Shows what the admission decided, as the service does for `show`.
    @discardableResult
    func admit(_ submission: Submission, on board: inout Board, owner: Owner) -> String {
        board.carryOut(Admission.decide(submission, board: board), owner: owner, now: 0)
    }

    @Test("critical waits for the user: a bus client's expire_timeout does not count, a script's own timeout does")
    func criticalPolicy() {
        let b = board()
        #expect(Admission.decide(fromBus("disk", urgency: .critical, timeout: 1.5), board: b).toast.timeout == 0)
        #expect(Admission.decide(fromSocket("disk", urgency: .critical), board: b).toast.timeout == 0)
        #expect(Admission.decide(fromSocket("disk", urgency: .critical, timeout: 3), board: b).toast.timeout == 3)
        #expect(Admission.decide(fromBus("mail", timeout: 1.5), board: b).toast.timeout == 1.5)
        #expect(Admission.decide(fromBus("mail"), board: b).toast.timeout == 4, "the kind's default")
    }

    @Test("past maxLiveCritical live critical bus toasts a new one is normal with its sender's timeout; scripts are not clamped")
    func criticalClamp() {
        var b = board()
        for i in 0..<NotificationLimits.maxLiveCritical {
            let d = Admission.decide(fromBus("alarm \(i)", urgency: .critical), board: b)
            #expect(!d.clampedCritical && d.toast.urgency == .critical)
            admit(fromBus("alarm \(i)", urgency: .critical), on: &b, owner: bus)
        }
        let next = Admission.decide(fromBus("one more", urgency: .critical, timeout: 2), board: b)
        #expect(next.clampedCritical && next.toast.urgency == .normal && next.toast.timeout == 2)
        #expect(Admission.decide(fromSocket("mine", urgency: .critical), board: b).toast.urgency == .critical)
        // Replacing one of them in place is no new critical toast.
        var replacing = fromBus("alarm 0 again", urgency: .critical)
        replacing.replacesID = "1"
        let replaced = Admission.decide(replacing, board: b)
        #expect(replaced.action == .replace(id: "1") && replaced.toast.urgency == .critical)
    }

    @Test("a stack tag: a live toast of the same source, app and tag is taken over; another app's or a script's is not")
    func stackTag() {
        var b = board()
        let first = admit(fromBus("40%", app: "mixer", tag: "vol"), on: &b, owner: bus)
        #expect(Admission.decide(fromBus("50%", app: "mixer", tag: "vol"), board: b).action == .takeOver(id: first))
        #expect(Admission.decide(fromBus("50%", app: "player", tag: "vol"), board: b).action == .show)
        #expect(Admission.decide(fromBus("50%", app: "mixer"), board: b).action == .show)
        var socket = fromSocket("50%", app: "mixer")
        socket.stackTag = "vol"
        #expect(Admission.decide(socket, board: b).action == .show, "a script cannot take a bus toast's card")
        let second = admit(fromBus("50%", app: "mixer", tag: "vol"), on: &b, owner: bus)
        #expect(second != first && b.toast(first) == nil && b.toast(second)?.title == "50%")
    }

    @Test("a rule's stack_tag lets a script's toasts take each other's card")
    func ruleStackTag() {
        var b = board("[rule backup]\nmatch app = backup\nstack_tag = progress\n")
        let first = admit(fromSocket("10%", app: "backup"), on: &b, owner: script)
        #expect(b.toast(first)?.stackTag == "progress")
        #expect(Admission.decide(fromSocket("20%", app: "backup"), board: b).action == .takeOver(id: first))
        #expect(Admission.decide(fromSocket("20%", app: "other"), board: b).action == .show)
    }

    @Test("a take-over assigns ids as show does: the next automatic one, or the caller's own (show --id), whose holder ends")
    func takeOverIDs() {
        var b = board("[rule backup]\nmatch app = backup\nstack_tag = progress\n")
        let first = admit(fromSocket("10%", app: "backup"), on: &b, owner: script)
        let second = admit(fromSocket("20%", app: "backup"), on: &b, owner: script)
        #expect(second != first && b.toast(first) == nil && b.toast(second)?.message == "20%")
        var named = fromSocket("30%", app: "backup")
        named.request.id = "job"
        #expect(Admission.decide(named, board: b).action == .takeOver(id: second))
        #expect(admit(named, on: &b, owner: script) == "job")
        #expect(b.toast(second) == nil && b.toast("job")?.message == "30%" && b.liveToasts.count == 1)
        // The same id again takes over the card it has, under that id.
        named.request.message = "40%"
        #expect(admit(named, on: &b, owner: script) == "job")
        #expect(b.toast("job")?.message == "40%" && b.liveToasts.count == 1)
        _ = b.takeChanges()
    }

    @Test("replaces_id replaces a live bus toast in place; a script's toast or a gone one gets a new toast")
    func replacesID() {
        var b = board()
        let mine = admit(fromBus("one"), on: &b, owner: bus)
        let scripts = admit(fromSocket("Delete?"), on: &b, owner: script)
        var again = fromBus("two")
        again.replacesID = mine
        #expect(Admission.decide(again, board: b).action == .replace(id: mine))
        again.replacesID = scripts
        #expect(Admission.decide(again, board: b).action == .show)
        again.replacesID = "999"
        #expect(Admission.decide(again, board: b).action == .show)
    }

    @Test("skip = display keeps it in history, never shown; skip = all drops it, scripts kept; skip = history shows it, not kept")
    func skips() throws {
        var b = board("""
            [rule spam]
            match app = Spammy
            skip = display
            [rule gone]
            match app = Junk
            skip = all
            script = log-junk
            [rule quiet]
            match app = Quiet
            skip = history
            """)
        var junk = fromBus("buy now", app: "Junk")
        junk.image = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [0, 0, 0])
        let dropped = Admission.decide(junk, board: b)
        #expect(dropped.action == .drop && dropped.image == nil && dropped.outcome.scripts == [RuleScript(rule: "gone", command: ["log-junk"])])
        #expect(Admission.decide(fromBus("hi", app: "Spammy"), board: b).action == .skipDisplay)
        let quiet = Admission.decide(fromBus("hi", app: "Quiet"), board: b)
        #expect(quiet.action == .show && quiet.toast.transient)

        b.subscribe(script)
        let spam = admit(fromBus("hi", app: "Spammy"), on: &b, owner: bus)
        let gone = admit(junk, on: &b, owner: bus)
        let shown = admit(fromBus("hi", app: "Quiet"), on: &b, owner: bus)
        #expect(!b.isVisible(spam) && b.toast(spam) == nil && b.toast(gone) == nil && b.toast(shown) != nil)
        #expect(b.history.map(\.toast.id) == [spam] && b.history.first?.reason == .skipped)
        #expect(b.history.first?.toast.rules == ["spam"])
        b.dismiss(shown, reason: .api, now: 1)
        #expect(b.history.map(\.toast.id) == [spam], "skip = history leaves no trace")
        let events = b.takeChanges().deliveries.filter { $0.event.id != shown }.map(\.event)
        #expect(events == [.dismissed(id: spam, reason: .skipped), .dismissed(id: gone, reason: .dropped)])
        #expect(NotificationMapping.closedReason(.skipped) == 2 && NotificationMapping.closedReason(.dropped) == 2)
    }

    @Test("rule settings: position, monitor, timeout over the sender's and critical's, kind, style, color, markup, urgency")
    func settings() {
        let b = board("""
            [rule battery]
            match summary ~ ^Battery
            kind = error
            position = bottom-left
            monitor = HDMI-1
            timeout = 1
            color = #112233
            style = capsule
            markup = no
            [rule urgent]
            match app = Slack
            urgency = critical
            """)
        let battery = Admission.decide(fromBus("Battery 5%", urgency: .critical, timeout: 9), board: b)
        #expect(battery.outcome.matched == ["battery"] && battery.toast.rules == ["battery"])
        #expect(battery.toast.kind == .error && battery.toast.position == .bottomLeft && battery.monitor == .named("HDMI-1"))
        #expect(battery.toast.timeout == 1 && battery.toast.color == 0x112233 && battery.toast.style == .capsule && !battery.toast.markup)
        let slack = Admission.decide(fromBus("hi", app: "Slack", timeout: 3), board: b)
        #expect(slack.toast.urgency == .critical && slack.toast.timeout == 0, "a rule's critical waits too")
        let other = Admission.decide(fromBus("Low battery"), board: b)
        #expect(other.outcome.matched.isEmpty && other.toast.position == .topRight && other.monitor == nil)
    }

    @Test("a rule's markup = strip (dunst's): the message's tags go, its words and entities stay, in the card and history alike; a later rule's markup = yes undoes it")
    func markupStrip() {
        let b = board("""
            [rule plain chat]
            match app = chat
            markup = strip
            [rule rich]
            match summary = rich
            markup = yes
            """)
        var request = ShowRequest(message: "<b>bold</b> &amp; <i>it</i>", title: "hi", kind: .info)
        request.app = "chat"
        request.markup = true
        let stripped = Admission.decide(Submission(request, source: .bus), board: b)
        #expect(stripped.toast.message == "bold & it" && !stripped.toast.markup)
        request.title = "rich"
        let kept = Admission.decide(Submission(request, source: .bus), board: b)
        #expect(kept.toast.message == "<b>bold</b> &amp; <i>it</i>" && kept.toast.markup)
    }

    @Test("a rule's icon replaces the toast's image; default_icon only fills a toast that has none")
    func icons() {
        let b = board("""
            [rule mail]
            match app = mail
            icon = mail-unread
            [rule fallback]
            match app = chat
            default_icon = chat-generic
            """)
        var mail = fromBus("new")
        mail.image = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [1, 2, 3])
        let m = Admission.decide(mail, board: b)
        #expect(m.toast.icon == "mail-unread" && m.image == nil)
        var chat = fromBus("hi", app: "chat")
        #expect(Admission.decide(chat, board: b).toast.icon == "chat-generic")
        chat.request.icon = "/own.png"
        #expect(Admission.decide(chat, board: b).toast.icon == "/own.png")
    }

    @Test("a socket toast's app is xtoast unless it names one; rules match it and see source socket")
    func socketApp() {
        let b = board("[rule scripts]\nmatch source = socket\nmatch app = xtoast\nkind = warning\n")
        let plain = Admission.decide(fromSocket("hi"), board: b)
        #expect(plain.toast.app == "xtoast" && plain.toast.source == .socket && plain.toast.kind == .warning)
        #expect(Admission.decide(fromSocket("hi", app: "backup"), board: b).outcome.matched.isEmpty)
    }

    @Test("the state's run-time disable counts")
    func runTimeState() {
        let b = board("[rule a]\nkind = error\n")
        var state = RuleState(for: b.config.rules)
        _ = state.change("A", .disable, in: b.config.rules)
        #expect(Admission.decide(fromSocket("x"), board: b, state: state).outcome.matched.isEmpty)
        #expect(Admission.decide(fromSocket("x"), board: b).outcome.matched == ["a"])
    }

    @Test("the --test report names the rules, the action, the settings and the scripts")
    func report() {
        let b = board("[rule osd]\nmatch app = volume\nstyle = capsule\nposition = bottom\ncolor = #00ff7f\nscript = osd-log \"a b\"\n")
        let report = Admission.decide(fromBus("50%", app: "volume"), board: b).report.text
        #expect(report.contains(#""matched":["osd"]"#) && report.contains(#""action":"show""#))
        #expect(report.contains(#""style":"capsule""#) && report.contains(#""position":"bottom""#) && report.contains(##""color":"#00ff7f""##))
        #expect(report.contains(#""scripts":[{"rule":"osd","command":["osd-log","a b"]}]"#))
    }
}

@Suite struct ScriptEnvironmentTests {
    @Test("every XTOAST_ variable, in order, from the toast after the rules; the timestamp in whole UNIX seconds")
    func variables() {
        var toast = Toast(id: "7", title: "New mail", message: "from Ann", kind: .success, icon: "mail", urgency: .low)
        toast.app = "Mail"
        toast.source = .bus
        let env = ScriptEnvironment.variables(for: toast, category: "email.arrived", rule: "mail", wallNow: 1_700_000_000.9)
        #expect(env.map(\.0) == ScriptEnvironment.names + ScriptEnvironment.dunstNames)
        #expect(env.prefix(11).map(\.1) == ["7", "Mail", "New mail", "from Ann", "mail", "low", "email.arrived", "success", "dbus", "mail", "1700000000"])
    }

    @Test("dunst's DUNST_* variables, spelt as dunst spells them: LOW|NORMAL|CRITICAL, -1 without progress, milliseconds, links one a line")
    func dunstVariables() {
        var toast = Toast(id: "9", title: "Build", message: #"<a href="https://ci/1">log</a> and <a href="mailto:a@b">mail</a>"#,
                          kind: .error, timeout: 2.5, markup: true, icon: "/icons/ci.png", urgency: .critical)
        toast.app = "CI"
        toast.stackTag = "ci"
        let env = Dictionary(uniqueKeysWithValues: ScriptEnvironment.variables(for: toast, category: "x", rule: "r", wallNow: 1_700_000_000.25,
                                                                               desktopEntry: "org.ci"))
        #expect(env["DUNST_APP_NAME"] == "CI" && env["DUNST_SUMMARY"] == "Build" && env["DUNST_BODY"] == toast.message)
        #expect(env["DUNST_ICON_PATH"] == "/icons/ci.png" && env["DUNST_URGENCY"] == "CRITICAL" && env["DUNST_ID"] == "9")
        #expect(env["DUNST_PROGRESS"] == "-1" && env["DUNST_CATEGORY"] == "x" && env["DUNST_STACK_TAG"] == "ci")
        #expect(env["DUNST_URLS"] == "https://ci/1\nmailto:a@b" && env["DUNST_TIMEOUT"] == "2500")
        #expect(env["DUNST_TIMESTAMP"] == "1700000000250" && env["DUNST_DESKTOP_ENTRY"] == "org.ci")
        toast.progress = 42
        toast.icon = "dialog-warning"   // a theme name, not a file: no path
        toast.urgency = .low
        let again = Dictionary(uniqueKeysWithValues: ScriptEnvironment.variables(for: toast, category: "", rule: "r", wallNow: 0))
        #expect(again["DUNST_PROGRESS"] == "42" && again["DUNST_ICON_PATH"] == "" && again["DUNST_URGENCY"] == "LOW")
        // script_args = dunst: appname summary body icon urgency after the rule's own words.
        #expect(ScriptEnvironment.command(RuleScript(rule: "r", command: ["notify.sh", "-q"], arguments: .dunst), for: toast)
                == ["notify.sh", "-q", "CI", "Build", toast.message, "", "LOW"])
        #expect(ScriptEnvironment.command(RuleScript(rule: "r", command: ["notify.sh"]), for: toast) == ["notify.sh"])
        toast.title = "a\u{1B}b\0"
        #expect(ScriptEnvironment.command(RuleScript(rule: "r", command: ["s"], arguments: .dunst), for: toast)[2] == #"a\u001bb"#)
    }

    @Test("values are bounded and hold no NUL; a strange clock gives 0, not a trap")
    func bounds() {
        var toast = Toast(id: "1", message: String(repeating: "é", count: 10_000) + "\0x")
        toast.app = "a\0b"
        let env = Dictionary(uniqueKeysWithValues: ScriptEnvironment.variables(for: toast, category: "", rule: "r", wallNow: .nan))
        #expect(env["XTOAST_APP"] == "ab" && env["XTOAST_TIMESTAMP"] == "0")
        #expect((env["XTOAST_BODY"]?.utf8.count ?? 0) <= RuleLimits.bodyBytes && !(env["XTOAST_BODY"] ?? "").contains("\0"))
        #expect(ScriptEnvironment.variables(for: toast, category: "", rule: "r", wallNow: -5)[10].1 == "0")
    }

    @Test("issue 32: ESC, BEL, CR, C1 and bidi controls from a notification reach a script as \\uXXXX text, as events write them; newlines and tabs stay")
    func escapedControls() {
        var toast = Toast(id: "1", title: "\u{1B}]0;owned\u{07}Title\r", message: "line one\n\tline two \u{202E}txt.exe\u{9B}2J")
        toast.app = "app\u{2066}x\u{2028}"
        let env = Dictionary(uniqueKeysWithValues: ScriptEnvironment.variables(for: toast, category: "c\u{7F}", rule: "r", wallNow: 0))
        #expect(env["XTOAST_SUMMARY"] == #"\u001b]0;owned\u0007Title\u000d"#)
        #expect(env["XTOAST_BODY"] == "line one\n\tline two " + #"\u202etxt.exe\u009b2J"#)
        #expect(env["XTOAST_APP"] == #"app\u2066x\u2028"#)
        #expect(env["XTOAST_CATEGORY"] == #"c\u007f"#)
        for value in env.values {
            #expect(!value.unicodeScalars.contains { JSON.needsEscape($0) && $0 != "\n" && $0 != "\t" }, "\(value.debugDescription)")
        }
        #expect(ScriptEnvironment.escaped("plain é 日本") == "plain é 日本")
        let long = String(repeating: "\u{1B}", count: RuleLimits.bodyBytes)
        toast.message = long
        let body = ScriptEnvironment.variables(for: toast, category: "", rule: "r", wallNow: 0)[3].1
        #expect(body.utf8.count <= RuleLimits.bodyBytes && body.hasPrefix(#"\u001b\u001b"#), "escaped, then bounded")
    }
}
