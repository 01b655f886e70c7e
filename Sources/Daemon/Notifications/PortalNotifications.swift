import Bus
import DaemonLog
import ToastCore

/// The portal backend (`org.freedesktop.impl.portal.Notification`) without the bus: an
/// `AddNotification` becomes a `Submission` for the service's one way in, as a `Notify` does,
/// from its own owner, with the application id the portal vouches for as its desktop entry;
/// its display hints are carried out here (`show-as-new`, `hide-on-lock-screen`; `transient`
/// and `persistent` are the submission's). Which toast is which application's notification is remembered
/// (`ApplicationNotificationTable`), so only that application's own calls replace or withdraw
/// it, and a chosen action finds what to send back.
final class PortalNotifications: PortalNotificationServer {
    /// The interface's one owner: its events go to `PortalNotificationBus`.
    static let owner = Owner(.bus, 3)
    private let service: ToastService
    private let readDesktopEntry: (String) -> DesktopEntry?
    /// Starts an application whose `app.` action could not be delivered.
    private let launcher: ApplicationLauncher
    /// Writes an icon's or a sound's bytes where the decoder and the player read files.
    private let spool: MediaSpool?
    private var table = ApplicationNotificationTable<PortalNotification>()

    init(service: ToastService, readDesktopEntry: @escaping (String) -> DesktopEntry?,
         runForUser: @escaping (RuleScript, [(String, String)]) -> Void, spool: MediaSpool?) {
        self.service = service
        self.readDesktopEntry = readDesktopEntry
        self.spool = spool
        launcher = ApplicationLauncher(readDesktopEntry: readDesktopEntry, runForUser: runForUser)
    }

    /// The sender a portal toast carries: not a bus name, so no freedesktop client can
    /// replace or close it by its number, and the portal's own connection leaving never
    /// drops its late actions.
    static func sender(_ appID: String) -> String { "portal:" + appID }

    func add(_ notification: PortalNotification, now: Double, wallNow: Double) -> [String] {
        let appID = notification.appID, id = notification.id
        var notes: [String] = []
        let entry = DesktopAppID.isValid(appID) ? readDesktopEntry(appID) : nil
        var call = notification.call
        // Without a `.desktop` file the id names the application.
        if entry == nil { call.appName = appID }
        if let bytes = notification.iconBytes {
            if let spool { spool.keepPicture(bytes, for: &call).map { notes.append($0) } } else { notes.append("icon not shown: no folder to keep it in") }
        }
        if let bytes = notification.soundBytes {
            switch spool?.keep(bytes, kind: "sound") {
            case let .success(path)?: call.hints["sound-file"] = .string(path)
            case let .failure(problem)?: notes.append("sound not played: \(problem)")
            case nil: notes.append("sound not played: no folder to keep it in")
            }
        }
        var shaped = notification
        shaped.call = call
        let mapped = shaped.decide(entry: entry)
        var submission = mapped.submission(replacesID: 0, sender: Self.sender(appID))
        submission.interface = .portal
        submission.keepOpen = notification.displayHints.contains(.persistent)
        // The same id from the same application replaces its notification in place, or, with
        // `show-as-new`, ends it so the new one enters as a new card.
        if let shown = table.toastID(appID: appID, id: id), service.board.owner(of: shown) == Self.owner {
            if notification.displayHints.contains(.showAsNew) {
                _ = service.dismiss(shown, reason: .replaced, now: now)
            } else {
                submission.replacesID = shown
            }
        }
        let admitted = service.submit(submission, from: Self.owner, now: now, wallNow: wallNow)
        guard !admitted.id.isEmpty else { return notes + mapped.notes + admitted.warnings }
        table.remember(toastID: admitted.id, appID: appID, id: id, notification)
        // Not for a locked screen: it goes straight into history, as a suppressed toast does.
        if notification.displayHints.contains(.hideOnLockScreen), !service.lockedMonitors.isEmpty,
           service.board.owner(of: admitted.id) == Self.owner {
            _ = service.dismiss(admitted.id, reason: .suppressed, now: now)
            notes.append("hide-on-lock-screen while the screen is locked: kept in history, not shown")
        }
        return notes + mapped.notes + admitted.warnings
    }

    func remove(appID: String, id: String, now: Double) {
        guard let shown = table.toastID(appID: appID, id: id) else { return }
        table.forget(appID: appID, id: id)
        guard service.board.owner(of: shown) == Self.owner else { return }
        _ = service.dismiss(shown, reason: .api, now: now)
    }

    func invocation(for delivery: BoardChanges.Delivery) -> PortalInvocation? {
        let key: String, response: String?
        switch delivery.event {
        case let .action(_, chosen): (key, response) = (chosen, nil)
        case let .replied(_, text): (key, response) = (ReplyOptions.actionKey, text)
        default: return nil
        }
        guard let record = table.record(toastID: delivery.event.id), let action = record.notification.actions[key] else { return nil }
        return PortalInvocation(appID: record.appID, id: record.id, action: action, response: response)
    }

    func launch(appID: String, token: String?, now: Double) -> Bool { launcher.launch(appID: appID, token: token) }

    /// Every live toast of this interface ends with reason 4 (another backend has the name).
    func endAll(now: Double) {
        for id in service.board.ids(ownedBy: Self.owner) where service.board.owner(of: id) == Self.owner {
            _ = service.dismiss(id, reason: .replaced, now: now)
        }
    }
}
