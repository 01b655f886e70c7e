import CX11
import Foundation
import JSONCodec
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 48 item 2: the app you are looking at does not interrupt. On a real X server
    /// with openbox, a small X client (Python with python3-xlib and GLib's D-Bus) maps a window
    /// with its own `_NET_WM_PID`, is made the active window, and notifies over the bus from
    /// that same process: after 1 s no card, the toast ends `focused` (bus reason 2) and waits
    /// in the centre; within 1 s of the switch it shows; its child's `notify-send` (a
    /// terminal's) and another application's show.
    @Suite struct FocusedAppTests {
        typealias Desk = DesktopMannersTests.Desk

        /// The chat app: maps its window, writes `window ID` to `out`, then carries out each
        /// line appended to `commands`: `activate TITLE` (asks the window manager to make its
        /// window active, as a pager does, waits until the root says so, then notifies at
        /// once), `focus TITLE` (the same without notifying), `notify TITLE` (from this process's own bus connection), `child TITLE` (a
        /// `notify-send` it runs, as a terminal's shell would). Each sent id is a line `id N`.
        static let script = """
            import os, sys, time, subprocess, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            from Xlib import display, X, Xatom
            from Xlib.protocol import event
            out, commands = sys.argv[1], sys.argv[2]
            def note(line):
                with open(out, 'a') as f: f.write(line + '\\n')
            d = display.Display()
            screen = d.screen()
            root = screen.root
            w = root.create_window(200, 200, 300, 200, 0, screen.root_depth, X.InputOutput, X.CopyFromParent,
                                   background_pixel=screen.white_pixel)
            w.set_wm_class('chat', 'Chat')
            w.set_wm_name('Chat')
            w.change_property(d.intern_atom('_NET_WM_PID'), Xatom.CARDINAL, 32, [os.getpid()])
            w.map()
            d.sync()
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            active = d.intern_atom('_NET_ACTIVE_WINDOW')
            def notify(title):
                r = bus.call_sync('org.freedesktop.Notifications', '/org/freedesktop/Notifications',
                                  'org.freedesktop.Notifications', 'Notify',
                                  GLib.Variant('(susssasa{sv}i)', ('Chat', 0, '', title, 'from the chat', [], {}, 0)),
                                  GLib.VariantType('(u)'), Gio.DBusCallFlags.NONE, -1, None)
                note('id %d %s' % (r.unpack()[0], title))
            def activate():
                ev = event.ClientMessage(window=w, client_type=active, data=(32, [2, X.CurrentTime, 0, 0, 0]))
                root.send_event(ev, event_mask=X.SubstructureRedirectMask | X.SubstructureNotifyMask)
                d.flush()
                while True:
                    p = root.get_full_property(active, X.AnyPropertyType)
                    if p and len(p.value) and p.value[0] == w.id: return
                    time.sleep(0.005)
            note('window %d' % w.id)
            done = 0
            while True:
                lines = open(commands).read().split('\\n')[:-1]
                for line in lines[done:]:
                    verb, title = line.split(' ', 1)
                    if verb == 'activate':
                        activate()
                        notify(title)
                    elif verb == 'focus':
                        activate()
                        note('focused %s' % title)
                    elif verb == 'notify':
                        notify(title)
                    elif verb == 'child':
                        subprocess.run(['notify-send', '-a', 'Terminal child', '-t', '0', title])
                        note('child %s' % title)
                done = len(lines)
                time.sleep(0.02)
            """

        /// The chat app on the desk's display and `bus`.
        final class ChatApp {
            let process: DaemonHarness.Background
            let out: URL
            let commands: URL
            let window: UInt

            init(display: String, bus: PrivateBus) throws {
                let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-focus-\(UUID().uuidString.prefix(8))")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let program = dir.appendingPathComponent("chat.py")
                out = dir.appendingPathComponent("out")
                commands = dir.appendingPathComponent("commands")
                try script.write(to: program, atomically: true, encoding: .utf8)
                try Data().write(to: commands)
                var environment = bus.environment
                environment["DISPLAY"] = display
                process = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/python3"), [program.path, out.path, commands.path],
                                                             environment: environment)
                let out = out
                var id: UInt?
                try waitUntil("the chat app's window", timeout: 15) {
                    id = Self.lines(out).first { $0.hasPrefix("window ") }.flatMap { UInt($0.dropFirst(7)) }
                    return id != nil
                }
                window = id ?? 0
            }

            deinit { process.stop() }

            static func lines(_ file: URL) -> [String] {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }

            /// Carries out `line` and waits for its note (`id N TITLE`, `child TITLE`, `focused TITLE`); the id, if any.
            @discardableResult
            func run(_ line: String) throws -> UInt32? {
                let handle = try FileHandle(forWritingTo: commands)
                handle.seekToEndOfFile()
                handle.write(Data((line + "\n").utf8))
                try handle.close()
                let title = String(line.split(separator: " ", maxSplits: 1)[1])
                let out = out
                var noted: String?
                try waitUntil("the chat app to carry out \(line)", timeout: 15) {
                    noted = Self.lines(out).first { $0.hasSuffix(" " + title) && ($0.hasPrefix("id ") || $0.hasPrefix("child ") || $0.hasPrefix("focused ")) }
                    return noted != nil
                }
                return noted.flatMap { $0.hasPrefix("id ") ? UInt32($0.split(separator: " ")[1]) : nil }
            }
        }

        /// The live toasts' titles, as `xtoast list` shows them.
        static func liveTitles(_ daemon: DaemonHarness) throws -> [String] {
            let list = try JSON.parse(try daemon.xtoast(["list"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            guard case let .array(toasts)? = list["toasts"] else { return [] }
            return toasts.compactMap { if case let .string(title)? = $0["title"] { title } else { nil } }
        }

        /// The history's entry titled `title`.
        static func historyEntry(_ daemon: DaemonHarness, _ title: String) throws -> JSON? {
            let history = try JSON.parse(try daemon.xtoast(["history"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            guard case let .array(entries)? = history["history"] else { return nil }
            return entries.first { $0["title"] == .string(title) }
        }

        @Test("the active window's own process gets no card after 1 s (ends focused, bus reason 2, unread in the centre); within 1 s of the switch, its child's notify-send and another app's show")
        func focusedAppStaysQuiet() throws {
            let bus = try PrivateBus()
            let desk = try Desk(bus: bus)
            let signals = try bus.monitor()
            let chat = try ChatApp(display: desk.display.name, bus: bus)
            // The probe's window first, so the chat's activation is a switch the daemon hears.
            try desk.wm.wmctrl(["-i", "-a", "0x" + String(desk.app, radix: 16)])
            let probe = desk.probe, other = UInt(desk.app)
            try waitUntil("the probe's window to be active") { probe.rootWindows("_NET_ACTIVE_WINDOW").first == other }

            // Sent the moment the window became active: it shows.
            try chat.run("activate Early")
            #expect(probe.rootWindows("_NET_ACTIVE_WINDOW").first == chat.window)
            let daemon = desk.daemon
            try waitUntil("Early's card") { try Self.liveTitles(daemon).contains("Early") }

            Thread.sleep(forTimeInterval: 1.5)
            let quiet = try #require(try chat.run("notify Quiet"))
            try waitUntil("Quiet in history") { try Self.historyEntry(daemon, "Quiet") != nil }
            let entry = try #require(try Self.historyEntry(daemon, "Quiet"))
            #expect(entry["reason"] == .string("focused") && entry["unread"] == .bool(true), "\(entry)")
            #expect(try !Self.liveTitles(daemon).contains("Quiet"), "no card for the focused app's own notification")
            try waitUntil("NotificationClosed for Quiet") { signals.signals.contains(.closed(id: quiet, reason: 2)) }

            // A child of the focused process (a terminal's notify-send) is another process: it shows.
            try chat.run("child From the shell")
            try waitUntil("the child's card") { try Self.liveTitles(daemon).contains("From the shell") }
            // Another application's, while the chat is still in front: it shows.
            try bus.run("notify-send", ["-a", "Mail", "-t", "0", "New mail"])
            try waitUntil("the other app's card") { try Self.liveTitles(daemon).contains("New mail") }
            #expect(probe.rootWindows("_NET_ACTIVE_WINDOW").first == chat.window, "the chat was in front throughout")
            #expect(try Self.liveTitles(daemon).contains("Early"))
        }

        @Test("a window active before the daemon started is known from the start: its own process's Notify 1 s later gets no card")
        func activeBeforeStart() throws {
            let bus = try PrivateBus()
            let display = try PrivateDisplay(size: "1280x800")
            let wm = try WindowManager(display: display.name)
            let chat = try ChatApp(display: display.name, bus: bus)
            try chat.run("focus Chat")
            let daemon = try DaemonHarness(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], display: display.name)
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            Thread.sleep(forTimeInterval: 1.5)
            try chat.run("notify Quiet")
            try waitUntil("Quiet in history") { try Self.historyEntry(daemon, "Quiet") != nil }
            #expect(try Self.historyEntry(daemon, "Quiet")?["reason"] == .string("focused"))
            #expect(try !Self.liveTitles(daemon).contains("Quiet"))
            withExtendedLifetime((wm, display)) {}
        }

        @Test("focused_app = show: the focused app's notification shows as before; history: it goes to history read")
        func modes() throws {
            for mode in ["show", "history"] {
                let bus = try PrivateBus()
                let desk = try Desk(config: "[general]\nfocused_app = \(mode)\n", bus: bus)
                let chat = try ChatApp(display: desk.display.name, bus: bus)
                try chat.run("activate First")
                Thread.sleep(forTimeInterval: 1.5)
                try chat.run("notify Second")
                let daemon = desk.daemon
                if mode == "show" {
                    try waitUntil("Second's card") { try Self.liveTitles(daemon).contains("Second") }
                } else {
                    try waitUntil("Second in history") { try Self.historyEntry(daemon, "Second") != nil }
                    let entry = try #require(try Self.historyEntry(daemon, "Second"))
                    #expect(entry["reason"] == .string("focused") && entry["unread"] != .bool(true), "\(entry)")
                    #expect(try !Self.liveTitles(daemon).contains("Second"))
                }
            }
        }
    }
}
