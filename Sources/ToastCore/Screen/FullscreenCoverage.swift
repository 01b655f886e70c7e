/// Which monitors a fullscreen window holds: each one it covers at least half of. A window
/// fullscreen on one monitor holds that one; one stretched over the whole screen (a
/// `_NET_WM_FULLSCREEN_MONITORS` span, a window manager that knows no monitors) holds all it
/// spans; a "fullscreen" window covering little of any (a client setting the state on itself
/// with no window manager to size it) holds none, rather than silencing a monitor it barely
/// touches. Half, not all: a window manager may leave a border or a panel's strip.
public enum FullscreenCoverage {
    /// The least share of a monitor's area a fullscreen window must cover to hold it.
    public static let share = 0.5

    public static func monitors(heldBy window: Rect, in monitors: [Monitor]) -> Set<String> {
        Set(monitors.filter { m in
            let f = m.frame
            let width = max(0, min(f.maxX, window.maxX) - max(f.x, window.x))
            let height = max(0, min(f.maxY, window.maxY) - max(f.y, window.y))
            return f.width > 0 && f.height > 0 && width * height >= share * f.width * f.height
        }.map(\.name))
    }
}
