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

    @Test("\"always\" is a rule section with a comment, its glob escaped, that the config parser reads as skip = display")
    func alwaysRule() throws {
        let section = SnoozeRule.section(app: "Build*bot", date: "2026-12-02")
        #expect(section.contains("# Added by xtoast on 2026-12-02"))
        #expect(section.contains("[rule snooze Build*bot]\nmatch app = \"Build\\*bot\"\nskip = display\n"))
        let parsed = ConfigParser.parse("[general]\n" + section, file: "t")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let rule = try #require(parsed.config.rules.rules.first)
        #expect(rule.name == "snooze Build*bot")
        var board = Board(config: parsed.config)
        #expect(admit(notify(app: "Build*bot"), on: &board, now: 0).action == .skipDisplay)
        #expect(admit(notify(app: "Buildxbot"), on: &board, now: 1).action == .show, "the name's * is literal")
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
