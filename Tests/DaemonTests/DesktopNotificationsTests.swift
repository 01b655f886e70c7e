@testable import Daemon
import JSONCodec
import Testing
import ToastCore

/// The D-Bus notification server's decisions on the real `ToastService` and a fake screen:
/// ids, replacement, stack tags, closing, and which signals the board's events become.
@Suite struct DesktopNotificationsTests {
    let bus = DesktopNotifications.owner

    /// The signals the bus would emit, from what the bus owner heard.
    func signals(_ rig: Rig) -> [NotificationMapping.Signal] {
        rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
    }

    @Test("Notify shows a card with an id from the board's one counter, shared with the socket; list shows source and app")
    func notify() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        rig.show()
        let (id, notes) = server.notify(NotifyCall(appName: "mail", summary: "New", body: "hi"), now: rig.now)
        #expect(id == 2 && notes.isEmpty)
        #expect(rig.service.board.owner(of: "2") == bus)
        rig.wait(1)
        #expect(rig.surface(showing: "New") != nil)
        guard case let .ok(_, extra) = rig.request(#"{"op":"list"}"#) else { Issue.record("list refused"); return }
        let listing = "\(extra)"
        #expect(listing.contains("dbus") && listing.contains("mail"))
    }

    @Test("replaces_id of a live toast replaces it in place: same id, no NotificationClosed; of a gone one, a new id")
    func replace() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let first = server.notify(NotifyCall(summary: "one"), now: rig.now).id
        rig.wait(1)
        let again = server.notify(NotifyCall(replacesID: first, summary: "two"), now: rig.now).id
        #expect(again == first)
        #expect(rig.service.board.toast(String(first))?.title == "two")
        #expect(signals(rig).isEmpty)
        let fresh = server.notify(NotifyCall(replacesID: 999, summary: "three"), now: rig.now).id
        #expect(fresh != 999 && fresh != first && fresh != 0)
    }

    @Test("CloseNotification ends with reason 3, as xtoast dismiss does; an id that is gone is no error")
    func close() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let a = server.notify(NotifyCall(summary: "a"), now: rig.now).id
        let b = server.notify(NotifyCall(summary: "b"), now: rig.now).id
        server.close(a, now: rig.now)
        server.close(a, now: rig.now)
        rig.request(#"{"op":"dismiss","id":"\#(b)"}"#)
        #expect(signals(rig) == [.notificationClosed(id: a, reason: 3), .notificationClosed(id: b, reason: 3)])
    }

    @Test("a socket toast's id is unknown to the bus: CloseNotification leaves it, replaces_id shows a new toast, which ends on the bus")
    func socketToastsAreNotTheBus() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let script = rig.show(#""title":"Delete?","timeout":0,"actions":[{"id":"yes","label":"Delete"}]"#)
        rig.wait(1)
        server.close(UInt32(script) ?? 0, now: rig.now)
        #expect(rig.service.board.toast(script) != nil, "CloseNotification left the script's toast")
        let fresh = server.notify(NotifyCall(replacesID: UInt32(script) ?? 0, summary: "Keep it", actions: ["yes", "Keep"]), now: rig.now).id
        #expect(String(fresh) != script && fresh != 0)
        #expect(rig.service.board.toast(script)?.title == "Delete?", "the script's toast is as it asked")
        #expect(rig.service.board.owner(of: String(fresh)) == bus)
        #expect(rig.sink.heard(by: rig.alice).allSatisfy { $0.id == script } && !rig.sink.heard(by: rig.alice).contains { if case .dismissed = $0 { true } else { false } })
        // The client that asked to replace hears how its toast ended.
        server.close(fresh, now: rig.now)
        #expect(signals(rig) == [.notificationClosed(id: fresh, reason: 3)])
        // xtoast dismiss still ends any toast.
        rig.request(#"{"op":"dismiss","id":"\#(script)"}"#)
        #expect(rig.service.board.toast(script) == nil)
    }

    @Test("expiry is reason 1, a click reason 2; a default action is ActionInvoked then reason 2")
    func expiryAndClick() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let a = server.notify(NotifyCall(summary: "brief", expireTimeout: 1000), now: rig.now).id
        rig.wait(2.5)
        #expect(signals(rig) == [.notificationClosed(id: a, reason: 1)])
        let b = server.notify(NotifyCall(summary: "open me", actions: ["default", "Open"], expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.click(card.id, at: Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + card.surface.size.height / 2))
        #expect(signals(rig).suffix(2) == [.actionInvoked(id: b, key: "default"), .notificationClosed(id: b, reason: 2)])
    }

    @Test("desktop-entry: its name and icon fill what the call left out")
    func desktopEntry() {
        let rig = Rig()
        var reads: [String] = []
        let server = DesktopNotifications(service: rig.service) { id in
            reads.append(id)
            return id == "org.mail" ? DesktopEntry(name: "Mail", icon: "mail-client") : nil
        }
        rig.output.icons["mail-client"] = "/icons/mail.png"
        let a = server.notify(NotifyCall(summary: "one", hints: ["desktop-entry": .string("org.mail")]), now: rig.now).id
        _ = server.notify(NotifyCall(summary: "two", hints: ["desktop-entry": .string("org.mail")]), now: rig.now)
        #expect(reads == ["org.mail", "org.mail"])
        let toast = rig.service.board.toast(String(a))
        #expect(toast?.app == "Mail" && toast?.iconFile == "/icons/mail.png")
    }

    @Test("a resident notification stays after its action: ActionInvoked, no NotificationClosed")
    func resident() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "player", actions: ["default", "Pause"], hints: ["resident": .bool(true)],
                                          expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        rig.click(card.id, at: Point(x: card.surface.origin.x + 40, y: card.surface.origin.y + card.surface.size.height / 2))
        rig.wait(1)
        #expect(signals(rig) == [.actionInvoked(id: id, key: "default")])
        #expect(rig.service.board.toast(String(id)) != nil && rig.output.live.count == 1)
    }

    @Test("a flood of critical notifications stays bounded: the overflow ends with reason 4, every id stays unique")
    func criticalFlood() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let ids = (0..<300).map { server.notify(NotifyCall(summary: "alarm \($0)", hints: ["urgency": .byte(2)]), now: rig.now).id }
        #expect(Set(ids).count == 300 && !ids.contains(0))
        let closed = signals(rig).filter { if case .notificationClosed(_, 4) = $0 { true } else { false } }
        let live = ids.filter { rig.service.board.toast(String($0)) != nil }.count
        #expect(live + closed.count == 300, "live \(live), closed \(closed.count)")
        #expect(live <= NotificationLimits.maxLiveCritical + 100, "the critical ones and the queue: \(live)")
        #expect(ids.prefix(NotificationLimits.maxLiveCritical).allSatisfy { rig.service.board.toast(String($0))?.urgency == .critical })
    }

    @Test("a stack tag: the new notification takes the old one's place, the old id ends with reason 4; other apps' tags are theirs")
    func stackTag() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let tag: [String: HintValue] = ["x-dunst-stack-tag": .string("vol")]
        let first = server.notify(NotifyCall(appName: "mixer", summary: "40%", hints: tag), now: rig.now).id
        rig.wait(1.5)
        let card = rig.surface(showing: "40%")
        let second = server.notify(NotifyCall(appName: "mixer", summary: "50%", hints: tag), now: rig.now).id
        // The same card, in place, shows the new toast: nothing enters, nothing leaves.
        #expect(rig.output.live.count == 1 && rig.surface(showing: "50%")?.id == card?.id && card != nil)
        #expect(rig.restingFrames.count == 1)
        #expect(rig.sink.heard(by: bus).suffix(2) == [.dismissed(id: String(first), reason: .replaced), .shown(id: String(second))])
        let other = server.notify(NotifyCall(appName: "player", summary: "x", hints: tag), now: rig.now).id
        #expect(second != first)
        #expect(signals(rig) == [.notificationClosed(id: first, reason: 4)])
        #expect(rig.service.board.toast(String(second)) != nil && rig.service.board.toast(String(other)) != nil)
    }

    @Test("fifty notify-send steps of a stack-tag OSD (each a connection that leaves) make one history entry with the newest text and 49 updates, twenty more one more; the replaced ids each got NotificationClosed reason 4")
    func stackTagOSDHistory() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        var connections = 0
        func step(_ value: Int) {
            connections += 1
            let sender = ":1.\(connections)"
            let hints: [String: HintValue] = ["x-dunst-stack-tag": .string("volume"), "value": .int(Int64(value))]
            _ = server.notify(NotifyCall(appName: "notify-send", summary: "Volume", body: "\(value)%", hints: hints), sender: sender, now: rig.now)
            server.nameLeft(sender, now: rig.now)
            rig.wait(0.05)
        }
        func history() throws -> [JSON] {
            guard case let .ok(_, extra) = rig.request(#"{"op":"history"}"#), case let .array(entries)? = extra.first(where: { $0.0 == "history" })?.1 else {
                throw HistoryUnreadable()
            }
            return entries
        }
        for v in 1...50 { step(v * 2) }
        rig.wait(60)
        var entries = try history()
        #expect(entries.count == 1)
        #expect(entries.first?["message"] == .string("100%") && entries.first?["updates"] == .number(49))
        #expect(signals(rig).filter { if case .notificationClosed(_, 4) = $0 { true } else { false } }.count == 49)
        for v in 1...20 { step(v * 5) }
        rig.wait(60)
        entries = try history()
        #expect(entries.count == 2 && entries.last?["updates"] == .number(19))
        #expect(rig.service.board.history.count == 2, "the centre lists one row per OSD")
    }

    struct HistoryUnreadable: Error {}

    @Test("critical never expires whatever expire_timeout says; value is the progress bar")
    func criticalAndProgress() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(summary: "disk full", hints: ["urgency": .byte(2), "value": .int(40)], expireTimeout: 500), now: rig.now).id
        rig.wait(30)
        let toast = rig.service.board.toast(String(id))
        #expect(toast?.kind == .error && toast?.progress == 40 && toast?.urgency == .critical)
    }

    @Test("image-data goes to the screen as raw pixels and becomes the card's icon")
    func image() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let pixels = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [255, 0, 0])
        let id = server.notify(NotifyCall(summary: "pic", hints: ["image-data": .image(pixels)]), now: rig.now).id
        let file = rig.service.board.toast(String(id))?.iconFile
        #expect(file != nil && rig.output.storedImages[file ?? ""] == pixels)
    }

    @Test("losing the bus name ends every bus toast with reason 4; socket toasts stay")
    func nameLost() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let socketID = rig.show()
        let a = server.notify(NotifyCall(summary: "a"), now: rig.now).id
        server.endAll(now: rig.now)
        #expect(signals(rig) == [.notificationClosed(id: a, reason: 4)])
        #expect(rig.service.board.toast(socketID) != nil)
    }

    @Test("the router sends bus owners' events to the bus and socket owners' to the clients")
    func router() {
        let router = EventRouter(clients: Clients())
        var heard: [ToastEvent] = []
        router.bus = { heard.append($0.event) }
        router.deliver(.init(event: .shown(id: "1"), recipients: [Owner(.socket, 1)]))
        router.deliver(.init(event: .dismissed(id: "2", reason: .api), recipients: [Owner(.bus, 1), Owner(.socket, 3)], app: "mail"))
        #expect(heard == [.dismissed(id: "2", reason: .api)])
    }
}

@Suite struct DefaultActionChevronTests {
    @Test("a cut card with a default action shows a chevron: the chevron expands it, the body chooses the action")
    func chevron() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let long = Array(repeating: "a long line of mail text that goes on", count: 20).joined(separator: " ")
        let id = server.notify(NotifyCall(summary: "Mail", body: long, actions: ["default", "Open"], expireTimeout: 0), now: rig.now).id
        rig.wait(1.5)
        let card = try #require(rig.output.live.first)
        let composed = try #require(rig.service.stage.card(String(id))?.composed)
        let chevron = try #require(composed.expandButton)
        let before = card.surface.size.height
        rig.click(card.id, at: Point(x: card.surface.origin.x + chevron.midX, y: card.surface.origin.y + chevron.midY))
        rig.wait(1)
        let expanded = try #require(rig.output.live.first)
        #expect(expanded.surface.size.height > before, "expanded from the chevron")
        #expect(rig.sink.heard(by: DesktopNotifications.owner).allSatisfy { if case .action = $0 { false } else { true } })
        #expect(rig.service.stage.card(String(id))?.composed.expandButton == nil, "no chevron once expanded")
        rig.click(expanded.id, at: Point(x: expanded.surface.origin.x + 40, y: expanded.surface.origin.y + 20))
        #expect(rig.sink.heard(by: DesktopNotifications.owner).contains(.action(id: String(id), action: "default")))
    }
}
