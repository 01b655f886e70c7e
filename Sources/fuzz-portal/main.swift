// libFuzzer target: the portal backend's `AddNotification(app_id, id, a{sv})` options, as the
// bus reader hands them over (`PortalValue`, every kind it makes), through `PortalNotification`
// and what turns it into a toast (`NotificationMapping.decide`, the submission). No trap, and
// the limits hold: at most `maxButtons` actions kept, at most `Action.maxCount` buttons shown.
// Built by scripts/fuzz; in a plain `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

/// The keys the backend reads, so the fuzzer hits them without guessing their spelling.
private let keys = ["title", "body", "markup-body", "icon", "sound", "priority", "category", "default-action",
                    "default-action-target", "buttons", "display-hint", "label", "action", "target", "purpose"]

private func value(_ input: inout FuzzInput, depth: Int) -> PortalValue {
    switch input.byte() % (depth > 2 ? 6 : 8) {
    case 0: return .string(input.pick(["themed", "silent", "urgent", "low", "transient", "im.reply-with-text",
                                       "system.custom-alert", ""]) + input.string(maxBytes: 200))
    case 1: return .strings((0..<input.int(in: 0...6)).map { _ in input.string(maxBytes: 40) })
    case 2: return .bool(input.bool())
    case 3: return input.bool() ? .int(Int64(input.int(in: 0...65_535)) - 32_768) : .typed(.uint32(UInt32(input.int(in: 0...65_535))))
    case 4: return .bytes((0..<input.int(in: 0...32)).map { _ in input.byte() })
    case 5: return .unusable(input.string(maxBytes: 8))
    case 6: return .tuple((0..<input.int(in: 0...3)).map { _ in value(&input, depth: depth + 1) })
    default: return .dicts((0..<input.int(in: 0...12)).map { _ in options(&input, depth: depth + 1) })
    }
}

private func options(_ input: inout FuzzInput, depth: Int) -> [String: PortalValue] {
    var options: [String: PortalValue] = [:]
    for _ in 0..<input.int(in: 0...10) {
        options[input.bool() ? input.pick(keys) : input.string(maxBytes: 20)] = value(&input, depth: depth)
    }
    return options
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    let appID = input.pick(["org.gnome.Calendar", "", "a.b"]) + input.string(maxBytes: 30)
    let added = PortalNotification.decode(appID: appID, id: input.string(maxBytes: 30), options(&input, depth: 0))
    fuzzCheck(added.actions.count <= PortalNotification.maxButtons + 1, "\(added.actions.count) actions kept")
    let decision = NotificationMapping.decide(added.call)
    fuzzCheck(decision.request.actions.count <= Action.maxCount, "\(decision.request.actions.count) buttons")
    fuzzCheck(added.decide(entry: nil).request.actions.count == decision.request.actions.count, "purposes changed the buttons")
    _ = decision.submission(replacesID: 0, sender: ":1.1")
    return 0
}
