import CX11

/// Whether the user is away, told by the X server itself: two XSync alarms on its `IDLETIME`
/// counter (milliseconds since the last keyboard or pointer input), one for the counter
/// rising past the threshold (gone), one for it falling back below (input again). Nothing
/// here runs on a timer: an idle daemon still sleeps until the server has news.
///
/// A server without the SYNC extension or the counter (some remote or nested servers) gives
/// no idle at all; `arm` says so. Alarm events any client forges (`XSendEvent`) are dropped,
/// so no program can make the daemon think the user left.
final class IdleAlarm: XEventWatcher {
    private let display: XDisplay
    /// SYNC's first event number and the `IDLETIME` counter; nil without them.
    private let eventBase: Int32?
    private let counter: XSyncCounter?
    private var away: XSyncAlarm = 0
    private var back: XSyncAlarm = 0
    private var idle = false
    private var reported = false

    /// The corresponding C functions are `XSyncQueryExtension`, `XSyncInitialize` and
    /// `XSyncListSystemCounters`.
    init(display: XDisplay) {
        self.display = display
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XSyncQueryExtension(display.handle, &eventBase, &errorBase) != 0,
              XSyncInitialize(display.handle, &major, &minor) != 0 else {
            self.eventBase = nil
            counter = nil
            return
        }
        self.eventBase = eventBase
        var count: Int32 = 0
        var found: XSyncCounter?
        if let list = XSyncListSystemCounters(display.handle, &count) {
            for i in 0..<min(Int(max(0, count)), 256) where strncmp(list[i].name, "IDLETIME", 9) == 0 {
                found = list[i].counter
            }
            XSyncFreeSystemCounterList(list)
        }
        counter = found
    }

    /// Replaces the alarms with a pair for `threshold` seconds (0: none, and not idle). The
    /// state starts from the counter as it is now: a user already away that long is idle at
    /// the next report. False when the server has no idle counter.
    /// The corresponding C functions are `XSyncCreateAlarm`, `XSyncDestroyAlarm` and `XSyncQueryCounter`.
    func arm(threshold: Int) -> Bool {
        for alarm in [away, back] where alarm != 0 { XSyncDestroyAlarm(display.handle, alarm) }
        away = 0
        back = 0
        idle = false
        reported = false
        guard let counter else { return false }
        guard threshold > 0 else { return true }
        // Whole seconds up to a day (`ConfigLimits.idleThreshold`): at most 86 400 000 ms.
        let milliseconds = Int32(clamping: min(threshold, 86_400) * 1000)
        away = alarm(on: counter, at: milliseconds, XSyncPositiveTransition)
        // Back below the threshold: the counter fell to 0 on new input.
        back = alarm(on: counter, at: milliseconds - 1, XSyncNegativeTransition)
        var value = XSyncValue()
        if XSyncQueryCounter(display.handle, counter, &value) != 0 {
            idle = value.hi > 0 || (value.hi == 0 && value.lo >= UInt32(milliseconds))
        }
        return true
    }

    private func alarm(on counter: XSyncCounter, at milliseconds: Int32, _ test: XSyncTestType) -> XSyncAlarm {
        var attributes = XSyncAlarmAttributes()
        attributes.trigger.counter = counter
        attributes.trigger.value_type = XSyncAbsolute
        XSyncIntToValue(&attributes.trigger.wait_value, milliseconds)
        attributes.trigger.test_type = test
        // No delta: a transition alarm stays armed and fires at each crossing.
        XSyncIntToValue(&attributes.delta, 0)
        attributes.events = 1
        let mask = UInt(XSyncCACounter | XSyncCAValueType | XSyncCAValue | XSyncCATestType | XSyncCADelta | XSyncCAEvents)
        return XSyncCreateAlarm(display.handle, mask, &attributes)
    }

    func notice(_ event: inout XEvent) -> Bool {
        guard let eventBase, event.type == eventBase + XSyncAlarmNotify else { return false }
        let alarm = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XSyncAlarmNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        guard alarm.send_event == 0, alarm.state != XSyncAlarmDestroyed else { return true }
        if alarm.alarm == away && away != 0 { idle = true }
        if alarm.alarm == back && back != 0 { idle = false }
        return true
    }

    /// Whether the user is away, when that changed since the last report; nil otherwise.
    func report() -> Bool? {
        guard idle != reported else { return nil }
        reported = idle
        return idle
    }
}
