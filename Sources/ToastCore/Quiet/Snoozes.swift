import JSONCodec

/// Applications the user muted for a while ("Mute Slack for 1 hour", `xtoast snooze slack
/// 1h`): their toasts go straight to history, ending with `snoozed`, until the snooze ends.
/// "Always" is no snooze but a rule (`SnoozeRule`), so it lives in the config the user reads.
/// A plain value the board keeps; times are UNIX seconds (a deadline holds across a suspend).
///
///     var snoozes = Snoozes()
///     try snoozes.snooze("Slack", until: now + 3600, now: now).get()
///     snoozes.snoozing(app: "slack", desktopEntry: "", now: now)   // the Slack snooze
///
/// Bounded: at most `maxSnoozes` applications (a new one past it is refused, not an old one
/// forgotten: the user said each), names of at most `maxAppBytes` bytes.
public struct Snoozes: Equatable, Sendable {
    public struct Snooze: Equatable, Sendable {
        /// The application as the user named it (matched without regard to case).
        public var app: String
        public var until: Double
        public var since: Double
    }

    /// Each snooze, in the order they were asked for.
    public private(set) var all: [Snooze] = []

    public static let maxSnoozes = 64
    public static let maxAppBytes = 255

    public init() {}

    /// Mutes `app` until `until` (a later snooze of the same app takes the place of the first).
    public mutating func snooze(_ app: String, until: Double, now: Double) -> Result<Snooze, QuietProblem> {
        let name = Self.trimmed(app)
        if let problem = Self.problem(name) { return .failure(problem) }
        guard until.isFinite, until > now, until - now <= QuietEnd.maxSeconds else {
            return .failure(QuietProblem("a snooze ends within 366 days; \"always\" writes a rule instead"))
        }
        let snooze = Snooze(app: name, until: until, since: now)
        if let i = index(of: name) {
            all[i] = snooze
        } else {
            guard all.count < Self.maxSnoozes else {
                return .failure(QuietProblem("too many snoozed applications (at most \(Self.maxSnoozes)); clear one first"))
            }
            all.append(snooze)
        }
        return .success(snooze)
    }

    /// Ends `app`'s snooze; false when it had none.
    @discardableResult
    public mutating func clear(_ app: String) -> Bool {
        guard let i = index(of: Self.trimmed(app)) else { return false }
        all.remove(at: i)
        return true
    }

    /// The snooze a toast from this application (its name or its desktop entry) is under at `now`.
    public func snoozing(app: String, desktopEntry: String, now: Double) -> Snooze? {
        all.first { $0.until > now && (Self.same($0.app, app) || Self.same($0.app, desktopEntry)) }
    }

    /// The applications snoozed at `now`, lowercased, for `Board.snoozedApps`.
    public func active(now: Double) -> Set<String> { Set(all.filter { $0.until > now }.map { $0.app.lowercased() }) }

    /// Whether a toast from this application (its name or desktop entry) is in `active`.
    public static func covers(_ active: Set<String>, app: String, desktopEntry: String) -> Bool {
        !active.isEmpty && ((!app.isEmpty && active.contains(app.lowercased()))
            || (!desktopEntry.isEmpty && active.contains(desktopEntry.lowercased())))
    }

    /// Ends the snoozes whose time is up; true when one ended.
    @discardableResult
    public mutating func expire(now: Double) -> Bool {
        let count = all.count
        all.removeAll { $0.until <= now }
        return all.count != count
    }

    /// The earliest end, for the loop's timer list.
    public var nextEnd: Double? { all.map(\.until).min() }

    /// Why `app` cannot be a snooze's name (nil: it can).
    public static func problem(_ app: String) -> QuietProblem? {
        if app.isEmpty { return QuietProblem("snooze needs an application's name") }
        if app.utf8.count > maxAppBytes { return QuietProblem("an application's name of at most \(maxAppBytes) bytes") }
        // Line breaks of every kind (U+2028, NEL): the name is written raw into the config's
        // `match` line and the snoozes' file, where one would start a line of the client's.
        if app.unicodeScalars.contains(where: {
            UnicodeControls.isControl($0) || UnicodeControls.isLineBreak($0) || $0 == "]" || $0 == "[" || $0 == "\""
        }) {
            return QuietProblem("an application's name without control characters, line breaks, brackets or quotes")
        }
        return nil
    }

    static func trimmed(_ app: String) -> String {
        String(app.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().map(Character.init))
    }

    static func same(_ a: String, _ b: String) -> Bool { !b.isEmpty && a.lowercased() == b.lowercased() }

    private func index(of app: String) -> Int? { all.firstIndex { Self.same($0.app, app) } }

    // MARK: Across restarts

    /// The largest file `init(lines:)` reads: every snooze with its longest name, and room.
    public static let maxFileBytes = maxSnoozes * (maxAppBytes + 64)

    /// One line per snooze, `UNTIL SINCE APP` (UNIX seconds, then the name to the line's end).
    public var lines: String {
        all.map { "\(Int($0.until.rounded(.up))) \(Int($0.since)) \($0.app)\n" }.joined()
    }

    /// The snoozes a file holds, those still running at `now`; a damaged line is skipped.
    public init(lines text: String, now: Double) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(Self.maxSnoozes) {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            // Times from a damaged file are taken only within what a snooze can be (ends at most
            // 366 days ahead, UNIX seconds within ±10¹²): `lines` writes them as whole seconds.
            guard parts.count == 3, let until = Double(parts[0]), let since = Double(parts[1]),
                  until.isFinite, until <= now + QuietEnd.maxSeconds, abs(since) < 1e12 else { continue }
            _ = snooze(String(parts[2]), until: until, now: min(now, until - 1))
            if let i = index(of: String(parts[2])) { all[i].since = since }
        }
        expire(now: now)
    }
}

/// The snoozed toasts that came during a quiet time, for its summary (`Board.applyHolds`):
/// their applications in the order they came and the first one's history id. Bounded: past
/// `maxApps` names only the first ones are kept (the count per app is what the card shows).
struct QuietSnoozed: Equatable, Sendable {
    var apps: [String] = []
    var firstHistoryID: UInt64?

    static let maxApps = 10_000

    mutating func note(_ app: String, historyID: UInt64?) {
        guard apps.count < Self.maxApps else { return }
        apps.append(app)
        if firstHistoryID == nil { firstHistoryID = historyID }
    }
}

/// How long a snooze from a card or the centre lasts: "Mute APP for 1 hour / until tomorrow
/// morning / always" (`SnoozeMenu`; focus mode's M and Shift+M take the first two at once).
public enum SnoozeChoice: CaseIterable, Equatable, Sendable {
    case oneHour, tomorrowMorning, always

    /// The end it asks for; nil: "always", a rule in the config (`SnoozeRule`), not a snooze.
    public var end: QuietEnd? {
        switch self {
        case .oneHour: .after(3600)
        case .tomorrowMorning: .at(day: .tomorrow, minute: QuietEnd.morning)
        case .always: nil
        }
    }

    /// The menu's line for `app` (as `shown` writes it).
    public func label(app: String) -> String {
        let app = Self.shown(app)
        return switch self {
        case .oneHour: "Mute \(app) for 1 hour"
        case .tomorrowMorning: "Mute \(app) until tomorrow"
        case .always: "Mute \(app) always"
        }
    }

    /// The most characters of an application's name a menu line shows.
    public static let maxShownCharacters = 32

    /// `app` as a menu line shows it: controls, line breaks, bidi controls and blanks each one
    /// space, runs of them one, and cut to `maxShownCharacters` with "…", so a name can neither
    /// show a line of its own nor push the menu's words ("always") out of sight.
    public static func shown(_ app: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in app.unicodeScalars.prefix(maxShownCharacters * 8) {
            let blank = UnicodeControls.isControl(scalar) || UnicodeControls.isLineBreak(scalar)
                || UnicodeControls.isBidiControl(scalar) || scalar.properties.isWhitespace
            if !blank { scalars.append(scalar) } else if let last = scalars.last, last != " " { scalars.append(" ") }
        }
        let name = String(scalars)
        let trimmed = Substring(name).trimmingBlanks()
        return trimmed.count > maxShownCharacters ? String(trimmed.prefix(maxShownCharacters - 1).trimmingBlanks()) + "…" : String(trimmed)
    }
}
