import Operations
import Testing
import ToastCore

/// The history file's format and policy: a record's line round trip, damaged lines, the
/// bounds, compaction, and the Board's history bounded by `[center] keep` and `keep_days`.
@Suite struct HistoryFileTests {
    func record(_ message: String, id: String = "1", wallEnded: Double = 1_000_000) -> HistoryRecord {
        HistoryRecord(toast: Toast(id: id, message: message), reason: .timeout, wallEnded: wallEnded)
    }

    @Test("a record with every kept field reads back from its line as it was; the line is one line")
    func roundTrip() throws {
        var toast = Toast(id: "42", title: "Build \"done\"", message: "line 1\nline 2 <b>ok</b> 👍🏽\u{2028}", kind: .success,
                          markup: true, icon: "/usr/share/icons/x.png", actions: [Action(id: "open", label: "Open")],
                          defaultAction: "open", urgency: .critical)
        toast.app = "make"
        toast.source = .bus
        toast.rules = ["ci", "loud"]
        toast.resident = true
        toast.color = 0x30D158
        let original = HistoryRecord(toast: toast, reason: .action, wallEnded: 1_764_590_000.25)
        let line = original.line
        #expect(!line.contains(UInt8(ascii: "\n")))
        let read = try HistoryRecord.decode(line)
        #expect(read == original)
        // Fields a record does not keep are not there after reading.
        var timed = toast
        timed.timeout = 9
        timed.progress = 50
        timed.stackTag = "volume"
        #expect(try HistoryRecord.decode(HistoryRecord(toast: timed, reason: .action, wallEnded: 1).line).toast.progress == nil)
    }

    @Test("unread is kept as \"unread\":true, only when true; a line without it (an older daemon's) reads as read")
    func unread() throws {
        var r = record("m")
        r.unread = true
        let line = String(decoding: r.line, as: UTF8.self)
        #expect(line.hasSuffix(#","unread":true}"#))
        #expect(try HistoryRecord.decode(r.line).unread)
        #expect(try HistoryRecord.decode(r.line).entry(now: 1, wallNow: 1_000_000).unread)
        let old = #"{"v":1,"ended":1000000,"id":"1","message":"m","kind":"info","reason":"timeout"}"#
        #expect(try !HistoryRecord.decode(Array(old.utf8)).unread)
        #expect(!String(decoding: record("m").line, as: UTF8.self).contains("unread"))
        #expect(throws: HistoryRecord.Damage.self) { try HistoryRecord.decode(Array(#"{"v":1,"ended":1,"id":"1","message":"m","kind":"info","reason":"timeout","unread":1}"#.utf8)) }
    }

    @Test("the wall time becomes the monotonic clock's, and one in the future (the clock was set back) ended now")
    func clocks() {
        let r = record("m", wallEnded: 1_000_000 - 60)
        #expect(r.entry(now: 500, wallNow: 1_000_000).ended == 440)
        #expect(record("m", wallEnded: 1_000_100).entry(now: 500, wallNow: 1_000_000).ended == 500)
    }

    @Test("damaged lines are skipped with their line numbers; blank lines are nothing; a last line cut short is damage, a whole one is kept")
    func damagedLines() {
        let good = record("a").line
        let other = record("b", id: "2").line
        var text = good + Array("\n\n{not json\n".utf8) + Array(#"{"v":1,"ended":5,"id":"3","message":"m","kind":"nope","reason":"timeout"}"#.utf8)
        text += Array("\n".utf8) + Array(#"{"v":2,"ended":5,"id":"3","message":"m","kind":"info","reason":"timeout"}"#.utf8)
        text += Array("\n".utf8) + other + Array("\n".utf8) + good.prefix(20)
        let contents = HistoryFile.parse(text)
        #expect(contents.records.map(\.toast.message) == ["a", "b"])
        #expect(contents.damaged.map(\.line) == [3, 4, 5, 7])
        #expect(contents.lines == 6)
        #expect(HistoryFile.parse(good + Array("\n".utf8) + other).records.count == 2, "a whole last line without its newline is kept")
        let report = HistoryFile.damageReport(contents.damaged, file: "/s/history")
        #expect(report.first?.hasPrefix("/s/history:3: skipped a damaged history entry (not JSON") == true)
        #expect(report.count == 4)
    }

    @Test("a file of garbage logs at most 5 damaged lines and one line counting the rest")
    func damageReportBounded() {
        let contents = HistoryFile.parse(Array(String(repeating: "x\n", count: 1000).utf8))
        let report = HistoryFile.damageReport(contents.damaged, file: "h")
        #expect(report.count == 6)
        #expect(report.last == "h: 995 more damaged lines skipped")
    }

    @Test("fields longer than history keeps, wrong types and bad values are damage, never half read")
    func strictFields() {
        for line in [
            #"{"v":1,"ended":5,"id":"1","message":"m","kind":"info"}"#,
            #"{"v":1,"ended":"5","id":"1","message":"m","kind":"info","reason":"timeout"}"#,
            #"{"v":1,"ended":5,"id":"","message":"m","kind":"info","reason":"timeout"}"#,
            #"{"v":1,"ended":5,"id":"1","message":"m","kind":"info","reason":"timeout","color":16777216}"#,
            #"{"v":1,"ended":5,"id":"1","message":"m","kind":"info","reason":"timeout","rules":[1]}"#,
            #"{"v":1,"ended":-1,"id":"1","message":"m","kind":"info","reason":"timeout"}"#,
            #"[1]"#,
        ] {
            #expect(throws: HistoryRecord.Damage.self, "\(line)") { try HistoryRecord.decode(Array(line.utf8)) }
        }
        let long = HistoryRecord(toast: Toast(id: "1", message: String(repeating: "m", count: HistoryLimits.messageScalars + 1)),
                                 reason: .timeout, wallEnded: 5)
        #expect(throws: HistoryRecord.Damage.self) { try HistoryRecord.decode(long.line) }
        #expect(throws: HistoryRecord.Damage.self) { try HistoryRecord.decode([UInt8](repeating: 0x20, count: HistoryLimits.maxLineBytes + 1)) }
        // Keys a later version adds are ignored.
        let later = #"{"v":1,"ended":5,"id":"1","message":"m","kind":"info","reason":"timeout","unread":true}"#
        #expect((try? HistoryRecord.decode(Array(later.utf8)))?.toast.message == "m")
    }

    @Test("a toast is cut to the history's limits: message and title at a scalar, over-long icon and action ids dropped")
    func cut() {
        var toast = Toast(id: "1", title: String(repeating: "t", count: 300), message: String(repeating: "é", count: 2000),
                          icon: String(repeating: "i", count: HistoryLimits.iconBytes + 1),
                          actions: [Action(id: String(repeating: "a", count: 300), label: "A"), Action(id: "b", label: "B")])
        toast.rules = (0..<20).map { "r\($0)" }
        let kept = HistoryLimits.cut(toast)
        #expect(kept.message.unicodeScalars.count == HistoryLimits.messageScalars)
        #expect(kept.title.unicodeScalars.count == HistoryLimits.titleScalars)
        #expect(kept.icon == nil)
        #expect(kept.actions == [Action(id: "b", label: "B")])
        #expect(kept.rules.count == HistoryLimits.rules)
        #expect(HistoryLimits.isWithin(kept) && !HistoryLimits.isWithin(toast))
        var long = kept
        long.actions = [Action(id: "x", label: String(repeating: "l", count: HistoryLimits.actionLabelScalars + 1))]
        #expect(!HistoryLimits.isWithin(long) && HistoryLimits.isWithin(HistoryLimits.cut(long)))
        let line = HistoryRecord(toast: kept, reason: .click, wallEnded: 1).line
        #expect(line.count < HistoryLimits.maxLineBytes)
        #expect((try? HistoryRecord.decode(line)) != nil)
    }

    @Test("what is kept: the newest keep, none older than keep_days, in file order; the file is rewritten only when that drops something")
    func bounds() {
        let day = 86_400.0
        let now = 10_000_000.0
        let records = [record("old", wallEnded: now - 31 * day), record("a", wallEnded: now - 29 * day),
                       record("b", wallEnded: now), record("c", wallEnded: now)]
        let kept = HistoryFile.kept(records, keep: 2, keepDays: 30, wallNow: now)
        #expect(kept.map(\.toast.message) == ["b", "c"])
        #expect(HistoryFile.kept(records, keep: 10, keepDays: 30, wallNow: now).map(\.toast.message) == ["a", "b", "c"])
        // Set back: a later line with an earlier time keeps its place.
        let setBack = [record("x", wallEnded: 2_000), record("y", wallEnded: 1_000)]
        #expect(HistoryFile.kept(setBack, keep: 5, keepDays: 30, wallNow: 2_000).map(\.toast.message) == ["x", "y"])
        let contents = HistoryFile.parse(HistoryFile.text(of: records))
        #expect(!HistoryFile.needsRewrite(contents, keeping: 4))
        #expect(HistoryFile.needsRewrite(contents, keeping: 3))
        #expect(HistoryFile.needsRewrite(HistoryFile.parse(HistoryFile.text(of: records) + Array("junk\n".utf8)), keeping: 4))
    }

    @Test("compaction waits for keep + half of keep (at least 16) lines")
    func compaction() {
        #expect(!HistoryFile.needsCompaction(lines: 1500, keep: 1000))
        #expect(HistoryFile.needsCompaction(lines: 1501, keep: 1000))
        #expect(!HistoryFile.needsCompaction(lines: 16, keep: 0))
        #expect(HistoryFile.needsCompaction(lines: 27, keep: 10))
        let text = HistoryFile.text(of: (0..<3).map { record("m\($0)", id: String($0 + 1)) })
        #expect(HistoryFile.parse(text).records.count == 3 && text.last == UInt8(ascii: "\n"))
        #expect(HistoryFile.text(of: []).isEmpty)
    }

    @Test("the file's place: XDG_STATE_HOME (absolute), else ~/.local/state, else none")
    func path() {
        #expect(HistoryFile.path(xdgStateHome: "/s", home: "/h") == "/s/xtoast/history")
        #expect(HistoryFile.path(xdgStateHome: "relative", home: "/h") == "/h/.local/state/xtoast/history")
        #expect(HistoryFile.path(xdgStateHome: nil, home: "/h") == "/h/.local/state/xtoast/history")
        #expect(HistoryFile.path(xdgStateHome: "", home: nil) == nil)
        #expect(HistoryFile.badPath("/s/xtoast/history") == "/s/xtoast/history.bad")
    }

    @Test("the board keeps [center] keep entries, none past keep_days, cut to the limits; transient ones and keep = 0 keep none; each kept entry is in the changes")
    func boardBounds() {
        var config = Config()
        config.historyKeep = 3
        config.historyKeepDays = 1
        var board = Board(config: config)
        let owner = Owner(.socket, 1)
        for i in 0..<5 {
            board.show(ShowRequest(message: String(repeating: "x", count: 600) + "\(i)"), owner: owner, now: Double(i))
            board.dismiss(String(i + 1), reason: .click, now: Double(i))
        }
        #expect(board.history.count == 3)
        #expect(board.history.allSatisfy { $0.toast.message.unicodeScalars.count == HistoryLimits.messageScalars })
        var transient = Toast(id: "", message: "t")
        transient.transient = true
        _ = board.takeChanges()
        board.skip(transient, reason: .skipped, owner: owner, now: 5)
        #expect(board.takeChanges().kept.isEmpty)
        board.dismiss(board.show(ShowRequest(message: "late"), owner: owner, now: 90_000), reason: .click, now: 90_000)
        #expect(board.takeChanges().kept.map(\.toast.message) == ["late"])
        #expect(board.history.map(\.toast.message) == ["late"], "the others ended more than a day before")
        board.restoreHistory([record("r", id: "9", wallEnded: 999_000).entry(now: 90_000, wallNow: 1_000_000)], now: 90_000)
        #expect(board.history.map(\.toast.message) == ["r"])
        board.clearHistory()
        #expect(board.history.isEmpty)
        config.historyKeep = 0
        board.reconfigure(config, now: 90_001)
        board.dismiss(board.show(ShowRequest(message: "none"), owner: owner, now: 90_001), reason: .click, now: 90_001)
        #expect(board.history.isEmpty && board.takeChanges().kept.isEmpty)
    }

    @Test("history --clear: the command, its request line and its decoding; clear with a limit is refused")
    func clearRequest() throws {
        #expect(try CommandParser.parse(["history", "--clear"]) == .clearHistory)
        #expect(Request.clearHistory.text == #"{"op":"history","clear":true}"#)
        #expect(Request.decode(line: Array(#"{"op":"history","clear":true}"#.utf8)) == .success(.clearHistory))
        #expect(Request.decode(line: Array(#"{"op":"history","clear":false,"limit":3}"#.utf8)) == .success(.history(limit: 3)))
        guard case .failure = Request.decode(line: Array(#"{"op":"history","clear":true,"limit":3}"#.utf8)) else {
            Issue.record("clear with a limit was accepted")
            return
        }
        #expect(try CommandParser.parse(["history", "10000"]) == .history(limit: 10_000))
    }

    @Test("a rewrite keeps the newest records whose lines fit maxBytes, at the bound exactly; an append may reach the read cap but not pass it")
    func byteBound() {
        let records = (0..<3).map { record("m\($0)", id: String($0 + 1)) }
        let lines = records.map { HistoryFile.line($0)! }
        let total = lines.reduce(0) { $0 + $1.count }
        let all = HistoryFile.text(of: records, maxBytes: total)
        #expect(all.count == 3 && all.bytes == HistoryFile.text(of: records))
        let two = HistoryFile.text(of: records, maxBytes: total - 1)
        #expect(two.count == 2 && HistoryFile.parse(two.bytes).records.map(\.toast.message) == ["m1", "m2"])
        #expect(HistoryFile.text(of: records, maxBytes: lines[2].count).count == 1)
        #expect(HistoryFile.text(of: records, maxBytes: lines[2].count - 1) == ([], 0))
        #expect(HistoryFile.rewriteBytes < HistoryFile.maxFileBytes)
        #expect(!HistoryFile.wouldPassCap(bytes: HistoryFile.maxFileBytes - 10, adding: 10))
        #expect(HistoryFile.wouldPassCap(bytes: HistoryFile.maxFileBytes - 10, adding: 11))
    }

    @Test("a file is compacted from 28 MiB on (halfway from what a rewrite keeps to the cap), so appends during the rewrite, at most the 8 MiB it copies, still go to the file")
    func nearTheCap() {
        #expect(!HistoryFile.nearsCap(bytes: 28 << 20))
        #expect(HistoryFile.nearsCap(bytes: (28 << 20) + 1))
        #expect(HistoryFile.rewriteTailBytes(cap: HistoryFile.maxFileBytes) == 8 << 20)
        #expect(HistoryFile.rewriteBytes + HistoryFile.rewriteTailBytes(cap: HistoryFile.maxFileBytes) == HistoryFile.maxFileBytes)
    }

    @Test("restore takes the entry out of the history, and says the history was edited (the file follows)")
    func restoreEdits() {
        var board = Board()
        let owner = Owner(.socket, 1)
        board.dismiss(board.show(ShowRequest(message: "m"), owner: owner, now: 0), reason: .click, now: 0)
        _ = board.takeChanges()
        #expect(board.history.count == 1)
        guard case .success = board.restore(id: nil, owner: owner, now: 1) else { return #expect(Bool(false)) }
        #expect(board.history.isEmpty)
        #expect(board.takeChanges().historyEdited)
    }

    @Test("automatic ids go on after the largest the restored history holds; past UInt32.max they start at 1, never 0")
    func idsAfterRestore() {
        let owner = Owner(.socket, 1)
        var board = Board()
        board.restoreHistory(["7", "41", "custom", "3"].map { record("m", id: $0).entry(now: 0, wallNow: 1_000_000) }, now: 0)
        #expect(board.show(ShowRequest(message: "n"), owner: owner, now: 0) == "42")
        var wrapped = Board()
        wrapped.restoreHistory([record("m", id: String(UInt32.max)).entry(now: 0, wallNow: 1_000_000)], now: 0)
        #expect(wrapped.show(ShowRequest(message: "n"), owner: owner, now: 0) == "1")
        var none = Board()
        none.restoreHistory([record("m", id: "0"), record("m", id: "99999999999")].map { $0.entry(now: 0, wallNow: 1_000_000) }, now: 0)
        #expect(none.show(ShowRequest(message: "n"), owner: owner, now: 0) == "1")
    }
}
