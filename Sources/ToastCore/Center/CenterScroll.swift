/// Where the centre's list is scrolled to: the row at the top of the view and how many pixels
/// of it are hidden above. Anchored to a row rather than to a pixel offset from the list's top,
/// so only the rows a move passes over (or that show) are ever measured: a list of 1,000
/// entries never lays out the ones far from the view, and when a row's height turns out
/// other than expected nothing above it moves the view.
///
/// `height(i)` measures row `i` (the caller caches); `count` rows, `viewport` pixels tall.
public struct CenterScroll: Equatable, Sendable {
    public var first = 0
    public var offset = 0.0

    public init(first: Int = 0, offset: Double = 0) {
        self.first = first
        self.offset = offset
    }

    /// The top of the list.
    public static let top = CenterScroll()

    /// Pixels a wheel notch moves the list: three lines, as a card's message scrolls.
    public static func notch(lineHeight: Double) -> Double { 3 * lineHeight }

    /// Moved by `dy` pixels (down the list when positive), kept within the list: never above
    /// its top, never so far that its end leaves the bottom of the view.
    public func scrolled(by dy: Double, count: Int, viewport: Double, height: (Int) -> Double) -> CenterScroll {
        guard count > 0 else { return .top }
        guard dy.isFinite else { return clampedIndex(count) }
        var s = clampedIndex(count)
        var d = max(-1e7, min(1e7, dy))
        if d < 0 {
            // Up: through the hidden part of the top row, then whole rows above it.
            while d < 0 {
                if s.offset > 0 {
                    let step = min(s.offset, -d)
                    s.offset -= step
                    d += step
                } else if s.first > 0 {
                    s.first -= 1
                    s.offset = height(s.first)
                } else { break }
            }
            return s
        }
        while d > 0, s.first < count {
            let h = height(s.first)
            let left = h - s.offset
            if d < left {
                s.offset += d
                d = 0
            } else {
                d -= left
                s.first += 1
                s.offset = 0
            }
        }
        return s.keptAboveEnd(count: count, viewport: viewport, height: height)
    }

    /// The same position, or the last one that still fills the view to the list's end.
    public func keptAboveEnd(count: Int, viewport: Double, height: (Int) -> Double) -> CenterScroll {
        guard count > 0 else { return .top }
        let s = clampedIndex(count)
        // Room the rows from here down fill; stop measuring once the view is full.
        var filled = -s.offset
        var i = s.first
        while i < count, filled < viewport {
            filled += height(i)
            i += 1
        }
        guard filled < viewport else { return s }
        return Self.end(count: count, viewport: viewport, height: height)
    }

    /// The position that shows the list's last row at the bottom of the view (the top when
    /// the whole list fits). Measures only the rows that then show.
    public static func end(count: Int, viewport: Double, height: (Int) -> Double) -> CenterScroll {
        var filled = 0.0
        var i = count
        while i > 0 {
            let h = height(i - 1)
            if filled + h >= viewport { return CenterScroll(first: i - 1, offset: filled + h - viewport) }
            filled += h
            i -= 1
        }
        return .top
    }

    /// Scrolled as little as it takes for row `row` to show whole (its top, when it is taller
    /// than the view).
    public func revealing(_ row: Int, count: Int, viewport: Double, height: (Int) -> Double) -> CenterScroll {
        guard count > 0 else { return .top }
        let s = clampedIndex(count)
        let row = max(0, min(count - 1, row))
        if row < s.first || (row == s.first && s.offset > 0) { return CenterScroll(first: row, offset: 0) }
        // From the view's top to the row's bottom.
        var bottom = -s.offset
        for i in s.first...row { bottom += height(i) }
        guard bottom > viewport else { return s }
        let h = height(row)
        if h >= viewport { return CenterScroll(first: row, offset: 0) }
        return s.scrolled(by: bottom - viewport, count: count, viewport: viewport, height: height)
    }

    /// Rows that show in the view from this position, each with its top in view coordinates.
    public func visibleRows(count: Int, viewport: Double, height: (Int) -> Double) -> [(index: Int, top: Double)] {
        guard count > 0 else { return [] }
        let s = clampedIndex(count)
        var rows: [(index: Int, top: Double)] = []
        var top = -s.offset
        var i = s.first
        while i < count, top < viewport {
            rows.append((i, top))
            top += height(i)
            i += 1
        }
        return rows
    }

    /// The same position with `first` inside a list of `count` rows (it shrank).
    func clampedIndex(_ count: Int) -> CenterScroll {
        guard first < count, first >= 0 else { return CenterScroll(first: max(0, min(first, count - 1)), offset: 0) }
        return CenterScroll(first: first, offset: max(0, offset))
    }
}
