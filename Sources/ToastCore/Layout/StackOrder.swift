/// Which cards sort before which (`[general] sort`).
public enum StackSort: String, CaseIterable, Sendable {
    /// In the order they came.
    case arrival
    /// As though critical toasts came first, then normal, then low (each in the order they
    /// came): with `stack = oldest_at_edge`, critical cards sit nearest the edge (dunst's
    /// `sort = urgency_descending` at the top of the screen).
    case urgency
    /// In the order they came or last changed (replaced, updated, repeated): the card that
    /// changed last counts as the newest.
    case update
}

/// Which end of the order sits at the screen edge (`[general] stack`).
public enum StackDirection: String, CaseIterable, Sendable {
    /// The newest card nearest the edge, older ones pushed away from it (xtoast's own).
    case newestAtEdge = "newest_at_edge"
    /// The oldest nearest the edge, new cards added past it (dunst's, at the top of the screen).
    case oldestAtEdge = "oldest_at_edge"
}

/// The order of a stack's visible cards from its screen edge outward: the one place `sort`
/// and `stack` are read.
public struct StackOrder: Equatable, Sendable {
    public var sort: StackSort
    public var direction: StackDirection

    public init(sort: StackSort = .arrival, direction: StackDirection = .newestAtEdge) {
        self.sort = sort
        self.direction = direction
    }

    /// `entries` (the stack's visible cards, oldest first) from the edge outward.
    public func fromEdge(_ entries: [ToastStack.Entry]) -> [ToastStack.Entry] {
        let oldestFirst = entries.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
        return direction == .oldestAtEdge ? oldestFirst : oldestFirst.reversed()
    }

    /// Smaller sorts older (farther from the edge under `newest_at_edge`).
    private func key(_ entry: ToastStack.Entry) -> Key {
        switch sort {
        // By arrival is the stack's own order (the order cards became visible: a toast held
        // back shows after those that were not); `urgency` keeps it within each urgency.
        case .arrival: Key(rank: 0, stamp: 0)
        case .update: Key(rank: 0, stamp: entry.touched)
        case .urgency: Key(rank: Self.rank(entry.toast.urgency), stamp: 0)
        }
    }

    private struct Key: Comparable {
        var rank: Int, stamp: UInt64
        static func < (a: Key, b: Key) -> Bool { (a.rank, a.stamp) < (b.rank, b.stamp) }
    }

    /// Critical "came" first.
    private static func rank(_ urgency: Urgency) -> Int {
        switch urgency {
        case .critical: 0
        case .normal: 1
        case .low: 2
        }
    }
}

/// How many cards a stack shows with `max_visible = 0` (no limit of the user's): as many of
/// the smallest card (one line, its icon and padding) as its monitor's work area holds from
/// one margin to the other, so the stack never reaches past the screen with one-line cards.
/// Taller cards may still reach past the far edge; the rest wait, as behind any limit.
public enum StackRoom {
    /// However tall the screen, never more than this many cards in one stack (each is a window).
    public static let most = 100

    /// `height` and the lengths in device pixels.
    public static func cards(height: Double, margin: Double, gap: Double, smallestCard: Double) -> Int {
        guard height.isFinite, margin.isFinite, gap.isFinite, smallestCard.isFinite, smallestCard > 0 else { return 1 }
        let room = height - 2 * margin + gap
        let fit = room / (smallestCard + max(0, gap))
        guard fit.isFinite, fit >= 1 else { return 1 }
        return min(most, Int(fit.rounded(.down)))
    }
}
