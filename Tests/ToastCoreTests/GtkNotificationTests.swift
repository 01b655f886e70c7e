import Foundation
import Testing
import ToastCore

/// The bus-free half of `org.gtk.Notifications`: what an `AddNotification`'s `a{sv}` becomes,
/// what a chosen key activates, and where the application's actions are called.
@Suite struct GtkNotificationTests {
    /// What GLib 2.74 sends for `send_notification` with a body, a themed icon, two buttons
    /// (one with a target) and a default action with a target.
    static let calendar: [String: GtkVariant] = [
        "title": .value(.string("Stand-up")),
        "body": .value(.string("in 5 minutes <b>room 2</b>")),
        "icon": .pair("themed", .strings(["x-office-calendar", "x-office-calendar-symbolic"])),
        "priority": .value(.string("high")),
        "category": .value(.string("x-gnome.calendar")),
        "default-action": .value(.string("app.open-event")),
        "default-action-target": .value(.string("event-42")),
        "buttons": .dictionaries([
            ["label": .value(.string("Snooze")), "action": .value(.string("app.snooze")), "target": .value(.uint32(300))],
            ["label": .value(.string("Dismiss")), "action": .value(.string("app.dismiss"))],
        ]),
    ]

    @Test("an a{sv} decodes into title, body, icon, priority, category, the default action with its target and buttons with theirs")
    func decodes() {
        let (notification, notes) = GtkNotification.decode(Self.calendar)
        #expect(notes.isEmpty)
        #expect(notification.title == "Stand-up")
        #expect(notification.body == "in 5 minutes <b>room 2</b>")
        #expect(notification.icon == .themed(["x-office-calendar", "x-office-calendar-symbolic"]))
        #expect(notification.priority == .high)
        #expect(notification.category == "x-gnome.calendar")
        #expect(notification.defaultAction == GtkNotification.GtkAction(name: "open-event", target: .string("event-42")))
        #expect(notification.buttons.map(\.label) == ["Snooze", "Dismiss"])
        #expect(notification.buttons[0].action == GtkNotification.GtkAction(name: "snooze", target: .uint32(300)))
        #expect(notification.buttons[1].action == GtkNotification.GtkAction(name: "dismiss"))
    }

    @Test("the card's click and buttons activate the notification's actions; without a default action the click is Activate")
    func activations() {
        let (notification, _) = GtkNotification.decode(Self.calendar)
        let call = notification.notifyCall(appID: "org.gnome.Calendar", entry: nil)
        let decision = NotificationMapping.decide(call, tameChromium: false)
        #expect(decision.request.defaultAction == "default")
        #expect(decision.request.actions.map(\.label) == ["Snooze", "Dismiss"])
        let keys = decision.request.actions.map(\.id)
        #expect(notification.activation(forKey: keys[0]) == .action(name: "snooze", target: .uint32(300)))
        #expect(notification.activation(forKey: keys[1]) == .action(name: "dismiss", target: nil))
        #expect(notification.activation(forKey: "default") == .action(name: "open-event", target: .string("event-42")))
        #expect(notification.activation(forKey: "gtk-button-7") == nil)
        #expect(GtkNotification().activation(forKey: "default") == .activate)
    }

    @Test("the plain body is escaped (the card reads markup), markup-body passes as markup; the app id is the desktop entry")
    func mapping() {
        let (notification, _) = GtkNotification.decode(Self.calendar)
        let call = notification.notifyCall(appID: "org.gnome.Calendar", entry: DesktopEntry(name: "Calendar", icon: "org.gnome.Calendar"))
        #expect(call.body == "in 5 minutes &lt;b&gt;room 2&lt;/b&gt;")
        #expect(call.appName == "Calendar")
        #expect(call.appIcon == "x-office-calendar")
        #expect(call.hints["desktop-entry"] == .string("org.gnome.Calendar"))
        #expect(call.hints["urgency"] == .byte(1))
        var marked = notification
        marked.markupBody = "<b>bold</b>"
        #expect(marked.notifyCall(appID: "a.b", entry: nil).body == "<b>bold</b>")
        let decision = NotificationMapping.decide(call, entry: DesktopEntry(name: "Calendar"), tameChromium: false)
        #expect(decision.desktopEntry == "org.gnome.Calendar")
        #expect(decision.submission(replacesID: 0).interface == .freedesktop)
    }

    @Test("without a .desktop file the id is the name and a generic icon stands in")
    func noDesktopFile() {
        let call = GtkNotification().notifyCall(appID: "org.example.Nowhere", entry: nil)
        #expect(call.appName == "org.example.Nowhere")
        #expect(call.appIcon == GtkNotificationLimits.genericIcon)
    }

    @Test("priorities map to urgencies: low 0, normal and high 1, urgent 2; an unknown one is normal, noted")
    func priorities() {
        for (name, urgency) in [("low", 0), ("normal", 1), ("high", 1), ("urgent", 2)] {
            let (notification, _) = GtkNotification.decode(["priority": .value(.string(name))])
            #expect(notification.notifyCall(appID: "a.b", entry: nil).hints["urgency"] == .byte(UInt8(urgency)))
        }
        let (unknown, notes) = GtkNotification.decode(["priority": .value(.string("loud"))])
        #expect(unknown.priority == .normal)
        #expect(notes.count == 1)
    }

    @Test("serialized icons: a string, themed names, a file URI (escapes decoded, remote hosts refused), bytes")
    func icons() {
        func icon(_ value: GtkVariant) -> GtkNotification.Icon? { GtkNotification.decode(["icon": value]).0.icon }
        #expect(icon(.value(.string("mail-unread"))) == .themed(["mail-unread"]))
        #expect(icon(.value(.string("/usr/share/icons/a.png"))) == .file("/usr/share/icons/a.png"))
        #expect(icon(.pair("file", .value(.string("file:///tmp/my%20icon.png")))) == .file("/tmp/my icon.png"))
        #expect(icon(.pair("file", .value(.string("file://elsewhere/tmp/a.png")))) == nil)
        #expect(icon(.pair("bytes", .bytes([0x89, 0x50]))) == .bytes([0x89, 0x50]))
        #expect(icon(.pair("emblemed", .unusable("(va(va{sv}))"))) == nil)
    }

    @Test("actions that are not app. actions, invalid names and targets of unread types are left out, with a note")
    func refusedActions() {
        let (notification, notes) = GtkNotification.decode([
            "default-action": .value(.string("win.close")),
            "buttons": .dictionaries([
                ["label": .value(.string("A")), "action": .value(.string("app.bad name"))],
                ["label": .value(.string("B")), "action": .value(.string("app.ok")), "target": .strings(["x"])],
                ["label": .value(.string("")), "action": .value(.string("app.nolabel"))],
                ["label": .value(.string("C")), "action": .value(.string("app.fine"))],
            ]),
        ])
        #expect(notification.defaultAction == nil)
        #expect(notification.buttons.map(\.label) == ["C"])
        #expect(notes.count == 3)
    }

    @Test("at most as many buttons as a card draws are kept, at the bound")
    func buttonBound() {
        func buttons(_ n: Int) -> [String: GtkVariant] {
            ["buttons": .dictionaries((0..<n).map { ["label": .value(.string("b\($0)")), "action": .value(.string("app.b\($0)"))] })]
        }
        #expect(GtkNotification.decode(buttons(GtkNotificationLimits.maxButtons)).0.buttons.count == GtkNotificationLimits.maxButtons)
        let (over, notes) = GtkNotification.decode(buttons(GtkNotificationLimits.maxButtons + 1))
        #expect(over.buttons.count == GtkNotificationLimits.maxButtons)
        #expect(notes.count == 1)
    }

    @Test("object paths are formed as GNOME Shell forms them: . to /, - to _, a leading /")
    func objectPaths() {
        #expect(GtkApplication.objectPath("org.gnome.Calendar") == "/org/gnome/Calendar")
        #expect(GtkApplication.objectPath("org.example.my-app") == "/org/example/my_app")
        #expect(GtkApplication.objectPath("io.github.some_one.App") == "/io/github/some_one/App")
    }

    @Test("application ids are GLib's: two or more elements of [A-Za-z0-9_-], none starting with a digit, at most 255 bytes")
    func applicationIDs() {
        #expect(GtkApplication.isValidID("org.gnome.Calendar"))
        #expect(GtkApplication.isValidID("org.example.my-app"))
        #expect(!GtkApplication.isValidID("calendar"))
        #expect(!GtkApplication.isValidID("org..gnome"))
        #expect(!GtkApplication.isValidID("org.9gnome"))
        #expect(!GtkApplication.isValidID("org.gnome/../x"))
        #expect(!GtkApplication.isValidID("org.gnome Calendar"))
        #expect(!GtkApplication.isValidID(""))
        let longest = "a." + String(repeating: "b", count: 253)
        #expect(GtkApplication.isValidID(longest))
        #expect(!GtkApplication.isValidID(longest + "b"))
    }

    @Test("Exec lines become words: field codes dropped, %% kept, quotes grouped and unescaped, broken lines refused")
    func execWords() {
        #expect(DesktopExec.words("gnome-calendar --gapplication-service %U") == ["gnome-calendar", "--gapplication-service"])
        #expect(DesktopExec.words("\"/opt/My App/run\" --x=100%% %f") == ["/opt/My App/run", "--x=100%"])
        #expect(DesktopExec.words("sh -c \"echo \\\"hi\\\" \\$HOME\"") == ["sh", "-c", "echo \"hi\" $HOME"])
        #expect(DesktopExec.words("\"unclosed") == nil)
        #expect(DesktopExec.words("%U") == nil)
        #expect(DesktopExec.words(String(repeating: "a ", count: DesktopExec.maxWords))?.count == DesktopExec.maxWords)
        #expect(DesktopExec.words(String(repeating: "a ", count: DesktopExec.maxWords + 1)) == nil)
    }

    @Test("a .desktop file's Exec and DBusActivatable are read")
    func desktopEntry() {
        let entry = DesktopEntry.parse("[Desktop Entry]\nName=Clocks\nExec=gnome-clocks %U\nDBusActivatable=true\n[Desktop Action new]\nExec=other\n")
        #expect(entry.exec == "gnome-clocks %U")
        #expect(entry.dbusActivatable)
        #expect(!DesktopEntry.parse("[Desktop Entry]\nName=X\n").dbusActivatable)
    }
}

/// `"interface"` and the application id beside `"source"`, kept in history lines (and so in
/// the crash journal, which writes the same lines).
@Suite struct ToastInterfaceTests {
    @Test("a history line keeps the interface and the desktop entry; an unknown interface is damage")
    func historyLine() throws {
        var toast = Toast(id: "7", message: "hi")
        toast.source = .bus
        toast.interface = .gtk
        toast.desktopEntry = "org.gnome.Calendar"
        let line = HistoryRecord(toast: toast, reason: .timeout, wallEnded: 1000, unread: false).line
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains("\"source\":\"dbus\",\"interface\":\"gtk\",\"desktop_entry\":\"org.gnome.Calendar\""))
        let read = try HistoryRecord.decode(line)
        #expect(read.toast.interface == .gtk)
        #expect(read.toast.desktopEntry == "org.gnome.Calendar")
        #expect(throws: HistoryRecord.Damage.self) {
            try HistoryRecord.decode(Array(text.replacingOccurrences(of: "\"gtk\"", with: "\"qt\"").utf8))
        }
    }

    @Test("an event's line names the interface and the application id after the source")
    func eventLine() {
        var delivery = BoardChanges.Delivery(event: .shown(id: "3"), recipients: [], source: .bus, app: "Calendar")
        delivery.interface = .portal
        delivery.desktopEntry = "org.gnome.Calendar"
        guard case let .object(fields) = delivery.json else { Issue.record("not an object"); return }
        #expect(fields.map(\.0) == ["event", "id", "source", "interface", "app", "desktop_entry", "rules"])
    }
}
