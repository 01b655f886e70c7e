import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 31: a card's links and the centre's header controls and filter as a screen reader
    /// reaches them (Debian's python3-pyatspi on a real accessibility bus): found, read and
    /// pressed, each press doing what a click does.
    @Suite struct AccessibilityControlsTests {
        typealias F = FoundationTests
        typealias A = AccessibilityTests

        /// One question, asked by a fresh client and answered as one JSON line: `link` (the
        /// first card's LINK children, then presses the first), `header` (the centre panel's
        /// children, and an ENTRY's text through `Text`), `press NAME` (the header button NAME).
        static let query = #"""
            import json, sys, time
            import pyatspi
            mode = sys.argv[1]
            def find_app():
                d = pyatspi.Registry.getDesktop(0)
                for i in range(d.childCount):
                    a = d.getChildAtIndex(i)
                    if a is not None and a.name == "xtoast":
                        return a
            def kids(o): return [o.getChildAtIndex(i) for i in range(o.childCount)]
            def checked(o): return o.getState().contains(pyatspi.STATE_CHECKED)
            result, deadline = None, time.time() + 10
            while result is None and time.time() < deadline:
                app = find_app()
                if app is None:
                    time.sleep(0.05); continue
                if mode == "link":
                    cards = [c for c in kids(app) if c.getRole() == pyatspi.ROLE_NOTIFICATION]
                    links = [k for c in cards for k in kids(c) if k.getRole() == pyatspi.ROLE_LINK]
                    if links:
                        # The message label's Hypertext: its text, its links, where each lies.
                        hyper = {}
                        for label in [k for c in cards for k in kids(c) if k.getRole() == pyatspi.ROLE_LABEL]:
                            try:
                                h = label.queryHypertext()
                            except NotImplementedError:
                                continue
                            l = h.getLink(0)
                            l = l.queryHyperlink() if hasattr(l, "queryHyperlink") else l
                            hyper = {"text": label.queryText().getText(0, -1), "nlinks": h.getNLinks(), "uri": l.getURI(0),
                                     "start": l.startIndex, "end": l.endIndex, "object": l.getObject(0).name,
                                     "index": h.getLinkIndex(l.startIndex)}
                        act = links[0].queryAction()
                        result = {"links": [[int(k.getRole()), k.name, k.description] for k in links], "hypertext": hyper,
                                  "action": act.getName(0), "actions": act.nActions, "done": bool(act.doAction(0))}
                else:
                    windows = [c for c in kids(app) if c.getRole() == pyatspi.ROLE_WINDOW]
                    if windows:
                        panel = kids(windows[0])[0]
                        controls = kids(panel)
                        if mode == "header":
                            out = []
                            for k in controls:
                                item = {"role": int(k.getRole()), "name": k.name, "checked": checked(k)}
                                if k.getRole() == pyatspi.ROLE_MENU:
                                    item["items"] = [[m.name, m.getState().contains(pyatspi.STATE_FOCUSED)] for m in kids(k)]
                                if k.getRole() == pyatspi.ROLE_ENTRY:
                                    t = k.queryText()
                                    item.update({"text": t.getText(0, -1), "caret": t.caretOffset, "count": t.characterCount,
                                                 "focused": k.getState().contains(pyatspi.STATE_FOCUSED)})
                                out.append(item)
                            result = {"controls": out}
                        elif mode == "press":
                            menus = [m for k in controls if k.getRole() == pyatspi.ROLE_MENU for m in kids(k)]
                            for k in controls + menus:
                                if k.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_MENU_ITEM) and k.name == sys.argv[2]:
                                    act = k.queryAction()
                                    result = {"action": act.getName(0), "done": bool(act.doAction(0))}
                                    break
                if result is None: time.sleep(0.1)
            print(json.dumps(result if result is not None else {"error": "not found"}), flush=True)
            """#

        /// A listener writing one JSON line per text, caret and checked event it hears.
        static let listener = #"""
            import json, sys
            import pyatspi
            from gi.repository import GLib
            out = open(sys.argv[1], "a")
            def on_event(e):
                data = e.any_data if isinstance(e.any_data, str) else None
                out.write(json.dumps({"event": e.type, "detail1": e.detail1, "detail2": e.detail2, "text": data,
                                      "role": int(e.source.getRole()), "name": e.source.name}) + "\n")
                out.flush()
            for kind in ["object:text-changed", "object:text-caret-moved", "object:state-changed:checked"]:
                pyatspi.Registry.registerEventListener(on_event, kind)
            out.write(json.dumps({"listening": True}) + "\n"); out.flush()
            GLib.timeout_add_seconds(30, lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """#

        /// `listener` running; `lines` is what it heard so far.
        final class Listener {
            let file: URL
            let process: Process
            init(_ a11y: PrivateAccessibilityBus) throws {
                let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-a11y-listen-\(UUID().uuidString.prefix(8))")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let script = dir.appendingPathComponent("listen.py")
                try AccessibilityControlsTests.listener.write(to: script, atomically: true, encoding: .utf8)
                file = dir.appendingPathComponent("events.jsonl")
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
                process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = [script.path, file.path]
                process.environment = a11y.clientEnvironment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                try waitUntil("the listener to listen") { self.lines.contains { $0["listening"] != nil } }
            }
            deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            var lines: [[String: Any]] {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                }
            }
        }

        static func ask(_ a11y: PrivateAccessibilityBus, _ args: [String]) throws -> [String: Any] {
            let script = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-a11y-query-\(UUID().uuidString.prefix(8)).py")
            try query.write(to: script, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: script) }
            let run = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path] + args, environment: a11y.clientEnvironment,
                                            timeout: 20)
            let line = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
            guard let answer = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw TestFailure("the query \(args) said \(run.stdout) \(run.stderr)")
            }
            return answer
        }

        @Test("a link in a card is a LINK named by its text, described by its target; pressing it through Action runs the opener with it, as a click does")
        func linkIsPressed() throws {
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-a11y-links-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let opened = directory.appendingPathComponent("opened")
            let stub = directory.appendingPathComponent("opener")
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(opened.path).part && mv \(opened.path).part \(opened.path)\n"
                .write(to: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            let bus = try PrivateBus()
            let a11y = try PrivateAccessibilityBus(on: bus)
            let daemon = try DaemonHarness(config: "[general]\nopener = \(stub.path)\n", extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(A.connected) }
            let probe = try XProbe()
            let owner = try ProtocolClient(path: daemon.socketPath)
            owner.send(#"{"op":"show","markup":true,"timeout":0,"title":"Review","message":"Read <a href=\"https://example.org/notes?a=1&amp;b=2\">the notes</a> now"}"#)
            let id = try #require(try owner.next()["id"]?.string)
            _ = try F.restingCards(probe, count: 1)

            let answer = try Self.ask(a11y, ["link"])
            let links = (answer["links"] as? [[Any]] ?? []).map { $0.map { "\($0)" } }
            #expect(links == [["88", "the notes", "https://example.org/notes?a=1&b=2"]], "\(answer)")
            #expect(answer["action"] as? String == "jump" && answer["actions"] as? Int == 1 && answer["done"] as? Bool == true, "\(answer)")
            // The message label's Hypertext finds the link in its words: "Read " is 5 characters.
            let hyper = answer["hypertext"] as? [String: Any] ?? [:]
            #expect(hyper["text"] as? String == "Read the notes now" && hyper["nlinks"] as? Int == 1
                    && hyper["uri"] as? String == "https://example.org/notes?a=1&b=2", "\(hyper)")
            #expect(hyper["start"] as? Int == 5 && hyper["end"] as? Int == 14 && hyper["object"] as? String == "the notes"
                    && hyper["index"] as? Int == 0, "\(hyper)")
            defer { if !FileManager.default.fileExists(atPath: opened.path) { print("LOG", daemon.log) } }
            try waitUntil("the opener to run") { FileManager.default.fileExists(atPath: opened.path) }
            #expect(try String(contentsOf: opened, encoding: .utf8) == "https://example.org/notes?a=1&b=2\n")
            let end = try owner.event("dismissed")
            #expect(end["id"]?.string == id && end["reason"]?.string == "click")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("a progress toast updated ten times in half a second is announced at most once a second, and its last value is heard once the second is up")
        func progressIsThrottled() throws {
            let (bus, a11y, daemon) = try A.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(A.connected) }
            let reader = try A.ScreenReader(a11yBus, pressing: "")
            try reader.wait(for: "the reader to listen") { $0["listening"] != nil }
            let id = try bus.run("notify-send", ["-p", "-t", "0", "-h", "int:value:0", "Volume", "0%"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            try reader.wait(for: "the card to show") { $0["extents"] != nil }
            let start = Date()
            for value in stride(from: 10, through: 100, by: 10) {
                try bus.run("notify-send", ["-r", id, "-t", "0", "-h", "int:value:\(value)", "Volume", "\(value)%"])
            }
            let sending = Date().timeIntervalSince(start)
            func changes() -> [String] {
                // The message label's name (the card has no description: issue 49).
                reader.lines.filter { ($0["event"] as? String)?.hasPrefix("object:property-change:accessible-name") == true }
                    .compactMap { $0["name"] as? String }
            }
            try waitUntil("the last value to be heard") { changes().last == "100%" }
            let heard = changes()
            // One right away, then one a second at most while they came, then the last.
            #expect(heard.count <= Int(sending.rounded(.up)) + 2, "\(heard) in \(sending) s")
            #expect(heard.count < 10, "\(heard)")
        }

        @Test("the centre's header: Clear all and Do not disturb are PUSH_BUTTONs a screen reader presses (do-not-disturb turns on, then off; a choice of its menu, opened by Shift+Q, turns it on for an hour; Clear all, pressed twice, clears); the filter is an ENTRY whose Text is what was typed, heard as text-changed:insert and text-caret-moved")
        func headerAndFilter() throws {
            let bus = try PrivateBus()
            let a11y = try PrivateAccessibilityBus(on: bus)
            let daemon = try DaemonHarness(config: "[center]\ngroup = none\n", extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(A.connected) }
            let probe = try XProbe()
            for title in ["Alpha", "Mail from Bob"] { _ = try daemon.show(["--timeout", "0.05", "--title", title, "message of \(title)"]) }
            try waitUntil("the toasts to end") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            try waitUntil("the panel to take the keyboard") { probe.keyboardIsFree() == false }

            let header = try Self.ask(a11y, ["header"])
            let controls = header["controls"] as? [[String: Any]] ?? []
            #expect(controls.map { "\($0["role"] ?? ""):\($0["name"] ?? "")" } == ["43:Clear all", "43:Do not disturb", "31:Notifications"], "\(header)")
            #expect(controls.dropFirst().first?["checked"] as? Bool == false, "\(header)")

            let listener = try Listener(a11y)
            let pressed = try Self.ask(a11y, ["press", "Do not disturb"])
            #expect(pressed["action"] as? String == "click" && pressed["done"] as? Bool == true, "\(pressed)")
            try waitUntil("do-not-disturb to be on") { try daemon.xtoast(["list"]).stdout.contains(#""paused":true"#) }
            let quiet = try Self.ask(a11y, ["header"])
            #expect((quiet["controls"] as? [[String: Any]])?.first { $0["name"] as? String == "Do not disturb" }?["checked"] as? Bool == true, "\(quiet)")
            // Pressed again it turns off; Shift+Q opens its menu, whose choices a screen reader presses.
            #expect(try Self.ask(a11y, ["press", "Do not disturb"])["done"] as? Bool == true)
            try waitUntil("do-not-disturb to be off") { try daemon.xtoast(["list"]).stdout.contains(#""paused":false"#) }
            probe.key("shift+q")
            var menu: [String: Any] = [:]
            try waitUntil("the menu to be published") {
                menu = (try Self.ask(a11y, ["header"])["controls"] as? [[String: Any]])?.first { $0["role"] as? Int == 33 } ?? [:]
                return menu["items"] != nil
            }
            let choices = (menu["items"] as? [[Any]] ?? []).map { "\($0[0]):\($0[1])" }
            #expect(choices.first == "For 1 hour:1" && choices.contains("Until turned off:0"), "\(menu)")
            #expect(try Self.ask(a11y, ["press", "For 1 hour"])["done"] as? Bool == true)
            try waitUntil("do-not-disturb to be on for an hour") { try daemon.xtoast(["list"]).stdout.contains(#""paused":true"#) }

            // The filter, typed as a user types it: `/` then the letters.
            probe.key("slash")
            for letter in ["m", "a", "i"] { probe.key(letter) }
            var typed: [String: Any] = [:]
            try waitUntil("the filter's ENTRY to hold what was typed") {
                typed = (try Self.ask(a11y, ["header"])["controls"] as? [[String: Any]])?.first { $0["role"] as? Int == 79 } ?? [:]
                return typed["text"] as? String == "mai"
            }
            #expect(typed["name"] as? String == "Filter" && typed["caret"] as? Int == 3 && typed["count"] as? Int == 3
                    && typed["focused"] as? Bool == true, "\(typed)")
            // What a screen reader heard: the switch's checked 1, then 0 (then 1 for the hour);
            // the letters inserted into the ENTRY (79) at their places (letters typed within one
            // loop turn come as one insert), the caret after them.
            func heard(_ prefix: String) -> [[String: Any]] {
                listener.lines.filter { ($0["event"] as? String)?.hasPrefix(prefix) == true }
            }
            try waitUntil("the last letter to be heard") { heard("object:text-caret-moved").contains { $0["detail1"] as? Int == 3 } }
            let inserts = heard("object:text-changed:insert")
            var typedSoFar = ""
            for insert in inserts {
                let text = insert["text"] as? String ?? ""
                #expect(insert["role"] as? Int == 79 && insert["detail1"] as? Int == typedSoFar.count
                        && insert["detail2"] as? Int == text.count, "\(insert)")
                typedSoFar += text
            }
            #expect(typedSoFar == "mai", "\(listener.lines)")
            #expect(Array(heard("object:state-changed:checked").map { $0["detail1"] as? Int }.prefix(2)) == [1, 0], "\(listener.lines)")
            probe.key("Escape")

            // Clear all, as two clicks: the first arms it (its name says so), the second clears.
            #expect(try Self.ask(a11y, ["press", "Clear all"])["done"] as? Bool == true)
            try waitUntil("Clear all to be armed") {
                (try Self.ask(a11y, ["header"])["controls"] as? [[String: Any]])?.contains { $0["name"] as? String == "Click again to clear" } == true
            }
            #expect(try Self.ask(a11y, ["press", "Click again to clear"])["done"] as? Bool == true)
            try waitUntil("the history to be empty") { !(try daemon.xtoast(["history"]).stdout.contains("Alpha")) }
        }
    }
}
