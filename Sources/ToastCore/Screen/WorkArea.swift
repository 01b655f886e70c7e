/// Space a dock or panel reserves at one edge of the screen (`_NET_WM_STRUT_PARTIAL`):
/// `size` pixels in from that screen edge, along `start...end` of it.
public struct Strut: Equatable, Sendable {
    public enum Edge: Sendable { case left, right, top, bottom }
    public var edge: Edge
    public var size: Double
    public var start: Double
    public var end: Double

    public init(edge: Edge, size: Double, start: Double, end: Double) {
        self.edge = edge
        self.size = size
        self.start = start
        self.end = end
    }

    /// Reads the 12 cardinals of `_NET_WM_STRUT_PARTIAL` (left, right, top, bottom, then
    /// each one's start and end), or the 4 of the older `_NET_WM_STRUT` (whole edges).
    public static func parse(_ values: [UInt], screen: Size) -> [Strut] {
        guard values.count == 4 || values.count >= 12 else { return [] }
        let v = values.map { Double(min($0, 1 << 20)) }
        func along(_ i: Int, _ whole: Double) -> (Double, Double) { v.count >= 12 ? (v[4 + 2 * i], v[5 + 2 * i]) : (0, whole) }
        let edges: [(Edge, Double)] = [(.left, screen.height), (.right, screen.height), (.top, screen.width), (.bottom, screen.width)]
        return edges.enumerated().compactMap { i, e in
            guard v[i] > 0 else { return nil }
            let (start, end) = along(i, e.1)
            return Strut(edge: e.0, size: v[i], start: start, end: end)
        }
    }
}

/// Where cards may rest on each monitor, once panels and docks are left free.
public enum WorkArea {
    /// Each monitor's frame less the struts that reach into it. Without struts, the
    /// desktop's `_NET_WORKAREA` (one rectangle across every monitor) is intersected with
    /// each frame instead. An area never shrinks below a quarter of its monitor: a bogus
    /// reservation must not hide every toast.
    public static func areas(frames: [Rect], screen: Size, struts: [Strut], workarea: Rect?) -> [Rect] {
        frames.map { frame in
            var area = frame
            if struts.isEmpty {
                if let w = workarea, let i = intersection(frame, w) { area = i }
            } else {
                for s in struts { area = subtract(s, from: area, frame: frame, screen: screen) }
            }
            return area.width >= frame.width / 4 && area.height >= frame.height / 4 ? area : frame
        }
    }

    /// The rectangle `_NET_WORKAREA` (four cardinals per desktop: x, y, width, height) gives
    /// for desktop `current` (`_NET_CURRENT_DESKTOP`), or the first desktop's when `current`
    /// is missing or names no desktop listed; nil when there is none or it is empty. Both come
    /// from whatever client set them last: any number is taken, none traps.
    public static func desktopArea(_ values: [UInt], current: UInt?) -> Rect? {
        let desktops = values.count / 4
        let i = current.map { $0 < UInt(desktops) ? 4 * Int($0) : 0 } ?? 0
        guard values.count >= i + 4 else { return nil }
        let r = values[i..<(i + 4)].map { Double(min($0, 1 << 20)) }
        return r[2] > 0 && r[3] > 0 ? Rect(x: r[0], y: r[1], width: r[2], height: r[3]) : nil
    }

    static func subtract(_ s: Strut, from area: Rect, frame: Rect, screen: Size) -> Rect {
        var a = area
        switch s.edge {
        case .top:
            guard overlaps(s.start, s.end, frame.x, frame.maxX), s.size > frame.y else { return a }
            let bottom = min(frame.maxY, s.size)
            if bottom > a.y { a.height -= bottom - a.y; a.y = bottom }
        case .bottom:
            let top = screen.height - s.size
            guard overlaps(s.start, s.end, frame.x, frame.maxX), top < frame.maxY else { return a }
            if top < a.maxY { a.height = max(0, top - a.y) }
        case .left:
            guard overlaps(s.start, s.end, frame.y, frame.maxY), s.size > frame.x else { return a }
            let right = min(frame.maxX, s.size)
            if right > a.x { a.width -= right - a.x; a.x = right }
        case .right:
            let left = screen.width - s.size
            guard overlaps(s.start, s.end, frame.y, frame.maxY), left < frame.maxX else { return a }
            if left < a.maxX { a.width = max(0, left - a.x) }
        }
        a.width = max(0, a.width)
        a.height = max(0, a.height)
        return a
    }

    static func overlaps(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Bool { a0 < b1 && b0 <= a1 }

    public static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        let w = min(a.maxX, b.maxX) - x, h = min(a.maxY, b.maxY) - y
        return w > 0 && h > 0 ? Rect(x: x, y: y, width: w, height: h) : nil
    }
}
