/// Local time without reading the system's zone: the daemon passes in how far the local
/// clock is from UTC at any instant (`offset`, from `localtime_r`'s `tm_gmtoff`), tests a
/// zone of their own with a DST change. Everything about "18:00", "tomorrow" and "mon-fri"
/// is computed here, from UNIX seconds and that one function.
public struct LocalZone: Sendable {
    /// Seconds east of UTC in force at the UNIX time given.
    public let offset: @Sendable (Double) -> Int

    public init(offset: @escaping @Sendable (Double) -> Int) { self.offset = offset }

    public static let utc = LocalZone { _ in 0 }

    /// A date and a time of day on the local clock.
    public struct Civil: Equatable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
        /// Seconds since local midnight, 0 ..< 86 400.
        public var seconds: Int
        /// 0 Monday … 6 Sunday.
        public var weekday: Int
        public var minuteOfDay: Int { seconds / 60 }
    }

    /// Instants are taken within ±10¹² s (31,000 years), a non-finite one as 1970: a time
    /// from a file or a client never traps the conversion to whole seconds.
    static func bounded(_ t: Double) -> Double { t.isFinite ? max(-1e12, min(1e12, t)) : 0 }

    /// The local clock at `t` in whole seconds since 1970-01-01 local (the offset is clamped to
    /// a day either side, more than any zone has).
    private func localSeconds(_ t: Double) -> Int {
        let t = Self.bounded(t)
        return Int((t + Double(max(-86_400, min(86_400, offset(t))))).rounded(.down))
    }

    /// The local date and time at UNIX time `t`.
    public func civil(_ t: Double) -> Civil {
        let local = localSeconds(t)
        let days = Self.floorDiv(local, 86_400)
        let (y, m, d) = Self.date(fromDays: days)
        // 1970-01-01 was a Thursday (3, counting Monday as 0).
        return Civil(year: y, month: m, day: d, seconds: local - days * 86_400, weekday: Self.mod(days + 3, 7))
    }

    /// The day number (days since 1970-01-01) of the local date at `t`.
    public func dayNumber(_ t: Double) -> Int { Self.floorDiv(localSeconds(t), 86_400) }

    /// The UNIX time at which the local clock reads `secondOfDay` on day `day` (days since
    /// 1970-01-01). A time the clock skips (the hour lost when DST begins) is read as the
    /// clock before the change would have it, which lands just after the gap; a time the
    /// clock shows twice (the hour repeated when DST ends) is its first showing.
    public func instant(day: Int, secondOfDay: Int) -> Double {
        let local = Double(day * 86_400 + secondOfDay)
        // The offsets a day and a half either side cover every real zone's changes.
        let before = offset(local - 129_600), after = offset(local + 129_600)
        let readings = Set([before, after, offset(local)]).map { local - Double($0) }.filter { civilSeconds($0) == local }
        // In a gap: the offset before the change puts it past the gap.
        return readings.min() ?? local - Double(before)
    }

    /// The local clock at `t` as seconds since 1970-01-01 local.
    private func civilSeconds(_ t: Double) -> Double { t + Double(offset(t)) }

    // MARK: The proleptic Gregorian calendar (days from civil, civil from days)

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func mod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

    /// Days since 1970-01-01 of a date (month 1-12).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func date(fromDays z: Int) -> (Int, Int, Int) {
        let z = z + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        days(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1) - days(year: year, month: month, day: 1)
    }
}
