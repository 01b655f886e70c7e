import Testing
@testable import ToastCore

/// The centre's filter, a bounded piece at a time: work is counted (entries examined), not timed.
@Suite struct CenterFilterTests {
    /// `count` entries, oldest first; every tenth says "alpha", the rest "beta".
    func history(_ count: Int) -> [HistoryEntry] {
        (0..<count).map { i in
            HistoryEntry(toast: Toast(id: "\(i)", title: "entry \(i)", message: i % 10 == 0 ? "alpha \(i)" : "beta \(i)"),
                         reason: .timeout, ended: Double(i))
        }
    }

    func finish(_ filter: inout CenterFilter, _ history: [HistoryEntry]) {
        var steps = 0
        while !filter.isComplete && steps < 100_000 {
            filter.step(history: history)
            steps += 1
        }
    }

    /// What filtering everything at once finds, newest first.
    func expected(_ history: [HistoryEntry], _ text: String) -> [Int] {
        history.indices.reversed().filter { CenterContent.matches(history[$0], filter: text) }
    }

    @Test("a keystroke examines at most entriesPerStep entries, each step as many more, newest first")
    func bounded() {
        let entries = history(10_000)
        var filter = CenterFilter()
        filter.set("alpha", history: entries)
        #expect(filter.examined == CenterFilter.entriesPerStep)
        #expect(filter.matches.first == 9990 && !filter.isComplete)
        filter.step(history: entries)
        #expect(filter.examined == 2 * CenterFilter.entriesPerStep)
        finish(&filter, entries)
        #expect(filter.examined == 10_000)
        #expect(filter.matches == expected(entries, "alpha"))
    }

    @Test("typing on narrows: only the previous matches and what was not examined yet are looked at")
    func narrowing() {
        let entries = history(10_000)
        var filter = CenterFilter()
        filter.set("l", history: entries)
        finish(&filter, entries)
        #expect(filter.examined == 10_000)
        filter.set("lp", history: entries)
        finish(&filter, entries)
        #expect(filter.examined == 11_000)
        #expect(filter.matches == expected(entries, "lp"))
        // Narrowed before the last search was done: its matches and its rest, no more.
        filter.set("lph", history: entries)
        filter.set("lpha", history: entries)
        finish(&filter, entries)
        #expect(filter.examined == 11_000 + CenterFilter.entriesPerStep + 1_000)
        #expect(filter.matches == expected(entries, "lpha"))
        // A new word narrows too.
        filter.set("lpha 99", history: entries)
        finish(&filter, entries)
        #expect(filter.matches == expected(entries, "lpha 99"))
    }

    @Test("deleting back to a filter whose search was complete reuses its result; another filter starts again")
    func widening() {
        let entries = history(10_000)
        var filter = CenterFilter()
        filter.set("a", history: entries)
        finish(&filter, entries)
        filter.set("al", history: entries)
        finish(&filter, entries)
        let work = filter.examined
        filter.set("a", history: entries)
        #expect(filter.examined == work && filter.isComplete)
        #expect(filter.matches == expected(entries, "a"))
        filter.set("beta", history: entries)
        #expect(filter.examined == work + CenterFilter.entriesPerStep)
        finish(&filter, entries)
        #expect(filter.matches == expected(entries, "beta"))
        // No words: everything, with nothing examined.
        filter.set("", history: entries)
        #expect(filter.isComplete && filter.matches.count == 10_000)
    }

    @Test("a history that changed (an entry came) starts the search again on the new one")
    func historyChanges() {
        var entries = history(1_000)
        var filter = CenterFilter()
        filter.set("alpha", history: entries)
        finish(&filter, entries)
        entries.append(HistoryEntry(toast: Toast(id: "new", message: "alpha new"), reason: .timeout, ended: 5_000))
        filter.step(history: entries)
        filter.set("alpha", history: entries)
        finish(&filter, entries)
        #expect(filter.matches == expected(entries, "alpha"))
        #expect(filter.matches.first == 1_000)
        #expect(CenterContent.rows(entries, matching: filter, grouping: .none).map(\.id)
            == CenterContent.rows(entries, grouping: .none, filter: "alpha").map(\.id))
    }
}

@Suite struct LogBudgetTests {
    @Test("at most `lines` per window, then one line saying so; the next window first counts those left out")
    func budget() {
        var budget = LogBudget(lines: 3, what: "X errors")
        var logged: [String] = []
        for i in 0..<100 { logged += budget.admit("error \(i)", now: 100 + Double(i) * 0.01) }
        #expect(logged == ["error 0", "error 1", "error 2", "more than 3 X errors in 10 s: the rest are counted, not logged"])
        #expect(budget.admit("late", now: 109.9) == [])
        #expect(budget.admit("again", now: 110.1) == ["98 more X errors were not logged", "again"])
        #expect(budget.admit("quiet", now: 200) == ["quiet"])
    }

    @Test("once the window is over the count is said by itself, once; nothing while it runs or when nothing was left out")
    func windowEnd() {
        var budget = LogBudget(lines: 2, what: "inhibition lines")
        #expect(budget.windowEnd(now: 0) == nil)
        var logged: [String] = []
        for i in 0..<10 { logged += budget.admit("line \(i)", now: 100 + Double(i) * 0.1) }
        #expect(logged.count == 3)
        #expect(budget.windowEnd(now: 109.9) == nil, "the window still runs")
        #expect(budget.windowEnd(now: 110) == "8 more inhibition lines were not logged")
        #expect(budget.windowEnd(now: 111) == nil)
        #expect(budget.admit("next", now: 112) == ["next"], "counted once, not again at the next line")
    }
}
