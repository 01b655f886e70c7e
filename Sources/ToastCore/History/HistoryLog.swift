/// The board's history: ended toasts oldest first, on a ring (`Ring`), so that recording one
/// and dropping the oldest past `[center] keep` cost the same with 1,000 or 10,000 kept.
/// It also keeps what the board asks of it for every toast without reading every entry: how
/// many are unread, how many someone can still hear, and where the toast kept open under an
/// id is (`Board+Kept`). Every change goes through its own methods or its subscript, which
/// keep those in step.
///
///     var log = HistoryLog()
///     log.append(entry)           // entry.kept, id "7"
///     log.keptIndex(of: "7")      // 0, without a scan
///
/// Entries are in `historyID` order (the board numbers them as they come), so one is found
/// by its number in O(log n).
public struct HistoryLog: RandomAccessCollection, Equatable, Sendable {
    private var entries = Ring<HistoryEntry>()
    /// Entries with `unread` set (`Counts.unread`).
    public private(set) var unreadCount = 0
    /// Entries with a `listener` (their buttons are heard: the centre shows them).
    public private(set) var listenerCount = 0
    /// The `historyID` of the kept toast with each id (`HistoryEntry.kept`), and how many
    /// are kept under it (one, unless something went wrong).
    private var keptIDs: [String: (historyID: UInt64, count: Int)] = [:]

    public init() {}
    public init<S: Sequence>(_ entries: S) where S.Element == HistoryEntry {
        for entry in entries { append(entry) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var first: HistoryEntry? { entries.first }
    public var last: HistoryEntry? { entries.last }

    public subscript(i: Int) -> HistoryEntry {
        get { entries[i] }
        set {
            let old = entries[i]
            entries[i] = newValue
            unreadCount += (newValue.unread ? 1 : 0) - (old.unread ? 1 : 0)
            listenerCount += (newValue.listener != nil ? 1 : 0) - (old.listener != nil ? 1 : 0)
            guard old.kept != newValue.kept || old.toast.id != newValue.toast.id || old.historyID != newValue.historyID else { return }
            forgetKept(old)
            noteKept(newValue)
        }
    }

    public static func == (a: HistoryLog, b: HistoryLog) -> Bool { a.entries == b.entries }

    mutating func append(_ entry: HistoryEntry) {
        note(entry)
        entries.append(sharingRepeats(entry))
    }

    /// `entry` holding what it repeats from the newest entry before it in that one's storage
    /// (`Toast.shareRepeatedFields`).
    private func sharingRepeats(_ entry: HistoryEntry) -> HistoryEntry {
        guard let last = entries.last?.toast else { return entry }
        var entry = entry
        entry.toast.shareRepeatedFields(of: last)
        return entry
    }

    mutating func removeFirst(_ n: Int) {
        for _ in 0..<n { forget(entries.removeFirst()) }
    }

    @discardableResult
    mutating func remove(at i: Int) -> HistoryEntry {
        let entry = entries.remove(at: i)
        forget(entry)
        return entry
    }

    mutating func removeAll(where remove: (HistoryEntry) -> Bool) {
        var kept = HistoryLog()
        for entry in entries where !remove(entry) { kept.append(entry) }
        self = kept
    }

    mutating func removeAll() { self = HistoryLog() }

    /// The entry numbered `historyID`, by bisection.
    public func index(ofHistoryID historyID: UInt64) -> Int? {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].historyID < historyID { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].historyID == historyID ? low : nil
    }

    /// Where the toast kept open under `id` is (the last such, should there be two).
    public func keptIndex(of id: String) -> Int? {
        guard let historyID = keptIDs[id]?.historyID else { return nil }
        return index(ofHistoryID: historyID)
    }

    private mutating func note(_ entry: HistoryEntry) {
        if entry.unread { unreadCount += 1 }
        if entry.listener != nil { listenerCount += 1 }
        noteKept(entry)
    }

    /// `entry` has left `entries`, or is about to be replaced in them.
    private mutating func forget(_ entry: HistoryEntry) {
        if entry.unread { unreadCount -= 1 }
        if entry.listener != nil { listenerCount -= 1 }
        forgetKept(entry)
    }

    private mutating func noteKept(_ entry: HistoryEntry) {
        guard entry.kept else { return }
        let known = keptIDs[entry.toast.id]
        keptIDs[entry.toast.id] = (Swift.max(known?.historyID ?? 0, entry.historyID), (known?.count ?? 0) + 1)
    }

    private mutating func forgetKept(_ entry: HistoryEntry) {
        guard entry.kept, let known = keptIDs[entry.toast.id] else { return }
        guard known.count > 1 else {
            keptIDs[entry.toast.id] = nil
            return
        }
        // Two kept under one id is not something the board makes; should it happen, the other is found again.
        var latest: UInt64 = 0
        for other in entries where other.kept && other.toast.id == entry.toast.id && other.historyID != entry.historyID {
            latest = Swift.max(latest, other.historyID)
        }
        keptIDs[entry.toast.id] = (known.historyID == entry.historyID ? latest : known.historyID, known.count - 1)
    }
}
