/// The service's deadlines, each concern's under its own name in the loop's `WakeRegistry`:
/// the loop wakes at the earliest, and the next turn (`takeTurn`) does what came due, so the
/// handlers only wake it. A concern with a deadline adds its line here, not to the loop.
/// Frames have a timer of their own (`nextFrame`, registered by the loop).
extension ToastService {
    func registerDeadlines(in wakes: WakeRegistry) {
        // A toast's timeout, a held toast's release, a repeat's window: the board's.
        wakes.register("toasts", due: { [unowned self] in board.nextDeadline })
        // Focus mode's end, a refused grab's next try.
        wakes.register("keys", due: { [unowned self] in keyInput.nextDeadline })
        // Do-not-disturb's end, the schedules' boundaries and the snoozes' ends: on the wall
        // clock too, so they come through a suspend.
        wakes.register("quiet", due: { [unowned self] in quietDeadline?.monotonic }, wall: { [unowned self] in quietDeadline?.wall })
        // The reply field's idle timeout and its caret's blink.
        wakes.register("reply", due: { [unowned self] in inlineReply.nextDeadline })
        // A ringing call's next ring and its end, an alarm's next sound.
        wakes.register("ringing", due: { [unowned self] in quiet.ringing.nextDeadline })
        // The crash journal's next write, when a change waits for its interval.
        wakes.register("journal", due: { [unowned self] in liveJournal?.nextDeadline })
    }

    /// The earliest of those deadlines; frames are apart (`nextFrame`).
    var nextTimeout: Double? {
        let wakes = WakeRegistry(wallClock: false)
        registerDeadlines(in: wakes)
        return wakes.nextDue
    }
}
