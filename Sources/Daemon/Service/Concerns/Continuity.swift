import Operations
import ToastCore

/// What passes between one daemon and the next: the history file and the crash journal of
/// the toasts live now (for a daemon started after this one is killed), the freedesktop ids
/// the one before left live when it was killed, and whether a new daemon (`xtoastd
/// --replace`) was granted the hand-over (ToastService+HandOver.swift).
struct Continuity {
    /// Where ended toasts are kept across restarts; nil keeps them in memory.
    private(set) var historyStore: HistoryStore?
    /// The crash journal: the toasts live now.
    private(set) var liveJournal: LiveJournalStore?
    /// The freedesktop ids the daemon before this one left live when it was killed: they hear
    /// `NotificationClosed` once this daemon owns the bus name (`takeCrashedBusIDs`).
    private var crashedBusIDs: [UInt32] = []
    /// A new daemon was granted the hand-over: the loop ends and `shutdown` ends toasts as `replaced`.
    private(set) var handingOver = false

    /// Keeps the history in `store` from now on.
    mutating func keep(history store: HistoryStore) { historyStore = store }

    /// Journals the live toasts in `journal` from now on; `crashed` are the bus ids it held
    /// from a killed daemon.
    mutating func keep(journal: LiveJournalStore, crashed: [UInt32]) {
        liveJournal = journal
        crashedBusIDs = crashed
    }

    /// The freedesktop ids left live by a killed daemon, once.
    mutating func takeCrashedBusIDs() -> [UInt32] {
        defer { crashedBusIDs = [] }
        return crashedBusIDs
    }

    /// `caller` asks to take over from this daemon, `own`: granted only when
    /// `PeerIdentity.mayTakeOver` says so. Whether it was.
    mutating func handOver(to caller: PeerIdentity?, own: PeerIdentity?) -> Bool {
        guard let caller, let own, caller.mayTakeOver(from: own) else { return false }
        handingOver = true
        return true
    }

    /// The successor did not take over after all: this daemon goes on.
    mutating func handOverFailed() { handingOver = false }
}
