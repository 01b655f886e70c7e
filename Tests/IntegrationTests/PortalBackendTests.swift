import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 47: the portal backend, `org.freedesktop.impl.portal.Notification` version 2,
    /// driven directly as xdg-desktop-portal's own tests drive a backend: a Python client with
    /// Debian's GLib on a private bus calls `AddNotification`/`RemoveNotification` (with a
    /// sealed memfd for an icon) and writes each `ActionInvoked` it hears to a file.
    @Suite struct PortalBackendTests {
        typealias F = FoundationTests
        typealias G = GtkNotificationsTests
        typealias N = NotificationServerTests

        static let appID = "org.xtoast.PortalApp"
        static let backend = "org.freedesktop.impl.portal.desktop.xtoast"

        /// The client: listens for `ActionInvoked` (each a line `action APP ID ACTION PARAMETER-JSON`)
        /// and runs each `step-N.py` that appears beside its output (`step`; `add` and `remove`
        /// call the backend, each call writes a line), and stays.
        static let script = """
            import os, sys, json, glob, fcntl, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            out = sys.argv[1]
            NAME, PATH, IFACE = '\(backend)', '/org/freedesktop/portal/desktop', 'org.freedesktop.impl.portal.Notification'
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            def note(line):
                with open(out, 'a') as f: f.write(line + '\\n')
            def heard(conn, sender, path, iface, member, params):
                app_id, id, action, parameter = params.unpack()
                note('action %s %s %s %s' % (app_id, id, action, json.dumps(parameter, sort_keys=True)))
            bus.signal_subscribe(NAME, IFACE, 'ActionInvoked', PATH, None, Gio.DBusSignalFlags.NONE, heard)
            def sealed(data, seal=True):
                fd = os.memfd_create('icon', os.MFD_ALLOW_SEALING)
                os.write(fd, data)
                if seal: fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SEAL)
                return fd
            def add(app_id, id, fields, fds=None):
                fdlist = Gio.UnixFDList.new_from_array(fds) if fds else None
                bus.call_with_unix_fd_list_sync(NAME, PATH, IFACE, 'AddNotification', GLib.Variant('(ssa{sv})', (app_id, id, fields)),
                                                None, Gio.DBusCallFlags.NONE, -1, fdlist, None)
                note('added ' + id)
            def remove(app_id, id):
                bus.call_sync(NAME, PATH, IFACE, 'RemoveNotification', GLib.Variant('(ss)', (app_id, id)), None, Gio.DBusCallFlags.NONE, -1, None)
                note('removed ' + id)
            def s(text): return GLib.Variant('s', text)
            ran = set()
            def poll():
                for path in sorted(glob.glob(os.path.join(os.path.dirname(out), 'step-*.py'))):
                    if path in ran: continue
                    ran.add(path)
                    try:
                        exec(open(path).read(), globals())
                        note('ran ' + os.path.basename(path))
                    except Exception as e:
                        note('failed %s: %s' % (os.path.basename(path), str(e).replace('\\n', ' ')))
                return True
            GLib.timeout_add(50, poll)
            GLib.MainLoop().run()
            """

        /// xtoast on a private bus, and the client; its lines go to the returned file.
        static func start(config: String? = nil) throws -> (PrivateBus, DaemonHarness, XProbe, DaemonHarness.Background, URL) {
            let (bus, daemon, probe) = try N.start(config: config)
            try waitUntil("the portal backend's name owned") { daemon.log.contains("serving \(backend)") }
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-portal-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let program = dir.appendingPathComponent("client.py"), out = dir.appendingPathComponent("out")
            try script.write(to: program, atomically: true, encoding: .utf8)
            let client = try bus.start("python3", [program.path, out.path])
            return (bus, daemon, probe, client, out)
        }

        /// Has the client run `code` (Python) as step `number`, and waits until it has.
        static func step(_ number: Int, _ code: String, _ out: URL, _ client: DaemonHarness.Background) throws {
            let name = String(format: "step-%03d.py", number)
            try code.write(to: out.deletingLastPathComponent().appendingPathComponent(name), atomically: true, encoding: .utf8)
            try waitUntil("the client to run \(name)", timeout: 10) {
                if let failed = G.lines(out).first(where: { $0.hasPrefix("failed " + name) }) { throw TestFailure(failed) }
                if !client.process.isRunning { let run = try client.finish(); throw TestFailure("the client exited (\(run.status)): \(run.stderr)") }
                return G.lines(out).contains("ran " + name)
            }
        }

        /// Clicks the middle of a card's text (its default action).
        static func click(_ card: XProbe.CardWindow, _ probe: XProbe) {
            probe.movePointer(to: Point(x: card.frame.x + 40, y: card.frame.y + card.frame.height / 2))
            probe.button(down: true)
            probe.button(down: false)
        }

        @Test("AddNotification shows a card (interface portal, the app id as desktop entry and name); a click sends ActionInvoked with the target and the activation token, a button its action with a uint32 target; another application can neither remove nor replace it; RemoveNotification removes it")
        func addActRemove() throws {
            let (bus, daemon, probe, client, out) = try Self.start()
            defer { withExtendedLifetime(bus) { client.stop() } }
            try Self.step(1, """
                add('\(Self.appID)', 'n1', {'title': s('Ann'), 'body': s('Lunch?'), 'default-action': s('open-thread'),
                    'default-action-target': s('thread-7'),
                    'buttons': GLib.Variant('aa{sv}', [{'label': s('Mute'), 'action': s('mute'), 'target': GLib.Variant('u', 300)}])})
                """, out, client)
            try waitUntil("the card", timeout: 10) { try G.toasts(daemon).count == 1 }
            let toast = try #require(try G.toasts(daemon).first)
            #expect(toast["interface"]?.string == "portal", "\(toast)")
            #expect(toast["source"]?.string == "dbus")
            #expect(toast["desktop_entry"]?.string == Self.appID)
            #expect(toast["app"]?.string == Self.appID, "no .desktop file: the id is the name")
            #expect(toast["title"]?.string == "Ann")
            let id = try #require(toast["id"]?.string)

            // The same application and id: replaced in place.
            try Self.step(2, """
                add('\(Self.appID)', 'n1', {'title': s('Ann again'), 'default-action': s('open-thread'), 'default-action-target': s('thread-7')})
                """, out, client)
            try waitUntil("replaced in place", timeout: 10) { try G.toasts(daemon).map { $0["title"]?.string } == ["Ann again"] }
            #expect(try G.toasts(daemon).first?["id"]?.string == id)

            // A click on the card: the default action, its target, then the platform data.
            let card = try #require(try F.restingCards(probe, count: 1).first)
            Self.click(card, probe)
            try waitUntil("ActionInvoked for the click", timeout: 10) { G.lines(out).contains { $0.hasPrefix("action \(Self.appID) n1 open-thread") } }
            let heard = try #require(G.lines(out).first { $0.hasPrefix("action \(Self.appID) n1 open-thread") })
            let token = "xtoast-\(daemon.process.processIdentifier)-"
            #expect(heard.contains(#"["thread-7", {"activation-token": "\#(token)"#), "\(heard)")
            #expect(heard.contains(#""desktop-startup-id": "\#(token)"#), "\(heard)")

            // A button, chosen by key: its target still a uint32.
            try Self.step(3, """
                add('\(Self.appID)', 'n2', {'title': s('Cat'), 'buttons': GLib.Variant('aa{sv}', [{'label': s('Mute'), 'action': s('mute'), 'target': GLib.Variant('u', 300)}])})
                """, out, client)
            try waitUntil("the second card", timeout: 10) { try G.toasts(daemon).map { $0["title"]?.string } == ["Cat"] }
            let second = try #require(try G.toasts(daemon).first?["id"]?.string)
            #expect(try daemon.xtoast(["invoke", "mute", "--id", second]).status == 0)
            try waitUntil("ActionInvoked for the button", timeout: 10) { G.lines(out).contains { $0.hasPrefix("action \(Self.appID) n2 mute [300, {") } }

            // Another application with the same id: a toast of its own; its RemoveNotification
            // leaves the first application's.
            try Self.step(4, """
                add('\(Self.appID)', 'n3', {'title': s('Dan')})
                add('org.xtoast.Other', 'n3', {'title': s('Eve')})
                remove('org.xtoast.Other', 'n3')
                """, out, client)
            try waitUntil("only Dan's card", timeout: 10) { try G.toasts(daemon).compactMap { $0["title"]?.string }.sorted() == ["Dan"] }
            try Self.step(5, "remove('\(Self.appID)', 'n3')", out, client)
            try waitUntil("Dan's card gone", timeout: 10) { try G.toasts(daemon).isEmpty }
        }

        @Test("show-as-new: a replacement ends the card it replaces and shows with a new id")
        func showAsNew() throws {
            let (bus, daemon, _, client, out) = try Self.start()
            defer { withExtendedLifetime(bus) { client.stop() } }
            try Self.step(1, "add('\(Self.appID)', 'n1', {'title': s('One')})", out, client)
            try waitUntil("the card", timeout: 10) { try G.toasts(daemon).count == 1 }
            let first = try #require(try G.toasts(daemon).first?["id"]?.string)
            try Self.step(2, "add('\(Self.appID)', 'n1', {'title': s('Two'), 'display-hint': GLib.Variant('as', ['show-as-new'])})", out, client)
            try waitUntil("the new card", timeout: 10) { try G.toasts(daemon).map { $0["title"]?.string } == ["Two"] }
            #expect(try G.toasts(daemon).first?["id"]?.string != first)
        }

        @Test("version is 2 and SupportedOptions lists the categories and button purposes acted on")
        func properties() throws {
            let (bus, daemon, _, client, _) = try Self.start()
            defer { client.stop() }
            let got = try bus.run("gdbus", ["call", "--session", "--dest", Self.backend, "--object-path", "/org/freedesktop/portal/desktop",
                                            "--method", "org.freedesktop.DBus.Properties.GetAll", "org.freedesktop.impl.portal.Notification"])
            #expect(got.status == 0, "\(got.stderr) \(daemon.log)")
            #expect(got.stdout.contains("'version': <uint32 2>"), "\(got.stdout)")
            #expect(got.stdout.contains("'button-purpose': <['call.accept'"), "\(got.stdout)")
            #expect(got.stdout.contains("'im.reply-with-text'") && got.stdout.contains("'category': <['im.message'"), "\(got.stdout)")
        }

        /// A 48 px red square as an SVG.
        static let redSquare = ##"b'<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\"><rect width=\"48\" height=\"48\" fill=\"#ff0000\"/></svg>'"##

        @Test("an icon in a sealed memfd is drawn on the card; one in a memfd that is not sealed is refused; markup-body keeps its markup")
        func memfdIconAndMarkup() throws {
            let (bus, daemon, probe, client, out) = try Self.start()
            defer { withExtendedLifetime(bus) { client.stop() } }
            try Self.step(1, """
                add('\(Self.appID)', 'n1', {'title': s('Red'), 'markup-body': s('<b>bold</b> and <i>slanted</i>'),
                    'icon': GLib.Variant('(sv)', ('file-descriptor', GLib.Variant('h', 0)))}, [sealed(\(Self.redSquare))])
                """, out, client)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let toast = try #require(try G.toasts(daemon).first)
            #expect(toast["message"]?.string == "<b>bold</b> and <i>slanted</i>", "\(toast)")
            try waitUntil("the red icon drawn", timeout: 10) {
                let shot = try probe.capture(x: Int(card.frame.x), y: Int(card.frame.y), width: Int(card.frame.width), height: Int(card.frame.height))
                return shot.pixels.filter { colorDistance($0, 0xFF0000) < 30 }.count > 400
            }
            try Self.step(2, """
                add('\(Self.appID)', 'n2', {'title': s('Unsealed'),
                    'icon': GLib.Variant('(sv)', ('file-descriptor', GLib.Variant('h', 0)))}, [sealed(\(Self.redSquare), seal=False)])
                """, out, client)
            try waitUntil("the refusal logged", timeout: 10) { daemon.log.contains("not a sealed memfd") }
        }

        @Test("display-hint transient never goes into history; a plain one does")
        func transientHint() throws {
            let (bus, daemon, _, client, out) = try Self.start()
            defer { withExtendedLifetime(bus) { client.stop() } }
            try Self.step(1, """
                add('\(Self.appID)', 'kept', {'title': s('Kept one')})
                add('\(Self.appID)', 'passing', {'title': s('Passing one'), 'display-hint': GLib.Variant('as', ['transient'])})
                """, out, client)
            try waitUntil("both cards", timeout: 10) { try G.toasts(daemon).count == 2 }
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("the kept one in history", timeout: 10) { try daemon.xtoast(["history"]).stdout.contains("Kept one") }
            #expect(try !daemon.xtoast(["history"]).stdout.contains("Passing one"))
        }

        @Test("im.reply-with-text: Reply, typed text and Enter go back as ActionInvoked with the target, the platform data and the text third")
        func inlineReply() throws {
            let (bus, daemon, probe, client, out) = try Self.start()
            defer { withExtendedLifetime(bus) { client.stop() } }
            let (term, _) = try InlineReplyIntegrationTests.xterm(daemon, probe)
            defer { term.stop() }
            try Self.step(1, """
                add('\(Self.appID)', 'n1', {'title': s('Ann'), 'category': s('im.received'), 'buttons': GLib.Variant('aa{sv}',
                    [{'label': s('Reply'), 'action': s('reply'), 'purpose': s('im.reply-with-text'), 'target': s('thread-1')}])})
                """, out, client)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            probe.type("on my way")
            usleep(300_000)
            probe.key("Return")
            try waitUntil("ActionInvoked for the reply", timeout: 10) { G.lines(out).contains { $0.hasPrefix("action \(Self.appID) n1 reply ") } }
            let heard = try #require(G.lines(out).first { $0.hasPrefix("action \(Self.appID) n1 reply ") })
            #expect(heard.hasPrefix(#"action \#(Self.appID) n1 reply ["thread-1", {"activation-token": "xtoast-"#), "\(heard)")
            #expect(heard.hasSuffix(#"}, "on my way"]"#), "\(heard)")
        }
    }
}
