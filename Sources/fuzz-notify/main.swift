// libFuzzer target: a `Notify` call's arguments and hints, as the bus reader hands them over
// (`NotifyCall`, every hint type the reader makes), through what turns them into a toast:
// `NotificationMapping.decide`, the submission, and the admission and board with a live toast
// from the same sender before it (for `replaces_id`, `x-canonical-append` and the stack tag).
// Then the inline reply's editing state (`ReplyField`) under the rest of the input as keys.
// No trap, and every limit the server promises holds. Built by scripts/fuzz; in a plain
// `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

/// The hint names the server reads, so the fuzzer hits them without guessing their spelling.
private let names = ["urgency", "category", "desktop-entry", "image-data", "image_data", "icon_data", "image-path",
                     "image_path", "resident", "transient", "action-icons", "x-canonical-append",
                     "x-canonical-private-synchronous", "x-dunst-stack-tag", "x-kde-origin-name",
                     "x-kde-display-appname", "x-kde-urls", "value", "sound-name", "sound-file", "suppress-sound"]

private func hintValue(_ input: inout FuzzInput) -> HintValue {
    switch input.byte() % 7 {
    case 0: return .byte(input.byte())
    case 1: return .bool(input.bool())
    case 2: return .int(Int64(input.int(in: 0...65_535)) - 32_768 + (input.bool() ? Int64.max - 65_535 : 0))
    case 3: return .string(input.string(maxBytes: 300))
    case 4:
        let count = input.int(in: 0...NotificationLimits.maxHintStrings)
        return .strings((0..<count).map { _ in input.string(maxBytes: 80) })
    case 5:
        let w = input.int(in: 1...8), h = input.int(in: 1...8), alpha = input.bool()
        let channels = alpha ? 4 : 3
        return .image(RawImage(width: w, height: h, rowstride: w * channels, hasAlpha: alpha, bitsPerSample: 8,
                               channels: channels, bytes: [UInt8](repeating: input.byte(), count: w * h * channels)))
    default: return .unusable(input.string(maxBytes: 20))
    }
}

private func call(_ input: inout FuzzInput, replacesID: UInt32) -> NotifyCall {
    var call = NotifyCall(appName: input.pick(["Chromium", "Google Chrome", "Telegram", ""]) + input.string(maxBytes: 80),
                          replacesID: replacesID, appIcon: input.string(maxBytes: 60), summary: input.string(maxBytes: 240))
    let actionCount = input.int(in: 0...NotificationLimits.maxActionStrings)
    call.actions = (0..<actionCount).map { _ in input.pick(["default", "inline-reply", "mail-reply", ""]) + input.string(maxBytes: 40) }
    let hintCount = input.int(in: 0...12)
    for _ in 0..<hintCount {
        let name = input.bool() ? input.pick(names) : input.string(maxBytes: 20)
        call.hints[name] = hintValue(&input)
    }
    call.expireTimeout = Int32(truncatingIfNeeded: (input.int(in: 0...65_535) - 2) * (input.bool() ? 40_000 : 1))
    call.body = input.string(maxBytes: 2_400)
    return call
}

/// The inline reply's editing state under any keys and pastes: the text stays within
/// `ReplyField.maxBytes`, the caret and the selection within the text, and a submit is the text.
private func replyField(_ input: inout FuzzInput) {
    let keys: [KeyPress.Key] = [.up, .down, .left, .right, .tab, .pageUp, .pageDown, .home, .end, .enter, .delete,
                                .backspace, .escape, .space, .digit(1), .text]
    var field = ReplyField(input.string(maxBytes: 64))
    var steps = 0
    while !input.isAtEnd, steps < 200 {
        steps += 1
        switch input.byte() % 4 {
        case 0: field.insert(input.string(maxBytes: 600))
        case 1: field.select(from: input.int(in: 0...5000) - 100, to: input.int(in: 0...5000) - 100)
        default:
            let press = KeyPress(input.pick(keys), text: input.string(maxBytes: 8), shift: input.bool(), command: input.bool())
            if case let .submit(text) = field.apply(press) {
                fuzzCheck(text == field.string && !text.allSatisfy(\.isWhitespace), "submitted \(text) from \(field.string)")
            }
        }
        fuzzCheck(field.byteCount <= ReplyField.maxBytes, "a reply of \(field.byteCount) bytes")
        fuzzCheck((0...field.text.count).contains(field.caret), "caret \(field.caret) in \(field.text.count)")
        if let selection = field.selection { fuzzCheck(selection.upperBound <= field.text.count, "selection \(selection)") }
        fuzzCheck(!field.string.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character typed into the reply")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    var config = Config()
    config.tameChromium = input.bool()
    var board = Board(config: config)
    let owner = Owner(.bus, 1)
    let sender = ":1.\(input.byte() % 3)"

    let first = call(&input, replacesID: 0)
    let firstDecision = NotificationMapping.decide(first, tameChromium: config.tameChromium)
    let firstID = board.carryOut(Admission.decide(firstDecision.submission(replacesID: 0, sender: ":1.0"), board: board, now: 0),
                                 owner: owner, now: 0)

    let second = call(&input, replacesID: input.bool() ? UInt32(firstID) ?? 0 : UInt32(input.byte()))
    let decision = NotificationMapping.decide(second, tameChromium: config.tameChromium)
    let request = decision.request
    // The body's limit, an ellipsis, and the `x-kde-urls` links: each URL (at most
    // `ProtocolLimits.maxIconBytes`) twice, every byte escaped to at most 6 characters, and its tags.
    let bodyBound = NotificationLimits.maxBodyCharacters + 1 + NotificationLimits.maxURLs * (12 * ProtocolLimits.maxIconBytes + 20)
    fuzzCheck(request.message.unicodeScalars.count <= bodyBound, "a body of \(request.message.unicodeScalars.count) scalars")
    fuzzCheck((request.title ?? "").unicodeScalars.count <= NotificationLimits.maxSummaryCharacters + 1, "a summary past its limit")
    fuzzCheck((request.app ?? "").count <= NotificationLimits.maxAppNameCharacters, "an app name past its limit")
    fuzzCheck(request.actions.count <= Action.maxCount, "\(request.actions.count) buttons")
    fuzzCheck(request.actions.allSatisfy { !$0.id.isEmpty && $0.id.utf8.count <= NotificationLimits.maxNameBytes && $0.label.count <= ProtocolLimits.maxActionLabel },
              "an action past its limits")
    fuzzCheck(Set(request.actions.map(\.id)).count == request.actions.count, "two buttons with one key")
    fuzzCheck((request.origin ?? "").count <= NotificationLimits.maxOriginCharacters && !(request.origin ?? "").contains("\n"),
              "an origin past one short line")
    fuzzCheck(request.progress.map { $0 >= 0 && $0 <= 100 } ?? true, "progress \(String(describing: request.progress))")
    fuzzCheck(request.timeout.map { $0 >= 0 && $0 <= ProtocolLimits.maxTimeout } ?? true, "timeout \(String(describing: request.timeout))")
    if let tag = decision.stackTag { fuzzCheck(!tag.isEmpty && tag.utf8.count <= NotificationLimits.maxNameBytes, "a stack tag past its limit") }
    if let icon = request.icon { fuzzCheck(icon.utf8.count <= ProtocolLimits.maxIconBytes, "an icon of \(icon.utf8.count) bytes") }
    if NotificationMapping.urgency(second.hints["urgency"]) == .critical {
        let tamed = config.tameChromium && BrowserCritical.isChromium(app: second.appName, desktopEntry: second.hints["desktop-entry"]?.string)
            && !BrowserCritical.isKept(origin: BrowserCritical.origin(hint: second.hints["x-kde-origin-name"]?.string, body: second.body))
        fuzzCheck((request.urgency == .normal) == tamed, "critical from \(second.appName) shown as \(String(describing: request.urgency))")
    }

    let submission = decision.submission(replacesID: second.replacesID, sender: sender)
    let admitted = Admission.decide(submission, board: board, now: 1)
    if case let .replace(id) = admitted.action {
        // Only the sender's own toast is ever replaced or appended to.
        fuzzCheck(board.busClient(sender, mayActOn: id), "\(sender) replaced \(id), not its own")
        fuzzCheck(admitted.toast.message.unicodeScalars.count <= bodyBound,
                  "an appended body of \(admitted.toast.message.unicodeScalars.count) scalars")
        if submission.append, submission.replacesID == nil {
            fuzzCheck(admitted.toast.message.unicodeScalars.count <= NotificationLimits.maxBodyCharacters,
                      "an appended body past \(NotificationLimits.maxBodyCharacters) characters")
        }
    }
    _ = board.carryOut(admitted, owner: owner, now: 1)
    replyField(&input)
    for signal in board.takeChanges().deliveries.flatMap(NotificationMapping.signals(for:)) {
        if case let .notificationClosed(_, reason) = signal { fuzzCheck((1...4).contains(reason), "reason \(reason)") }
    }
    return 0
}
