/// What a notification's category does, by default: the one table (issue 48). The sender's
/// `category` (the freedesktop hint, the portal's and `GNotification`'s, `xtoast show
/// --category`) picks a row; `Admission` applies it in one place (`Admission+Category`), and a
/// rule's setting of the same thing wins over the row (`timeout`, `urgency`, `fullscreen`,
/// `override_pause_level`, `sound`; a rule's `category` picks another row).
///
///     CategoryPolicy.of("call.incoming").fullscreen    // .show
///     CategoryPolicy.of("im.received") == .plain       // true: no row, nothing changes
public struct CategoryPolicy: Equatable, Sendable {
    /// What a category does to a toast's sound.
    public enum Sounding: String, Sendable {
        /// What the sender or a rule asks, as for any toast.
        case usual
        /// Never a sound, whatever the sender asked (a rule's `sound` still plays).
        case never
        /// `[sound] ringtone` loops until the call is answered, declined, closed or
        /// `[calls] ring_for` passes (`Ringing`).
        case rings
        /// Its sound again once a minute until dismissed (`Ringing`).
        case everyMinute
    }

    /// Seconds on screen, over the sender's (nil: the sender's or the kind's); 0 waits for the user.
    public var timeout: Double?
    /// Stays after a button is chosen (the `resident` hint).
    public var resident = false
    /// The do-not-disturb level it shows through (`QuietGate`); nil: 100 for critical, else 0.
    public var overridePauseLevel: Int?
    /// Over a fullscreen window; nil: the config's word.
    public var fullscreen: FullscreenMode?
    public var sound = Sounding.usual
    /// Over the sender's, except that a critical toast is never lowered.
    public var urgency: Urgency?
    /// The categories whose live toast from the same application this one ends, taking its
    /// card (as a stack tag does): a battery warning its older self, `call.ended` the
    /// ringing call.
    public var takesCardOf: Set<String> = []
    /// Never counted on a `[quiet] burst` digest: each one is read.
    public var neverFolds = false

    public init() {}

    /// No row: nothing changes.
    public static let plain = CategoryPolicy()

    /// The level a call shows through: below plain `pause`'s 100, so `pause` (and an
    /// application's inhibition) still silences it, above any lesser level the user picks
    /// for "only what matters". A quiet schedule lets it through with `allow = calls`.
    public static let callLevel = 90

    /// The row for `category`; `.plain` for one without a row.
    public static func of(_ category: String) -> CategoryPolicy { table[category] ?? .plain }

    /// The categories that act, each with what it does; every other category is `.plain`.
    public static let table: [String: CategoryPolicy] = {
        var rows: [String: CategoryPolicy] = [:]
        var ringing = CategoryPolicy()
        ringing.timeout = 0
        ringing.overridePauseLevel = callLevel
        ringing.fullscreen = .show
        ringing.sound = .rings
        ringing.neverFolds = true
        ringing.takesCardOf = ["call.incoming"]
        rows["call.incoming"] = ringing

        var ongoing = CategoryPolicy()
        ongoing.timeout = 0
        ongoing.resident = true
        ongoing.sound = .never
        ongoing.neverFolds = true
        ongoing.takesCardOf = ["call.incoming", "call.ongoing"]
        rows["call.ongoing"] = ongoing

        var ended = CategoryPolicy()
        ended.takesCardOf = ["call.incoming", "call.ongoing"]
        rows["call.ended"] = ended
        rows["call.unanswered"] = ended

        var emergency = CategoryPolicy()
        emergency.timeout = 0
        emergency.overridePauseLevel = QuietState.fullLevel
        emergency.fullscreen = .show
        emergency.neverFolds = true
        for name in ["cellbroadcast.danger.extreme", "cellbroadcast.danger.presidential", "cellbroadcast.public-safety",
                     "weather.warning.extreme"] {
            rows[name] = emergency
        }
        var alarm = emergency
        alarm.sound = .everyMinute
        rows["alarm.ringing"] = alarm

        var battery = CategoryPolicy()
        battery.urgency = .critical
        battery.overridePauseLevel = QuietState.fullLevel
        battery.takesCardOf = ["os.battery.low"]
        battery.neverFolds = true
        rows["os.battery.low"] = battery

        var news = CategoryPolicy()
        news.urgency = .low
        news.sound = .never
        for name in ["transfer.complete", "device.added", "device.removed", "network.connected", "network.disconnected",
                     "presence.online", "presence.offline"] {
            rows[name] = news
        }
        return rows
    }()
}
