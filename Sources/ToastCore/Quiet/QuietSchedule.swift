/// A time of the week that is quiet by itself: `[quiet] every = mon-fri 22:00-07:00`, with
/// what may still show (`allow = critical|calls|APP...`, on the line after it). A period
/// whose end comes before its start runs past midnight into the next day, so
/// `fri 22:00-07:00` is Friday night until Saturday 07:00.
public struct QuietSchedule: Equatable, Sendable {
    /// The days a period starts on, 0 Monday … 6 Sunday.
    public var days: Set<Int>
    /// Minutes past midnight; `end` may be 1440 (24:00).
    public var start: Int
    public var end: Int
    /// What shows regardless while it holds; `[.critical]` unless an `allow` line says.
    public var allow: [QuietAllow] = [.critical]
    /// The line as written, for `pause --status` and the log.
    public var text: String

    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// Schedules a config may have, and words one `allow` may list.
    public static let maxSchedules = 32
    public static let maxAllowWords = 32

    /// `[DAYS] HH:MM-HH:MM`: DAYS a day (mon or monday), a range (mon-fri, fri-mon), a list
    /// of both (mon,wed,sat-sun), or daily; without DAYS, every day.
    public static func parse(_ line: String) throws(QuietProblem) -> QuietSchedule {
        guard line.utf8.count <= 128 else { throw QuietProblem("a schedule of at most 128 bytes") }
        let words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard (1...2).contains(words.count), let span = words.last else {
            throw QuietProblem("expected DAYS HH:MM-HH:MM, such as mon-fri 22:00-07:00, got \"\(line)\"")
        }
        let ends = span.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2, let start = QuietEnd.clock(ends[0]),
              let end = ends[1] == "24:00" ? 1440 : QuietEnd.clock(ends[1]) else {
            throw QuietProblem("expected a time span HH:MM-HH:MM, such as 22:00-07:00, got \"\(span)\"")
        }
        guard start != end else { throw QuietProblem("\"\(span)\" is empty; 00:00-24:00 is the whole day") }
        let days = words.count == 2 ? try Self.days(words[0]) : Set(0..<7)
        return QuietSchedule(days: days, start: start, end: end, text: line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " "))
    }

    static func days(_ word: String) throws(QuietProblem) -> Set<Int> {
        if word == "daily" || word == "every" || word == "*" { return Set(0..<7) }
        var days = Set<Int>()
        for part in word.split(separator: ",", omittingEmptySubsequences: false) {
            let range = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(range.count), let first = weekday(range[0]), let last = weekday(range[range.count - 1]) else {
                throw QuietProblem("\"\(part)\" is not a day or a range of days (mon, mon-fri, sat,sun)")
            }
            var d = first
            while true {
                days.insert(d)
                if d == last { break }
                d = (d + 1) % 7
            }
        }
        return days
    }

    static func weekday(_ word: String) -> Int? {
        guard word.count >= 2 else { return nil }
        return weekdayNames.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
    }

    /// The `allow` line: words split on `|` or `,`: critical, calls, or an application (its
    /// name or desktop entry, compared without case).
    public static func allowList(_ line: String) throws(QuietProblem) -> [QuietAllow] {
        let words = line.split(whereSeparator: { $0 == "|" || $0 == "," }).map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        guard !words.isEmpty else { throw QuietProblem("expected critical, calls or application names") }
        guard words.count <= maxAllowWords else { throw QuietProblem("at most \(maxAllowWords) words") }
        var allow: [QuietAllow] = []
        for word in words {
            guard word.utf8.count <= RuleLimits.fieldBytes else { throw QuietProblem("a name of at most \(RuleLimits.fieldBytes) bytes") }
            switch word.lowercased() {
            case "critical": allow.append(.critical)
            case "calls": allow.append(.calls)
            case "none": break
            default: allow.append(.app(String(word).lowercased()))
            }
        }
        return allow
    }

    /// Whether the period holds at UNIX time `t`.
    public func holds(at t: Double, zone: LocalZone) -> Bool {
        let c = zone.civil(t)
        let minute = c.minuteOfDay
        if start < end { return days.contains(c.weekday) && minute >= start && minute < end }
        return (days.contains(c.weekday) && minute >= start) || (days.contains((c.weekday + 6) % 7) && minute < end)
    }

    /// The first instant after `t` at which a period of this schedule starts or ends: the one
    /// timer the daemon sets for it.
    public func nextBoundary(after t: Double, zone: LocalZone) -> Double? {
        let today = zone.dayNumber(t)
        var best: Double?
        for day in (today - 1)...(today + 8) {
            let weekday = LocalZone.mod(day + 3, 7)
            guard days.contains(weekday) else { continue }
            let endDay = end <= start ? day + 1 : day
            for b in [zone.instant(day: day, secondOfDay: start * 60), zone.instant(day: endDay, secondOfDay: end * 60)]
            where b > t && b < (best ?? .infinity) {
                best = b
            }
        }
        return best
    }

    /// When the period holding at `t` ends (its next end boundary).
    public func end(after t: Double, zone: LocalZone) -> Double? {
        var at = t
        for _ in 0..<4 {
            guard let next = nextBoundary(after: at, zone: zone) else { return nil }
            if !holds(at: next, zone: zone) { return next }
            at = next
        }
        return nil
    }
}

/// What a quiet schedule lets through.
public enum QuietAllow: Equatable, Sendable {
    /// Critical toasts (urgency critical, as a rule may set it).
    case critical
    /// Calls: the categories `call` and `call.incoming` of the specification's 1.3.
    case calls
    /// An application, by its name or desktop entry (lowercased).
    case app(String)

    public var word: String {
        switch self {
        case .critical: "critical"
        case .calls: "calls"
        case let .app(name): name
        }
    }
}
