/// The table of other clients' override-redirect windows on the root (i3lock, slock,
/// xscreensaver map one over the screen; a compositor's overlay window is one too), kept from
/// the root window's `SubstructureNotify` events as they come, and the screen saver's state:
/// the facts `LockDecision` decides from.
///
/// The X layer feeds it events, and what it read of a window that covers a monitor (whether
/// it is InputOutput, its names), so a toast shown asks the server at most the keyboard probe.
public struct CoveringWindows: Sendable {
    /// What is known of one override-redirect window of another client.
    struct Entry: Sendable {
        /// Outer frame (border included) in root coordinates; nil when the sizes given were
        /// out of range: such a window covers nothing.
        var frame: Rect?
        var isMapped: Bool
        /// When it was last heard of, for choosing which to forget when the table is full.
        var touched: UInt64
        /// False for an InputOnly window (it shows nothing and covers nothing); nil until read.
        var isInputOutput: Bool? = nil
        /// Its names, once read.
        var identity: WindowIdentity? = nil
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
    public var saverIsOn = false {
        didSet { if saverIsOn != oldValue { generation &+= 1 } }
    }
    /// Counts the changes to what is mapped where: a keyboard probe's answer holds for the
    /// generation it was made in (a window mapped or gone since may be a locker come or gone).
    public private(set) var generation: UInt64 = 0

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
            removed(window)
            return
        }
        var entry = Entry(frame: frame, isMapped: mapped, touched: tick())
        // Asked about again (forgotten, or reparented back): what was read of it stays.
        entry.isInputOutput = entries[window]?.isInputOutput
        entry.identity = entries[window]?.identity
        insert(window, entry)
    }

    /// Its place or size changed (`ConfigureNotify`, which also says whether it is
    /// override-redirect now). False when the window is not known and is override-redirect:
    /// whether it is mapped must then be asked (`needsAttributes`).
    @discardableResult
    public mutating func configured(_ window: UInt, frame: Rect?, overrideRedirect: Bool, ours: Bool) -> Bool {
        guard overrideRedirect, !ours else {
            removed(window)
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
            removed(window)
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
        guard entries[window]?.isMapped == true else { return }
        entries[window]?.isMapped = false
        generation &+= 1
    }

    /// It was destroyed, or reparented away from the root.
    public mutating func removed(_ window: UInt) {
        if entries.removeValue(forKey: window) != nil { generation &+= 1 }
    }

    /// What the lock decision needs: the mapped InputOutput windows (those not read yet
    /// count as InputOutput), with their names where read.
    public var facts: LockFacts {
        LockFacts(saverIsOn: saverIsOn, windows: entries.values.compactMap { entry in
            guard entry.isMapped, entry.isInputOutput != false, let frame = entry.frame else { return nil }
            return LockFacts.Window(frame: frame, identity: entry.identity)
        })
    }

    /// Which monitors are locked, given the keyboard probe's answer (nil: not made).
    public func verdict(_ monitors: [Monitor], keyboard: KeyboardProbe?) -> LockVerdict {
        var facts = facts
        facts.keyboard = keyboard
        return LockDecision.decide(facts, monitors: monitors)
    }

    /// Mapped windows that cover a monitor and have not been read yet (their class and
    /// names), fewest first by id so the choice is stable.
    public func unread(_ monitors: [Monitor]) -> [UInt] {
        entries.filter { _, e in
            e.isMapped && e.identity == nil && e.frame.map { f in monitors.contains { Self.covers(f, $0.frame) } } == true
        }.keys.sorted()
    }

    /// What was read of a window: whether it is InputOutput, and its names.
    public mutating func read(_ window: UInt, inputOutput: Bool, identity: WindowIdentity) {
        guard var entry = entries[window] else { return }
        entry.isInputOutput = inputOutput
        entry.identity = identity
        entries[window] = entry
        generation &+= 1
    }

    /// Its names changed (`PropertyNotify` on `WM_CLASS` or `_NET_WM_NAME`): read again.
    public mutating func renamed(_ window: UInt) {
        guard entries[window]?.identity != nil else { return }
        entries[window]?.identity = nil
        generation &+= 1
    }

    /// Something changed inside a covering window (a child made or gone: xsecurelock draws
    /// inside the compositor's overlay window): a probe made before no longer holds.
    public mutating func changedInside(_ window: UInt) {
        if entries[window] != nil { generation &+= 1 }
    }

    private mutating func tick() -> UInt64 {
        generation &+= 1
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
        // Asked at every turn that changed something: without a locker under `lock = hold`
        // the answer is known without reading any stack.
        guard config.lock == .hold, globalHolds.contains(.lock) || monitorHolds.values.contains(where: { $0.contains(.lock) })
        else { return [] }
        return Set(monitorHolds.keys).union(keys.map(\.monitor)).filter { policy(on: $0).drawsNothing }
    }
}
