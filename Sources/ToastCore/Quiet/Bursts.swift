/// Each application's recent bus toasts, for `[quiet] burst` and for telling one toast sent
/// twice from two (Electron apps with several windows send the same notification 25-55 ms
/// apart). The board keeps it; the admission reads it with the time and decides.
///
///     let app = BurstApp(submission)                             // "slack", or "firefox/web.whatsapp.com"
///     bursts.isOver(app.key, limit: .standard, now: now)         // true past 5 in 10 s
///     bursts.record(app, fingerprint: f, id: "12", now: now)     // carried out by the board
///
/// Bounded: at most `maxApps` applications (the least recently heard one is forgotten for a
/// new one), each with at most `BurstLimit.counts.upperBound` arrival times, so a client
/// inventing names cannot grow it.
public struct Bursts: Equatable, Sendable {
    struct App: Equatable, Sendable {
        /// The last arrival times, oldest first, at most the limit's count.
        var arrivals: [Double] = []
        /// The last toast: what it looked like, when it came and its id.
        var lastFingerprint: Int?
        var lastTime = -Double.infinity
        var lastID = ""
        /// Echoes of the last toast (`sameAs`) so far: at most `maxEchoes`.
        var echoes = 0
        /// The live digest card of this application's folded toasts, if any.
        var digest: String?
        var lastUse: UInt64 = 0
    }

    private var apps: [String: App] = [:]
    private var uses: UInt64 = 0

    /// Applications remembered at once; past it the least recently heard is forgotten.
    public static let maxApps = 256
    /// Two identical toasts from one application this close together are one toast.
    /// The window runs from the first of them (an echo does not extend it), so a sender
    /// repeating itself every 50 ms is counted (`×N`, `[quiet] burst`) from its third send on.
    public static let sameToastWindow = 0.1
    /// Echoes one toast may have: past it, a further identical toast is counted as a repeat
    /// (or folded), so a flood of them within 100 ms still meets the board's bounds.
    public static let maxEchoes = 8

    public init() {}

    public var count: Int { apps.count }

    /// Whether one more toast from `app` now would be past `limit`: `limit.count` came within
    /// the last `limit.seconds`.
    public func isOver(_ app: String, limit: BurstLimit, now: Double) -> Bool {
        guard let times = apps[app]?.arrivals, times.count >= limit.count, let oldest = times.suffix(limit.count).first else {
            return false
        }
        return now - oldest < limit.seconds
    }

    /// The id of `app`'s last toast when it looked exactly like this one and came less than
    /// `sameToastWindow` ago.
    public func sameToast(_ app: String, fingerprint: Int, now: Double) -> String? {
        guard let entry = apps[app], entry.lastFingerprint == fingerprint, now - entry.lastTime < Self.sameToastWindow,
              now >= entry.lastTime, entry.echoes < Self.maxEchoes else { return nil }
        return entry.lastID
    }

    /// The digest card `app`'s folded toasts went to (it may have ended since).
    public func digest(of app: String) -> String? { apps[app]?.digest }

    /// A toast from `app` came now and got `id`; `counts`: it counts against the limit (one
    /// sent twice does not, and its echo leaves the first toast's time and id as they were).
    /// `digest`: the digest card it was folded into.
    mutating func record(_ app: String, fingerprint: Int, id: String, counts: Bool, digest: String?, limit: Int, now: Double) {
        if apps[app] == nil, apps.count >= Self.maxApps, let stale = apps.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            apps[stale] = nil
        }
        uses += 1
        var entry = apps[app] ?? App()
        if counts {
            entry.arrivals.append(now)
            let keep = max(1, min(limit, BurstLimit.counts.upperBound))
            if entry.arrivals.count > keep { entry.arrivals.removeFirst(entry.arrivals.count - keep) }
            entry.lastFingerprint = fingerprint
            entry.lastTime = now
            entry.lastID = id
            entry.echoes = 0
        } else {
            entry.echoes += 1
        }
        if let digest { entry.digest = digest }
        entry.lastUse = uses
        apps[app] = entry
    }
}

/// Who a bus toast is from, for `Bursts`: its desktop entry, else its application's name;
/// with `x-kde-origin-name` (a web page's origin, sent by browsers) so two web apps in one
/// browser are told apart. `label` is how the digest card names it.
public struct BurstApp: Equatable, Sendable {
    public var key: String
    public var label: String

    public init(app: String, desktopEntry: String, origin: String) {
        let base = desktopEntry.isEmpty ? app : desktopEntry
        key = origin.isEmpty ? base : base + "\u{1F}" + origin
        let name = app.isEmpty ? (desktopEntry.isEmpty ? "?" : desktopEntry) : app
        label = origin.isEmpty ? name : origin
    }
}
