import Testing
import ToastCore

@Suite struct PortalNotificationTests {
    static func decided(_ options: [String: PortalValue]) -> (PortalNotification, NotificationMapping.Decision) {
        let added = PortalNotification.decode(appID: "org.gnome.Calendar", id: "r1", options)
        return (added, NotificationMapping.decide(added.call))
    }

    @Test func fieldsBecomeTheFreedesktopCall() {
        let (added, decision) = Self.decided(["title": .string("Lunch"), "body": .string("at <b>noon</b> & later"),
                                              "priority": .string("urgent"), "category": .string("alarm.ringing"),
                                              "icon": .tuple([.string("themed"), .strings(["../x", "x-office-calendar"])])])
        #expect(decision.request.title == "Lunch")
        // A plain body is text: its markup characters are escaped before the markup sanitizer sees them.
        #expect(decision.request.message == "at &lt;b&gt;noon&lt;/b&gt; &amp; later")
        #expect(decision.request.urgency == .critical && decision.category == "alarm.ringing")
        #expect(decision.desktopEntry == "org.gnome.Calendar" && decision.request.icon == "x-office-calendar")
        #expect(added.notes.isEmpty)
    }

    @Test func markupBodyGoesThroughTheSameSanitizer() {
        let (_, decision) = Self.decided(["body": .string("plain"), "markup-body": .string("<b>bold</b> <script>x</script>")])
        #expect(decision.request.message == "<b>bold</b> <script>x</script>" && decision.request.markup == true)
        let (_, low) = Self.decided(["priority": .string("low")])
        #expect(low.request.urgency == .low)
        let (_, odd) = Self.decided(["priority": .int(3), "title": .bool(true)])
        #expect(odd.request.urgency == .normal && odd.request.title == "")
    }

    @Test func purposesMapToTheReplyFieldButtonsOrNothing() {
        let buttons: [[String: PortalValue]] = [
            ["label": .string("Reply"), "action": .string("reply"), "purpose": .string("im.reply-with-text")],
            ["label": .string("Answer"), "action": .string("accept"), "purpose": .string("call.accept"), "target": .string("call-7")],
            ["label": .string("Alert"), "action": .string("alert"), "purpose": .string("system.custom-alert")],
            ["label": .string("No action")],
            ["label": .string("Again"), "action": .string("accept")],
        ]
        let (added, decision) = Self.decided(["buttons": .dicts(buttons), "default-action": .string("app.open"),
                                              "default-action-target": .tuple([.int(1)])])
        #expect(decision.request.reply != nil)
        #expect(decision.request.actions.map(\.id) == ["accept"] && decision.request.actions.first?.label == "Answer")
        #expect(decision.request.defaultAction == "default")
        #expect(added.actions[ReplyOptions.actionKey] == PortalAction(name: "reply", target: nil))
        #expect(added.actions["accept"] == PortalAction(name: "accept", target: .string("call-7")))
        // A target that cannot go back as it came is dropped, not the action.
        #expect(added.actions["default"] == PortalAction(name: "app.open", target: nil))
        #expect(added.actions["alert"] == nil)
    }

    @Test func displayHints() {
        let (added, decision) = Self.decided(["display-hint": .strings(["transient", "show-as-new", "tray"])])
        #expect(decision.transient)
        #expect(added.displayHints == [.transient, .showAsNew])
        #expect(added.notes == ["display hints not acted on: tray"])
        let (locked, _) = Self.decided(["display-hint": .strings(["hide-on-lock-screen", "persistent"])])
        #expect(locked.displayHints == [.hideOnLockScreen, .persistent] && locked.notes.isEmpty)
        let (quiet, silent) = Self.decided(["sound": .string("silent")])
        #expect(silent.sound.suppress && quiet.notes.isEmpty)
    }

    @Test func hostileValuesAreBounded() {
        let long = String(repeating: "x", count: 100_000)
        let many = (0..<1000).map { ["label": PortalValue.string("b\($0)"), "action": .string("a\($0)")] }
        let (added, decision) = Self.decided(["title": .string(long), "body": .string(long), "buttons": .dicts(many),
                                              "icon": .bytes([1, 2, 3])])
        #expect(decision.request.title?.count ?? 0 <= NotificationLimits.maxSummaryCharacters + 1)
        #expect(decision.request.actions.count == Action.maxCount)
        #expect(added.actions.count == PortalNotification.maxButtons)
        #expect(added.notes == ["an icon of this kind is not shown"] && added.iconBytes == nil)
        // An invalid application id is no desktop entry.
        let bad = PortalNotification.decode(appID: "../../evil\n", id: "x", [:])
        #expect(NotificationMapping.decide(bad.call).desktopEntry == nil)
    }

    @Test func purposesLandOnTheButtons() {
        let buttons: [[String: PortalValue]] = [
            ["label": .string("Answer"), "action": .string("accept"), "purpose": .string("call.accept")],
            ["label": .string("Decline"), "action": .string("decline"), "purpose": .string("call.decline")],
            ["label": .string("Odd"), "action": .string("odd"), "purpose": .string("x-vendor.odd")],
        ]
        let added = PortalNotification.decode(appID: "org.gnome.Calls", id: "c1", ["buttons": .dicts(buttons), "category": .string("call.incoming")])
        let decision = added.decide(entry: nil)
        #expect(decision.request.actions.map(\.purpose) == [.accept, .decline, nil])
        #expect(decision.category == "call.incoming")
    }

    @Test func iconsAndSoundsFromFileDescriptorsAndBytes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let fromFD = PortalNotification.decode(appID: "a.b", id: "1", ["icon": .tuple([.string("file-descriptor"), .bytes(png)]),
                                                                       "sound": .tuple([.string("file-descriptor"), .bytes([1, 2])])])
        #expect(fromFD.iconBytes == png && fromFD.soundBytes == [1, 2] && fromFD.notes.isEmpty)
        let fromBytes = PortalNotification.decode(appID: "a.b", id: "1", ["icon": .tuple([.string("bytes"), .bytes(png)])])
        #expect(fromBytes.iconBytes == png)
        let refused = PortalNotification.decode(appID: "a.b", id: "1", ["icon": .tuple([.string("file-descriptor"), .unusable("not sealed")])])
        #expect(refused.iconBytes == nil && refused.notes == ["icon file-descriptor refused: not sealed"])
        let named = PortalNotification.decode(appID: "a.b", id: "1", ["icon": .string("mail-unread")])
        #expect(named.call.appIcon == "mail-unread")
    }

    @Test func targetsKeepTheirType() {
        let added = PortalNotification.decode(appID: "a.b", id: "1", ["default-action": .string("open"),
                                                                     "default-action-target": .typed(.uint32(300))])
        #expect(added.actions["default"]?.target?.actionTarget == .uint32(300))
        #expect(PortalValue.int(-3).actionTarget == .int64(-3) && PortalValue.strings(["x"]).actionTarget == nil)
    }

    @Test func supportedOptionsNameTheCategoriesAndEveryPurpose() {
        let options = Dictionary(uniqueKeysWithValues: PortalNotification.supportedOptions.map { ($0.key, $0.values) })
        #expect(options["button-purpose"] == ButtonPurpose.allCases.map(\.rawValue))
        #expect(options["category"]?.contains("call.incoming") == true)
    }
}
