import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 47: `org.gtk.Notifications`. A real `Gio.Application` (Python with Debian's GLib)
    /// on a private bus: GLib picks its gtk backend when xtoast owns the name, the card shows,
    /// a click and a button run the application's actions with their targets, a withdrawal
    /// removes the card; with `gtk_notifications = no` the same app reaches the freedesktop
    /// interface.
    @Suite struct GtkNotificationsTests {
        typealias F = FoundationTests
        typealias N = NotificationServerTests

        static let appID = "org.xtoast.GtkTestApp"

        /// The application: sends "Stand-up" (a default action with a string target, a button
        /// with a uint32 one) and stays; each action it receives is a line in `out`; `open`
        /// sends "Second", whose `snooze` sends "Third", withdrawn once the file `withdraw` exists.
        static let script = """
            import os, sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            out, trigger = sys.argv[1], sys.argv[2]
            app = Gio.Application(application_id='\(appID)', flags=Gio.ApplicationFlags.FLAGS_NONE)
            def note(line):
                with open(out, 'a') as f: f.write(line + '\\n')
            def send(id, title, default=None, button=None):
                n = Gio.Notification.new(title)
                n.set_body('body of ' + title)
                if default: n.set_default_action_and_target(default[0], default[1])
                if button: n.add_button_with_target(button[0], button[1], button[2])
                app.send_notification(id, n)
            def on_open(action, target):
                note('open ' + target.get_string())
                send('second', 'Second', button=('Snooze', 'app.snooze', GLib.Variant('u', 300)))
            def on_snooze(action, target):
                note('snooze %d' % target.get_uint32())
                send('third', 'Third')
                def poll():
                    if os.path.exists(trigger):
                        app.withdraw_notification('third')
                        note('withdrawn')
                        return False
                    return True
                GLib.timeout_add(50, poll)
            for name, kind, handler in [('open', 's', on_open), ('snooze', 'u', on_snooze)]:
                a = Gio.SimpleAction.new(name, GLib.VariantType.new(kind))
                a.connect('activate', handler)
                app.add_action(a)
            def activate(app):
                app.hold()
                send('first', 'Stand-up', default=('app.open', GLib.Variant('s', 'card')),
                     button=('Snooze', 'app.snooze', GLib.Variant('u', 60)))
                note('sent')
            app.connect('activate', activate)
            app.run([])
            """

        /// Starts the application on `bus`; its lines go to the returned file.
        static func startApp(_ bus: PrivateBus) throws -> (DaemonHarness.Background, URL, URL) {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-gtk-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let program = dir.appendingPathComponent("app.py"), out = dir.appendingPathComponent("out"), trigger = dir.appendingPathComponent("withdraw")
            try script.write(to: program, atomically: true, encoding: .utf8)
            let app = try bus.start("python3", [program.path, out.path, trigger.path])
            return (app, out, trigger)
        }

        static func lines(_ file: URL) -> [String] {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// The toasts `xtoast list` shows.
        static func toasts(_ daemon: DaemonHarness) throws -> [JSON] {
            let list = try JSON.parse(try N.listing(daemon).trimmingCharacters(in: .whitespacesAndNewlines))
            guard case let .array(toasts)? = list["toasts"] else { return [] }
            return toasts
        }

        @Test("a Gio.Application's notification arrives through org.gtk.Notifications: the card shows, a click runs app.open with its target, a button app.snooze with a uint32, withdraw_notification removes the card")
        func glibPicksGtk() throws {
            let (bus, daemon, probe) = try N.start()
            try waitUntil("org.gtk.Notifications owned") { daemon.log.contains("serving org.gtk.Notifications") }
            let owner = try bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                              "--method", "org.freedesktop.DBus.GetNameOwner", "org.gtk.Notifications"])
            #expect(owner.status == 0, "\(owner.stderr)")
            let (app, out, trigger) = try Self.startApp(bus)
            defer { app.stop() }
            try waitUntil("the app's first notification", timeout: 10) { try Self.toasts(daemon).count == 1 }
            let first = try #require(try Self.toasts(daemon).first)
            #expect(first["interface"]?.string == "gtk", "\(first)")
            #expect(first["source"]?.string == "dbus")
            #expect(first["desktop_entry"]?.string == Self.appID)
            #expect(first["app"]?.string == Self.appID, "no .desktop file: the id is the name")
            #expect(first["title"]?.string == "Stand-up")

            // A click on the card's body: the default action with its target.
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            probe.button(down: false)
            try waitUntil("app.open heard", timeout: 10) { Self.lines(out).contains("open card") }

            // The button of the second notification, chosen by key: its uint32 target.
            var second: JSON?
            try waitUntil("the second notification", timeout: 10) {
                second = try Self.toasts(daemon).first { $0["title"]?.string == "Second" }
                return second != nil
            }
            let secondID = try #require(second?["id"]?.string)
            #expect(try daemon.xtoast(["invoke", "gtk-button-0", "--id", secondID]).status == 0)
            try waitUntil("app.snooze heard", timeout: 10) { Self.lines(out).contains("snooze 300") }

            // The third is withdrawn by the application.
            try waitUntil("the third notification", timeout: 10) { try Self.toasts(daemon).contains { $0["title"]?.string == "Third" } }
            FileManager.default.createFile(atPath: trigger.path, contents: Data())
            try waitUntil("withdrawn", timeout: 10) { Self.lines(out).contains("withdrawn") }
            try waitUntil("the third card gone", timeout: 10) { try !Self.toasts(daemon).contains { $0["title"]?.string == "Third" } }
        }

        @Test("with gtk_notifications = no the same application reaches xtoast through org.freedesktop.Notifications")
        func glibFallsBack() throws {
            let (bus, daemon, _) = try N.start(config: "[general]\ngtk_notifications = no\n")
            #expect(!daemon.log.contains("serving org.gtk.Notifications"))
            let (app, _, _) = try Self.startApp(bus)
            defer { app.stop() }
            try waitUntil("the app's notification", timeout: 10) { try Self.toasts(daemon).count == 1 }
            let first = try #require(try Self.toasts(daemon).first)
            #expect(first["interface"]?.string == "freedesktop", "\(first)")
            #expect(first["title"]?.string == "Stand-up")
        }

        /// A Gio.Application whose notification's icon is a `Gio.BytesIcon`: a green 48 px PNG,
        /// written by hand (zlib), as a chat app sends an avatar it holds in memory.
        static let bytesIconScript = """
            import struct, sys, zlib, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            def png(side, rgb):
                def chunk(kind, data):
                    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
                rows = b''.join(b'\\x00' + bytes(rgb) * side for _ in range(side))
                return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 8, 2, 0, 0, 0))
                        + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
            app = Gio.Application(application_id='org.xtoast.GtkAvatar', flags=Gio.ApplicationFlags.FLAGS_NONE)
            def activate(app):
                app.hold()
                n = Gio.Notification.new('Ann')
                n.set_body('sent a photo')
                n.set_icon(Gio.BytesIcon.new(GLib.Bytes.new(png(48, (0, 192, 0)))))
                app.send_notification('avatar', n)
                open(sys.argv[1], 'w').write('sent')
            app.connect('activate', activate)
            app.run([])
            """

        @Test("a GLib notification's bytes icon (Gio.BytesIcon, an avatar held in memory) is drawn on its card")
        func bytesIconIsDrawn() throws {
            let (bus, daemon, probe) = try N.start()
            try waitUntil("org.gtk.Notifications owned") { daemon.log.contains("serving org.gtk.Notifications") }
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-gtk-bytes-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let program = dir.appendingPathComponent("app.py"), sent = dir.appendingPathComponent("sent")
            try Self.bytesIconScript.write(to: program, atomically: true, encoding: .utf8)
            let app = try bus.start("python3", [program.path, sent.path])
            defer { app.stop() }
            try waitUntil("the avatar sent", timeout: 10) { FileManager.default.fileExists(atPath: sent.path) }
            let card = try #require(try F.restingCards(probe, count: 1, timeout: 10).first)
            try waitUntil("the green avatar on the card", timeout: 10) {
                try TalkBackTests.capture(probe, card).pixels.filter { colorDistance($0, 0x00C000) < 40 }.count > 400
            }
            #expect(!daemon.log.contains("icon not shown"), "\(daemon.log)")
        }

        static let activatableID = "org.xtoast.GtkActivatable"

        /// A D-Bus-activatable application: run plainly, it notifies (a default action with a
        /// target) and quits; started by the bus (`--gapplication-service`), it writes the
        /// action, its target and the activation token it was given.
        static let activatableScript = """
            import sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            out = sys.argv[1]
            service = '--gapplication-service' in sys.argv
            def note(line):
                with open(out, 'a') as f: f.write(line + '\\n')
            class App(Gio.Application):
                def do_before_emit(self, platform_data):
                    token = platform_data.lookup_value('activation-token', GLib.VariantType.new('s'))
                    if token: note('token ' + token.get_string())
                    Gio.Application.do_before_emit(self, platform_data)
            app = App(application_id='\(activatableID)',
                      flags=Gio.ApplicationFlags.IS_SERVICE if service else Gio.ApplicationFlags.FLAGS_NONE)
            def on_open(action, target):
                note('open ' + target.get_string())
            a = Gio.SimpleAction.new('open', GLib.VariantType.new('s'))
            a.connect('activate', on_open)
            app.add_action(a)
            def activate(app):
                n = Gio.Notification.new('Reminder')
                n.set_default_action_and_target('app.open', GLib.Variant('s', 'late'))
                app.send_notification('reminder', n)
                app.get_dbus_connection().flush_sync(None)
                note('sent')
            app.connect('activate', activate)
            app.run(sys.argv[:1])
            """

        @Test("a D-Bus-activatable app notifies and quits; a click on the restored entry starts it through the bus and it receives app.open with its target and the activation token")
        func activatesAppThatQuit() throws {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-gtk-\(UUID().uuidString.prefix(8))")
            let services = dir.appendingPathComponent("services"), applications = dir.appendingPathComponent("data/applications")
            for folder in [services, applications] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let program = dir.appendingPathComponent("app.py"), out = dir.appendingPathComponent("out")
            try Self.activatableScript.write(to: program, atomically: true, encoding: .utf8)
            try "[D-BUS Service]\nName=\(Self.activatableID)\nExec=/usr/bin/python3 \(program.path) \(out.path) --gapplication-service\n"
                .write(to: services.appendingPathComponent(Self.activatableID + ".service"), atomically: true, encoding: .utf8)
            try "[Desktop Entry]\nType=Application\nName=Activatable Test\nExec=/bin/false\nDBusActivatable=true\n"
                .write(to: applications.appendingPathComponent(Self.activatableID + ".desktop"), atomically: true, encoding: .utf8)
            let bus = try PrivateBus(serviceDirectory: services.path)
            let daemon = try DaemonHarness(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                              "XDG_DATA_HOME": dir.appendingPathComponent("data").path])
            try waitUntil("org.gtk.Notifications owned") { daemon.log.contains("serving org.gtk.Notifications") }
            let probe = try XProbe()
            let sent = try bus.run("python3", [program.path, out.path])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(Self.lines(out) == ["sent"])
            try waitUntil("the reminder", timeout: 10) { try Self.toasts(daemon).count == 1 }
            let reminder = try #require(try Self.toasts(daemon).first)
            #expect(reminder["app"]?.string == "Activatable Test", "its .desktop file names it: \(reminder)")
            #expect(try daemon.xtoast(["dismiss"]).status == 0)
            try waitUntil("the card to leave") { probe.cards().isEmpty }

            // The app has quit; the entry shown again from the history, clicked.
            #expect(try daemon.xtoast(["restore"]).status == 0)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            probe.button(down: false)
            try waitUntil("the bus to start the app and the action to reach it", timeout: 15) { Self.lines(out).contains("open late") }
            let token = try #require(Self.lines(out).first { $0.hasPrefix("token ") })
            #expect(token.hasPrefix("token xtoast-\(daemon.process.processIdentifier)-") && token.contains("_TIME"), "\(token)")
        }

        @Test("an app that is neither running nor D-Bus activatable: a click runs its .desktop file's Exec with the startup id in its environment, and the log says the action was not delivered")
        func launchesFromDesktopFile() throws {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-gtk-\(UUID().uuidString.prefix(8))")
            let applications = dir.appendingPathComponent("data/applications"), out = dir.appendingPathComponent("env")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try "[Desktop Entry]\nType=Application\nName=Plain Test\nExec=/bin/sh -c \"env > \(out.path)\" %U\n"
                .write(to: applications.appendingPathComponent("org.xtoast.Plain.desktop"), atomically: true, encoding: .utf8)
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                              "XDG_DATA_HOME": dir.appendingPathComponent("data").path])
            try waitUntil("org.gtk.Notifications owned") { daemon.log.contains("serving org.gtk.Notifications") }
            let probe = try XProbe()
            let sent = try bus.run("gdbus", ["call", "--session", "--dest", "org.gtk.Notifications", "--object-path", "/org/gtk/Notifications",
                                             "--method", "org.gtk.Notifications.AddNotification", "org.xtoast.Plain", "n1", "{'title': <'Hi'>}"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            probe.button(down: false)
            try waitUntil("the Exec to run", timeout: 10) {
                ((try? String(contentsOf: out, encoding: .utf8)) ?? "").contains("DESKTOP_STARTUP_ID=xtoast-")
            }
            let env = try String(contentsOf: out, encoding: .utf8)
            #expect(env.contains("XDG_ACTIVATION_TOKEN=xtoast-"), "\(env)")
            #expect(daemon.log.contains("org.xtoast.Plain is not running and not D-Bus activatable: the action was not delivered; started it"),
                    "\(daemon.log)")
        }
    }
}
