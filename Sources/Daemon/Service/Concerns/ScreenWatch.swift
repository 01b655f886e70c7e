import ToastCore

/// What the screen has said that the service keeps between turns: input taken but not
/// handled yet, the monitors a locker covers, whether the idle counter is missing (said
/// once), where the desktop's settings come from, and the active window.
struct ScreenWatch {
    /// Screen input taken but not handled yet: what one turn's `TurnBudget` left over.
    private var pending: ArraySlice<InputEvent> = []
    /// The monitors a locker covers, as the screen last said (`.lockChanged`, `confirmLock`).
    private(set) var lockedMonitors: Set<String> = []
    /// The X server has no IDLETIME counter, and the log has said so.
    private var idleUnavailableLogged = false
    /// XSETTINGS, or GSettings while no XSETTINGS manager runs.
    var desktop = DesktopSettingsSource()
    /// Other clients' top-level windows as the screen said last: at start (`ScreenFacts`),
    /// then each `.topLevelWindowsChanged` (ToastService+Sharing.swift).
    private(set) var topLevelWindows: SharingWindows

    init(xsettings: DesktopSettings = DesktopSettings(), topLevelWindows: SharingWindows = SharingWindows()) {
        desktop.heardXSettings(xsettings)
        self.topLevelWindows = topLevelWindows
    }

    /// The window the user is looking at and since when (`FocusedApp`); nil until the screen
    /// names one.
    private(set) var focusedWindow: FocusedWindow?

    /// The screen's top-level windows changed.
    mutating func saw(_ windows: SharingWindows) { topLevelWindows = windows }

    /// `window` became the active one as the screen's news of it arrived, at `now`.
    mutating func activated(_ window: ActiveWindow, now: Double) { focusedWindow = FocusedWindow(window, since: now) }

    /// Whether input is left over from an earlier turn.
    var hasPending: Bool { !pending.isEmpty }

    /// A batch the screen gave, to be handled one event at a time (`nextInput`). Taken only
    /// when nothing waits: the screen's reading may call back into the service, so it is never
    /// read from inside a change of this value.
    mutating func wait(_ batch: [InputEvent]) { pending += batch }

    /// The next event to handle, in the order the screen gave them; nil: none waits.
    mutating func nextInput() -> InputEvent? { pending.popFirst() }

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
