import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 31: xtoast as an AT-SPI application, read by the library Orca reads with
    /// (Debian's python3-pyatspi, run with Debian's /usr/bin/python3) on a real accessibility
    /// bus (at-spi2-core's launcher and registry on a private session bus).
    @Suite struct AccessibilityTests {
        typealias F = FoundationTests

        /// A screen reader's side: finds xtoast among the desktop's applications, then writes
        /// one JSON line per event it hears (the source's role, name, description); for a card
        /// that starts showing it reads the extents once they stop moving, its children, and
        /// presses the button labelled argv[2] through `Action` once told to (`go`).
        static let client = #"""
            import json, os, sys, time
            import pyatspi
            from gi.repository import GLib
            out = open(sys.argv[1], "a")
            press = sys.argv[2]
            def emit(d):
                out.write(json.dumps(d) + "\n"); out.flush()
            def find_app():
                d = pyatspi.Registry.getDesktop(0)
                for i in range(d.childCount):
                    a = d.getChildAtIndex(i)
                    if a is not None and a.name == "xtoast":
                        return a
                return None
            app = None
            deadline = time.time() + 10
            while app is None and time.time() < deadline:
                app = find_app()
                if app is None: time.sleep(0.05)
            emit({"app": app is not None, "role": int(app.getRole()) if app else None})
            def describe(e):
                s = e.source
                return {"event": e.type, "detail1": e.detail1, "role": int(s.getRole()), "name": s.name,
                        "description": s.description, "value": str(e.any_data) if isinstance(e.any_data, str) else None}
            def on_event(e):
                try:
                    emit(describe(e))
                    s = e.source
                    if e.type.startswith("object:state-changed:showing") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_WINDOW:
                        panel = s.getChildAtIndex(0)
                        # The header's controls come first; the list is the panel's LIST child.
                        lst = [k for k in [panel.getChildAtIndex(n) for n in range(panel.childCount)] if k.getRole() == pyatspi.ROLE_LIST][0]
                        emit({"center": [int(s.getRole()), int(panel.getRole()), int(lst.getRole())],
                              "items": [[int(i.getRole()), i.name] for i in [lst.getChildAtIndex(n) for n in range(lst.childCount)]]})
                    if e.type.startswith("object:state-changed:showing") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_NOTIFICATION:
                        comp = s.queryComponent()
                        last, since = None, time.time()
                        while time.time() < since + 5:
                            x = comp.getExtents(pyatspi.DESKTOP_COORDS)
                            now = [x.x, x.y, x.width, x.height]
                            if now == last: break
                            last = now; time.sleep(0.3)
                        kids = [s.getChildAtIndex(i) for i in range(s.childCount)]
                        emit({"extents": last, "states": sorted(int(t) for t in s.getState().getStates()),
                              "children": [[int(k.getRole()), k.name] for k in kids]})
                        # The test compares the extents with the window, then says go.
                        go = sys.argv[1] + ".go"
                        wait_until = time.time() + 10
                        while press and not os.path.exists(go) and time.time() < wait_until: time.sleep(0.05)
                        for k in kids:
                            if k.getRole() == pyatspi.ROLE_PUSH_BUTTON and k.name == press:
                                act = k.queryAction()
                                emit({"action": act.getName(0), "done": bool(act.doAction(0))})
                except Exception as ex:
                    emit({"error": str(ex)})
            for kind in ["object:state-changed:showing", "object:children-changed", "object:property-change:accessible-description",
                         "object:property-change:accessible-name",
                         "object:state-changed:focused", "window:activate", "window:deactivate"]:
                pyatspi.Registry.registerEventListener(on_event, kind)
            emit({"listening": True})
            GLib.timeout_add_seconds(30, lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """#

        /// The client running, and what it has written so far.
        final class ScreenReader {
            let file: URL
            let process: Process

            init(_ a11y: PrivateAccessibilityBus, pressing label: String) throws {
                let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-atspi-\(UUID().uuidString.prefix(8))")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let script = dir.appendingPathComponent("client.py")
                try AccessibilityTests.client.write(to: script, atomically: true, encoding: .utf8)
                file = dir.appendingPathComponent("events.jsonl")
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
                process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = [script.path, file.path, label]
                process.environment = a11y.clientEnvironment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
            }

            deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

            /// Lets the reader press its button.
            func go() { _ = FileManager.default.createFile(atPath: file.path + ".go", contents: nil) }

            var lines: [[String: Any]] {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                }
            }

            /// Waits for the first line that `matches`.
            @discardableResult
            func wait(for what: String, timeout: Double = 10, _ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
                var found: [String: Any]?
                try waitUntil(what, timeout: timeout) {
                    found = lines.first(where: matches)
                    return found != nil
                }
                return found ?? [:]
            }
        }

        /// `display`: another X server than the shared test display (nil: the shared one).
        static func start(a11yFirst: Bool = true, display: PrivateDisplay? = nil) throws -> (PrivateBus, PrivateAccessibilityBus?, DaemonHarness) {
            let bus = try PrivateBus()
            let a11y = a11yFirst ? try PrivateAccessibilityBus(on: bus) : nil
            let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
            let daemon = try display.map { try DaemonHarness(config: NotificationServerTests.noBursts, extraEnvironment: environment, display: $0.name) }
                ?? DaemonHarness(config: NotificationServerTests.noBursts, extraEnvironment: environment)
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            return (bus, a11y, daemon)
        }

        static let connected = "connected to the accessibility bus"

        @Test("a screen reader finds xtoast, hears a card show as a NOTIFICATION with its title and message, reads its buttons and labels and its extents (its window's frame), and presses a button: the sender hears ActionInvoked")
        func cardIsReadAndPressed() throws {
            let (bus, a11y, daemon) = try Self.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(Self.connected) }
            let probe = try XProbe()
            let reader = try ScreenReader(a11yBus, pressing: "Deploy")
            let app = try reader.wait(for: "the reader to look for xtoast") { $0["app"] != nil }
            #expect(app["app"] as? Bool == true && app["role"] as? Int == 75, "\(app)")
            try reader.wait(for: "the reader to listen") { $0["listening"] != nil }

            let sender = try bus.start("notify-send", ["-A", "yes=Deploy", "-A", "no=Not now", "-t", "0", "Deploy?", "Build <b>214</b> passed"])
            let shown = try reader.wait(for: "showing from a NOTIFICATION") {
                ($0["event"] as? String)?.hasPrefix("object:state-changed:showing") == true && $0["detail1"] as? Int == 1
            }
            // The message is its label's alone, or Orca would say it twice (issue 49).
            #expect(shown["role"] as? Int == 101 && shown["name"] as? String == "Deploy?"
                    && shown["description"] as? String == "", "\(shown)")
            let read = try reader.wait(for: "the card's extents and children") { $0["extents"] != nil }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let extents = read["extents"] as? [Int] ?? []
            #expect(extents == [Int(card.frame.x), Int(card.frame.y), Int(card.frame.width), Int(card.frame.height)],
                    "\(read) window \(card.frame)")
            // SHOWING (25) and VISIBLE (30) among its states.
            let states = read["states"] as? [Int] ?? []
            #expect(states.contains(25) && states.contains(30), "\(states)")
            let children = (read["children"] as? [[Any]] ?? []).map { "\($0[0]):\($0[1])" }
            #expect(children == ["29:Deploy?", "29:Build 214 passed", "43:Deploy", "43:Not now"], "\(children)")
            reader.go()

            let pressed = try reader.wait(for: "the reader to press Deploy") { $0["action"] != nil }
            #expect(pressed["done"] as? Bool == true, "\(pressed)")
            let run = try sender.finish()
            #expect(run.stdout == "yes\n", "\(run.stdout) \(run.stderr)")
            // The card ends: showing 0, and the root loses a child.
            try reader.wait(for: "showing 0") {
                ($0["event"] as? String)?.hasPrefix("object:state-changed:showing") == true && $0["detail1"] as? Int == 0
            }
            try reader.wait(for: "children-changed on the root") {
                ($0["event"] as? String)?.hasPrefix("object:children-changed:remove") == true && $0["role"] as? Int == 75
            }
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            #expect(!reader.lines.contains { $0["error"] != nil }, "\(reader.lines)")
        }

        @Test("an update in place is a PropertyChange of the message label's name")
        func updateInPlace() throws {
            let (bus, a11y, daemon) = try Self.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(Self.connected) }
            let reader = try ScreenReader(a11yBus, pressing: "")
            try reader.wait(for: "the reader to listen") { $0["listening"] != nil }
            let id = try bus.run("notify-send", ["-p", "-t", "0", "Copying", "1 of 3"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try reader.wait(for: "the card to show") { $0["extents"] != nil }
            try bus.run("notify-send", ["-r", id, "-t", "0", "Copying", "2 of 3"])
            let changed = try reader.wait(for: "a name change") {
                ($0["event"] as? String)?.hasPrefix("object:property-change:accessible-name") == true
            }
            #expect(changed["role"] as? Int == 29 && changed["name"] as? String == "2 of 3", "\(changed)")
        }

        @Test("with no accessibility bus the daemon opens no connection to one and makes no wakeups; it joins when a bus appears and is enabled, and leaves when disabled or when the bus goes")
        func noBusNoConnection() throws {
            // Its own X server: on the shared one, another test's leftover window moving would
            // wake the daemon (it watches the screen's windows), which is not its own wakeup.
            let display = try PrivateDisplay(size: "1280x800")
            let (bus, _, daemon) = try Self.start(a11yFirst: false, display: display)
            // A toast shown and answered: the daemon has served a whole turn of work meanwhile.
            _ = try daemon.show(["--timeout", "0", "Nobody listens"])
            #expect(!daemon.log.contains(Self.connected), "\(daemon.log)")
            // Watching the session bus for one costs no wakeups: the loop sleeps with nothing timed.
            let pid = daemon.process.processIdentifier
            try MotionTests.waitUntilQuiet(pid)
            let before = try MotionTests.contextSwitches(pid)
            usleep(500_000)
            let after = try MotionTests.contextSwitches(pid)
            #expect(after - before <= 1, "woke \(after - before) times while idle without an accessibility bus; fds \(MotionTests.descriptors(pid)); log: \(daemon.log.suffix(1500))")
            // A launcher that is there but not enabled: still nothing.
            let disabled = try PrivateAccessibilityBus(on: bus, enabled: false)
            _ = try daemon.show(["--timeout", "0", "Still nobody"])
            #expect(!daemon.log.contains(Self.connected), "\(daemon.log)")
            #expect(try Self.accessibilityConnections(daemon, on: disabled) == 0)
            try disabled.setEnabled(true)
            try waitUntil("the daemon to join once enabled") { daemon.log.contains(Self.connected) }
            #expect(try Self.accessibilityConnections(daemon, on: disabled) == 1)
            try disabled.setEnabled(false)
            try waitUntil("the daemon to leave once disabled") { daemon.log.contains("left the accessibility bus") }
            try waitUntil("its connection to close") { try Self.accessibilityConnections(daemon, on: disabled) == 0 }
            // Enabled again, then the launcher goes (the session's accessibility ending): it leaves.
            try disabled.setEnabled(true)
            try waitUntil("the daemon to join again") { daemon.log.components(separatedBy: Self.connected).count == 3 }
            disabled.stop()
            try waitUntil("the daemon to leave the bus that went") {
                daemon.log.contains("lost the accessibility bus") || daemon.log.components(separatedBy: "left the accessibility bus").count == 3
            }
            #expect(try daemon.xtoast(["list"]).status == 0, "the daemon lives on")
        }

        @Test("the open centre is WINDOW > PANEL > LIST > LIST_ITEM, an item per entry; arrow keys move focus from item to item")
        func centerIsNavigable() throws {
            let bus = try PrivateBus()
            let a11y = try PrivateAccessibilityBus(on: bus)
            let daemon = try DaemonHarness(config: "[center]\ngroup = none\n", extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(Self.connected) }
            let probe = try XProbe()
            for title in ["Alpha", "Bravo", "Charlie"] { _ = try daemon.show(["--timeout", "0.05", "--title", title, "message of \(title)"]) }
            try waitUntil("the toasts to end") { probe.cards().isEmpty }
            let reader = try ScreenReader(a11y, pressing: "")
            try reader.wait(for: "the reader to listen") { $0["listening"] != nil }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            let center = try reader.wait(for: "the centre's window to show") { $0["center"] != nil }
            #expect(center["center"] as? [Int] == [69, 39, 31], "\(center)")
            let items = (center["items"] as? [[Any]] ?? []).map { "\($0[0]):\($0[1])" }
            #expect(items == ["32:Charlie", "32:Bravo", "32:Alpha"], "\(items)")
            // Orca follows focus within the active window: the centre says it is active.
            try reader.wait(for: "window:activate from the centre") {
                ($0["event"] as? String)?.hasPrefix("window:activate") == true && $0["role"] as? Int == 69
            }
            func focusedItems() -> [String] {
                reader.lines.filter { ($0["event"] as? String)?.hasPrefix("object:state-changed:focused") == true
                    && $0["detail1"] as? Int == 1 && $0["role"] as? Int == 32 }.compactMap { $0["name"] as? String }
            }
            try waitUntil("the panel to take the keyboard") { probe.keyboardIsFree() == false }
            probe.key("Down")
            try waitUntil("a focus event for the first item") { !focusedItems().isEmpty }
            probe.key("Down")
            try waitUntil("a focus event for the next item") { focusedItems().count >= 2 }
            let names = focusedItems()
            #expect(names == ["Charlie", "Bravo"], "\(names)")
            probe.key("Escape")
            try reader.wait(for: "the centre to stop showing") {
                ($0["event"] as? String)?.hasPrefix("object:state-changed:showing") == true && $0["detail1"] as? Int == 0 && $0["role"] as? Int == 69
            }
        }

        @Test("focus mode: the ringed card is FOCUSED, and Down moves the focus event to the older card")
        func focusModeFocusesCards() throws {
            let (_, a11y, daemon) = try Self.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(Self.connected) }
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            let reader = try ScreenReader(a11yBus, pressing: "")
            try reader.wait(for: "the reader to listen") { $0["listening"] != nil }
            _ = try daemon.show(["--timeout", "0", "--title", "Older", "first"])
            _ = try daemon.show(["--timeout", "0", "--title", "Newer", "second"])
            _ = try F.restingCards(probe, count: 2)
            func focused() -> [String] {
                reader.lines.filter { ($0["event"] as? String)?.hasPrefix("object:state-changed:focused") == true
                    && $0["detail1"] as? Int == 1 && $0["role"] as? Int == 101 }.compactMap { $0["name"] as? String }
            }
            #expect(try daemon.xtoast(["focus"]).status == 0)
            try waitUntil("a focus event for the newest card") { focused() == ["Newer"] }
            probe.key("Down")
            try waitUntil("a focus event for the older card") { focused() == ["Newer", "Older"] }
            probe.key("Escape")
            try waitUntil("the keyboard to be free again") { probe.keyboardIsFree() }
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("no card") { probe.cards().isEmpty }
        }

        /// A client flooding xtoast's objects with calls, none waiting for its answer.
        static let flooder = #"""
            import sys
            from gi.repository import Gio, GLib
            bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1],
                Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
            apps = bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible",
                                 "GetChildren", None, None, 0, 5000, None).unpack()[0]
            name = apps[0][0]
            path = sys.argv[3]
            for i in range(int(sys.argv[2])):
                m = Gio.DBusMessage.new_method_call(name, path, "org.a11y.atspi.Accessible", "GetChildren")
                bus.send_message(m, Gio.DBusSendMessageFlags.NONE)
            print("sent", flush=True)
            bus.flush_sync(None)
            """#

        @Test("a client calling xtoast's objects in a loop (the open centre's 400 items) does not stall the daemon: the socket is answered meanwhile")
        func floodDoesNotStall() throws {
            let bus = try PrivateBus()
            let a11yBus = try PrivateAccessibilityBus(on: bus)
            let daemon = try DaemonHarness(config: "[center]\ngroup = none\n", extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(Self.connected) }
            let probe = try XProbe()
            let filler = try ProtocolClient(path: daemon.socketPath)
            for i in 0..<400 { filler.send(#"{"op":"show","title":"Entry \#(i)","message":"m","timeout":0.001}"#) }
            try waitUntil("the history to fill", timeout: 30) {
                (try? daemon.xtoast(["history"]).stdout.components(separatedBy: "\"id\"").count) ?? 0 > 400
            }
            try waitUntil("the toasts to end") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            let script = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-flood-\(UUID().uuidString.prefix(8)).py")
            try Self.flooder.write(to: script, atomically: true, encoding: .utf8)
            let flood = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, a11yBus.address, "20000",
                                                                                                  "/org/a11y/atspi/accessible/center_list"],
                                                           environment: a11yBus.clientEnvironment)
            defer { if flood.process.isRunning { kill(flood.process.processIdentifier, SIGKILL) } }
            let client = try ProtocolClient(path: daemon.socketPath)
            var slowest = 0.0
            for _ in 0..<40 {
                let start = Date()
                #expect(try client.request(#"{"op":"ping"}"#)["ok"]?.bool == true)
                slowest = max(slowest, Date().timeIntervalSince(start))
                usleep(20_000)
            }
            let run = try flood.finish(timeout: 30)
            #expect(run.stdout.contains("sent"), "\(run.stdout) \(run.stderr)")
            #expect(slowest < 0.25, "a ping waited \(slowest) s behind the flood")
            // Still serving the accessibility bus afterwards.
            #expect(try a11yBus.connections(of: daemon.process.processIdentifier) == 1)
        }

        /// The daemon's connections to `a11y`'s bus: the bus's names whose process is the daemon's.
        static func accessibilityConnections(_ daemon: DaemonHarness, on a11y: PrivateAccessibilityBus) throws -> Int {
            try a11y.connections(of: daemon.process.processIdentifier)
        }
    }
}
