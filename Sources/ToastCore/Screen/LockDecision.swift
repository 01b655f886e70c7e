/// What another client's window says about itself (`WM_CLASS`'s instance and class,
/// `_NET_WM_NAME`), read once when it first covers a monitor: how a known locker or a
/// screenshot overlay is told from any other window.
public struct WindowIdentity: Equatable, Sendable {
    public var instance: String?
    public var className: String?
    public var name: String?

    public init(instance: String? = nil, className: String? = nil, name: String? = nil) {
        self.instance = instance
        self.className = className
        self.name = name
    }

    /// Whether any of its names is one of `names` (compared without case: `i3lock`, `I3lock`).
    public func isNamed(in names: Set<String>) -> Bool {
        [instance, className, name].contains { $0.map { names.contains($0.lowercased()) } ?? false }
    }
}

/// The answer of the keyboard probe (`XGrabKeyboard` on the root, released at once): a
/// locker holds the keyboard for as long as it is up, a compositor's overlay window never does.
public enum KeyboardProbe: Equatable, Sendable {
    /// The grab succeeded (or the daemon holds the keyboard itself): nobody else has it.
    case free
    /// Another client holds the keyboard (`AlreadyGrabbed`, `GrabFrozen`).
    case grabbed
}

/// The facts the lock decision is made from, gathered by the X layer.
public struct LockFacts: Equatable, Sendable {
    /// One mapped InputOutput override-redirect window of another client (the Composite
    /// overlay window included: a compositor's, or xsecurelock's, which draws inside it).
    public struct Window: Equatable, Sendable {
        /// Outer frame in root coordinates.
        public var frame: Rect
        /// Nil until it has been read (the X layer reads it for windows that cover a monitor).
        public var identity: WindowIdentity?

        public init(frame: Rect, identity: WindowIdentity? = nil) {
            self.frame = frame
            self.identity = identity
        }
    }

    /// The XScreenSaver extension says the server's saver is on.
    public var saverIsOn: Bool
    public var windows: [Window]
    /// The probe's answer, when it was made since the windows last changed; nil: not asked.
    public var keyboard: KeyboardProbe?

    public init(saverIsOn: Bool = false, windows: [Window] = [], keyboard: KeyboardProbe? = nil) {
        self.saverIsOn = saverIsOn
        self.windows = windows
        self.keyboard = keyboard
    }
}

/// Which monitors are locked, and whether only the keyboard probe can tell.
public struct LockVerdict: Equatable, Sendable {
    public var monitors: Set<String>
    /// A window of unknown purpose covers a monitor and the probe was not made: the X layer
    /// probes before a surface maps (and while a lock it found that way stands).
    public var needsProbe: Bool

    public init(monitors: Set<String> = [], needsProbe: Bool = false) {
        self.monitors = monitors
        self.needsProbe = needsProbe
    }
}

/// Decides which monitors are locked. Locked means: the screen saver is on (every monitor);
/// or a known locker's window is mapped (the monitors it covers, every one if it covers
/// none); or a window covering a monitor is mapped while another client holds the keyboard,
/// unless it is a known screenshot overlay. A window that covers a monitor with the keyboard
/// free (a compositor's overlay window, a lowered or input-transparent cover) is not a lock:
/// a locker that did not take the keyboard would not lock anything.
public enum LockDecision {
    /// Lockers known by name (`WM_CLASS` instance or class, or `_NET_WM_NAME`, without case).
    /// docs/guide.md's lock screen section lists them.
    public static let lockers: Set<String> = [
        "i3lock", "xsecurelock", "slock", "xscreensaver", "light-locker", "xlock", "xlockmore", "physlock",
        "betterlockscreen", "xtrlock", "gnome-screensaver", "mate-screensaver", "xfce4-screensaver",
        "cinnamon-screensaver", "kscreenlocker_greet",
    ]
    /// Screenshot tools that cover the screen and take the keyboard while the user picks an
    /// area: never a lock.
    public static let screenshotOverlays: Set<String> = ["slop", "maim", "flameshot", "scrot", "escrotum", "xfce4-screenshooter"]

    public static func decide(_ facts: LockFacts, monitors: [Monitor]) -> LockVerdict {
        let everyMonitor = Set(monitors.map(\.name))
        if facts.saverIsOn { return LockVerdict(monitors: everyMonitor) }
        func covered(by frame: Rect) -> Set<String> {
            Set(monitors.filter { CoveringWindows.covers(frame, $0.frame) }.map(\.name))
        }
        var locked: Set<String> = []
        var unexplained: Set<String> = []
        for window in facts.windows {
            let monitorsCovered = covered(by: window.frame)
            if window.identity?.isNamed(in: lockers) == true {
                locked.formUnion(monitorsCovered.isEmpty ? everyMonitor : monitorsCovered)
            } else if window.identity?.isNamed(in: screenshotOverlays) != true {
                unexplained.formUnion(monitorsCovered)
            }
        }
        guard !unexplained.isSubset(of: locked) else { return LockVerdict(monitors: locked) }
        switch facts.keyboard {
        case .grabbed: return LockVerdict(monitors: locked.union(unexplained))
        case .free: return LockVerdict(monitors: locked)
        case nil: return LockVerdict(monitors: locked, needsProbe: true)
        }
    }
}
