/// A card's height or progress changing: the only animation that repaints. The card is
/// painted at eased in-between values for `MotionTuning.contentDuration`.
public struct ContentTransition: Equatable, Sendable {
    public var start: Double
    public var duration: Double
    public var fromHeight: Double
    public var toHeight: Double
    /// Set only when the progress bar moves.
    public var fromProgress: Double?
    public var toProgress: Double?

    public init(start: Double, duration: Double, fromHeight: Double, toHeight: Double,
                fromProgress: Double? = nil, toProgress: Double? = nil) {
        self.start = start
        self.duration = duration
        self.fromHeight = fromHeight
        self.toHeight = toHeight
        self.fromProgress = fromProgress
        self.toProgress = toProgress
    }

    /// A transition for a content change, or nil when nothing visible changes (same height,
    /// same progress): then the card is simply repainted once.
    public static func between(height from: Double, and to: Double, progress: (from: Double?, to: Double?),
                               now: Double, tuning: MotionTuning) -> ContentTransition? {
        let progressMoves = progress.from != nil && progress.to != nil && progress.from != progress.to
        guard from != to || progressMoves else { return nil }
        return ContentTransition(start: now, duration: tuning.contentDuration, fromHeight: from, toHeight: to,
                                 fromProgress: progressMoves ? progress.from : nil, toProgress: progress.to)
    }

    /// What to paint at `now`: the height limit and progress in between, or nil once done
    /// (then the card is painted at its full height and real progress).
    public func frame(at now: Double) -> (heightLimit: Double, progress: Double?)? {
        let t = duration > 0 ? min(1, max(0, (now - start) / duration)) : 1
        guard t < 1 else { return nil }
        let eased = Easing.easeOutCubic(t)
        let progress = fromProgress.flatMap { from in toProgress.map { from + ($0 - from) * eased } }
        return (fromHeight + (toHeight - fromHeight) * eased, progress)
    }
}

/// Under a compositor a card fades with its slide: in while it enters, out while it leaves.
public enum SlideFade {
    /// Opacity 0...1 for a card at `position` on its way from `start` to `target`.
    public static func opacity(start: Point, position: Point, target: Point, leaving: Bool) -> Double {
        let total = start.distance(to: target)
        let left = total > 0 ? position.distance(to: target) / total : 0
        return min(1, max(0, leaving ? left : 1 - left))
    }
}

extension Point {
    public func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
}
