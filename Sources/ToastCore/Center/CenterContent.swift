/// One ended toast as the centre names it: its id with the moment it ended, since an id
/// alone repeats (a toast that replaced one with its id, automatic ids after they wrap).
public struct HistoryKey: Hashable, Sendable {
    public var id: String
    public var ended: Double

    public init(id: String, ended: Double) {
        self.id = id
        self.ended = ended
    }

    public init(_ entry: HistoryEntry) { self.init(id: entry.toast.id, ended: entry.ended) }
}

/// A line of the centre's list: an application's header, or one entry.
public enum CenterRow: Equatable, Sendable {
    /// `count` entries of `app` (those the filter lets through); `collapsed` shows only its newest.
    case group(app: String, count: Int, collapsed: Bool, newest: HistoryEntry)
    case entry(HistoryEntry)

    /// What stays the same while the list changes around it: selection and cached heights follow it.
    public enum ID: Hashable, Sendable {
        case group(String)
        case entry(HistoryKey)
    }

    public var id: ID {
        switch self {
        case let .group(app, _, _, _): .group(app)
        case let .entry(entry): .entry(HistoryKey(entry))
        }
    }
}

/// What the centre lists: the history newest first, filtered, and grouped by application
/// (`CenterGrouping`), applications ordered by their newest entry.
public enum CenterContent {
    /// The application an entry is grouped under: what the sender named, else xtoast's own.
    public static func app(of entry: HistoryEntry) -> String {
        let app = entry.toast.app ?? ""
        return app.isEmpty ? Submission.defaultSocketApp : app
    }

    /// Whether `entry` matches a filter typed after `/`: every word of it is found, ignoring
    /// case, in its application, title or message. An empty filter matches everything.
    public static func matches(_ entry: HistoryEntry, filter: String) -> Bool {
        matches(entry, words: words(of: filter))
    }

    /// A filter's words, lowercased: what `matches(_:words:)` looks for.
    public static func words(of filter: String) -> [Substring] { filter.lowercased().split(separator: " ") }

    /// Whether every one of `words` is found in the entry's application, title or message (a
    /// word holds no newline, so looking in each field alone finds what the joined text would).
    /// A word `since:N` matches the entries from history id N on (the summary card's click
    /// opens the centre so, on what came during the quiet time).
    public static func matches(_ entry: HistoryEntry, words: [Substring]) -> Bool {
        guard !words.isEmpty else { return true }
        let fields = [app(of: entry).lowercased(), entry.toast.title.lowercased(), entry.toast.message.lowercased()]
        return words.allSatisfy { word in
            if word.hasPrefix(sincePrefix), let first = UInt64(word.dropFirst(sincePrefix.count)) { return entry.historyID >= first }
            return fields.contains { $0.contains(word) }
        }
    }

    static let sincePrefix = "since:"

    /// The filter word for the entries from history id `first` on.
    public static func since(_ first: UInt64) -> String { sincePrefix + String(first) }

    /// The rows for `history` (oldest first, as the board keeps it). Groups in `expanded` show
    /// every entry; a filter shows every match.
    public static func rows<Entries: RandomAccessCollection<HistoryEntry>>(_ history: Entries, grouping: CenterGrouping, filter: String = "",
                            expanded: Set<String> = []) -> [CenterRow] where Entries.Index == Int {
        let words = words(of: filter)
        return rows(newestFirst: history.reversed().filter { matches($0, words: words) }, grouping: grouping,
                    filtered: !filter.isEmpty, expanded: expanded)
    }

    /// The rows for the entries `CenterFilter` has found so far (indices into `history`,
    /// newest first).
    public static func rows<Entries: RandomAccessCollection<HistoryEntry>>(_ history: Entries, matching filter: CenterFilter, grouping: CenterGrouping,
                            expanded: Set<String> = []) -> [CenterRow] where Entries.Index == Int {
        guard !filter.text.isEmpty else { return rows(history, grouping: grouping, expanded: expanded) }
        let found = filter.matches.compactMap { history.indices.contains($0) ? history[$0] : nil }
        return rows(newestFirst: found, grouping: grouping, filtered: true, expanded: expanded)
    }

    private static func rows(newestFirst: [HistoryEntry], grouping: CenterGrouping, filtered: Bool,
                             expanded: Set<String>) -> [CenterRow] {
        guard grouping == .app else { return newestFirst.map(CenterRow.entry) }
        var order: [String] = []
        var groups: [String: [HistoryEntry]] = [:]
        for entry in newestFirst {
            let app = app(of: entry)
            if groups[app] == nil { order.append(app) }
            groups[app, default: []].append(entry)
        }
        var rows: [CenterRow] = []
        for app in order {
            guard let entries = groups[app], let newest = entries.first else { continue }
            let collapsed = !filtered && !expanded.contains(app) && entries.count > 1
            rows.append(.group(app: app, count: entries.count, collapsed: collapsed, newest: newest))
            rows += (collapsed ? [newest] : entries).map(CenterRow.entry)
        }
        return rows
    }

    /// How many entries the header counts as new: those the board holds unread
    /// (`HistoryEntry.unread`), and those that were unread when the panel opened (`readAtOpen`,
    /// their `historyID`s): opening the panel reads every entry in it, yet the header still
    /// says how many the user came to see.
    public static func unread<Entries: RandomAccessCollection<HistoryEntry>>(_ history: Entries, readAtOpen: Set<UInt64> = []) -> Int where Entries.Index == Int {
        history.lazy.filter { $0.unread || readAtOpen.contains($0.historyID) }.count
    }

    /// Whether an entry shows its action buttons: it has some (or a reply) and its sender can
    /// still hear them (`HistoryEntry.listener`).
    public static func showsButtons(_ entry: HistoryEntry) -> Bool { !buttons(of: entry).isEmpty }

    /// Whether an entry offers Reply (issue 29's late reply): its toast had a reply field and
    /// its sender still listens, the same test the late actions take.
    public static func offersReply(_ entry: HistoryEntry) -> Bool { entry.listener != nil && entry.toast.reply != nil }

    /// The buttons an entry shows while its sender listens: Reply first (id
    /// `ReplyOptions.actionKey`, labelled as the card's), then its actions; none otherwise.
    public static func buttons(of entry: HistoryEntry) -> [Action] {
        guard entry.listener != nil else { return [] }
        guard let reply = entry.toast.reply else { return entry.toast.actions }
        return [Action(id: ReplyOptions.actionKey, label: reply.buttonLabel)] + entry.toast.actions
    }
}
