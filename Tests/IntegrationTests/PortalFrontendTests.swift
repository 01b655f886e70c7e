import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 47: Debian 12's real `xdg-desktop-portal` 1.16 in front of xtoast, both ways a
    /// desktop without its own backend can have it: with xtoast's own `xtoast.portal` selected
    /// (`XDG_DESKTOP_PORTAL_DIR` and `XDG_CURRENT_DESKTOP` set here), and with
    /// `xdg-desktop-portal-gtk` 1.14 forwarding to xtoast's `org.gtk.Notifications`. A client
    /// calls `org.freedesktop.portal.Notification.AddNotification`; the card shows, and a click
    /// reaches the client.
    @Suite struct PortalFrontendTests {
        typealias F = FoundationTests
        typealias G = GtkNotificationsTests
        typealias N = NotificationServerTests

        static let portal = "/usr/libexec/xdg-desktop-portal"
        static let portalGtk = "/usr/libexec/xdg-desktop-portal-gtk"
        static let installed = FileManager.default.isExecutableFile(atPath: portal)
        static let gtkInstalled = installed && FileManager.default.isExecutableFile(atPath: portalGtk)
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        /// Whether `name` has an owner on `bus`.
        static func owned(_ name: String, on bus: PrivateBus) throws -> Bool {
            try bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                  "--method", "org.freedesktop.DBus.NameHasOwner", name]).stdout.contains("true")
        }

        /// Starts `program` from /usr/libexec on `bus` (with the test's display) and waits until it owns `name`.
        static func startService(_ program: String, owning name: String, on bus: PrivateBus,
                                 environment extra: [String: String] = [:]) throws -> DaemonHarness.Background {
            var environment = bus.environment
            environment["DISPLAY"] = TestDisplay.name
            for (key, value) in extra { environment[key] = value }
            let started = try DaemonHarness.Background.start(URL(fileURLWithPath: program), ["-r"], environment: environment)
            try waitUntil("\(program) to own \(name)", timeout: 15) {
                guard started.process.isRunning else { throw TestFailure("\(program) exited: \(try started.finish().stderr)") }
                return try Self.owned(name, on: bus)
            }
            return started
        }

        /// A folder holding one `.portal` file, as `XDG_DESKTOP_PORTAL_DIR` names it.
        static func portalFolder(_ name: String, from file: URL) throws -> URL {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-portals-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: dir.appendingPathComponent(name))
            return dir
        }

        /// The client: a `Gio.Application` (`sys.argv[2]` its id, or none) that sends one
        /// notification through the portal when it starts, and writes a line for each
        /// `ActionInvoked` the portal sends it and each of its own actions activated.
        static let client = """
            import sys, json, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            out, app_id, default = sys.argv[1], sys.argv[2], sys.argv[3]
            def note(line):
                with open(out, 'a') as f: f.write(line + '\\n')
            app = Gio.Application(application_id=app_id or None, flags=Gio.ApplicationFlags.FLAGS_NONE)
            def on_go(action, target):
                note('activated go ' + target.get_string())
            go = Gio.SimpleAction.new('go', GLib.VariantType.new('s'))
            go.connect('activate', on_go)
            app.add_action(go)
            def heard(conn, sender, path, iface, member, params):
                id, action, parameter = params.unpack()
                note('action %s %s %s' % (id, action, json.dumps(parameter, sort_keys=True)))
            def activate(app):
                app.hold()
                bus = app.get_dbus_connection() or Gio.bus_get_sync(Gio.BusType.SESSION, None)
                bus.signal_subscribe('org.freedesktop.portal.Desktop', 'org.freedesktop.portal.Notification', 'ActionInvoked',
                                     '/org/freedesktop/portal/desktop', None, Gio.DBusSignalFlags.NONE, heard)
                bus.call_sync('org.freedesktop.portal.Desktop', '/org/freedesktop/portal/desktop', 'org.freedesktop.portal.Notification',
                              'AddNotification', GLib.Variant('(sa{sv})', ('n1', {'title': GLib.Variant('s', 'Through the portal'),
                                  'default-action': GLib.Variant('s', default), 'default-action-target': GLib.Variant('s', 'there')})),
                              None, Gio.DBusCallFlags.NONE, -1, None)
                note('added')
            app.connect('activate', activate)
            app.run([])
            """

        /// Writes the client into a fresh folder; its program and output file.
        static func clientFiles() throws -> (program: URL, out: URL) {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-portal-client-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let program = dir.appendingPathComponent("client.py")
            try client.write(to: program, atomically: true, encoding: .utf8)
            return (program, dir.appendingPathComponent("out"))
        }

        /// Clicks the card titled "Through the portal" once it rests.
        static func clickTheCard(_ daemon: DaemonHarness, _ probe: XProbe) throws -> JSON {
            try waitUntil("the portal's card", timeout: 15) { try G.toasts(daemon).contains { $0["title"]?.string == "Through the portal" } }
            let toast = try #require(try G.toasts(daemon).first { $0["title"]?.string == "Through the portal" })
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            probe.button(down: false)
            return toast
        }

        @Test("xdg-desktop-portal 1.16 with xtoast.portal selected by UseIn against XDG_CURRENT_DESKTOP: a host client's AddNotification shows a portal card, and a click's ActionInvoked (target, activation token) reaches the client",
              .enabled(if: installed, "xdg-desktop-portal is not installed (scripts/lib/common.sh lists it)"))
        func xtoastBackendSelected() throws {
            let (bus, daemon, probe) = try N.start()
            try waitUntil("the portal backend's name owned") { daemon.log.contains("serving org.freedesktop.impl.portal.desktop.xtoast") }
            let portals = try Self.portalFolder("xtoast.portal", from: Self.repository.appendingPathComponent("assets/install/xtoast.portal"))
            let frontend = try Self.startService(Self.portal, owning: "org.freedesktop.portal.Desktop", on: bus,
                                                 environment: ["XDG_DESKTOP_PORTAL_DIR": portals.path, "XDG_CURRENT_DESKTOP": "i3"])
            defer { frontend.stop() }
            let (program, out) = try Self.clientFiles()
            let client = try bus.start("python3", [program.path, out.path, "", "go"])
            defer { client.stop() }
            let toast = try Self.clickTheCard(daemon, probe)
            #expect(toast["interface"]?.string == "portal", "\(toast)")
            try waitUntil("ActionInvoked at the client", timeout: 10) { G.lines(out).contains { $0.hasPrefix("action n1 go ") } }
            let heard = try #require(G.lines(out).first { $0.hasPrefix("action n1 go ") })
            #expect(heard.contains(#"["there", {"activation-token": "xtoast-\#(daemon.process.processIdentifier)-"#), "\(heard)")
        }

        /// The client as a sandboxed `Gio.Application` `appID` (a sandbox of its own making with
        /// a `.flatpak-info`, as SandboxIdentityTests makes one), whose default action is its `app.go`.
        static func startSandboxed(appID: String, on bus: PrivateBus) throws -> (DaemonHarness.Background, URL) {
            let (program, out) = try clientFiles()
            let folder = program.deletingLastPathComponent()
            let info = folder.appendingPathComponent("flatpak-info").path
            try "[Application]\nname=\(appID)\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\n".write(toFile: info, atomically: true, encoding: .utf8)
            let busFolder = (String(bus.address.dropFirst("unix:path=".count)) as NSString).deletingLastPathComponent
            let sandbox = ["--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
                           "--symlink", "usr/lib64", "/lib64", "--ro-bind", "/etc", "/etc", "--bind", busFolder, busFolder,
                           "--bind", folder.path, folder.path, "--proc", "/proc", "--dev", "/dev", "--ro-bind", info, "/.flatpak-info",
                           "/usr/bin/python3", program.path, out.path, appID, "app.go"]
            return (try bus.start("bwrap", sandbox), out)
        }

        @Test("xdg-desktop-portal 1.16 with xtoast.portal: a sandboxed Gio.Application's card is filed under the id the portal vouches for, and a click on its app.go default action activates it through org.freedesktop.Application with the target",
              .enabled(if: installed && SandboxIdentityTests.bwrapWorks,
                       "xdg-desktop-portal is not installed, or bwrap cannot make a mount namespace here (1.16 reads a sandboxed app's id from its .flatpak-info)"))
        func xtoastBackendActivatesAppActions() throws {
            let (bus, daemon, probe) = try N.start()
            try waitUntil("the portal backend's name owned") { daemon.log.contains("serving org.freedesktop.impl.portal.desktop.xtoast") }
            let portals = try Self.portalFolder("xtoast.portal", from: Self.repository.appendingPathComponent("assets/install/xtoast.portal"))
            let frontend = try Self.startService(Self.portal, owning: "org.freedesktop.portal.Desktop", on: bus,
                                                 environment: ["XDG_DESKTOP_PORTAL_DIR": portals.path, "XDG_CURRENT_DESKTOP": "openbox"])
            defer { frontend.stop() }
            let (client, out) = try Self.startSandboxed(appID: "org.xtoast.Boxed", on: bus)
            defer { client.stop() }
            let toast = try Self.clickTheCard(daemon, probe)
            #expect(toast["interface"]?.string == "portal" && toast["desktop_entry"]?.string == "org.xtoast.Boxed", "\(toast)")
            try waitUntil("app.go activated in the client", timeout: 10) { G.lines(out).contains("activated go there") }
        }

        @Test("xdg-desktop-portal 1.16 with xdg-desktop-portal-gtk 1.14: a sandboxed Gio.Application's notification is passed through to org.gtk.Notifications, and a click activates its app.go with the target",
              .enabled(if: gtkInstalled && SandboxIdentityTests.bwrapWorks,
                       "xdg-desktop-portal-gtk is not installed, or bwrap cannot make a mount namespace here (the portal passes a notification through to org.gtk.Notifications only for a valid application id, which 1.16 reads from a sandbox's .flatpak-info)"))
        func gtkBackendForwards() throws {
            let (bus, daemon, probe) = try N.start()
            try waitUntil("org.gtk.Notifications owned") { daemon.log.contains("serving org.gtk.Notifications") }
            let backend = try Self.startService(Self.portalGtk, owning: "org.freedesktop.impl.portal.desktop.gtk", on: bus)
            defer { backend.stop() }
            let portals = try Self.portalFolder("gtk.portal", from: URL(fileURLWithPath: "/usr/share/xdg-desktop-portal/portals/gtk.portal"))
            let frontend = try Self.startService(Self.portal, owning: "org.freedesktop.portal.Desktop", on: bus,
                                                 environment: ["XDG_DESKTOP_PORTAL_DIR": portals.path, "XDG_CURRENT_DESKTOP": "gnome"])
            defer { frontend.stop() }
            let (client, out) = try Self.startSandboxed(appID: "org.xtoast.Boxed", on: bus)
            defer { client.stop() }
            let toast = try Self.clickTheCard(daemon, probe)
            #expect(toast["interface"]?.string == "gtk", "portal-gtk passes it through: \(toast)")
            #expect(toast["desktop_entry"]?.string == "org.xtoast.Boxed", "\(toast)")
            try waitUntil("app.go activated in the client", timeout: 10) { G.lines(out).contains("activated go there") }
        }
    }
}
