/// A press on the centre's list, until it turns out to be a click, a scroll or a swipe:
/// the centre's counterpart of `SwipeGesture`. Past `slop` the first clear direction
/// decides: sideways over an entry swipes it (far enough, it is removed), anything else
/// scrolls the list; a release before that is a click where the press went down.
public struct CenterDragGesture: Equatable, Sendable {
    public enum Mode: Equatable, Sendable { case undecided, scroll, swipe }

    /// Where the press went down and where the pointer was last, in panel coordinates.
    public private(set) var start: Point
    public private(set) var last: Point
    /// The entry pressed on, if any (only an entry can be swiped).
    public let entry: HistoryKey?
    public private(set) var mode: Mode = .undecided

    public init(at p: Point, entry: HistoryKey?) {
        start = p
        last = p
        self.entry = entry
    }

    /// The pointer moved to `p`: how far the list scrolls for it (0 unless scrolling; a
    /// drag up scrolls down).
    public mutating func move(to p: Point, slop: Double) -> Double {
        let dx = p.x - start.x, dy = p.y - start.y
        if mode == .undecided, max(abs(dx), abs(dy)) > slop {
            mode = abs(dx) > abs(dy) && entry != nil ? .swipe : .scroll
        }
        defer { last = p }
        return mode == .scroll ? last.y - p.y : 0
    }

    /// The swiped entry and how far it has moved sideways, while it is a swipe.
    public var swipe: (entry: HistoryKey, dx: Double)? {
        guard mode == .swipe, let entry else { return nil }
        return (entry, last.x - start.x)
    }

    public enum Outcome: Equatable, Sendable {
        /// A click at the press's point.
        case click(Point)
        /// The entry was swiped far enough: it goes.
        case remove(HistoryKey)
        /// A scroll, or a swipe let go too soon: nothing more.
        case none
    }

    /// The button came up at `p`; a swipe counts past `fraction` of the panel's `width`.
    public func release(at p: Point, width: Double, fraction: Double) -> Outcome {
        switch mode {
        case .undecided: return .click(start)
        case .swipe:
            guard abs(p.x - start.x) > width * fraction, let entry else { return .none }
            return .remove(entry)
        case .scroll: return .none
        }
    }
}
