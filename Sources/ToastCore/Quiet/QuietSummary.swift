/// The card that stands for what waited through a quiet time (do-not-disturb, a lock): "While
/// you were away: 14 notifications from Slack, Mail and 2 others", with the count per app.
/// When the quiet ends with more than `[quiet] summary_over` toasts held back (critical ones
/// aside: they show first, in the order they came), those end with `summarized`, kept in
/// history unread, and this one card shows instead (`Board.applyHolds`).
public struct QuietSummary: Equatable, Sendable {
    /// Each application and how many of its toasts waited, most first (ties in the order
    /// they first came).
    public var counts: [(app: String, count: Int)]
    /// The history id of the first toast it stands for: the centre, opened from the card,
    /// shows what came since.
    public var firstHistoryID: UInt64

    public static func == (a: QuietSummary, b: QuietSummary) -> Bool {
        a.firstHistoryID == b.firstHistoryID && a.counts.map(\.app) == b.counts.map(\.app)
            && a.counts.map(\.count) == b.counts.map(\.count)
    }

    /// The apps named in the sentence; the rest are "N others".
    public static let namedApps = 2
    /// Apps listed with their counts on the card's second line.
    public static let listedApps = 6

    /// Counts `apps` (one name per toast, in the order they came; "" for none).
    public init(apps: [String], firstHistoryID: UInt64) {
        var order: [String] = []
        var tally: [String: Int] = [:]
        for app in apps {
            let name = app.isEmpty ? "unnamed" : app
            if tally[name] == nil { order.append(name) }
            tally[name, default: 0] += 1
        }
        counts = order.enumerated().sorted { a, b in
            let (ca, cb) = (tally[a.element] ?? 0, tally[b.element] ?? 0)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map { ($0.element, tally[$0.element] ?? 0) }
        self.firstHistoryID = firstHistoryID
    }

    public var total: Int { counts.reduce(0) { $0 + $1.count } }

    public static let title = "While you were away"

    /// "14 notifications from Slack, Mail and 2 others".
    public var sentence: String {
        let names = counts.prefix(Self.namedApps).map(\.app)
        let others = counts.count - names.count
        let noun = total == 1 ? "notification" : "notifications"
        var from: String
        switch (names.count, others) {
        case (1, 0): from = names[0]
        case (2, 0): from = "\(names[0]) and \(names[1])"
        default: from = names.joined(separator: ", ") + " and \(others) other\(others == 1 ? "" : "s")"
        }
        if names.isEmpty { from = "nobody" }
        return "\(total) \(noun) from \(from)"
    }

    /// "Slack 9 · Mail 3 · Build 1 · …".
    public var perApp: String {
        let listed = counts.prefix(Self.listedApps).map { "\($0.app) \($0.count)" }
        return listed.joined(separator: " · ") + (counts.count > Self.listedApps ? " · …" : "")
    }

    /// The card: its title, the sentence and the counts.
    public func toast(position: Position, timeout: Double) -> Toast {
        var toast = Toast(id: "", title: Self.title, message: sentence + "\n" + perApp, kind: .notice, timeout: timeout,
                          position: position)
        toast.transient = true
        toast.summary = self
        return toast
    }
}
