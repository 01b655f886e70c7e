/// What the socket's clients may cost the daemon, in memory and in loop time. A local client
/// that connects and never reads (or connects in a loop) must not make the daemon's memory
/// grow or keep the others waiting.
enum ClientLimits {
    /// Bytes one client may have waiting (its unread replies and events together). Past it no
    /// more of its requests are answered until it reads, and an event that would be queued
    /// is not: the client is dropped, with a log line. A reply is never cut, so one client
    /// holds at most this plus its largest reply (a `history` of a few MiB). 250 subscribers
    /// that never read once held 585 MB at 2 MiB each.
    static let waitingBytes = 1 << 20
    /// Bytes all clients together may have waiting. Past it, the clients that have been unable
    /// to take their output the longest are dropped, until the total is under again: at once
    /// when an event would go to a stalled client, else once one has been stalled for
    /// `stallGrace`. Meanwhile `history` and `list` requests (the large replies) wait to be
    /// answered, while small ones (a ping) are answered at once. 60 unread `history` replies
    /// once held 296 MB.
    static let totalWaitingBytes = 16 << 20
    /// A client whose output has waited for less than this is reading, only slower than
    /// the daemon writes (a `history` of a few MiB takes a few turns): no reply makes it go
    /// for the total.
    static let stallGrace = 0.25
    /// A write at least this large (or one that empties the queue) counts as the client
    /// reading, and its wait starts again: a client reading a byte at a time stays stalled.
    static let progressBytes = 64 << 10
    /// After a client's queue that had held this much is freed (sent or dropped), the
    /// daemon hands its free heap pages back to the system (`malloc_trim`): glibc would keep
    /// them, so the peak would stay held.
    static let trimAfterBytes = 256 << 10

    /// Connections accepted per loop turn, and the time one turn's accepting may take: a
    /// client connecting in a loop gets a few in each turn, and everyone else's requests,
    /// the screen and the bus theirs (a ping once waited 300 ms behind such a loop).
    static let acceptsPerTurn = 16
    static let acceptSeconds = 0.002

    /// Log lines about dropped clients: at most this many per `LogBudget.window`, then one
    /// line saying the rest are not logged (a client reconnecting in a loop to be dropped
    /// again must not fill the log).
    static let dropLogLines = 10
}
