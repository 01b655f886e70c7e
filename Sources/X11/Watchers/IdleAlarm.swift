import CX11
import Transport

/// Whether the user is away, told by the X server itself: two XSync alarms on its `IDLETIME`
/// counter (milliseconds since the last keyboard or pointer input), one for the counter
/// rising past the threshold (gone), one for it falling back below (input again). Nothing
/// here runs on a timer: an idle daemon still sleeps until the server has news.
///
/// A server without the SYNC extension or the counter (some remote or nested servers) gives
/// no idle at all; `arm` says so. Alarm events any client forges (`XSendEvent`) are dropped,
/// so no program can make the daemon think the user left.
///
/// Alarms are server resources any client may change or destroy (`XSyncChangeAlarm` on our
/// id: a threshold of a year, another counter), which would leave the daemon believing the
/// user away, its toasts never timing out. So at each of our alarm's events, and while the
/// user counts as away at most once per `verifyInterval` of the loop's turns, both alarms are
/// read back (`XSyncQueryAlarm`) and made again if they are not what was asked for, and the
/// counter itself says whether the user is away.
final class IdleAlarm: XEventWatcher {
    private let display: XDisplay
    /// SYNC's first event number and the `IDLETIME` counter; nil without them.
    private let eventBase: Int32?
    private let counter: XSyncCounter?
    private var away: XSyncAlarm = 0
    private var back: XSyncAlarm = 0
    private var idle = false
    private var reported = false
    /// The threshold the alarms were made for, in milliseconds (0: none).
    private var milliseconds: Int32 = 0
    /// When the alarms were last read back, on the monotonic clock.
    private var verified = -Double.infinity
    /// While away, the alarms are read back at most this often (a round trip each time).
    static let verifyInterval = 1.0
    /// Alarms found changed by another client and made again, for the log.
    private var repairs = 0

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
        idle = false
        reported = false
        // Whole seconds up to a day (`ConfigLimits.idleThreshold`): at most 86 400 000 ms.
        milliseconds = threshold > 0 ? Int32(clamping: min(threshold, 86_400) * 1000) : 0
        makeAlarms()
        return counter != nil
    }

    /// Destroys the alarms there are and makes the pair for `milliseconds`; the state is
    /// the counter's as it is now (what was reported stays, so a change is reported once).
    private func makeAlarms() {
        display.quietly {
            for alarm in [away, back] where alarm != 0 { XSyncDestroyAlarm(display.handle, alarm) }
        }
        away = 0
        back = 0
        guard let counter, milliseconds > 0 else { return }
        away = alarm(on: counter, at: milliseconds, XSyncPositiveTransition)
        // Back below the threshold: the counter fell to 0 on new input.
        back = alarm(on: counter, at: milliseconds - 1, XSyncNegativeTransition)
        var value = XSyncValue()
        if XSyncQueryCounter(display.handle, counter, &value) != 0 {
            idle = value.hi > 0 || (value.hi == 0 && value.lo >= UInt32(milliseconds))
        }
        verified = MonotonicClock.now()
    }

    /// Whether `alarm` is still as made: on the idle counter, at `value`, with `test`.
    /// The corresponding C function is `XSyncQueryAlarm`.
    private func isIntact(_ alarm: XSyncAlarm, value: Int32, _ test: XSyncTestType) -> Bool {
        guard alarm != 0, let counter else { return false }
        var attributes = XSyncAlarmAttributes()
        let found = display.quietly { XSyncQueryAlarm(display.handle, alarm, &attributes) != 0 }
        var expected = XSyncValue()
        XSyncIntToValue(&expected, value)
        var zero = XSyncValue()
        XSyncIntToValue(&zero, 0)
        return found && attributes.trigger.counter == counter && attributes.trigger.value_type == XSyncAbsolute
            && attributes.trigger.test_type == test && XSyncValueEqual(attributes.trigger.wait_value, expected) != 0
            && XSyncValueEqual(attributes.delta, zero) != 0 && attributes.state == XSyncAlarmActive
    }

    /// Reads both alarms back and makes them again when another client changed or destroyed
    /// either; true when they had to be.
    @discardableResult
    private func verify() -> Bool {
        guard milliseconds > 0 else { return false }
        verified = MonotonicClock.now()
        if isIntact(away, value: milliseconds, XSyncPositiveTransition)
            && isIntact(back, value: milliseconds - 1, XSyncNegativeTransition) { return false }
        repairs += 1
        makeAlarms()
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
        guard alarm.send_event == 0, alarm.alarm != 0, alarm.alarm == away || alarm.alarm == back else { return true }
        // Destroyed by another client (ours are forgotten before they are destroyed), or
        // changed: made again, the counter saying where the user is.
        if alarm.state == XSyncAlarmDestroyed || verify() {
            if alarm.state == XSyncAlarmDestroyed { repairs += 1; makeAlarms() }
            return true
        }
        if alarm.alarm == away { idle = true }
        if alarm.alarm == back { idle = false }
        return true
    }

    /// Whether the user is away, when that changed since the last report; nil otherwise.
    /// While away, the alarms are checked first (at most once per `verifyInterval`): a changed
    /// `back` alarm would never say the user came back.
    func report() -> Bool? {
        if idle, MonotonicClock.now() - verified >= Self.verifyInterval { verify() }
        guard idle != reported else { return nil }
        reported = idle
        return idle
    }

    /// How many times the alarms were found changed and made again since the last call.
    func takeRepairs() -> Int {
        defer { repairs = 0 }
        return repairs
    }
}
