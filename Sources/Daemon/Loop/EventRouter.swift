import JSONCodec
import ToastCore

/// Sends each event to where its owners are: socket owners' to `Clients`, each bus
/// interface's to its server once it is on the bus.
final class EventRouter: EventSink {
    private let clients: Clients
    /// Set once the bus is connected; until then (and with `--no-dbus`) bus events go nowhere.
    var bus: ((BoardChanges.Delivery) -> Void)?
    /// `org.gtk.Notifications`' events (`GtkNotifications.owner`), set with `bus`.
    var gtk: ((BoardChanges.Delivery) -> Void)?
    /// The portal backend's events (`PortalNotifications.owner`), set with `bus`.
    var portal: ((BoardChanges.Delivery) -> Void)?

    /// Runs before a bus event is sent (a signal leaves at once): the ended toasts' history
    /// lines go into the file first (`ToastService.writeHeldHistory`). Socket events wait in
    /// their clients' queues, which write them after `Clients.beforeWriting`.
    var beforeSending: () -> Void = {}

    init(clients: Clients) { self.clients = clients }

    func deliver(_ delivery: BoardChanges.Delivery) {
        var sockets = delivery
        sockets.recipients = delivery.recipients.filter { $0.source == .socket }
        if !sockets.recipients.isEmpty { clients.deliver(sockets) }
        let toBus = delivery.recipients.contains(DesktopNotifications.owner), toGtk = delivery.recipients.contains(GtkNotifications.owner),
            toPortal = delivery.recipients.contains(PortalNotifications.owner)
        if toBus || toGtk || toPortal { beforeSending() }
        if toBus { bus?(delivery) }
        if toGtk { gtk?(delivery) }
        if toPortal { portal?(delivery) }
    }

    func send(_ line: JSON, to owners: [Owner]) { clients.send(line, to: owners.filter { $0.source == .socket }) }
}
