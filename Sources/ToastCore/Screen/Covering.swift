/// Which monitors a locker covers, decided from what the screen reports about other
/// clients' override-redirect windows (i3lock, slock, xsecurelock, light-locker and
/// xscreensaver each map one over the whole screen) and the screen saver's state.
///
/// The X layer feeds it the root window's `SubstructureNotify` events as they come, so the
/// answer needs no question to the server when a toast is shown. Taking a fullscreen
/// launcher or a screenshot overlay for a locker only delays toasts; missing a locker would
/// put a toast (a one-time code) on a locked screen: the decision leans to locking.
public struct CoveringWindows: Sendable {
    /// What is known of one override-redirect window of another client.
    struct Entry: Sendable {
        /// Outer frame (border included) in root coordinates; nil when the sizes given were
        /// out of range: such a window covers nothing.
        var frame: Rect?
        var isMapped: Bool
        /// When it was last heard of, for choosing which to forget when the table is full.
        var touched: UInt64
    }

    /// Windows tracked at most. Menus and tooltips are override-redirect too and usually
    /// destroyed after use; a client that makes more than this at once gets its smallest
    /// unmapped (then smallest mapped) windows forgotten first. One forgotten window heard
    /// of again is asked about (`needsAttributes`).
    public static let capacity = 256
    /// The share of a monitor's area a window must cover to count as a locker: 90%, so a
    /// locker one bar short of the edge (or a panel's width off) still counts.
    public static let minimumShare = 0.9
    /// The largest size or offset taken from the server (X's coordinates are 16-bit).
    public static let maxCoordinate = 65_535.0

    private var entries: [UInt: Entry] = [:]
    private var clock: UInt64 = 0
    /// The screen saver (the XScreenSaver extension) is on: every monitor counts as locked.
    public var saverIsOn = false

    public init() {}

    /// How many windows are tracked now.
    public var count: Int { entries.count }

    /// A frame from the server's numbers, nil when any is out of range (a size of 0 or past
    /// 65535, a place farther than that from the origin).
    public static func frame(x: Int, y: Int, width: Int, height: Int, border: Int = 0) -> Rect? {
        let limit = Int(maxCoordinate)
        guard (-limit...limit).contains(x), (-limit...limit).contains(y), (1...limit).contains(width),
              (1...limit).contains(height), (0...limit).contains(border) else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(width + 2 * border), height: Double(height + 2 * border))
    }

    /// Whether `window` covers `monitor`: what it overlaps of the monitor is at least
    /// `minimumShare` of the monitor's area.
    public static func covers(_ window: Rect, _ monitor: Rect) -> Bool {
        let area = monitor.width * monitor.height
        guard area > 0 else { return false }
        let w = min(window.maxX, monitor.maxX) - max(window.x, monitor.x)
        let h = min(window.maxY, monitor.maxY) - max(window.y, monitor.y)
        guard w > 0, h > 0 else { return false }
        return w * h >= minimumShare * area
    }

    /// A window was created on the root (`CreateNotify`), or found there at start. Windows
    /// that are not override-redirect (the window manager places those) and the daemon's own
    /// are not tracked.
    public mutating func created(_ window: UInt, frame: Rect?, overrideRedirect: Bool, mapped: Bool = false, ours: Bool) {
        guard overrideRedirect, !ours else {
            entries.removeValue(forKey: window)
            return
        }
        insert(window, Entry(frame: frame, isMapped: mapped, touched: tick()))
    }

    /// Its place or size changed (`ConfigureNotify`, which also says whether it is
    /// override-redirect now). False when the window is not known and is override-redirect:
    /// whether it is mapped must then be asked (`needsAttributes`).
    @discardableResult
    public mutating func configured(_ window: UInt, frame: Rect?, overrideRedirect: Bool, ours: Bool) -> Bool {
        guard overrideRedirect, !ours else {
            entries.removeValue(forKey: window)
            return true
        }
        guard var entry = entries[window] else { return false }
        entry.frame = frame
        entry.touched = tick()
        entries[window] = entry
        return true
    }

    /// It was mapped (`MapNotify`). False when it is override-redirect and not known: its
    /// frame must then be asked.
    @discardableResult
    public mutating func mapped(_ window: UInt, overrideRedirect: Bool, ours: Bool) -> Bool {
        guard overrideRedirect, !ours else {
            entries.removeValue(forKey: window)
            return true
        }
        guard var entry = entries[window] else { return false }
        entry.isMapped = true
        entry.touched = tick()
        entries[window] = entry
        return true
    }

    /// It was unmapped (`UnmapNotify`).
    public mutating func unmapped(_ window: UInt) {
        entries[window]?.isMapped = false
    }

    /// It was destroyed, or reparented away from the root.
    public mutating func removed(_ window: UInt) {
        entries.removeValue(forKey: window)
    }

    /// The monitors a locker covers now: all of them while the screen saver is on, else
    /// each one a mapped override-redirect window of another client covers. Where such a
    /// window lies in the stacking order is not asked: one covering a monitor from beneath
    /// the cards is rare, and taking it for a locker only delays toasts.
    public func lockedMonitors(_ monitors: [Monitor]) -> Set<String> {
        if saverIsOn { return Set(monitors.map(\.name)) }
        var locked: Set<String> = []
        for entry in entries.values where entry.isMapped {
            guard let frame = entry.frame else { continue }
            for monitor in monitors where Self.covers(frame, monitor.frame) { locked.insert(monitor.name) }
        }
        return locked
    }

    private mutating func tick() -> UInt64 {
        clock &+= 1
        return clock
    }

    /// Adds or replaces an entry; when the table is full, the least likely locker goes first:
    /// unmapped before mapped, then the smallest, then the one heard of longest ago.
    private mutating func insert(_ window: UInt, _ entry: Entry) {
        if entries[window] == nil, entries.count >= Self.capacity {
            func rank(_ e: Entry) -> (Int, Double, UInt64) {
                (e.isMapped ? 1 : 0, e.frame.map { $0.width * $0.height } ?? 0, e.touched)
            }
            if let victim = entries.min(by: { rank($0.value) < rank($1.value) })?.key { entries.removeValue(forKey: victim) }
        }
        entries[window] = entry
    }
}

extension HoldPolicy {
    /// Nothing may be drawn on the monitor: a locker covers it and `lock = hold`. Cards there
    /// are withdrawn at once rather than sliding out over the locker.
    public var drawsNothing: Bool { reasons.contains(.lock) && lock == .hold }
}

extension Board {
    /// The monitors (by name) where nothing may be drawn now, among those holding toasts or
    /// holds: the stage withdraws cards there at once.
    public var monitorsDrawingNothing: Set<String> {
        Set(monitorHolds.keys).union(keys.map(\.monitor)).filter { policy(on: $0).drawsNothing }
    }
}
