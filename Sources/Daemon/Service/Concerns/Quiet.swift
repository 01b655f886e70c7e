import ToastCore

/// Do-not-disturb as the daemon keeps it: who asks for quiet (`QuietState`: the user,
/// applications' inhibitions, schedules, a shared screen), where the user's pause is kept
/// across restarts, when quiet next changes by itself, and what the bus and the sounds last
/// heard of it. Every change goes through a method here; `decide` then says what the rest of
/// the daemon follows (the board's gate, the bus's properties), with the time passed in.
struct Quiet {
    /// Who asks for quiet now.
    private(set) var state: QuietState
    /// Where the user's pause is kept across restarts; nil keeps it in memory.
    private var store: QuietStore?
    /// The local time zone "18:00" and the schedules are read in.
    let zone: LocalZone
    /// When quiet next changes by itself, on the wall clock and as the monotonic time it
    /// stood for when decided (the loop's timeout; the wall timer covers a suspend).
    private(set) var deadline: (wall: Double, monotonic: Double)?
    /// The wall clock at the last decision (each wake): what the centre's switch reads.
    private(set) var wallNow = 0.0
    /// `Inhibited` and the pause level as the bus last heard them.
    private(set) var inhibited = false
    private(set) var pauseLevel = 0
    /// Do-not-disturb as the sounds last heard it: turned on, it stops every sound.
    private var silencedSounds = false
    /// The sounds that play again (a ringing call, an alarm): kept beside what silences
    /// them, a concern of its own (`Ringing`) that changes only through `changeRinging`.
    var ringing = Ringing()

    init(schedules: [QuietSchedule], sharing: [String], zone: LocalZone) {
        state = QuietState(schedules: schedules)
        state.sharing = sharing
        self.zone = zone
    }

    /// The user's pause, if any (the centre's switch shows it).
    var user: QuietState.UserPause? { state.user }

    /// The loop's timeout for quiet's next change by itself.
    var nextDeadline: Double? { deadline?.monotonic }

    /// Whether the wall clock has reached the next change (checked at each wake).
    func isDue(wallNow: Double) -> Bool { deadline.map { wallNow >= $0.wall } ?? false }

    /// Who holds quiet at `wallNow`.
    func status(wallNow: Double) -> QuietStatus { state.status(at: wallNow, zone: zone) }

    // MARK: Changes

    /// The user's pause, at `level`, until `until` (nil: until resumed); kept across restarts.
    mutating func pause(level: Int, until: Double?, wallNow: Double) {
        state.pause(level: level, until: until, now: wallNow)
        store?.save(state.user)
    }

    /// The user's pause ends; false when there was none.
    mutating func resume() -> Bool {
        guard state.user != nil else { return false }
        state.resume()
        store?.save(nil)
        return true
    }

    /// Takes the pause `store` kept across a restart (one whose time has come is dropped), and
    /// keeps the user's pauses there from now on. The pause taken, if any.
    mutating func keep(in store: QuietStore, wallNow: Double) -> QuietState.UserPause? {
        self.store = store
        guard let pause = store.load(wallNow: wallNow) else { return nil }
        state.pause(level: pause.level, until: pause.until, now: pause.since)
        return pause
    }

    mutating func inhibit(desktopEntry: String, reason: String, caller: String, timeout: Double?, wallNow: Double) -> Result<UInt32, QuietProblem> {
        state.inhibit(desktopEntry: desktopEntry, reason: reason, caller: caller, timeout: timeout, now: wallNow)
    }

    mutating func uninhibit(_ cookie: UInt32, caller: String) -> Bool { state.uninhibit(cookie, caller: caller) }

    /// A bus name left: its inhibitions end with it. False when it held none.
    mutating func callerLeft(_ name: String) -> Bool { state.callerLeft(name) }

    /// The windows that say the screen is shared now; false when they are the same.
    mutating func share(_ windows: [String]) -> Bool {
        guard windows != state.sharing else { return false }
        state.sharing = windows
        return true
    }

    /// A reload: the schedules and the shared screen's patterns as the new config says.
    mutating func follow(schedules: [QuietSchedule], sharing: [String]) {
        state.schedules = schedules
        state.sharing = sharing
    }

    // MARK: Deciding

    /// The wall clock at a wake where nothing was due: what the centre's switch reads.
    mutating func look(wallNow: Double) { self.wallNow = wallNow }

    /// What `decide` found: the status the board's gate follows, whether the user's pause
    /// just ended by its time, and what the bus must hear (nil: unchanged).
    struct Decision {
        var status: QuietStatus
        var pauseEnded = false
        var inhibited: Bool?
        var pauseLevel: Int?
    }

    /// Ends what is due at `wallNow`, sets the next deadline (`now` is the monotonic time of
    /// the same moment) and says what changed.
    mutating func decide(now: Double, wallNow: Double) -> Decision {
        self.wallNow = wallNow
        let user = state.user
        let ended = state.expire(now: wallNow) && state.user != user
        if ended { store?.save(state.user) }
        let status = state.status(at: wallNow, zone: zone)
        deadline = state.nextDeadline(after: wallNow, zone: zone).map { ($0, now + max(0, $0 - wallNow)) }
        var decision = Decision(status: status, pauseEnded: ended)
        if status.inhibited != inhibited {
            inhibited = status.inhibited
            decision.inhibited = inhibited
        }
        if status.level != pauseLevel {
            pauseLevel = status.level
            decision.pauseLevel = pauseLevel
        }
        return decision
    }

    /// The board's do-not-disturb as a settle sees it: true when it has just turned on, and
    /// every sound playing stops.
    mutating func silences(doNotDisturb: Bool) -> Bool {
        guard doNotDisturb != silencedSounds else { return false }
        silencedSounds = doNotDisturb
        return doNotDisturb
    }
}
