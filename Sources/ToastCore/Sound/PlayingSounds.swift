/// The sounds playing now, each belonging to the toast that played it: at most `maxPlaying`
/// at once, each cut at `maxSeconds`, and stopped with its toast, with do-not-disturb and
/// with `dismiss --all` (the player asks `stop`). The player keeps one under its lock and
/// carries out what it answers (`ca_context_cancel` by id); time is passed in.
///
///     var sounds = PlayingSounds()
///     let id = sounds.start(for: "7", now: 0)        // 1; nil while maxPlaying play
///     sounds.takeOverdue(now: 10)                      // [1]: cut at maxSeconds
///     sounds.stop(toast: nil)                          // every id still playing
///
/// A sound that comes while `maxPlaying` play is dropped rather than kept for later: a
/// toast's sound says it arrived, and one heard seconds after is news of nothing.
public struct PlayingSounds: Sendable {
    /// Sounds heard at once: two toasts arriving together are both heard, sixty are not sixty
    /// streams.
    public static let maxPlaying = 2
    /// Seconds a sound plays at most. The freedesktop theme's longest event sound
    /// (`alarm-clock-elapsed`) is 6.1 s and its usual ones under 2 s, so every theme sound
    /// plays whole, while a sender's 35-minute `sound-file` is a notification's length.
    public static let maxSeconds = 10.0

    /// One playing sound: the id it was started with, its toast, and when it is cut.
    public struct Entry: Equatable, Sendable {
        public var id: UInt32
        public var toast: String
        public var deadline: Double
    }

    public private(set) var playing: [Entry] = []
    private var lastID: UInt32 = 0

    public init() {}

    /// A slot for a sound of `toast`, and the id to start it with (never 0, not one in use);
    /// nil while `maxPlaying` play.
    public mutating func start(for toast: String, now: Double) -> UInt32? {
        guard playing.count < Self.maxPlaying else { return nil }
        repeat { lastID = lastID == .max ? 1 : lastID + 1 } while playing.contains { $0.id == lastID }
        playing.append(Entry(id: lastID, toast: toast, deadline: now + Self.maxSeconds))
        return lastID
    }

    /// The sound `id` has ended (played out, failed or cancelled): its slot is free. An id
    /// already freed is nothing.
    public mutating func ended(_ id: UInt32) {
        playing.removeAll { $0.id == id }
    }

    /// Frees and returns the ids of `toast`'s sounds, or of all with nil: the player cancels them.
    public mutating func stop(toast: String?) -> [UInt32] {
        let stopped = playing.filter { toast == nil || $0.toast == toast }.map(\.id)
        playing.removeAll { toast == nil || $0.toast == toast }
        return stopped
    }

    /// Frees and returns the ids of the sounds past `maxSeconds`: the player cancels them.
    public mutating func takeOverdue(now: Double) -> [UInt32] {
        let overdue = playing.filter { $0.deadline <= now }.map(\.id)
        playing.removeAll { $0.deadline <= now }
        return overdue
    }

    /// When the next sound is cut; nil while none plays (the player then sleeps untimed).
    public var nextDeadline: Double? { playing.map(\.deadline).min() }
}
