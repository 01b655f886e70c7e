/// The choices of the centre's do-not-disturb menu, as Plasma offers them.
public enum QuietChoice: CaseIterable, Equatable, Sendable {
    case oneHour, fourHours, thisEvening, tomorrowMorning, untilTurnedOff

    public var label: String {
        switch self {
        case .oneHour: "For 1 hour"
        case .fourHours: "For 4 hours"
        case .thisEvening: "Until this evening"
        case .tomorrowMorning: "Until tomorrow morning"
        case .untilTurnedOff: "Until turned off"
        }
    }

    /// The end it asks for (nil: none); resolved against the clock by the daemon.
    public var end: QuietEnd? {
        switch self {
        case .oneHour: .after(3600)
        case .fourHours: .after(4 * 3600)
        case .thisEvening: .at(day: .today, minute: QuietEnd.evening)
        case .tomorrowMorning: .at(day: .tomorrow, minute: QuietEnd.morning)
        case .untilTurnedOff: nil
        }
    }

    /// The choices that make sense at a local time (`minute` past midnight): "this evening"
    /// only before 18:00.
    public static func offered(atMinute minute: Int) -> [QuietChoice] {
        allCases.filter { $0 != .thisEvening || minute < QuietEnd.evening }
    }
}
