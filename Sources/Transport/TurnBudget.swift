/// The time one source of work (a client's requests, the bus's messages, the screen's input)
/// may take in one loop turn before the others get theirs. A count bound alone is not enough:
/// 1,200 small requests read in one turn cost 10 µs each with an empty board and 100 µs with
/// a full one, and a second client's ping once waited 100 ms behind them. What is left waits
/// for the next turn, which comes at once (the loop does not sleep while work waits).
public struct TurnBudget {
    /// Short enough that a ping behind a flooding client, the bus and the screen's input is
    /// answered within a few milliseconds, and a 60 Hz frame (16.7 ms) is never missed for it.
    public static let seconds = 0.002

    private let deadline: Double
    private let clock: () -> Double

    /// Starts now, by `clock` (the daemon's monotonic seconds), and ends `seconds` later or at
    /// `frame` (the next animation frame's deadline), whichever comes first: a flood's share
    /// that began just before a frame would otherwise make that frame up to a budget late.
    public init(clock: @escaping () -> Double, seconds: Double = TurnBudget.seconds, frame: Double? = nil) {
        self.clock = clock
        deadline = min(clock() + seconds, frame ?? .infinity)
    }

    /// Whether the turn's time for this source has run out (reads the clock).
    public var isSpent: Bool { clock() >= deadline }
}
