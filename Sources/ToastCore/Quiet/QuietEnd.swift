/// When do-not-disturb ends, as the user says it: `--for 90m`, `--until 18:00`, `--until
/// "tomorrow 08:00"`, `--until monday`, "this evening" (18:00), "tomorrow morning" (08:00).
/// Parsing needs no clock (the client checks the words before it sends them); `resolve`
/// turns the words into a UNIX time with the time and the zone passed in.
public enum QuietEnd: Equatable, Sendable {
    /// So many seconds from now.
    case after(Double)
    /// A local time: `day` (nil: the next time the clock shows `minute`) at `minute` past midnight.
    case at(day: Day?, minute: Int)

    public enum Day: Equatable, Sendable {
        case today
        case tomorrow
        /// The next such weekday, never today (0 Monday … 6 Sunday).
        case weekday(Int)
        /// A date, year, month (1-12), day.
        case date(Int, Int, Int)
    }

    /// "morning" and "evening" as the centre's menu and Plasma mean them.
    public static let morning = 8 * 60
    public static let evening = 18 * 60

    /// The longest quiet a deadline may set: a year (a longer one is "until turned off").
    public static let maxSeconds = 366.0 * 86_400

    /// `--for`: a number and a unit, repeated: `90m`, `2h`, `1h30m`, `45s`, `1.5h`, `2d`.
    public static func duration(_ text: String) throws(QuietProblem) -> QuietEnd {
        let s = Array(text.lowercased().utf8.filter { $0 != UInt8(ascii: " ") })
        guard !s.isEmpty, s.count <= 32 else { throw QuietProblem("expected a duration such as 90m, 2h or 1h30m, got \"\(text)\"") }
        var total = 0.0, i = 0
        while i < s.count {
            var j = i
            while j < s.count, (s[j] >= UInt8(ascii: "0") && s[j] <= UInt8(ascii: "9")) || s[j] == UInt8(ascii: ".") { j += 1 }
            guard j > i, let number = Double(String(decoding: s[i..<j], as: UTF8.self)), number.isFinite else {
                throw QuietProblem("expected a duration such as 90m, 2h or 1h30m, got \"\(text)\"")
            }
            var k = j
            while k < s.count, s[k] >= UInt8(ascii: "a"), s[k] <= UInt8(ascii: "z") { k += 1 }
            let unit: Double
            switch String(decoding: s[j..<k], as: UTF8.self) {
            case "s", "sec", "secs", "second", "seconds": unit = 1
            case "m", "min", "mins", "minute", "minutes": unit = 60
            case "h", "hr", "hrs", "hour", "hours": unit = 3600
            case "d", "day", "days": unit = 86_400
            case "": throw QuietProblem("\"\(text)\" needs a unit: s, m, h or d (90m, 2h)")
            case let other: throw QuietProblem("unknown unit \"\(other)\" in \"\(text)\"; expected s, m, h or d")
            }
            total += number * unit
            i = k
        }
        guard total >= 1 else { throw QuietProblem("a duration of at least 1 s, got \"\(text)\"") }
        guard total <= maxSeconds else { throw QuietProblem("at most 366 days, got \"\(text)\"; without --for it lasts until resumed") }
        return .after(total)
    }

    /// `--until`: `[DAY] [TIME]` where DAY is today, tomorrow, a weekday (monday or mon) or
    /// YYYY-MM-DD, and TIME is HH:MM, morning (08:00) or evening (18:00); "this" may stand
    /// before either. A DAY alone means its morning; a TIME alone, the next time the clock
    /// shows it.
    public static func time(_ text: String) throws(QuietProblem) -> QuietEnd {
        guard text.utf8.count <= 64 else { throw QuietProblem("a time of at most 64 bytes") }
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "this" { words[0] = "today" }
        guard !words.isEmpty, words.count <= 2 else {
            throw QuietProblem("expected a time such as 18:00, \"tomorrow 08:00\" or monday, got \"\(text)\"")
        }
        var day: Day?
        var minute: Int?
        for (n, word) in words.enumerated() {
            if let m = clock(word) {
                guard minute == nil else { throw QuietProblem("two times in \"\(text)\"") }
                minute = m
            } else if n == 0, let d = try dayWord(word) {
                day = d
            } else {
                throw QuietProblem("\"\(word)\" is not a day (today, tomorrow, monday, YYYY-MM-DD) or a time (HH:MM, morning, evening)")
            }
        }
        if day == .today, minute == nil { throw QuietProblem("today needs a time: \"today 18:00\", \"this evening\"") }
        return .at(day: day, minute: minute ?? morning)
    }

    /// HH:MM (or H:MM), morning, evening, noon.
    static func clock(_ word: String) -> Int? {
        switch word {
        case "morning": return morning
        case "evening": return evening
        case "noon": return 12 * 60
        default: break
        }
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
        return h * 60 + m
    }

    static func dayWord(_ word: String) throws(QuietProblem) -> Day? {
        switch word {
        case "today": return .today
        case "tomorrow": return .tomorrow
        default: break
        }
        if let i = QuietSchedule.weekdayNames.firstIndex(where: { word == $0 || (word.count >= 3 && $0.hasPrefix(word)) }) {
            return .weekday(i)
        }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        guard (1...12).contains(m), d >= 1, d <= LocalZone.daysInMonth(year: y, month: m) else {
            throw QuietProblem("\"\(word)\" is not a date")
        }
        return .date(y, m, d)
    }

    /// The UNIX time this end falls on, from `now` in `zone`; a time already past (today
    /// 09:00 at noon, a date gone) or more than `maxSeconds` ahead is refused.
    public func resolve(now: Double, zone: LocalZone) throws(QuietProblem) -> Double {
        switch self {
        case let .after(seconds):
            return now + seconds
        case let .at(day, minute):
            let today = zone.dayNumber(now)
            let target: Double
            switch day {
            case nil:
                let t = zone.instant(day: today, secondOfDay: minute * 60)
                target = t > now ? t : zone.instant(day: today + 1, secondOfDay: minute * 60)
            case .today?: target = zone.instant(day: today, secondOfDay: minute * 60)
            case .tomorrow?: target = zone.instant(day: today + 1, secondOfDay: minute * 60)
            case let .weekday(w)?:
                let ahead = LocalZone.mod(w - zone.civil(now).weekday, 7)
                target = zone.instant(day: today + (ahead == 0 ? 7 : ahead), secondOfDay: minute * 60)
            case let .date(y, m, d)?:
                target = zone.instant(day: LocalZone.days(year: y, month: m, day: d), secondOfDay: minute * 60)
            }
            guard target > now else { throw QuietProblem("that time has passed") }
            guard target - now <= Self.maxSeconds else { throw QuietProblem("at most 366 days ahead") }
            return target
        }
    }

    /// The words again, as `--for` or `--until` takes them (what the client sends).
    public var text: String {
        switch self {
        case let .after(seconds): return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
        case let .at(day, minute):
            let time = "\(minute / 60 < 10 ? "0" : "")\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60)"
            switch day {
            case nil: return time
            case .today?: return "today \(time)"
            case .tomorrow?: return "tomorrow \(time)"
            case let .weekday(w)?: return "\(QuietSchedule.weekdayNames[w]) \(time)"
            case let .date(y, m, d)?:
                return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d) \(time)"
            }
        }
    }
}

/// Why a quiet time, duration, schedule or level could not be used.
public struct QuietProblem: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
