import JSONCodec

/// Who asks for quiet, and until when: the user (`xtoast pause`, the centre's switch), the
/// applications that called `Inhibit` on the bus, and the config's schedules. A plain value:
/// the daemon keeps one, passes in the wall-clock time and the zone, and gives the board the
/// `QuietGate` that `status` decides. Every time here is UNIX seconds (a deadline "until
/// 18:00" is a wall-clock time, and must hold across a suspend).
public struct QuietState: Equatable, Sendable {
    /// `xtoast pause`: a level (100 for plain `pause`) and, with `--for` or `--until`, an end.
    public struct UserPause: Equatable, Sendable {
        public var level: Int
        public var until: Double?
        public var since: Double
        public init(level: Int, until: Double?, since: Double) {
            self.level = level
            self.until = until
            self.since = since
        }
    }

    /// An application's `Inhibit` (`org.freedesktop.Notifications`, as KDE Plasma's).
    public struct Inhibition: Equatable, Sendable {
        public var cookie: UInt32
        public var desktopEntry: String
        public var reason: String
        /// The caller's unique bus name: the inhibition ends when it leaves the bus.
        public var caller: String
        /// From the hints' `timeout` (seconds), if any.
        public var until: Double?
        public var since: Double
    }

    public private(set) var user: UserPause?
    public private(set) var inhibitions: [Inhibition] = []
    public var schedules: [QuietSchedule] = []
    /// The titles of the mapped windows that say the screen is shared (`SharingWindows`,
    /// `[quiet] while_window`): quiet holds while there is one, as a plain pause does.
    public var sharing: [String] = []
    private var lastCookie: UInt32 = 0

    /// Bounds on what applications may ask: a caller holding many inhibitions, or many callers,
    /// cost memory and the status's length, and none needs more than a few.
    public static let maxInhibitions = 64
    public static let maxInhibitionsPerCaller = 8
    public static let maxReasonBytes = 256
    public static let maxDesktopEntryBytes = 255
    /// The largest `timeout` hint: a day (an inhibition is for a meeting, a shared screen).
    public static let maxInhibitionSeconds = 86_400.0
    /// Plain `xtoast pause`'s level, and each inhibition's and schedule's.
    public static let fullLevel = 100

    public init(user: UserPause? = nil, schedules: [QuietSchedule] = []) {
        self.user = user
        self.schedules = schedules
    }

    // MARK: The user

    /// Quiet at `level` (1-100) until `until` (nil: until resumed).
    public mutating func pause(level: Int = fullLevel, until: Double?, now: Double) {
        user = UserPause(level: min(max(level, 1), Self.fullLevel), until: until, since: now)
    }

    public mutating func resume() { user = nil }

    // MARK: Applications

    /// `Inhibit(desktop_entry, reason, hints)`; `timeout` is the hints' entry, if one was given.
    public mutating func inhibit(desktopEntry: String, reason: String, caller: String, timeout: Double?,
                                 now: Double) -> Result<UInt32, QuietProblem> {
        guard !desktopEntry.isEmpty else { return .failure(QuietProblem("Inhibit needs the caller's desktop entry")) }
        guard desktopEntry.utf8.count <= Self.maxDesktopEntryBytes else {
            return .failure(QuietProblem("a desktop entry of at most \(Self.maxDesktopEntryBytes) bytes"))
        }
        guard reason.utf8.count <= Self.maxReasonBytes else {
            return .failure(QuietProblem("a reason of at most \(Self.maxReasonBytes) bytes"))
        }
        if let timeout {
            guard timeout.isFinite, timeout > 0, timeout <= Self.maxInhibitionSeconds else {
                return .failure(QuietProblem("a timeout hint from 1 to \(Int(Self.maxInhibitionSeconds)) seconds"))
            }
        }
        guard inhibitions.count < Self.maxInhibitions else {
            return .failure(QuietProblem("too many inhibitions (at most \(Self.maxInhibitions))"))
        }
        guard inhibitions.filter({ $0.caller == caller }).count < Self.maxInhibitionsPerCaller else {
            return .failure(QuietProblem("too many inhibitions from one caller (at most \(Self.maxInhibitionsPerCaller))"))
        }
        repeat { lastCookie = lastCookie == UInt32.max ? 1 : lastCookie + 1 } while inhibitions.contains { $0.cookie == lastCookie }
        inhibitions.append(Inhibition(cookie: lastCookie, desktopEntry: desktopEntry, reason: reason, caller: caller,
                                      until: timeout.map { now + $0 }, since: now))
        return .success(lastCookie)
    }

    /// `UnInhibit(cookie)`: only the caller that took it may end it. False when it has none.
    public mutating func uninhibit(_ cookie: UInt32, caller: String) -> Bool {
        guard let i = inhibitions.firstIndex(where: { $0.cookie == cookie && $0.caller == caller }) else { return false }
        inhibitions.remove(at: i)
        return true
    }

    /// The bus name `caller` left: its inhibitions end. True when it had any.
    public mutating func callerLeft(_ caller: String) -> Bool {
        let count = inhibitions.count
        inhibitions.removeAll { $0.caller == caller }
        return inhibitions.count != count
    }

    // MARK: Time

    /// Ends the pause and the inhibitions whose time is up at `now`; true when one ended.
    /// Called at each timer fire and on each wake, so a clock that jumped (a suspend, a
    /// clock set forward) ends them at the first look after.
    @discardableResult
    public mutating func expire(now: Double) -> Bool {
        var changed = false
        if let until = user?.until, until <= now {
            user = nil
            changed = true
        }
        let count = inhibitions.count
        inhibitions.removeAll { ($0.until ?? .infinity) <= now }
        return changed || inhibitions.count != count
    }

    /// The next instant anything changes by itself: the pause's end, an inhibition's, a
    /// schedule's boundary. The daemon's one timer for quiet.
    public func nextDeadline(after now: Double, zone: LocalZone) -> Double? {
        var times = inhibitions.compactMap(\.until)
        if let until = user?.until { times.append(until) }
        for schedule in schedules { if let b = schedule.nextBoundary(after: now, zone: zone) { times.append(b) } }
        return times.min()
    }

    /// Who holds quiet at `now`, and the gate that follows.
    public func status(at now: Double, zone: LocalZone) -> QuietStatus {
        var sources: [QuietSource] = []
        if let user, (user.until ?? .infinity) > now { sources.append(.user(user)) }
        for inhibition in inhibitions where (inhibition.until ?? .infinity) > now { sources.append(.app(inhibition)) }
        for schedule in schedules where schedule.holds(at: now, zone: zone) {
            sources.append(.schedule(schedule, until: schedule.end(after: now, zone: zone)))
        }
        if !sharing.isEmpty { sources.append(.screenSharing(windows: sharing)) }
        return QuietStatus(sources: sources)
    }
}

/// One reason it is quiet.
public enum QuietSource: Equatable, Sendable {
    case user(QuietState.UserPause)
    case app(QuietState.Inhibition)
    case schedule(QuietSchedule, until: Double?)
    /// A window that says the screen is shared is mapped (its title, or class).
    case screenSharing(windows: [String])
}

/// What is quiet now and why: `pause --status`, the centre's list, the bus's `Inhibited`.
public struct QuietStatus: Equatable, Sendable {
    public var sources: [QuietSource]

    /// The bus's `Inhibited`, dunst's `paused` and `is-paused`: the user's do-not-disturb, a
    /// schedule, an application or a shared screen holds quiet (a fullscreen window does not
    /// count, as in Plasma and dunst: it holds one monitor's cards, not the desktop's).
    public var inhibited: Bool { level > 0 }

    /// The pause level in force (`QuietGate.pauseLevel`): `pause --status`'s `level`, dunst's
    /// `pauseLevel` and `get-pause-level`.
    public var level: Int { gate.pauseLevel }

    /// What the board asks of each toast.
    public var gate: QuietGate {
        var gate = QuietGate()
        for source in sources {
            switch source {
            case let .user(pause): gate.level = max(gate.level, pause.level)
            case .app, .screenSharing: gate.level = QuietState.fullLevel
            case let .schedule(schedule, _): gate.allows.append(schedule.allow)
            }
        }
        return gate
    }

    /// When the quiet ends by itself: the latest end among its sources, nil when one of
    /// them has none (until turned off, until an application lets go) or nothing holds.
    public var until: Double? {
        var latest = -Double.infinity
        for source in sources {
            let end: Double?
            switch source {
            case let .user(pause): end = pause.until
            case let .app(inhibition): end = inhibition.until
            case let .schedule(_, until): end = until
            case .screenSharing: end = nil
            }
            guard let end else { return nil }
            latest = max(latest, end)
        }
        return sources.isEmpty ? nil : latest
    }

    /// `xtoast pause --status`'s answer: whether it is quiet, the level, and each source with
    /// its end (UNIX seconds; absent: until turned off or let go).
    public var json: [(String, JSON)] {
        let gate = gate
        var items: [JSON] = []
        for source in sources {
            var m: [(String, JSON)] = []
            switch source {
            case let .user(pause):
                m = [("by", .string("user")), ("level", .number(Double(pause.level))), ("since", .number(pause.since.rounded()))]
                if let until = pause.until { m.append(("until", .number(until.rounded()))) }
            case let .app(i):
                m = [("by", .string("app")), ("desktop_entry", .string(i.desktopEntry)), ("reason", .string(i.reason)),
                     ("cookie", .number(Double(i.cookie))), ("since", .number(i.since.rounded()))]
                if let until = i.until { m.append(("until", .number(until.rounded()))) }
            case let .schedule(s, until):
                m = [("by", .string("schedule")), ("every", .string(s.text)), ("allow", .array(s.allow.map { .string($0.word) }))]
                if let until { m.append(("until", .number(until.rounded()))) }
            case let .screenSharing(windows):
                m = [("by", .string("screen sharing")), ("windows", .array(windows.map { .string($0) }))]
            }
            items.append(.object(m))
        }
        var out: [(String, JSON)] = [("inhibited", .bool(inhibited)), ("level", .number(Double(level)))]
        if let until { out.append(("until", .number(until.rounded()))) }
        out.append(("sources", .array(items)))
        return out
    }

    /// One line per source, for the centre and the log: "you, until 18:00", "Zoom: Screen sharing".
    public func lines(zone: LocalZone) -> [String] {
        sources.map { source in
            switch source {
            case let .user(pause):
                let level = pause.level == QuietState.fullLevel ? "" : " (level \(pause.level))"
                return "Do not disturb\(level)" + (pause.until.map { ", until \(Self.clock($0, zone: zone))" } ?? "")
            case let .app(i):
                return "\(i.desktopEntry)\(i.reason.isEmpty ? "" : ": \(i.reason)")" + (i.until.map { ", until \(Self.clock($0, zone: zone))" } ?? "")
            case let .schedule(s, until):
                return "Schedule \(s.text)" + (until.map { ", until \(Self.clock($0, zone: zone))" } ?? "")
            case let .screenSharing(windows):
                return "Screen sharing" + (windows.first.map { " (\($0))" } ?? "")
            }
        }
    }

    public static func clock(_ t: Double, zone: LocalZone) -> String {
        let c = zone.civil(t)
        let h = c.seconds / 3600, m = c.seconds / 60 % 60
        return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}

/// What quiet does to each new toast (the board's `HoldPolicy` asks): dunst's pause levels.
/// A toast carries an override level (a rule's `override_pause_level`; without one, 100 for
/// a critical toast and 0 for the rest) and waits while it is below the level in force; each
/// schedule that holds lets through only what its `allow` names (or a rule's level of 100).
public struct QuietGate: Equatable, Sendable {
    /// 0: nobody asks for quiet; 100: plain `pause`, an application's inhibition.
    public var level = 0
    /// The `allow` of each schedule that holds now.
    public var allows: [[QuietAllow]] = []

    public init(level: Int = 0, allows: [[QuietAllow]] = []) {
        self.level = level
        self.allows = allows
    }

    public static let off = QuietGate()
    public static let pause = QuietGate(level: QuietState.fullLevel)

    /// The one pause level every answer gives (`is-paused` is this above 0): the highest level
    /// asked for, and the full level while a schedule holds, since a schedule lets through
    /// only what its `allow` names, as level 100 lets through only what asks for 100. A bar
    /// module reading the level must not see 0 while a schedule keeps toasts back.
    public var pauseLevel: Int { allows.isEmpty ? level : QuietState.fullLevel }

    public var isActive: Bool { pauseLevel > 0 }

    /// The level `toast` shows up to (dunst's `override_pause_level`).
    public static func overrideLevel(_ toast: Toast) -> Int {
        toast.overridePauseLevel ?? (toast.urgency == .critical ? QuietState.fullLevel : 0)
    }

    /// Whether quiet keeps `toast` back.
    public func holds(_ toast: Toast) -> Bool {
        if level > 0, Self.overrideLevel(toast) < level { return true }
        if allows.isEmpty || toast.overridePauseLevel == QuietState.fullLevel { return false }
        return allows.contains { allow in !allow.contains { Self.admits($0, toast) } }
    }

    static func admits(_ allow: QuietAllow, _ toast: Toast) -> Bool {
        switch allow {
        case .critical: toast.urgency == .critical
        case .calls: toast.category == "call" || toast.category == "call.incoming"
        case let .app(name): toast.app?.lowercased() == name || toast.desktopEntry.lowercased() == name
        }
    }
}

// MARK: The state file

extension QuietState.UserPause {
    /// The largest state file read back: one short line.
    public static let maxFileBytes = 4096

    /// One JSON line, what `$XDG_STATE_HOME/xtoast/quiet` holds while the user's pause lasts.
    public var line: String {
        var members: [(String, JSON)] = [("level", .number(Double(level))), ("since", .number(since))]
        if let until { members.append(("until", .number(until))) }
        return JSON.object(members).text + "\n"
    }

    /// The pause a state file holds, if it is one: a level from 1 to 100 and finite times;
    /// anything else (a damaged or foreign file) is nil, and the daemon starts without.
    public init?(line bytes: [UInt8]) {
        guard bytes.count <= Self.maxFileBytes, let json = try? JSON.parse(bytes),
              case let .number(level)? = json["level"], level == level.rounded(), level >= 1, level <= 100,
              case let .number(since)? = json["since"], since.isFinite else { return nil }
        var until: Double?
        switch json["until"] {
        case nil, .null?: until = nil
        case let .number(t)? where t.isFinite: until = t
        default: return nil
        }
        self.init(level: Int(level), until: until, since: since)
    }

    /// Whether a pause read back is one `pause` could have set by `now`: it ends at most
    /// `QuietEnd.maxSeconds` ahead, as `--for` and `--until` do (`"until":99999999999` would
    /// hold the toasts for three thousand years), and began within UNIX seconds ±10¹².
    public func isBounded(now: Double) -> Bool {
        abs(since) < 1e12 && (until.map { $0 - now <= QuietEnd.maxSeconds } ?? true)
    }
}

extension QuietState {
    /// The `timeout` entry of `Inhibit`'s hints (whole seconds, any integer type): nil when
    /// absent; out of 1 to `maxInhibitionSeconds`, or not an integer, is refused.
    public static func timeoutHint(_ hints: [String: HintValue]) -> Result<Double?, QuietProblem> {
        guard let hint = hints["timeout"] else { return .success(nil) }
        guard let seconds = hint.integer, seconds >= 1, Double(seconds) <= maxInhibitionSeconds else {
            return .failure(QuietProblem("the timeout hint is whole seconds from 1 to \(Int(maxInhibitionSeconds))"))
        }
        return .success(Double(seconds))
    }
}
