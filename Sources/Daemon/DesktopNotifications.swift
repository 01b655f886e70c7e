import ToastCore
import Transport

/// The freedesktop notification server's logic, without the bus: `Notify` and
/// `CloseNotification` become board operations, and the board's events for bus toasts become
/// the signals to emit. The bus adapter (`NotificationBus`) only reads and writes messages,
/// so everything here runs in `DaemonTests` on a fake screen.
final class DesktopNotifications {
    /// Every bus client is one owner: the interface's signals go to the whole bus anyway.
    static let owner = Owner(.bus, 1)
    private let service: ToastService
    /// Live toasts by stack tag (`x-dunst-stack-tag`, `x-canonical-private-synchronous`),
    /// per application, as dunst scopes them.
    private var tags: [TagKey: String] = [:]
    private var images: UInt64 = 0
    /// Ids this server showed that may still be live, so they can all end when the name is lost.
    private var issued: Set<String> = []

    private struct TagKey: Hashable {
        var app: String
        var tag: String
    }

    /// Set while critical notifications are shown as normal, so the log says it once per flood.
    private var clampingCritical = false

    /// Reads an application's `.desktop` file by its id (nil: none found), at most once per id.
    private let readDesktopEntry: (String) -> DesktopEntry?
    private var desktopEntries: [String: DesktopEntry?] = [:]

    init(service: ToastService, readDesktopEntry: @escaping (String) -> DesktopEntry? = { _ in nil }) {
        self.service = service
        self.readDesktopEntry = readDesktopEntry
    }

    private func desktopEntry(_ call: NotifyCall) -> DesktopEntry? {
        guard let id = call.hints["desktop-entry"]?.string, !id.isEmpty else { return nil }
        if let known = desktopEntries[id] { return known }
        // A handful of applications notify; a client inventing ids cannot grow this for ever.
        if desktopEntries.count >= 64 { desktopEntries = [:] }
        let entry = readDesktopEntry(id)
        desktopEntries[id] = entry
        return entry
    }

    private func liveCritical() -> Int {
        let board = service.board
        return issued.filter { board.toast($0)?.urgency == .critical }.count
    }

    /// Shows or replaces a notification; returns its id (never 0) and lines for the log.
    ///
    /// `replaces_id` of a live toast shown over the bus replaces it in place (same id, no
    /// `NotificationClosed`); of one that is gone, or that a script showed on the socket, a
    /// new toast is shown, as the specification asks for an id it does not know. A stack tag a
    /// live toast of the same application has ends that toast (reason 4) for the new one.
    func notify(_ call: NotifyCall, now: Double) -> (id: UInt32, notes: [String]) {
        var decision = NotificationMapping.decide(call, entry: desktopEntry(call))
        var notes = decision.notes
        if decision.request.urgency == .critical, liveCritical() >= NotificationLimits.maxLiveCritical {
            decision.request.urgency = .normal
            decision.request.timeout = nil
            if !clampingCritical { notes.append("more than \(NotificationLimits.maxLiveCritical) critical notifications: new ones are shown as normal") }
            clampingCritical = true
        } else if decision.request.urgency == .critical {
            clampingCritical = false
        }
        var iconFile: String?
        if let image = decision.image {
            images &+= 1
            switch service.storeImage("dbus-image-\(images)", image) {
            case let .success(name): iconFile = name
            case let .failure(error): notes.append(error.message)
            }
        }
        let app = decision.request.app ?? ""
        let tagKey = decision.stackTag.map { TagKey(app: app, tag: $0) }
        var found: String?
        if call.replacesID != 0, isOurs(String(call.replacesID)) {
            let old = String(call.replacesID)
            if service.replace(old, with: decision.request, iconFile: iconFile, now: now) { found = old }
        }
        if found == nil, let tagKey, let old = tags[tagKey], isOurs(old) {
            found = service.takeOver(old, with: decision.request, from: Self.owner, iconFile: iconFile, now: now)
        }
        let id: String
        if let found {
            id = found
        } else {
            let shown = service.show(decision.request, from: Self.owner, iconFile: iconFile, now: now)
            id = shown.id
            if let warning = shown.warning { notes.append(warning) }
        }
        if let tagKey { tags[tagKey] = id }
        issued.insert(id)
        let board = service.board
        tags = tags.filter { board.toast($0.value) != nil }
        issued = issued.filter { board.toast($0) != nil }
        // The board's ids for new toasts are decimal and below UInt32.max; 0 is never one.
        return (UInt32(id) ?? 0, notes)
    }

    /// `CloseNotification`: ends the toast with reason 3. An id that is gone is no error:
    /// the client and the user may simply have raced. A socket toast's id is unknown here
    /// (its script waits for its answer; only `xtoast dismiss` ends it).
    func close(_ id: UInt32, now: Double) {
        guard isOurs(String(id)) else { return }
        _ = service.dismiss(String(id), reason: .api, now: now)
    }

    /// Whether a live toast was shown over the bus: the only toasts a bus client may replace
    /// or close, so a bus client cannot rewrite or end what a script asked.
    private func isOurs(_ id: String) -> Bool { service.board.owner(of: id) == Self.owner }

    /// Another server took the bus name: every toast this server showed ends with reason 4.
    func endAll(now: Double) {
        for id in issued.sorted(by: { (UInt32($0) ?? 0) < (UInt32($1) ?? 0) }) where service.board.owner(of: id) == Self.owner {
            _ = service.dismiss(id, reason: .replaced, now: now)
        }
        issued = []
        tags = [:]
    }

    /// The signal an event for a bus toast becomes.
    func signal(for event: ToastEvent) -> NotificationMapping.Signal? { NotificationMapping.signal(for: event) }
}

/// Sends each event to where its owners are: socket owners' to `Clients`, bus owners' to the
/// notification server once it is on the bus.
final class EventRouter: EventSink {
    private let clients: Clients
    /// Set once the bus is connected; until then (and with `--no-dbus`) bus events go nowhere.
    var bus: ((ToastEvent) -> Void)?

    init(clients: Clients) { self.clients = clients }

    func deliver(_ delivery: BoardChanges.Delivery) {
        var sockets = delivery
        sockets.recipients = delivery.recipients.filter { $0.source == .socket }
        if !sockets.recipients.isEmpty { clients.deliver(sockets) }
        if delivery.recipients.contains(where: { $0.source == .bus }) { bus?(delivery.event) }
    }
}

extension DesktopEntry {
    /// The first readable `ID.desktop` in the XDG data directories, read with a size cap.
    static func read(_ id: String) -> DesktopEntry? {
        let environment = IconEnvironment(variable: Environment.get)
        for file in files(for: id, environment: environment) {
            if case let .success(bytes) = BoundedFile.read(file, maxBytes: maxBytes) {
                return parse(String(decoding: bytes, as: UTF8.self))
            }
        }
        return nil
    }
}
