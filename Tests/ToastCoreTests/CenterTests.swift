@testable import Operations
import Testing
import Install
@testable import ToastCore

/// An ended toast of `app`, ended at `ended` (monotonic seconds).
private func ended(_ id: String, app: String? = nil, title: String = "", message: String = "m", at ended: Double,
                   reason: DismissReason = .timeout) -> HistoryEntry {
    var t = Toast(id: id, title: title, message: message)
    t.app = app
    return HistoryEntry(toast: t, reason: reason, ended: ended)
}

private func ids(_ rows: [CenterRow]) -> [String] {
    rows.map { row in
        switch row {
        case let .group(app, count, collapsed, _): "[\(app) \(count)\(collapsed ? " collapsed" : "")]"
        case let .entry(e): e.toast.id
        }
    }
}

/// Oldest first, as the board keeps it.
private let history = [
    ended("1", app: "mail", title: "Invoice", at: 10),
    ended("2", app: "chat", message: "lunch?", at: 20),
    ended("3", app: "mail", title: "Re: Invoice", at: 30),
    ended("4", at: 40),
]

@Suite struct CenterContentTests {
    @Test("without grouping: newest first")
    func newestFirst() {
        #expect(ids(CenterContent.rows(history, grouping: .none)) == ["4", "3", "2", "1"])
    }

    @Test("grouped by app: apps by their newest entry, each collapsed to its newest until expanded")
    func grouping() {
        #expect(ids(CenterContent.rows(history, grouping: .app))
                == ["[xtoast 1]", "4", "[mail 2 collapsed]", "3", "[chat 1]", "2"])
        #expect(ids(CenterContent.rows(history, grouping: .app, expanded: ["mail"]))
                == ["[xtoast 1]", "4", "[mail 2]", "3", "1", "[chat 1]", "2"])
    }

    @Test("the filter matches every word in the app, title or message, ignoring case, and shows every match")
    func filtering() {
        #expect(ids(CenterContent.rows(history, grouping: .none, filter: "INVOICE")) == ["3", "1"])
        #expect(ids(CenterContent.rows(history, grouping: .none, filter: "re: invoice")) == ["3"])
        #expect(ids(CenterContent.rows(history, grouping: .none, filter: "chat")) == ["2"])
        #expect(ids(CenterContent.rows(history, grouping: .app, filter: "mail")) == ["[mail 2]", "3", "1"])
        #expect(CenterContent.rows(history, grouping: .none, filter: "nothing like it").isEmpty)
    }

    @Test("the header's new count: the board's unread entries, and those that were unread when the panel opened")
    func unread() {
        var h = history.enumerated().map { i, e in
            var e = e
            e.historyID = UInt64(i + 1)
            return e
        }
        h[0].unread = false
        h[1].unread = false
        #expect(CenterContent.unread(h) == 2)
        #expect(CenterContent.unread(h, readAtOpen: [2]) == 3)
        h[2].unread = false
        h[3].unread = false
        #expect(CenterContent.unread(h, readAtOpen: [3, 4]) == 2)
    }

    @Test("an entry shows buttons only while its sender listens, and only when it has actions")
    func buttons() {
        var e = ended("1", at: 1)
        e.toast.actions = [Action(id: "open", label: "Open")]
        #expect(!CenterContent.showsButtons(e))
        e.listener = Listener(id: "1", owner: Owner(.socket, 1))
        #expect(CenterContent.showsButtons(e))
        e.toast.actions = []
        #expect(!CenterContent.showsButtons(e))
    }
}

@Suite struct RelativeTimeTests {
    // 2026-12-01 (a Tuesday) 14:02:30 UTC.
    let now = 1_796_133_750.0
    func label(_ age: Double, offset: Double = 0) -> String {
        RelativeTime.label(now - age, now: now) { .utc($0, offset: offset) }
    }

    /// The centre's calendar is the quiet hours' (`LocalZone`): Tuesday is Tuesday in both, and
    /// a time from a damaged history file (infinite, 10³⁰⁰) is a label, not a trap.
    @Test func theCalendarIsLocalZones() {
        let local = RelativeTime.LocalTime.at(now, in: LocalZone { _ in 3600 })
        #expect(local == RelativeTime.LocalTime(day: 20_788, weekday: 2, month: 12, dayOfMonth: 1, hour: 15, minute: 2))
        for t in [Double.infinity, -.infinity, .nan, 1e300, -1e300] {
            _ = RelativeTime.label(t, now: now) { .at($0, in: LocalZone { _ in Int.max }) }
            _ = LocalZone.utc.civil(t)
        }
    }

    @Test func labels() {
        #expect(label(0) == "now")
        #expect(label(59) == "now")
        #expect(label(-5) == "now")  // a clock that stepped back
        #expect(label(300) == "5 min")
        #expect(label(3599) == "59 min")
        #expect(label(7200) == "12:02")
        #expect(label(86_400) == "Mon 14:02")
        #expect(label(6 * 86_400) == "Wed 14:02")
        #expect(label(30 * 86_400) == "1 Nov 14:02")
    }

    @Test("the day turns at local midnight")
    func localDays() {
        // 14:02 UTC is 23:02 at +9 h: three hours ago is the same local day. At +11 h it is
        // 01:02 on Wednesday: two hours ago was Tuesday.
        #expect(label(3 * 3600, offset: 9 * 3600) == "20:02")
        #expect(label(2 * 3600, offset: 11 * 3600) == "Tue 23:02")
    }

    @Test func calendar() {
        let t = RelativeTime.LocalTime.utc(now)
        #expect(t.weekday == 2 && t.month == 12 && t.dayOfMonth == 1 && t.hour == 14 && t.minute == 2)
        #expect(RelativeTime.LocalTime.utc(0).weekday == 4)  // 1970-01-01 was a Thursday
    }
}

@Suite struct CenterScrollTests {
    /// Rows 0..<count, each 50 px except row 3 (120 px).
    let count = 10
    func h(_ i: Int) -> Double { i == 3 ? 120 : 50 }

    @Test("scrolling down and back up, never past either end")
    func scrolling() {
        var s = CenterScroll.top.scrolled(by: 70, count: count, viewport: 200, height: h)
        #expect(s == CenterScroll(first: 1, offset: 20))
        s = s.scrolled(by: -100, count: count, viewport: 200, height: h)
        #expect(s == .top)
        // The list is 570 px: the furthest down shows its last 200.
        s = CenterScroll.top.scrolled(by: 10_000, count: count, viewport: 200, height: h)
        #expect(s == CenterScroll(first: 6, offset: 0))
        #expect(CenterScroll.end(count: count, viewport: 200, height: h) == s)
        // A list shorter than its view does not scroll.
        #expect(CenterScroll.top.scrolled(by: 50, count: 3, viewport: 200, height: h) == .top)
    }

    @Test("only the rows a move passes and the rows that show are measured")
    func measuresLittle() {
        var measured = Set<Int>()
        let s = CenterScroll.end(count: 1000, viewport: 200, height: { measured.insert($0); return 50 })
        #expect(s == CenterScroll(first: 996, offset: 0))
        #expect(measured == [996, 997, 998, 999])
        measured.removeAll()
        _ = CenterScroll.top.scrolled(by: 120, count: 1000, viewport: 200, height: { measured.insert($0); return 50 })
        #expect(measured.count <= 8)
    }

    @Test("revealing a row scrolls as little as it takes")
    func revealing() {
        let s = CenterScroll.top.revealing(4, count: count, viewport: 200, height: h)
        // Rows 0-4 end at 320: the view's bottom goes there.
        #expect(s == CenterScroll(first: 2, offset: 20))
        #expect(s.revealing(1, count: count, viewport: 200, height: h) == CenterScroll(first: 1, offset: 0))
        #expect(s.revealing(3, count: count, viewport: 200, height: h) == s)
    }

    @Test func visibleRows() {
        let rows = CenterScroll(first: 2, offset: 20).visibleRows(count: count, viewport: 200, height: h)
        #expect(rows.map(\.index) == [2, 3, 4])
        #expect(rows.map(\.top) == [-20, 30, 150])
    }
}

@Suite struct CenterStateTests {
    let rows = CenterContent.rows(history, grouping: .none)
    func h(_ i: Int) -> Double { 50 }

    @Test("Shift+M on the selected entry snoozes its app for an hour; with nothing selected it is nothing")
    func muteFromCenter() {
        var s = CenterState()
        #expect(s.press(.typing("M", shift: true), rows: rows, viewport: 100, now: 0, height: h) == nil)
        _ = s.press(KeyPress(.down), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.press(.typing("M", shift: true), rows: rows, viewport: 100, now: 0, height: h) == nil, "entry 4 names no app")
        _ = s.press(KeyPress(.down), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.press(.typing("M", shift: true), rows: rows, viewport: 100, now: 0, height: h) == .snoozeApp("mail", .oneHour))
    }

    @Test("Shift+Q opens the do-not-disturb menu: Down and Up move in it, Enter or a digit takes a choice, Escape closes it and nothing else")
    func quietMenuKeys() {
        var s = CenterState()
        let choices = QuietChoice.offered(atMinute: 19 * 60)  // no "this evening" after 18:00
        func press(_ key: KeyPress) -> CenterCommand? {
            s.press(key, rows: rows, viewport: 100, now: 0, height: h, quietChoices: choices)
        }
        #expect(press(.typing("Q", shift: true)) == nil)
        #expect(s.quietMenuOpen && s.quietMenuSelection == 0)
        _ = press(KeyPress(.down))
        _ = press(KeyPress(.down))
        #expect(press(KeyPress(.enter)) == .pauseFor(.tomorrowMorning))
        #expect(!s.quietMenuOpen && s.quietMenuSelection == nil)
        // The list's selection did not move while the menu had the keys.
        #expect(s.selection == nil)
        _ = press(.typing("Q", shift: true))
        for _ in 0..<9 { _ = press(KeyPress(.down)) }
        #expect(s.quietMenuSelection == choices.count - 1, "stops at the last choice")
        _ = press(KeyPress(.up))
        #expect(s.quietMenuSelection == choices.count - 2)
        #expect(press(KeyPress(.escape)) == nil)
        #expect(!s.quietMenuOpen, "Escape closes the menu, not the panel")
        _ = press(.typing("Q", shift: true))
        #expect(press(KeyPress(.digit(2), text: "2")) == .pauseFor(.fourHours))
        _ = press(.typing("Q", shift: true))
        #expect(press(KeyPress(.digit(9), text: "9")) == nil, "no ninth choice: the menu closes")
        #expect(!s.quietMenuOpen)
        // In the filter, Q is text.
        _ = press(.typing("/"))
        _ = press(.typing("Q", shift: true))
        #expect(!s.quietMenuOpen && s.filter == "Q")
    }

    @Test("arrows, Home and End move the selection; Delete removes it; Enter activates")
    func keys() {
        var s = CenterState()
        #expect(s.press(KeyPress(.down), rows: rows, viewport: 100, now: 0, height: h) == nil)
        #expect(s.selection == .entry(HistoryKey(id: "4", ended: 40)))
        _ = s.press(KeyPress(.end), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.selection == .entry(HistoryKey(id: "1", ended: 10)))
        #expect(s.scroll == CenterScroll(first: 2, offset: 0))
        _ = s.press(KeyPress(.up), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.press(KeyPress(.delete), rows: rows, viewport: 100, now: 0, height: h) == .remove(HistoryKey(id: "2", ended: 20)))
        #expect(s.press(KeyPress(.enter), rows: rows, viewport: 100, now: 0, height: h) == .activate(rows[2].entry!))
        _ = s.press(KeyPress(.home), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.selection == rows[0].id && s.scroll == .top)
    }

    @Test("a removed row's place passes to its neighbour")
    func follow() {
        var s = CenterState()
        _ = s.press(KeyPress(.down), rows: rows, viewport: 100, now: 0, height: h)
        _ = s.press(KeyPress(.down), rows: rows, viewport: 100, now: 0, height: h)
        s.follow([rows[0], rows[2], rows[3]], viewport: 100, height: h)
        #expect(s.selection == rows[2].id)
    }

    @Test("Shift+C and Shift+D act outside the filter; inside it they are text; Escape clears, then closes")
    func filterKeys() {
        var s = CenterState()
        #expect(s.press(.typing("C", shift: true), rows: rows, viewport: 100, now: 0, height: h) == .clearAll)
        #expect(s.press(.typing("D", shift: true), rows: rows, viewport: 100, now: 0, height: h) == .toggleDoNotDisturb)
        _ = s.press(.typing("/"), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.isTypingFilter && s.filter == "")
        #expect(s.press(.typing("C", shift: true), rows: rows, viewport: 100, now: 0, height: h) == nil)
        #expect(s.press(.typing("D", shift: true), rows: rows, viewport: 100, now: 0, height: h) == nil)
        _ = s.press(KeyPress(.backspace), rows: rows, viewport: 100, now: 0, height: h)
        #expect(s.filter == "C")
        #expect(s.press(KeyPress(.escape), rows: rows, viewport: 100, now: 0, height: h) == nil)
        #expect(s.filter == nil && !s.isTypingFilter)
        #expect(s.press(KeyPress(.escape), rows: rows, viewport: 100, now: 0, height: h) == .close)
    }

    @Test("Clear all clears on a second click within 3 s")
    func clearGuard() {
        var s = CenterState()
        #expect(s.click(.clearAll, rows: rows, now: 10) == nil)
        #expect(s.isClearArmed(now: 12.9))
        #expect(s.click(.clearAll, rows: rows, now: 12.9) == .clearAll)
        #expect(s.click(.clearAll, rows: rows, now: 20) == nil)
        #expect(s.click(.clearAll, rows: rows, now: 23.5) == nil)  // too late: armed again
    }
}

extension CenterRow {
    var entry: HistoryEntry? {
        if case let .entry(e) = self { return e }
        return nil
    }
}

@Suite struct CenterLayoutTests {
    let layout = CenterLayout(composer: CardComposer(config: .default, scale: 1), metrics: FixedMetrics(),
                              size: Size(width: 420, height: 600))
    func status(unread: Int = 0) -> CenterLayout.Status {
        CenterLayout.Status(unread: unread, doNotDisturb: false, now: 100, wallNow: 1_796_133_750) { .utc($0) }
    }

    /// Every text the scene draws.
    func texts(_ c: CenterLayout.Composed) -> [String] {
        c.scene.ops.compactMap { if case let .text(block, _, _) = $0 { return block.text }; return nil }
    }

    @Test("the panel's place: the full height of the work area at its side, narrowed to it")
    func place() {
        let area = Rect(x: 0, y: 30, width: 1280, height: 770)
        #expect(CenterLayout.frame(in: area, width: 420, side: .right) == Rect(x: 860, y: 30, width: 420, height: 770))
        #expect(CenterLayout.frame(in: area, width: 420, side: .left) == Rect(x: 0, y: 30, width: 420, height: 770))
        #expect(CenterLayout.frame(in: Rect(x: 0, y: 0, width: 300, height: 500), width: 420, side: .right).width == 300)
        #expect(CenterLayout.offscreen(Rect(x: 860, y: 30, width: 420, height: 770), monitor: Rect(x: 0, y: 0, width: 1280, height: 800),
                                       side: .right) == Point(x: 1280, y: 30))
    }

    @Test("empty, it says so quietly; with entries, each shows its title, message and time")
    func content() {
        let empty = layout.compose(rows: [], state: CenterState(), status: status(), height: { _ in 0 })
        #expect(texts(empty).contains("No notifications"))
        #expect(!texts(empty).contains("Clear all"))
        let rows = CenterContent.rows([ended("1", title: "Build done", message: "all green", at: 100 - 300)], grouping: .none)
        let c = layout.compose(rows: rows, state: CenterState(), status: status(unread: 1), height: { layout.height(of: rows[$0], expanded: false) })
        #expect(texts(c).contains("Build done") && texts(c).contains("all green") && texts(c).contains("<small>5 min</small>"))
        #expect(texts(c).contains("1 new") && texts(c).contains("Clear all"))
        #expect(c.targets.contains { $0.target == .remove(HistoryKey(id: "1", ended: -200)) })
    }

    @Test("only the rows that show are laid out: of 1,000, a screenful")
    func visibleOnly() {
        let many = (0..<1000).map { ended(String($0), title: "t\($0)", at: Double($0)) }
        let rows = CenterContent.rows(many, grouping: .none)
        var measured = Set<Int>()
        let c = layout.compose(rows: rows, state: CenterState(), status: status(), height: { i in
            measured.insert(i)
            return layout.height(of: rows[i], expanded: false)
        })
        #expect(c.drawnRows.count < 15 && measured.count < 15)
        #expect(texts(c).contains("t999") && !texts(c).contains("t0"))
    }

    @Test("a message keeps 3 lines, expanded more")
    func messageLines() {
        let long = String(repeating: "word ", count: 200)
        let row = CenterRow.entry(ended("1", title: "T", message: long, at: 0))
        #expect(layout.height(of: row, expanded: true) > layout.height(of: row, expanded: false))
        // padding 12, title 17 + 2, 3 lines of 17, padding 12, row gap 8.
        #expect(layout.height(of: row, expanded: false) == 12 + 17 + 2 + 51 + 12 + 8)
    }
}

@Suite struct CenterCommandTests {
    @Test("xtoast center [open|close|toggle]: toggle by default, the socket's center op, completions offer the words")
    func command() throws {
        #expect(parse(["center"]) == .center(.toggle))
        #expect(parse(["center", "open"])?.requestLine.map { String(decoding: $0, as: UTF8.self) } == #"{"op":"center","action":"open"}"#)
        #expect(throws: UsageError.self) { try CommandParser.parse(["center", "wide"]) }
        #expect(decoded(#"{"op":"center"}"#) == .center(.toggle))
        // --monitor, as show's, before or after the word.
        #expect(parse(["center", "open", "--monitor", "HDMI-1"]) == .center(.open, monitor: .named("HDMI-1")))
        #expect(parse(["center", "--monitor=1"]) == .center(.toggle, monitor: .index(1)))
        #expect(parse(["center", "--monitor", "primary", "close"])?.requestLine.map { String(decoding: $0, as: UTF8.self) }
            == #"{"op":"center","action":"close","monitor":"primary"}"#)
        #expect(decoded(#"{"op":"center","monitor":"DP-2"}"#) == .center(.toggle, monitor: .named("DP-2")))
        #expect(throws: UsageError.self) { try CommandParser.parse(["center", "--monitor"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["center", "open", "close"]) }
        #expect(Completions.bash.contains("compgen -W 'open close toggle'"))
        #expect(Completions.zsh.contains("(open close toggle)") && Completions.fish.contains("-a 'open close toggle'"))
    }
}
