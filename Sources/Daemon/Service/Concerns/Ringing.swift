import ToastCore

/// Calls that ring and alarms that sound again (`CategoryPolicy.Sounding`): which toast's
/// sound plays again when, and when a call has rung long enough (`[calls] ring_for`). Its own
/// state, its own `nextDeadline`; the service plays, stops and ends what `due` says.
struct Ringing {
    /// One ringing toast: its sound (nil: a silent ring, `[sound] ringtone = none`), when it
    /// plays again, how often, and for a call when it rings out.
    struct Bell: Equatable {
        var sound: Sound?
        var next: Double
        var interval: Double
        var until: Double?
    }

    /// The ringtone starts again this often: the theme's `phone-incoming-call` lasts about
    /// 3 s, so a ring every 4 s leaves the pause a telephone leaves between rings.
    static let ringInterval = 4.0
    /// An alarm sounds once a minute until dismissed (issue 48).
    static let alarmInterval = 60.0
    /// The alarm's sound when its sender named none.
    static let alarmSound = Sound.named("alarm-clock-elapsed")

    /// By toast id; only live toasts ring, so the board's bound on live toasts bounds it.
    private var bells: [String: Bell] = [:]

    var isEmpty: Bool { bells.isEmpty }

    /// When a sound plays again or a call rings out; nil: nothing rings.
    var nextDeadline: Double? { bells.values.map { min($0.next, $0.until ?? $0.next) }.min() }

    /// `id` rings `sound` from `now` as its category's `sounding` says (a call until
    /// `ringFor` seconds from now); false for a category that does not ring.
    @discardableResult
    mutating func start(_ id: String, sounding: CategoryPolicy.Sounding, sound: Sound?, ringFor: Double, now: Double) -> Bool {
        switch sounding {
        case .rings:
            bells[id] = Bell(sound: sound, next: now + Self.ringInterval, interval: Self.ringInterval, until: now + ringFor)
        case .everyMinute:
            bells[id] = Bell(sound: sound, next: now + Self.alarmInterval, interval: Self.alarmInterval, until: nil)
        case .usual, .never:
            return false
        }
        return true
    }

    /// `id` ended (answered, declined, closed, replaced): it rings no more. Whether it rang.
    @discardableResult
    mutating func stop(_ id: String) -> Bool { bells.removeValue(forKey: id) != nil }

    /// What came due at `now`: the sounds to play again, and the calls that rang out (they
    /// ring no more; the service ends them unanswered).
    mutating func due(now: Double) -> (again: [(id: String, sound: Sound)], rangOut: [String]) {
        var again: [(id: String, sound: Sound)] = []
        var rangOut: [String] = []
        for (id, bell) in bells.sorted(by: { $0.key < $1.key }) {
            if let until = bell.until, until <= now {
                bells[id] = nil
                rangOut.append(id)
            } else if bell.next <= now {
                bells[id]?.next = now + bell.interval
                if let sound = bell.sound { again.append((id, sound)) }
            }
        }
        return (again, rangOut)
    }
}
