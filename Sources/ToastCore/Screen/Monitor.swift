/// One monitor as the screen reports it (XRandR 1.5 monitors, or the whole root window).
public struct Monitor: Equatable, Sendable {
    /// Its name (`HDMI-1`, or what `xrandr --setmonitor` gave); the root window is `screen`.
    public var name: String
    public var frame: Rect
    /// The part of `frame` that panels and docks leave free: where cards rest.
    public var workArea: Rect
    public var isPrimary: Bool
    /// The refresh rate of the mode it shows, in Hz; nil when unknown. Cards moving on it
    /// get a frame every refresh.
    public var refreshRate: Double?

    public init(name: String, frame: Rect, workArea: Rect? = nil, isPrimary: Bool = false, refreshRate: Double? = nil) {
        self.name = name
        self.frame = frame
        self.workArea = workArea ?? frame
        self.isPrimary = isPrimary
        self.refreshRate = refreshRate
    }
}

/// Which monitor a toast asks for: `--monitor NAME|primary|N` (N counts from 0, in the
/// order `xrandr --listmonitors` lists them).
public enum MonitorChoice: Equatable, Sendable, CustomStringConvertible {
    case primary
    case index(Int)
    case named(String)

    /// Reads `primary`, a number, or a name.
    public init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        if text == "primary" { self = .primary } else if let n = Int(text), n >= 0 { self = .index(n) } else { self = .named(text) }
    }

    public var description: String {
        switch self {
        case .primary: "primary"
        case let .index(n): String(n)
        case let .named(name): name
        }
    }
}

/// Where toasts go when a request names no monitor (config `follow`).
public enum FollowRule: String, CaseIterable, Sendable {
    /// The primary monitor (the first when none is marked primary).
    case none
    /// The monitor under the pointer.
    case mouse
    /// The monitor holding the focused window (the pointer's when nothing has focus).
    case keyboard
}

/// Picks the monitor for a toast: the one asked for, else the follow rule's.
public enum MonitorSelection {
    /// The index into `monitors` and, when the choice named no monitor there, a warning for
    /// the client. `pointer` and `focus` are where the pointer and the focused window's
    /// centre are, when known.
    public static func choose(_ choice: MonitorChoice?, in monitors: [Monitor], follow: FollowRule,
                              pointer: Point?, focus: Point?) -> (index: Int, warning: String?) {
        guard !monitors.isEmpty else { return (0, nil) }
        switch choice {
        case .primary?: return (primary(monitors), nil)
        case let .index(n)? where n < monitors.count: return (n, nil)
        case let .named(name)?:
            if let i = monitors.firstIndex(where: { $0.name == name }) { return (i, nil) }
        case nil, .index: break
        }
        let followed: Int
        switch follow {
        case .none: followed = primary(monitors)
        case .mouse: followed = containing(pointer, monitors) ?? primary(monitors)
        case .keyboard: followed = containing(focus, monitors) ?? containing(pointer, monitors) ?? primary(monitors)
        }
        let warning = choice.map { c in
            "no monitor \"\(c)\" (there are \(monitors.map(\.name).joined(separator: ", "))); shown on \(monitors[followed].name)"
        }
        return (followed, warning)
    }

    static func primary(_ monitors: [Monitor]) -> Int { monitors.firstIndex(where: \.isPrimary) ?? 0 }

    static func containing(_ point: Point?, _ monitors: [Monitor]) -> Int? {
        guard let point else { return nil }
        return monitors.firstIndex { $0.frame.contains(point) }
    }
}
