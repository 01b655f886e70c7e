/// When an entry ended, the way a notification list says it: "now", "5 min", "14:02" (today),
/// "Mon 14:02" (this past week), "3 Mar 14:02" (before).
///
/// Pure: both times and the local calendar are passed in (the daemon reads the clock and
/// `localtime_r`; tests pass fixed ones).
public enum RelativeTime {
    /// A moment in local time: what the label needs of the calendar.
    public struct LocalTime: Equatable, Sendable {
        /// Days since an epoch, counted in local time (consecutive days differ by one).
        public var day: Int
        /// 0 (Sunday) ... 6 (Saturday).
        public var weekday: Int
        /// 1 ... 12 and 1 ... 31: the date, for entries older than a week.
        public var month: Int
        public var dayOfMonth: Int
        public var hour: Int
        public var minute: Int

        public init(day: Int, weekday: Int, month: Int = 1, dayOfMonth: Int = 1, hour: Int, minute: Int) {
            self.day = day
            self.weekday = weekday
            self.month = month
            self.dayOfMonth = dayOfMonth
            self.hour = hour
            self.minute = minute
        }

        /// For a fixed offset from UTC (tests, and any clock without a zone database).
        public static func utc(_ seconds: Double, offset: Double = 0) -> LocalTime {
            let t = Int(max(-1e15, min(1e15, (seconds + offset).isFinite ? (seconds + offset).rounded(.down) : 0)))
            let day = Int((Double(t) / 86_400).rounded(.down))
            let second = t - day * 86_400
            let (_, month, dom) = civil(day)
            return LocalTime(day: day, weekday: ((day % 7) + 11) % 7, month: month, dayOfMonth: dom,
                             hour: second / 3600, minute: second / 60 % 60)
        }

        /// The proleptic Gregorian date of a day since 1970-01-01 (Howard Hinnant's algorithm).
        static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            let d = doy - (153 * mp + 2) / 5 + 1
            let m = mp < 10 ? mp + 3 : mp - 9
            return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
        }
    }

    /// Under a minute ago (or a clock that stepped back) is "now"; under an hour, whole minutes.
    public static let nowWindow = 60.0

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The label for something that ended at `then` (wall seconds), seen at `now`; `local`
    /// turns wall seconds into local calendar time.
    public static func label(_ then: Double, now: Double, local: (Double) -> LocalTime) -> String {
        let age = now - then
        guard age.isFinite, age >= nowWindow else { return "now" }
        if age < 3600 { return "\(Int(age / 60)) min" }
        let a = local(then), b = local(now)
        let clock = "\(a.hour < 10 ? "0" : "")\(a.hour):\(a.minute < 10 ? "0" : "")\(a.minute)"
        if a.day == b.day { return clock }
        if b.day - a.day < 7 { return "\(weekdays[((a.weekday % 7) + 7) % 7]) \(clock)" }
        return "\(a.dayOfMonth) \(months[max(1, min(12, a.month)) - 1]) \(clock)"
    }
}
