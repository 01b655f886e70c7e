import CSystem
import CX11
import CXInput2
import CXlibQueue
import ToastCore
import Transport

/// Decoding X events into the loop's `InputEvent`s, so nothing above this layer sees an `XEvent`.
extension XDisplay {
    /// Events handed to the loop per turn at most, as the bus's messages and a client's
    /// reads are bounded: while another X client floods the server (crossings, motion, a
    /// compositor toggling), the socket and the bus are still served every turn. More than
    /// the pointer makes in a frame; motion made stale by later motion does not count.
    static let eventsPerTurn = 512
    /// X events looked at per turn at most, kept or not. Those the loop does not act on
    /// (forged input, other windows' news) cost a fraction of a microsecond each: a flood of
    /// them is emptied from Xlib's queue quickly, so little piles up behind it.
    static let rawEventsPerTurn = 8192
    /// Events read between looks at the clock: the batch is bounded by time too
    /// (`TurnBudget.seconds`), since reading a flood the server had waiting costs more per
    /// event than taking what Xlib holds, and a due frame waits for the batch to end.
    static let eventsPerClockRead = 128

    /// Takes up to `eventsPerTurn` events the loop acts on, oldest first, with stale motion
    /// dropped (`InputEvent.latestMotion`). Events Xlib already holds are taken first; the
    /// connection is read again (`XPending`) only once none is left, so a flood waits in the
    /// kernel's socket buffer and the server rather than in this process's memory.
    /// `compositorChanged` is reported as the bare X notification; the output decides
    /// whether the compositor really came or went.
    /// The corresponding C functions are `XEventsQueued`, `XPending` and `XNextEvent`.
    /// `watchers` see every event the decoder does not turn into input.
    ///
    /// `drained`: the batch ended because nothing more had come, not at a bound. Only then may
    /// the caller ask the server anything: a round trip reads every event the server holds for
    /// this client into Xlib's queue first, and behind a flood that was 90 MiB.
    /// `readConnection` false takes only what Xlib already holds (never drained); `read`
    /// counts the events looked at, kept or not.
    func takeEvents(watchers: [any XEventWatcher] = [], readConnection: Bool = true) -> (events: [InputEvent], drained: Bool, read: Int) {
        var events: [InputEvent] = []
        var drained = false
        var read = 0
        let budget = TurnBudget(clock: MonotonicClock.now)
        for n in 0..<Self.rawEventsPerTurn {
            if n > 0, n % Self.eventsPerClockRead == 0, budget.isSpent { break }
            if events.count >= Self.eventsPerTurn {
                events = InputEvent.latestMotion(events)
                // Go on only while thinning left real room (it is O(n) a time).
                guard events.count < Self.eventsPerTurn * 3 / 4 else { break }
            }
            var queued = Int(XEventsQueued(handle, QueuedAlready))
            if queued == 0 && readConnection { queued = Int(XPending(handle)) }
            guard queued > 0 else {
                drained = readConnection
                break
            }
            read += 1
            queuedPeak = max(queuedPeak, queued)
            var event = nextEvent()
            // Forged input is dropped before the input method sees it (`decode`), so no
            // program can type through it either; everything else goes to the method first.
            if Self.isUserInput(event.type), event.xany.send_event != 0 { continue }
            if let method = inputMethod, method.filter(&event) { continue }
            if let decoded = decode(event, watchers: watchers) {
                events.append(decoded)
                if endsBatchAfterKey, case .key = decoded { break }
            }
        }
        if drained && queuedPeak > Self.keptQueueNodes { releaseQueueNodes() }
        return (InputEvent.latestMotion(events), drained, read)
    }

    /// Spare queue nodes Xlib may keep (some 200 bytes each): what a busy pointer makes.
    static let keptQueueNodes = 4096

    /// Xlib keeps every node its event queue ever held, for reuse, until the display closes.
    /// Once a stalled daemon (a loaded machine, a debugger) has read a flood's backlog, that
    /// peak stayed: a 0.6 s stall behind an X flood kept 22 MiB. With the queue empty again
    /// they are freed and the heap trimmed. The C function is `xt_release_event_nodes`.
    private func releaseQueueNodes() {
        queuedPeak = 0
        if xt_release_event_nodes(UnsafeMutableRawPointer(handle)) > 0 { xt_malloc_trim() }
    }

    /// Whether events already read from the connection wait in Xlib's queue, where `poll()`
    /// cannot see them. Reads nothing. The corresponding C function is `XEventsQueued`.
    var hasQueuedEvents: Bool { XEventsQueued(handle, QueuedAlready) > 0 }

    private func decode(_ event: XEvent, watchers: [any XEventWatcher]) -> InputEvent? {
        var e = event
        // Any client can send any event to any window (`XSendEvent`), and the server marks
        // those: pointer and key input is taken only from the server's own devices (as xterm
        // does by default), so no program can click a card or choose a toast's action.
        if Self.isUserInput(e.type), e.xany.send_event != 0 { return nil }
        switch e.type {
        case ButtonPress:
            let b = e.xbutton
            return .press(surface: SurfaceID(b.window), button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                          time: Double(b.time) / 1000, serverTime: b.time)
        case ButtonRelease:
            let b = e.xbutton
            return .release(surface: SurfaceID(b.window), button: b.button, root: Point(x: Double(b.x_root), y: Double(b.y_root)),
                            time: Double(b.time) / 1000, serverTime: b.time)
        case MotionNotify:
            // Stale motion is dropped per batch (`takeEvents`), never by searching the
            // connection for more (which would read a whole flood into memory).
            let m = e.xmotion
            return .motion(surface: SurfaceID(m.window), root: Point(x: Double(m.x_root), y: Double(m.y_root)),
                           time: Double(m.time) / 1000)
        case KeyPress:
            return decodeKey(&e.xkey)
        case FocusOut:
            // The user put the focus elsewhere (a window manager's click to focus): not a grab's
            // passing change, nor the focus moving within the card.
            let f = e.xfocus
            guard f.send_event == 0, f.mode == NotifyNormal, f.detail != NotifyInferior, f.detail != NotifyPointer else { return nil }
            return .focusLost(surface: SurfaceID(f.window))
        case SelectionNotify:
            guard let paste = pasteWatch, paste.notice(&e) else { return nil }
            return paste.report().map { .pasted($0) }
        case GenericEvent:
            // The cards' crossings (XInput 2, which `XSendEvent` cannot forge).
            guard let opcode = crossingsOpcode else { return nil }
            var window: Window = 0
            var mode: Int32 = 0
            switch xt_take_crossing(handle, &e, opcode, &window, &mode) {
            case 1: return .enter(surface: SurfaceID(window), grabbing: mode != XINotifyNormal)
            case 2: return .leave(surface: SurfaceID(window), grabbing: mode != XINotifyNormal)
            default: return nil
            }
        case EnterNotify:
            return .enter(surface: SurfaceID(e.xcrossing.window), grabbing: e.xcrossing.mode != NotifyNormal)
        case LeaveNotify:
            return .leave(surface: SurfaceID(e.xcrossing.window), grabbing: e.xcrossing.mode != NotifyNormal)
        default:
            lockWatch?.observe(e)
            if let base = fixesEventBase, e.type == base + XFixesSelectionNotify {
                guard let xsettings = xsettingsWatch, xsettings.isOwnSelection(&e) else { return .compositorChanged }
                xsettings.ownerChanged()
                return nil
            }
            for watcher in watchers where watcher.notice(&e) { return nil }
            if isScreenChange(&e) { return .screenChanged }
            return nil
        }
    }

    /// The event types that carry what the user did with the pointer or the keyboard.
    private static func isUserInput(_ type: Int32) -> Bool {
        switch type {
        case ButtonPress, ButtonRelease, MotionNotify, EnterNotify, LeaveNotify, KeyPress, KeyRelease: true
        default: false
        }
    }

    /// Keeps pointer events coming to `window` while a drag is under way, even off the card.
    /// The corresponding C function is `XGrabPointer`.
    func grabPointer(_ window: Window, time: UInt) {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        XGrabPointer(handle, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, 0, time)
    }

    func ungrabPointer(time: UInt) { XUngrabPointer(handle, time) }

    /// Takes the keyboard (and every pointer event, so a click anywhere reaches the panel and
    /// one outside it can close it); false when another client holds either.
    /// The corresponding C functions are `XGrabKeyboard` and `XGrabPointer`.
    func grabInput(_ window: Window) -> Bool {
        guard XGrabKeyboard(handle, window, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess else { return false }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        guard XGrabPointer(handle, window, 1, mask, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime)) == GrabSuccess else {
            XUngrabKeyboard(handle, UInt(CurrentTime))
            return false
        }
        return true
    }

    func ungrabInput() {
        XUngrabKeyboard(handle, UInt(CurrentTime))
        XUngrabPointer(handle, UInt(CurrentTime))
    }

    /// A key press, read by the input method (`InputMethod.keyStroke`): with one taking
    /// text, what it commits; else the key's plain text. The output adds which binding it is.
    private func decodeKey(_ key: inout XKeyEvent) -> InputEvent? {
        if let method = inputMethod { return method.keyStroke(&key).map { .key($0) } }
        let keysym = XLookupKeysym(&key, 0)
        guard keysym != 0, let name = XKeysymToString(keysym) else { return nil }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = XLookupString(&key, &buffer, Int32(buffer.count - 1), nil, nil)
        let bytes = buffer.prefix(Int(max(0, min(count, 31)))).map { UInt8(bitPattern: $0) }
        return .key(KeyStroke(key: String(cString: name), modifiers: KeyGrabs.modifiers(key.state), code: key.keycode,
                              text: String(decoding: bytes, as: UTF8.self), serverTime: key.time))
    }
}
