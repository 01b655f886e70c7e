import Testing
@testable import ToastCore

/// Issue 29's compatibility hints that change what a toast becomes: `x-canonical-append`,
/// `action-icons` and Chromium's critical web notifications (`BrowserCritical`).
@Suite struct SenderQuirksTests {
    let bus = Owner(.bus, 1)

    func notify(_ board: inout Board, _ call: NotifyCall, sender: String = ":1.7", tame: Bool = true) -> (id: String, action: Admission.Action) {
        let submission = NotificationMapping.decide(call, tameChromium: tame).submission(replacesID: call.replacesID, sender: sender)
        let decision = Admission.decide(submission, board: board, now: 0)
        return (board.carryOut(decision, owner: bus, now: 0), decision.action)
    }

    func chat(_ body: String, summary: String = "Ann", append: HintValue? = .string("true")) -> NotifyCall {
        NotifyCall(appName: "Pidgin", summary: summary, body: body, hints: append.map { ["x-canonical-append": $0] } ?? [:])
    }

    @Test("x-canonical-append: the sender's live toast with the same app and summary shows both bodies in place, same id; advertised")
    func append() {
        #expect(NotificationMapping.capabilities.contains("x-canonical-append"))
        var board = Board()
        let first = notify(&board, chat("hi"))
        let second = notify(&board, chat("are you there?"))
        #expect(second.action == .replace(id: first.id))
        #expect(second.id == first.id)
        #expect(board.toast(first.id)?.message == "hi\nare you there?")
        #expect(board.liveToasts.count == 1)
    }

    @Test("x-canonical-append: another summary, another sender, no hint or an explicit false show a new toast")
    func appendOnlyToItsOwn() {
        var board = Board()
        let first = notify(&board, chat("hi"))
        #expect(notify(&board, chat("x", summary: "Bob")).id != first.id)
        #expect(notify(&board, chat("x"), sender: ":1.9").id != first.id, "another application's toast is not appended to")
        #expect(notify(&board, chat("x", append: nil)).id != first.id)
        #expect(notify(&board, chat("x", append: .bool(false))).id != first.id)
        #expect(notify(&board, chat("x", append: .string("false"))).id != first.id)
        #expect(board.toast(first.id)?.message == "hi")
        #expect(NotificationMapping.appends(.string("allowed")) && NotificationMapping.appends(.byte(1)))
    }

    @Test("x-canonical-append keeps the newest lines within the body limit")
    func appendBounded() {
        let line = String(repeating: "a", count: 900)
        let joined = Admission.appended("new", to: [line, line, line].joined(separator: "\n"))
        #expect(joined.unicodeScalars.count <= NotificationLimits.maxBodyCharacters)
        #expect(joined.hasSuffix("\nnew") && joined.hasPrefix("a"))
        let huge = Admission.appended(String(repeating: "b", count: 3000), to: "old")
        #expect(huge.unicodeScalars.count == NotificationLimits.maxBodyCharacters && huge.hasPrefix("…"))
        #expect(Admission.appended("x", to: "") == "x" && Admission.appended("", to: "y") == "y")
    }

    @Test("Chromium's critical notifications are normal for 30 s unless from a calendar or call site (x-kde-origin-name, else the body's first line); tame_chromium = no keeps them")
    func chromiumCritical() {
        func decided(_ app: String, origin: String? = nil, body: String = "New message", entry: String? = nil, tame: Bool = true) -> ShowRequest {
            var hints: [String: HintValue] = ["urgency": .int(2)]
            if let origin { hints["x-kde-origin-name"] = .string(origin) }
            if let entry { hints["desktop-entry"] = .string(entry) }
            return NotificationMapping.decide(NotifyCall(appName: app, summary: "Ann", body: body, hints: hints, expireTimeout: -1),
                                              tameChromium: tame).request
        }
        let chat = decided("Chromium", origin: "web.whatsapp.com")
        #expect(chat.urgency == .normal && chat.timeout == BrowserCritical.timeout && chat.kind == .info)
        #expect(decided("Google Chrome", origin: "https://app.slack.com").urgency == .normal)
        #expect(decided("x", entry: "google-chrome").urgency == .normal, "known by its desktop entry")
        #expect(decided("Chromium", origin: "calendar.google.com").urgency == .critical)
        #expect(decided("Chromium", origin: "https://us02web.zoom.us:443/j/1").urgency == .critical, "a subdomain of a call site")
        #expect(decided("Chromium", body: "meet.google.com\nStandup now").urgency == .critical, "the origin as the body's first line")
        #expect(decided("Chromium", origin: "evilzoom.us").urgency == .normal, "only the site or below it")
        #expect(decided("Chromium", origin: "web.whatsapp.com", tame: false).urgency == .critical)
        #expect(decided("Firefox", origin: "web.whatsapp.com").urgency == .critical)
        // Through the admission: no longer critical, so the 30 s stand.
        var board = Board()
        let id = notify(&board, NotifyCall(appName: "Chromium", summary: "Ann", body: "hi",
                                           hints: ["urgency": .int(2), "x-kde-origin-name": .string("web.whatsapp.com")]))
        #expect(board.toast(id.id)?.timeout == 30 && board.toast(id.id)?.urgency == .normal)
    }

    @Test("action-icons: the hint is read and advertised; a button whose key resolved to an icon is a square drawing that icon, the others keep their labels")
    func actionIcons() {
        #expect(NotificationMapping.capabilities.contains("action-icons"))
        let call = NotifyCall(actions: ["media-playback-pause", "Pause", "later", "Later"], hints: ["action-icons": .bool(true)])
        let request = NotificationMapping.decide(call).request
        #expect(request.actionIcons)
        #expect(!NotificationMapping.decide(NotifyCall(actions: ["a", "A"])).request.actionIcons)
        var board = Board()
        let id = board.show(request, owner: bus, now: 0)
        let toast = board.toast(id)!
        #expect(toast.actionIcons)

        let composer = CardComposer(config: .default, scale: 1)
        var appearance = CardComposer.Appearance()
        let plain = composer.compose(toast, style: .tinted, appearance: appearance, metrics: FixedMetrics(scale: 1))
        appearance.actionIcons = ["media-playback-pause": "/icons/media-playback-pause-symbolic.svg"]
        let card = composer.compose(toast, style: .tinted, appearance: appearance, metrics: FixedMetrics(scale: 1))
        let pause = card.buttons.first { $0.id == "media-playback-pause" }!.rect
        #expect(pause.width == pause.height || pause.width == (CardComposer.iconSize + 12).rounded())
        #expect(pause.width < plain.buttons.first { $0.id == "media-playback-pause" }!.rect.width)
        let images = card.scene.ops.compactMap { op -> (String, Rect, RGBA?)? in
            if case let .image(path, rect, tint) = op { return (path, rect, tint) } else { return nil }
        }.filter { $0.0.contains("media-playback-pause") }
        #expect(images.count == 1)
        if let (_, rect, tint) = images.first {
            #expect(rect.x >= pause.x && rect.maxX <= pause.maxX && rect.y >= pause.y && rect.maxY <= pause.maxY)
            #expect(tint != nil, "a symbolic icon in the button's colour")
        }
        #expect(card.buttons.first { $0.id == "later" }?.rect.width == plain.buttons.first { $0.id == "later" }?.rect.width)
    }
}
