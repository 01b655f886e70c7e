import Bus
import Operations
import ToastCore
import Transport

/// The freedesktop notification server without the bus: a `Notify` call becomes a
/// `Submission` for the service's one way in (`ToastService.submit`, where rules, the
/// critical policy, stack tags and replacing are decided), `CloseNotification` a dismissal,
/// and the board's events for bus toasts the signals to emit. The bus adapter
/// (`NotificationBus`) only reads and writes messages, so everything here runs in
/// `DaemonTests` on a fake screen.
final class DesktopNotifications: NotificationServer {
    /// Every bus client is one owner: the interface's signals go to the whole bus anyway.
    static let owner = Owner(.bus, 1)
    private let service: ToastService

    /// Set while critical notifications are shown as normal, so the log says it once per flood.
    private var clampingCritical = false

    /// An application's `.desktop` file by its id (nil: none found): `DesktopEntryIndex.entry`,
    /// a hash lookup.
    private let readDesktopEntry: (String) -> DesktopEntry?

    init(service: ToastService, readDesktopEntry: @escaping (String) -> DesktopEntry? = { _ in nil }) {
        self.service = service
        self.readDesktopEntry = readDesktopEntry
    }

    private func desktopEntry(_ call: NotifyCall) -> DesktopEntry? {
        guard let id = call.hints["desktop-entry"]?.string, !id.isEmpty else { return nil }
        return readDesktopEntry(id)
    }

    /// Shows, replaces or skips a notification; returns its id (never 0) and lines for the
    /// log. `sender` is the client's unique bus name, `process` its process and sandbox (for
    /// `[general] focused_app`); `wallNow` the scripts' timestamp.
    ///
    /// `replaces_id` of a live toast shown over the bus replaces it in place (same id, no
    /// `NotificationClosed`) when `sender` sent it or its sender has left the bus
    /// (`Board.busClient(_:mayActOn:)`); of one that is gone, another application's, or one
    /// a script showed on the socket, a new toast is shown, as the specification asks for an
    /// id it does not know. A stack tag a
    /// live toast of the same application has ends that toast (reason 4) for the new one,
    /// under the same rule of who may act on it. A
    /// toast a rule skips or drops still gets its id, then `NotificationClosed` (reason 2).
    func notify(_ call: NotifyCall, sender: String? = nil, process: SenderProcess? = nil, now: Double,
                wallNow: Double = 0) -> (id: UInt32, notes: [String]) {
        let mapped = NotificationMapping.decide(call, entry: desktopEntry(call), tameChromium: service.board.config.tameChromium)
        var notes = mapped.notes
        var submission = mapped.submission(replacesID: call.replacesID, sender: sender)
        submission.senderProcess = process
        let admitted = service.submit(submission, from: Self.owner, now: now, wallNow: wallNow)
        let clamped = admitted.clampedCritical
        if clamped, !clampingCritical {
            notes.append("more than \(NotificationLimits.maxLiveCritical) critical notifications: new ones are shown as normal")
        }
        if submission.request.urgency == .critical { clampingCritical = clamped }
        notes += admitted.warnings
        // The board's ids for new toasts are decimal and below UInt32.max; 0 is never one.
        return (UInt32(admitted.id) ?? 0, notes)
    }

    /// `CloseNotification` from `sender`: ends the toast with reason 3. An id that is gone
    /// is no error: the client and the user may simply have raced. A socket toast's id is
    /// unknown here (its script waits for its answer; only `xtoast dismiss` ends it), and so
    /// is another application's while that one is still on the bus: the call is ignored.
    func close(_ id: UInt32, sender: String? = nil, now: Double) {
        guard isOurs(String(id)), service.board.busClient(sender, mayActOn: String(id)) else { return }
        _ = service.dismiss(String(id), reason: .api, now: now)
    }

    /// Whether a live toast was shown over the bus: the only toasts a bus client may replace
    /// or close, so a bus client cannot rewrite or end what a script asked.
    private func isOurs(_ id: String) -> Bool { service.board.owner(of: id) == Self.owner }

    /// A granted bus hand-over (`NotificationBus.grantHandOver`), from `caller` (the process
    /// that proved itself over the socket): only an xtoastd of this user (the same executable
    /// as `own`, one started with `--replace`) may ask. Then every toast
    /// this server showed ends with reason 4 while it still owns the name, so their clients
    /// hear it; nothing else changes (the listeners of late actions stay until the name moves).
    /// False, and nothing ends, for any other caller.
    func handOver(from caller: PeerIdentity?, own: PeerIdentity, now: Double) -> Bool {
        guard let caller, caller.mayTakeOver(from: own) else { return false }
        endToasts(now: now)
        return true
    }

    /// This server has just been given the name: the server before it (dunst) has gone, and
    /// with it any key of `[keys]` it held.
    func nameAcquired() { service.retryRefusedKeys() }

    func takeCrashedIDs() -> [UInt32] { service.takeCrashedBusIDs() }

    /// A bus application left the bus (`NameOwnerChanged` with no new owner): its toasts'
    /// late actions and restored buttons go, since nobody would hear them.
    func nameLeft(_ name: String, now: Double) {
        service.busNameLeft(name, now: now)
        service.inhibitorLeft(name, now: now)
    }

    /// `Inhibit`: quiet while the caller holds the cookie, is on the bus, and (with the hints'
    /// `timeout`, seconds) until that time is up.
    func inhibit(desktopEntry: String, reason: String, hints: [String: HintValue], caller: String,
                 now: Double) -> Result<UInt32, QuietProblem> {
        switch QuietState.timeoutHint(hints) {
        case let .failure(problem): return .failure(problem)
        case let .success(timeout):
            return service.inhibit(desktopEntry: desktopEntry, reason: reason, caller: caller, timeout: timeout, now: now)
        }
    }

    func uninhibit(_ cookie: UInt32, caller: String, now: Double) -> Bool { service.uninhibit(cookie, caller: caller, now: now) }

    var inhibited: Bool { service.inhibited }

    /// Another server took the bus name: every toast this server showed ends with reason 4,
    /// and no late action goes out under a name this server no longer owns.
    func endAll(now: Double) {
        endToasts(now: now)
        // After the ends: a toast kept open in the centre ends with reason 4 too, not as one
        // nobody can hear.
        service.busNameLeft(nil, now: now)
    }

    /// Every live toast this server showed ends with reason 4, oldest id first. The board's
    /// owners say which (a set of the ids issued here, swept as it doubled, stalled a bus
    /// flood's frames by up to 13 ms a sweep).
    private func endToasts(now: Double) {
        for id in service.board.ids(ownedBy: Self.owner).sorted(by: { (UInt32($0) ?? 0) < (UInt32($1) ?? 0) })
        where service.board.owner(of: id) == Self.owner {
            _ = service.dismiss(id, reason: .replaced, now: now)
        }
    }

    /// What `GetCapabilities` answers: `sound` only while sounds can play, `persistence` only
    /// while the centre keeps toasts with actions open (`[center] keep_open = actions`).
    var capabilities: [String] {
        NotificationMapping.capabilities(sound: service.canPlaySound, persistence: service.board.config.center.keepOpen == .actions)
    }

    /// The signals an event for a bus toast becomes.
    func signals(for delivery: BoardChanges.Delivery) -> [NotificationMapping.Signal] { NotificationMapping.signals(for: delivery) }
}
