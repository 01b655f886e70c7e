/// When animation frames fall: on a fixed grid of the display's refresh period.
///
/// Scheduling each frame one period after the loop woke up drifts (the wake-up is always a
/// little late, so frames came every 17.0 to 17.3 ms on a 60 Hz display). Each deadline is
/// instead the previous deadline plus the period; when the loop falls behind, the deadlines
/// it missed are dropped rather than drawn in a burst.
public enum FrameGrid {
    /// The refresh period, in seconds, for a display running at `hertz` (the fastest monitor a
    /// card moves on); 60 Hz when unknown or outside 20...500 Hz, which no real mode reports.
    public static func period(hertz: Double?) -> Double {
        guard let hertz, hertz.isFinite, hertz >= 20, hertz <= 500 else { return 1.0 / 60 }
        return 1 / hertz
    }

    /// The first deadline on the grid through `previous` (spaced by `period`) that is later
    /// than `now`, and never `previous` itself: a frame drawn a little early does not repeat.
    public static func next(after previous: Double, now: Double, period: Double) -> Double {
        guard period > 0, period.isFinite, previous.isFinite, now.isFinite else { return now + 1.0 / 60 }
        let behind = ((now - previous) / period).rounded(.down)
        let steps = max(1, behind + 1)
        return previous + steps * period
    }
}
