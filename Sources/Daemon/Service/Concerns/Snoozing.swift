import ToastCore

/// Snoozed applications (`xtoast snooze`, the menus' "Mute APP for 1 hour"), kept on the wall
/// clock beside the pause: the snoozes and where they are kept across restarts, the config
/// file "always" appends its rule to, and the menu beside a card while it is open. `decide`
/// ends what is due and says which applications the board holds back, with the time passed in.
struct Snoozing {
    /// The applications snoozed, each until a wall-clock time.
    private(set) var snoozes = Snoozes()
    /// Where the snoozes are kept across restarts; nil keeps them in memory.
    private var store: SnoozeStore?
    /// The config file "Mute APP always" appends its rule to; nil: none.
    private(set) var configPath: String?
    /// The snooze menu beside a card while it is open (`ToastService+SnoozeMenu`).
    private(set) var popup: SnoozePopup?
    /// When the next snooze ends, on the wall clock and as the monotonic time it stood for
    /// when decided.
    private(set) var deadline: (wall: Double, monotonic: Double)?

    /// The loop's timeout for the next snooze's end.
    var nextDeadline: Double? { deadline?.monotonic }

    /// Whether the wall clock has reached the next end (checked at each wake).
    func isDue(wallNow: Double) -> Bool { deadline.map { wallNow >= $0.wall } ?? false }

    // MARK: Changes

    /// `app` is snoozed until `until` (kept across restarts), or the reason it cannot be.
    mutating func snooze(_ app: String, until: Double, wallNow: Double) -> Result<Snoozes.Snooze, QuietProblem> {
        let result = snoozes.snooze(app, until: until, now: wallNow)
        if case .success = result { store?.save(snoozes) }
        return result
    }

    /// `app`'s snooze ends now; false when it had none.
    mutating func clear(_ app: String) -> Bool {
        guard snoozes.clear(app) else { return false }
        store?.save(snoozes)
        return true
    }

    /// Takes the snoozes `store` kept across a restart, and keeps them there from now on.
    mutating func keep(in store: SnoozeStore, wallNow: Double) {
        self.store = store
        snoozes = store.load(wallNow: wallNow)
    }

    /// "Always" appends its rule to `path` from now on.
    mutating func writeRules(to path: String?) { configPath = path }

    /// The menu opened; it must be closed (`closeMenu`) before another opens.
    mutating func opened(_ menu: SnoozePopup) { popup = menu }

    /// The open menu, taken away to be closed; nil when none was open.
    mutating func closeMenu() -> SnoozePopup? {
        defer { popup = nil }
        return popup
    }

    // MARK: Deciding

    /// Ends what is due at `wallNow` and sets the next deadline (`now` is the monotonic time
    /// of the same moment): the applications snoozed now, and whether one just ended.
    mutating func decide(now: Double, wallNow: Double) -> (active: Set<String>, ended: Bool) {
        let ended = snoozes.expire(now: wallNow)
        if ended { store?.save(snoozes) }
        deadline = snoozes.nextEnd.map { ($0, now + max(0, $0 - wallNow)) }
        return (snoozes.active(now: wallNow), ended)
    }
}
