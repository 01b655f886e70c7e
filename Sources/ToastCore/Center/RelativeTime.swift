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

        /// The local time at wall seconds `t` in `zone`: the calendar is `LocalZone`'s, the
        /// one the quiet hours count with.
        public static func at(_ t: Double, in zone: LocalZone) -> LocalTime {
            let c = zone.civil(t)
            // Civil counts weekdays from Monday (0); the label's names start on Sunday.
            return LocalTime(day: zone.dayNumber(t), weekday: (c.weekday + 1) % 7, month: c.month, dayOfMonth: c.day,
                             hour: c.seconds / 3600, minute: c.seconds / 60 % 60)
        }

        /// For a fixed offset from UTC (tests, and any clock without a zone database).
        public static func utc(_ seconds: Double, offset: Double = 0) -> LocalTime {
            let shift = offset.isFinite ? Int(max(-86_400, min(86_400, offset)).rounded(.down)) : 0
            return at(seconds, in: LocalZone { _ in shift })
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
