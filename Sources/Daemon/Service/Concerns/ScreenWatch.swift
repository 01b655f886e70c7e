import ToastCore

/// What the screen has said that the service keeps between turns: input taken but not
/// handled yet, the monitors a locker covers, whether the idle counter is missing (said
/// once), and where the desktop's settings come from.
struct ScreenWatch {
    /// Screen input taken but not handled yet: what one turn's `TurnBudget` left over.
    private var pending: ArraySlice<InputEvent> = []
    /// The monitors a locker covers, as the screen last said (`.lockChanged`, `confirmLock`).
    private(set) var lockedMonitors: Set<String> = []
    /// The X server has no IDLETIME counter, and the log has said so.
    private var idleUnavailableLogged = false
    /// XSETTINGS, or GSettings while no XSETTINGS manager runs.
    var desktop = DesktopSettingsSource()

    /// Whether input is left over from an earlier turn.
    var hasPending: Bool { !pending.isEmpty }

    /// The next event to handle: what an earlier turn left over, else the first of `take()`'s batch.
    mutating func nextInput(take: () -> [InputEvent]) -> InputEvent? {
        if pending.isEmpty { pending = take()[...] }
        return pending.popFirst()
    }

    /// A locker covers `monitors` now; false when that is what the screen said before.
    mutating func lock(_ monitors: Set<String>) -> Bool {
        guard monitors != lockedMonitors else { return false }
        lockedMonitors = monitors
        return true
    }

    /// Whether the missing idle counter is to be said now: true once.
    mutating func sayIdleUnavailable() -> Bool {
        defer { idleUnavailableLogged = true }
        return !idleUnavailableLogged
    }
}
