/// The centre's filter over its history, done a bounded piece at a time. While the panel is
/// open it holds the keyboard, so a keystroke that filtered 10,000 entries at once froze the
/// desktop's input for 370-600 ms. Here a keystroke examines at most `entriesPerStep`
/// entries, each frame after it as many more, and the rows show what has been found so far
/// (newest first, so the top of the list is right at once). Typing on narrows: only the
/// previous matches (and what was not examined yet) are looked at again. Deleting back to a
/// filter already typed reuses its result, kept once it was complete.
public struct CenterFilter: Sendable {
    /// Entries examined per step (a keystroke, then one per frame): a fraction of a frame at
    /// some 20 µs each, so 10,000 entries are filtered in about 40 frames with the list
    /// filling from the top meanwhile.
    public static let entriesPerStep = 250
    /// Complete results kept for filters typed before, for Delete (each at most one index per
    /// entry: 16 × 10,000 at most).
    public static let keptResults = 16

    /// The filter the matches are for.
    public private(set) var text = ""
    /// The entries found so far, as indices into the history (oldest first, as the board
    /// keeps it), newest first.
    public private(set) var matches: [Int] = []
    /// Entries still to examine, newest first, from `next` on.
    private var pending: [Int] = []
    private var next = 0
    /// The history the indices are for.
    private var stamp: Stamp?
    private var kept: [(text: String, matches: [Int])] = []
    /// Entries examined in all (for tests and the bench: work is counted, not timed).
    public private(set) var examined = 0

    public init() {}

    /// Whether every entry has been looked at for `text`.
    public var isComplete: Bool { next >= pending.count }

    /// What the indices were taken from: the history's size and its first and last entry (it
    /// only grows at its end and loses entries from its start, or one removed in the middle).
    struct Stamp: Equatable {
        var count: Int
        var first: HistoryKey?
        var last: HistoryKey?
        init<Entries: RandomAccessCollection<HistoryEntry>>(_ history: Entries) {
            count = history.count
            first = history.first.map(HistoryKey.init)
            last = history.last.map(HistoryKey.init)
        }
    }

    /// The filter is now `text` (the panel's `CenterState.filter`, "" for none); then one step
    /// is taken. A history that changed since starts the search again.
    public mutating func set<Entries: RandomAccessCollection<HistoryEntry>>(_ text: String, history: Entries) where Entries.Index == Int {
        let stamp = Stamp(history)
        if stamp != self.stamp {
            self.stamp = stamp
            kept = []
            start(text, candidates: nil, count: history.count)
        } else if text != self.text {
            if isComplete && !self.text.isEmpty { keep(self.text, matches) }
            if let found = kept.last(where: { $0.text == text }) {
                self.text = text
                matches = found.matches
                pending = []
                next = 0
            } else if !self.text.isEmpty, text.hasPrefix(self.text) {
                // Every match of the longer filter matches the shorter one: what was found,
                // then what was not examined yet, are all that can match.
                start(text, candidates: matches + pending[next...], count: history.count)
            } else {
                start(text, candidates: nil, count: history.count)
            }
        }
        step(history: history)
    }

    /// Examines up to `limit` more entries of `history` (which must be the one `set` saw).
    public mutating func step<Entries: RandomAccessCollection<HistoryEntry>>(history: Entries, limit: Int = entriesPerStep) where Entries.Index == Int {
        guard !isComplete else { return }
        guard Stamp(history) == stamp else { return set(text, history: history) }
        let words = CenterContent.words(of: text)
        let end = min(pending.count, next + max(1, limit))
        for i in pending[next..<end] where history.indices.contains(i) && CenterContent.matches(history[i], words: words) {
            matches.append(i)
        }
        examined += end - next
        next = end
        if isComplete {
            pending = []
            next = 0
        }
    }

    private mutating func start(_ text: String, candidates: [Int]?, count: Int) {
        self.text = text
        matches = []
        next = 0
        if CenterContent.words(of: text).isEmpty {
            // Nothing to look for: everything matches, and nothing need be examined.
            matches = Array((0..<count).reversed())
            pending = []
        } else {
            pending = candidates ?? Array((0..<count).reversed())
        }
    }

    private mutating func keep(_ text: String, _ matches: [Int]) {
        kept.removeAll { $0.text == text }
        kept.append((text, matches))
        if kept.count > Self.keptResults { kept.removeFirst(kept.count - Self.keptResults) }
    }
}
