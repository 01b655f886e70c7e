// libFuzzer target: an `org.gtk.Notifications.AddNotification`'s `a{sv}`, as the bus reader
// hands it over (`GtkVariant`s of every shape it makes), through `GtkNotification.decode`,
// the freedesktop-shaped call it becomes, the mapping, and the admission and board with the
// application's earlier notification before it (the same id replaces in place). No trap, and
// every limit holds: buttons, action names, what a chosen key activates. Built by
// scripts/fuzz; in a plain `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

/// The keys GLib sends, so the fuzzer hits them without guessing their spelling.
private let keys = ["title", "body", "markup-body", "icon", "priority", "category", "default-action",
                    "default-action-target", "buttons", "label", "action", "target", "purpose"]

private func target(_ input: inout FuzzInput) -> ActionTarget {
    switch input.byte() % 6 {
    case 0: return .string(input.string(maxBytes: 60))
    case 1: return .bool(input.bool())
    case 2: return .int32(Int32(truncatingIfNeeded: input.int(in: 0...65_535) - 32_768))
    case 3: return .uint64(UInt64(input.byte()) << 56)
    case 4: return .double(input.double(in: -1e9...1e9))
    default: return .objectPath("/" + input.string(maxBytes: 20))
    }
}

private func variant(_ input: inout FuzzInput, depth: Int) -> GtkVariant {
    switch input.byte() % 7 {
    case 0, 1:
        let word = input.pick(["app.", "win.", ""]) + input.pick(["open", "snooze", "low", "urgent", "high", ""]) + input.string(maxBytes: 20)
        return .value(input.bool() ? .string(word) : target(&input))
    case 2: return .strings((0..<input.int(in: 0...4)).map { _ in input.string(maxBytes: 40) })
    case 3: return .bytes([UInt8](repeating: input.byte(), count: input.int(in: 0...64)))
    case 4: return .pair(input.pick(["themed", "file", "bytes", "emblemed"]), depth > 0 ? variant(&input, depth: depth - 1) : .unusable("v"))
    case 5 where depth > 0:
        return .dictionaries((0..<input.int(in: 0...5)).map { _ in fields(&input, depth: depth - 1) })
    default: return .unusable(input.string(maxBytes: 8))
    }
}

private func fields(_ input: inout FuzzInput, depth: Int) -> [String: GtkVariant] {
    var fields: [String: GtkVariant] = [:]
    for _ in 0..<input.int(in: 0...10) {
        fields[input.bool() ? input.pick(keys) : input.string(maxBytes: 12)] = variant(&input, depth: depth)
    }
    return fields
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    var board = Board(config: Config())
    let owner = Owner(.bus, 2)
    let appID = input.pick(["org.gnome.Calendar", "a.b", "org.example.App-1"])
    let entry = input.bool() ? DesktopEntry(name: input.string(maxBytes: 80), icon: input.string(maxBytes: 40)) : nil
    var firstID: String?
    for round in 0..<2 {
        let (notification, _) = GtkNotification.decode(fields(&input, depth: 2))
        fuzzCheck(notification.buttons.count <= GtkNotificationLimits.maxButtons, "\(notification.buttons.count) buttons")
        for action in notification.buttons.map(\.action) + [notification.defaultAction].compactMap({ $0 }) {
            fuzzCheck(GtkApplication.isValidActionName(action.name), "an invalid action name kept")
        }
        let call = notification.notifyCall(appID: appID, entry: entry)
        let decision = NotificationMapping.decide(call, entry: entry, tameChromium: false)
        let request = decision.request
        fuzzCheck(request.actions.count <= Action.maxCount, "\(request.actions.count) buttons on the card")
        fuzzCheck((request.title ?? "").unicodeScalars.count <= NotificationLimits.maxSummaryCharacters + 1, "a title past its limit")
        fuzzCheck(request.message.unicodeScalars.count <= NotificationLimits.maxBodyCharacters + 1, "a body past its limit")
        // Every key on the card activates something of this notification.
        for key in request.actions.map(\.id) + [request.defaultAction].compactMap({ $0 }) {
            fuzzCheck(notification.activation(forKey: key) != nil, "a key \(key) that activates nothing")
        }
        var submission = decision.submission(replacesID: 0, sender: "gtk:" + appID)
        submission.interface = .gtk
        if round == 1 { submission.replacesID = firstID }
        let admitted = Admission.decide(submission, board: board, now: Double(round))
        let id = board.carryOut(admitted, owner: owner, now: Double(round))
        if round == 0 { firstID = id }
        if round == 1, case .replace = admitted.action { fuzzCheck(id == firstID, "replaced \(String(describing: firstID)) under \(id)") }
    }
    return 0
}
