/// Why a monitor's toasts (or their timers) are held. The board keeps a set of these per
/// monitor and decides from the set, so reasons combine the same way whichever came first.
public enum HoldReason: String, CaseIterable, Sendable, Comparable {
    /// Do-not-disturb (`xtoast pause`, an application's inhibition, a quiet schedule): new
    /// toasts that `QuietGate` keeps back wait (critical ones show); cards already up stay.
    case doNotDisturb = "do-not-disturb"
    /// A fullscreen window covers the monitor: what happens is `[general] fullscreen` (or a
    /// rule's `fullscreen`), per toast.
    case fullscreen
    /// A locker or screen saver covers the monitor: nothing is drawn there, not even
    /// critical toasts (`[general] lock = hold`).
    case lock
    /// Nobody has touched the keyboard or pointer for `idle_threshold`: timers stop (those of
    /// transient toasts excepted), cards stay. Not counted where a fullscreen window is up: a
    /// video plays while nobody moves.
    case idle

    /// The quiet times whose end brings a summary (`QuietSummary`): not the user being away
    /// (cards showed, only their timers stopped), nor a fullscreen window.
    public static let quiet: Set<HoldReason> = [.doNotDisturb, .lock]

    public static func < (a: HoldReason, b: HoldReason) -> Bool {
        // Every case is in `allCases`; the order of declaration is the order of importance.
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// What a fullscreen window on a toast's monitor does to it (`[general] fullscreen`, a
/// rule's `fullscreen`), as dunst's setting of the same name.
public enum FullscreenMode: String, CaseIterable, Sendable {
    /// Shown over the fullscreen window as anywhere else.
    case show
    /// Waits (its timer not running) and shows, in order, when the window leaves fullscreen.
    case delay
    /// As `delay`, and a card already up goes back to wait with them.
    case pushback
    /// Goes straight to history (reason `suppressed`), never shown.
    case suppress
}

/// What a locker covering a monitor does to its toasts (`[general] lock`).
public enum LockMode: String, CaseIterable, Sendable {
    /// Nothing is drawn above the locker: cards up go back to wait, new ones wait, and all
    /// show in order after unlocking.
    case hold
    /// Toasts show as if nothing covered the monitor (a kiosk, a screen saver that is only
    /// a picture).
    case show
}

/// One stack's holds and the settings that say what each does: the stack asks it about
/// each toast. A plain value, so a stack can keep it and tests can build one.
public struct HoldPolicy: Equatable, Sendable {
    public var reasons: Set<HoldReason>
    public var fullscreen: FullscreenMode
    public var lock: LockMode
    /// What do-not-disturb lets through, while `reasons` holds it.
    public var quiet: QuietGate

    public init(reasons: Set<HoldReason> = [], fullscreen: FullscreenMode = .delay, lock: LockMode = .hold,
                quiet: QuietGate = .pause) {
        self.reasons = reasons
        self.fullscreen = fullscreen
        self.lock = lock
        self.quiet = quiet
    }

    public static let none = HoldPolicy()

    /// What a fullscreen window does to `toast`: its own rule's word, else show for a
    /// critical toast (as GNOME does), else the config's.
    public func fullscreenMode(for toast: Toast) -> FullscreenMode {
        toast.fullscreen ?? (toast.urgency == .critical ? .show : fullscreen)
    }

    private var locked: Bool { reasons.contains(.lock) && lock == .hold }

    /// A new (or waiting) toast must wait rather than show.
    public func holdsNew(_ toast: Toast) -> Bool {
        if locked { return true }
        if reasons.contains(.fullscreen), fullscreenMode(for: toast) != .show { return true }
        return reasons.contains(.doNotDisturb) && quiet.holds(toast)
    }

    /// A card already up must go back to wait.
    public func pushesBack(_ toast: Toast) -> Bool {
        if locked { return true }
        return reasons.contains(.fullscreen) && fullscreenMode(for: toast) == .pushback
    }

    /// A new toast goes to history at once (reason `suppressed`) instead of waiting.
    public func suppresses(_ toast: Toast) -> Bool {
        !locked && reasons.contains(.fullscreen) && fullscreenMode(for: toast) == .suppress
    }

    /// A visible toast's timer stands still: the user is away. Transient toasts (a volume
    /// pop-up) keep theirs; they mean nothing later.
    public func stopsTimer(_ toast: Toast) -> Bool {
        reasons.contains(.idle) && !toast.transient
    }

    /// Whether the "+N more" card may show: not while the monitor keeps new toasts back,
    /// which would put a count of hidden things over a presentation or a locker.
    public var showsWaitingCount: Bool {
        reasons.isDisjoint(with: [.doNotDisturb, .fullscreen, .lock])
    }
}

public extension ProtocolLimits {
    /// The least time a toast has left when its timers start again after the user was away
    /// (`idle`): enough to be read, as GNOME gives a banner after a return.
    static let minTimeLeftAfterIdle = 2.0
}
