/// How a grab another client refuses is tried again, for focus mode's keyboard and the
/// centre's panel alike: a window manager holds the keyboard until the key that ran
/// `xtoast focus` or `xtoast center` is released, so the grab is asked for again every
/// `interval` for `patience`, and then given up (focus mode ends, the panel closes: open
/// without the keyboard it would take no keys, Escape included).
public struct GrabRetry: Equatable, Sendable {
    public static let interval = 0.05
    public static let patience = 1.0

    /// When to ask again.
    public private(set) var next: Double
    /// When to give up.
    public let until: Double

    /// The first refusal, at `now`.
    public init(refusedAt now: Double) {
        next = now + Self.interval
        until = now + Self.patience
    }

    /// Refused again at `now`: the next try, or nil once patience has run out.
    public func refused(at now: Double) -> GrabRetry? {
        guard now < until else { return nil }
        var again = self
        again.next = min(now + Self.interval, until)
        return again
    }
}
