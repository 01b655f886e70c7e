import ToastCore

/// What typing a filter into the centre costs while it holds the keyboard: 10,000 history
/// entries (the most `[center] keep` may be) of mail-like text, and "invoice march" typed a
/// character at a time, then deleted back. Per keystroke: the time the key itself takes (one
/// `CenterFilter` step, what the user waits for before the list changes), the time the whole
/// search for it takes over the frames after it, and the entries it examined; beside them, the
/// whole history filtered at once per key, as before (370-600 ms a key in the daemon).
enum FilterBench {
    static let typed = "invoice march"

    static func history() -> [HistoryEntry] {
        let apps = ["Thunderbird", "Slack", "Firefox", "Signal", "Evolution"]
        let months = ["January", "February", "March", "April"]
        return (0..<10_000).map { i in
            var toast = Toast(id: "\(i)", title: "Message \(i) from Ann Smith",
                              message: "Re: \(i % 7 == 0 ? "Invoice" : "Report") for \(months[i % 4]): "
                                  + String(repeating: "the figures are attached, see page \(i % 9). ", count: 8))
            toast.app = apps[i % apps.count]
            return HistoryRecord(toast: toast, reason: .timeout, wallEnded: Double(i)).entry(now: 20_000, wallNow: 20_000)
        }
    }

    static func printTypingCost() {
        let entries = history()
        var texts = (1...typed.count).map { String(typed.prefix($0)) }
        texts += texts.reversed().dropFirst()
        var filter = CenterFilter()
        var keys: [Double] = [], searches: [Double] = [], examined: [Int] = []
        for text in texts {
            let before = filter.examined
            let start = now()
            filter.set(text, history: entries)
            keys.append(now() - start)
            while !filter.isComplete { filter.step(history: entries) }
            searches.append(now() - start)
            examined.append(filter.examined - before)
        }
        var atOnce: [Double] = []
        for text in texts.prefix(4) {
            let start = now()
            _ = CenterContent.rows(entries, grouping: .app, filter: text)
            atOnce.append(now() - start)
        }
        keys.sort()
        searches.sort()
        atOnce.sort()
        print("typing \"\(typed)\" and deleting it over 10,000 centre entries: a keystroke \(ms(keys[keys.count / 2])) median, "
              + "\(ms(keys.last ?? 0)) worst (\(CenterFilter.entriesPerStep) entries; budget a frame, 16 ms); its whole search "
              + "\(ms(searches[searches.count / 2])) median over the frames after it; entries examined per key "
              + "\(examined.max() ?? 0) at most, \(examined.reduce(0, +)) in all for \(texts.count) keys; "
              + "the whole history filtered at once per key (as before) \(ms(atOnce[atOnce.count / 2]))")
        record("center.filter.key", keys[keys.count / 2], keys.last ?? 0)
        record("center.filter.search", searches[searches.count / 2], atOnce[atOnce.count / 2])
    }
}
