import ToastCore

/// Which toast shows which application's notification (GLib's or the portal's: an
/// application id and its own notification id), both ways, at most
/// `GtkNotificationLimits.maxRemembered` (the oldest forgotten first), so a replacement, a
/// withdrawal and a late action from the centre still find it.
struct ApplicationNotificationTable<Notification> {
    struct Key: Hashable {
        var appID: String
        var id: String
    }

    struct Record {
        var appID: String
        var id: String
        var notification: Notification
    }

    private var byToast: [String: Record] = [:]
    private var byKey: [Key: String] = [:]
    /// Toast ids, oldest first, for forgetting.
    private var order: [String] = []

    func toastID(appID: String, id: String) -> String? { byKey[Key(appID: appID, id: id)] }

    func record(toastID: String) -> Record? { byToast[toastID] }

    mutating func remember(toastID: String, appID: String, id: String, _ notification: Notification) {
        let key = Key(appID: appID, id: id)
        if let old = byKey[key], old != toastID { byToast[old] = nil }
        if byToast[toastID] == nil { order.append(toastID) }
        byToast[toastID] = Record(appID: appID, id: id, notification: notification)
        byKey[key] = toastID
        while order.count > GtkNotificationLimits.maxRemembered {
            let oldest = order.removeFirst()
            guard let record = byToast.removeValue(forKey: oldest) else { continue }
            let oldKey = Key(appID: record.appID, id: record.id)
            if byKey[oldKey] == oldest { byKey[oldKey] = nil }
        }
    }

    /// A withdrawn notification: no later action reaches it.
    mutating func forget(appID: String, id: String) {
        guard let toastID = byKey.removeValue(forKey: Key(appID: appID, id: id)) else { return }
        byToast[toastID] = nil
    }
}
