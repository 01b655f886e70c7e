@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Issue 30: snoozing an application ("Mute Slack for 1 hour", `xtoast snooze`).
@Suite struct SnoozeTests {
    let bus = Owner(.bus, 1)

    func notify(_ title: String = "New message", app: String = "Slack", entry: String = "", critical: Bool = false) -> Submission {
        var request = ShowRequest(message: "hi", title: title, kind: .info)
        request.app = app
        request.urgency = critical ? .critical : .normal
        var submission = Submission(request, source: .bus)
        submission.desktopEntry = entry
        return submission
    }

    func admit(_ submission: Submission, on board: inout Board, now: Double) -> (id: String, action: Admission.Action) {
        let decision = Admission.decide(submission, board: board, now: now)
        return (board.carryOut(decision, owner: bus, now: now), decision.action)
    }

    @Test("a snoozed app's toasts go to history ending snoozed, by name or desktop entry, any case; critical ones still show; the end lets them through")
    func admission() throws {
        var board = Board(config: { var c = Config.default; c.historyKeep = 100; return c }())
        var snoozes = Snoozes()
        _ = try snoozes.snooze("slack", until: 3600, now: 0).get()
        board.snoozedApps = snoozes.active(now: 10)
        let muted = admit(notify(), on: &board, now: 10)
        #expect(muted.action == .snooze)
        #expect(admit(notify(app: "", entry: "SLACK"), on: &board, now: 11).action == .snooze)
        #expect(admit(notify(critical: true), on: &board, now: 12).action == .show, "critical still shows")
        #expect(admit(notify(app: "Mail"), on: &board, now: 13).action == .show, "another app is not muted")
        let entry = try #require(board.history.first { $0.toast.id == muted.id })
        #expect(entry.reason == .snoozed && entry.unread)
        #expect(board.liveToasts.count == 2)
        #expect(snoozes.active(now: 3600).isEmpty)
        #expect(snoozes.expire(now: 3600) && snoozes.all.isEmpty)
        board.snoozedApps = snoozes.active(now: 3600)
        #expect(admit(notify(), on: &board, now: 3600).action != .snooze, "the snooze ended")
    }

    func fresh() -> Snoozes { Snoozes() }

    @Test("snoozes are bounded, replace their own app's, clear, and refuse bad names and ends")
    func bounds() {
        var snoozes = Snoozes()
        for i in 0..<Snoozes.maxSnoozes { #expect((try? snoozes.snooze("app\(i)", until: 100, now: 0).get()) != nil) }
        #expect(throws: QuietProblem.self) { try snoozes.snooze("one more", until: 100, now: 0).get() }
        #expect((try? snoozes.snooze("APP3", until: 200, now: 0).get()) != nil, "the same app, later end: no new entry")
        #expect(snoozes.all.count == Snoozes.maxSnoozes)
        #expect(snoozes.snoozing(app: "app3", desktopEntry: "", now: 150)?.until == 200)
        #expect(snoozes.clear("app3") && !snoozes.clear("app3"))
        for bad in ["", String(repeating: "x", count: 256), "a\nb", "[rule x]", "say \"hi\""] {
            #expect(throws: QuietProblem.self, "\(bad)") { var s = fresh(); _ = try s.snooze(bad, until: 100, now: 0).get() }
        }
        #expect(throws: QuietProblem.self) { var s = fresh(); _ = try s.snooze("a", until: 0, now: 0).get() }
        #expect(throws: QuietProblem.self) { var s = fresh(); _ = try s.snooze("a", until: .infinity, now: 0).get() }
        #expect(throws: QuietProblem.self) { var s = fresh(); _ = try s.snooze("a", until: 400 * 86_400, now: 0).get() }
    }

    @Test("the file's lines give back the snoozes still running; damaged lines are skipped")
    func persistence() throws {
        var snoozes = Snoozes()
        _ = try snoozes.snooze("Slack", until: 1000, now: 10).get()
        _ = try snoozes.snooze("Web app: chat", until: 50, now: 10).get()
        let text = snoozes.lines
        #expect(text == "1000 10 Slack\n50 10 Web app: chat\n")
        let back = Snoozes(lines: text + "garbage\nnan 1 x\n99999999999 1 \u{7}\n", now: 20)
        #expect(back == snoozes)
        #expect(Snoozes(lines: text, now: 60).all.map(\.app) == ["Slack"], "an ended one is not restored")
        // Times no snooze has (1e300 ends, infinite starts) are skipped: writing them back as
        // whole seconds trapped.
        let damaged = Snoozes(lines: "1e300 10 Far\n1000 1e300 Old\n1000 inf Inf\n" + text, now: 20)
        #expect(damaged == snoozes)
        #expect(damaged.lines == text)
    }

    @Test("\"always\" is a numbered rule section with a neutral comment, the name only in its quoted, escaped glob, that the config parser reads as skip = display")
    func alwaysRule() throws {
        let section = try #require(try SnoozeRule.section(app: "Build*bot", date: "2026-12-02", config: "[general]\n"))
        #expect(section == "\n# Added by xtoast on 2026-12-02 by \"Mute … always\" (delete this section to hear it again).\n"
                + "[rule snooze 1]\nmatch app = \"Build\\*bot\"\nskip = display\n")
        let parsed = ConfigParser.parse("[general]\n" + section, file: "t")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let rule = try #require(parsed.config.rules.rules.first)
        #expect(rule.name == "snooze 1")
        var board = Board(config: parsed.config)
        #expect(admit(notify(app: "Build*bot"), on: &board, now: 0).action == .skipDisplay)
        #expect(admit(notify(app: "Buildxbot"), on: &board, now: 1).action == .show, "the name's * is literal")
    }

    @Test("\"always\" numbers its rule past the file's, and writes nothing when a rule of either form mutes the app already")
    func alwaysNumbersAndDetects() throws {
        let config = """
            [rule snooze Spotify]
            match app = "Spotify"
            skip = display
            [rule snooze 7]
            match app = "Mail"
            skip = display
            [rule Snooze 12]
            match app = "Chat"
            skip = display

            """
        #expect(try SnoozeRule.section(app: "spotify", date: "d", config: config) == nil, "the rule as written before it was numbered")
        #expect(try SnoozeRule.section(app: "Chat", date: "d", config: config) == nil)
        let next = try #require(try SnoozeRule.section(app: "Slack", date: "d", config: config))
        #expect(next.contains("\n[rule snooze 13]\n"))
        let parsed = ConfigParser.parse(config + next, file: "t")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.config.rules.rules.count == 4)
        // A rule of that name the user changed (another match) does not count as the mute.
        let edited = "[rule snooze Slack]\nmatch app = \"Slack\"\nmatch urgency = low\nskip = display\n"
        #expect(try SnoozeRule.section(app: "Slack", date: "d", config: edited)?.contains("[rule snooze 1]") == true)
    }

    /// Issue 43: app names a bus client chose, which wrote lines of their own into the user's config.
    static let payloads = ["Slack\u{2028}opener = sh -c touch${IFS}PWNED\u{2028}#", "Chat\u{2028}every = 00:00-24:00\u{2028}allow = Chat\u{2028}#"]

    @Test("a name with a line break of any kind (U+2028, U+2029, NEL, CR, LF) cannot be snoozed or written as a rule", arguments: payloads + [
        "a\u{2029}b", "a\u{85}b", "a\rb", "a\nb", "a\r\nb",
    ])
    func lineBreaksRefused(_ name: String) {
        #expect(Snoozes.problem(name) != nil)
        #expect(throws: QuietProblem.self) { try SnoozeRule.section(app: name, date: "d", config: "[general]\n") }
        var snoozes = Snoozes()
        #expect((try? snoozes.snooze(name, until: 100, now: 0).get()) == nil)
        #expect(SnoozeMenu(app: name, on: .center) == nil, "no menu offers it")
    }

    @Test("a name that would not read back as its own rule (a combining mark joining the opening quote) is refused")
    func unreadableNameRefused() {
        #expect(throws: QuietProblem.self) { try SnoozeRule.section(app: "\u{301}Slack", date: "d", config: "") }
    }

    @Test("the rule as written before issue 43, payload and all, parses as exactly one rule: U+2028 starts no line, so no opener or schedule is added", arguments: payloads)
    func oldRuleWithPayloadIsOneRule(_ name: String) throws {
        let old = "\n# Added by xtoast on 2026-12-02: \"Mute \(name) always\" (delete this section to hear it again).\n"
            + "[rule snooze \(name)]\nmatch app = \"\(name)\"\nskip = display\n"
        for base in ["[general]\ntimeout = 5\n", "[quiet]\n"] {
            let before = ConfigParser.parse(base, file: "t")
            let after = ConfigParser.parse(base + old, file: "t")
            #expect(after.config.rules.rules.count == before.config.rules.rules.count + 1, "\(after.diagnostics)")
            #expect(after.config.opener == Config.default.opener)
            #expect(after.config.quietSchedules.isEmpty)
            #expect(!(base + old).fileLines().contains { $0.hasPrefix("opener") || $0.hasPrefix("every") })
        }
    }

    @Test("the menu shows a name cut, its blanks and line breaks one space, so its words stay in sight")
    func menuShowsNameCut() {
        let padded = "Slack" + String(repeating: " ", count: 100) + "x"
        #expect(SnoozeChoice.always.label(app: padded) == "Mute Slack x always")
        let long = String(repeating: "W", count: 200)
        let label = SnoozeChoice.oneHour.label(app: long)
        #expect(label == "Mute " + String(repeating: "W", count: SnoozeChoice.maxShownCharacters - 1) + "… for 1 hour")
        #expect(SnoozeChoice.always.label(app: "a\u{2028}b\u{85}c\u{202E}d\td") == "Mute a b c d d always")
    }

    @Test("snoozed toasts during do-not-disturb are counted in the summary when it ends")
    func summaryCounts() throws {
        var board = Board(config: { var c = Config.default; c.historyKeep = 100; return c }())
        board.snoozedApps = ["slack"]
        board.setDoNotDisturb(true, now: 0)
        for i in 0..<3 { _ = admit(notify("s\(i)"), on: &board, now: Double(i)) }
        for i in 0..<2 { _ = admit(notify("m\(i)", app: "Mail"), on: &board, now: 5 + Double(i)) }
        board.setDoNotDisturb(false, now: 20)
        let card = try #require(board.liveToasts.first { $0.summary != nil })
        #expect(card.message.hasPrefix("5 notifications from Slack and Mail"), "\(card.message)")
        #expect(card.summary?.firstHistoryID == board.history.first { $0.toast.title == "s0" }?.historyID)
        // The next quiet time starts from nothing.
        board.setDoNotDisturb(true, now: 30)
        _ = admit(notify("m9", app: "Mail"), on: &board, now: 31)
        board.setDoNotDisturb(false, now: 40)
        #expect(!board.liveToasts.contains { $0.summary != nil && $0.message.hasPrefix("1 ") })
    }

    @Test("focus mode: M mutes the focused card's app for an hour, Shift+M until tomorrow morning; with Ctrl it is nothing")
    func focusKey() throws {
        let cards = [CardFacts(id: "1", actions: [], defaultAction: nil)]
        let focus = try #require(KeyboardFocus(cards: cards, now: 0))
        #expect(focus.intent(for: .typing("m"), cards: cards) == .snoozeApp(id: "1", choice: .oneHour))
        #expect(focus.intent(for: .typing("M", shift: true), cards: cards) == .snoozeApp(id: "1", choice: .tomorrowMorning))
        #expect(focus.intent(for: KeyPress(.text, text: "m", command: true), cards: cards) == nil)
    }
}
