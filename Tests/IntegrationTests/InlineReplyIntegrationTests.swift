import CX11
import Foundation
import JSONCodec
import Testing
import ToastCore

extension XProbe {
    /// The window with the keyboard's input focus now. The corresponding C function is `XGetInputFocus`.
    func inputFocus() -> Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus
    }

    /// Types `text` (letters and spaces) through XTest, a key at a time.
    func type(_ text: String) {
        for c in text { key(c == " " ? "space" : String(c)) }
    }
}

extension Integration {
    /// Issue 29's inline reply with real clients: python3-dbus is not installed here, so the
    /// two applications are sd-bus connections of the test's own (`RawBusClient`), each with
    /// a match rule as a client library adds; `dbus-monitor` (which sees every message) gives
    /// the order. The user is XTest; the window that had the focus is an xterm.
    @Suite(.serialized) struct InlineReplyIntegrationTests {
        typealias F = FoundationTests

        static let kdeHints = ["x-kde-reply-placeholder-text": "Write to Ann", "x-kde-reply-submit-button-text": "Answer",
                               "x-kde-reply-submit-button-icon-name": ""]

        /// An xterm with the keyboard's focus, as the user's terminal would have it.
        static func xterm(_ daemon: DaemonHarness, _ probe: XProbe) throws -> (DaemonHarness.Background, Window) {
            let term = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/xterm"),
                                                          ["-geometry", "60x10+0+0", "-name", "replytest"], environment: daemon.environment)
            var window: Window = 0
            try waitUntil("the xterm's window", timeout: 10) {
                // Only once it is mapped: the focus cannot go to a window not yet on screen.
                let found = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/xdotool"), ["search", "--onlyvisible", "--classname", "replytest"],
                                                  environment: daemon.environment)
                window = found.stdout.split(separator: "\n").compactMap { Window($0) }.last ?? 0
                return window != 0
            }
            // Asked again until it holds (a slow start under load).
            try waitUntil("the xterm to have the focus", timeout: 10) {
                _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/xdotool"), ["windowfocus", String(window)],
                                          environment: daemon.environment, timeout: 2)
                return probe.inputFocus() == window
            }
            return (term, window)
        }

        /// Where the reply button is: the buttons' row ends at the padding (12 px), bottom right.
        static func replyButton(_ card: XProbe.CardWindow) -> Point {
            Point(x: card.frame.x + card.frame.width - 12 - 22, y: card.frame.y + card.frame.height - 12 - 12)
        }

        static func screenshot(_ name: String, _ daemon: DaemonHarness) {
            _ = try? DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/import"), ["-window", "root", "/tmp/reply-shots/\(name).png"],
                                       environment: daemon.environment)
        }

        @Test("a bus reply: click Reply, type, Enter: the sender hears NotificationReplied (after ActivationToken), another client nothing, no ActionInvoked, closed 2; the focus goes to the field and back to the xterm")
        func busReply() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let (term, xtermWindow) = try Self.xterm(daemon, probe)
            defer { term.stop() }
            let monitor = try bus.monitor()
            let app = try RawBusClient(address: bus.address)
            let other = try RawBusClient(address: bus.address)
            try app.listen()
            try other.listen()
            let capabilities = try bus.call("GetCapabilities")
            #expect(capabilities.stdout.contains("'inline-reply'"), "\(capabilities.stdout)")
            let id = try app.notify(summary: "Ann", actions: ["inline-reply", "Reply"], expire: 0, hints: Self.kdeHints).get()
            let closed = try #require(try F.restingCards(probe, count: 1).first)
            let before = try probe.capture(x: Int(closed.frame.x), y: Int(closed.frame.y), width: Int(closed.frame.width),
                                           height: Int(closed.frame.height))
            Self.screenshot("1-button", daemon)
            probe.click(at: Self.replyButton(closed))
            try waitUntil("the field to take the focus") { probe.inputFocus() == closed.window }
            let open = try #require(try F.restingCards(probe, count: 1).first)
            Self.screenshot("2-open", daemon)
            let after = try probe.capture(x: Int(open.frame.x), y: Int(open.frame.y), width: Int(closed.frame.width),
                                          height: Int(min(open.frame.height, closed.frame.height)))
            let changed = zip(before.pixels, after.pixels).filter { colorDistance($0, $1) > 60 }.count
            #expect(changed > 200, "the open field looks different from the button (\(changed) pixels changed)")
            probe.type("on my way")
            try waitUntil("the text to be drawn") {
                let now = try probe.capture(x: Int(open.frame.x), y: Int(open.frame.y), width: Int(open.frame.width),
                                            height: Int(open.frame.height))
                return zip(now.pixels, after.pixels).filter { colorDistance($0, $1) > 60 }.count > 50
            }
            Self.screenshot("3-typed", daemon)
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""id":"\#(id)""#), "the open field keeps the toast")
            probe.key("Return")
            app.pump(seconds: 5) { app.inbox.signals.contains { $0.member == "NotificationClosed" } }
            other.pump(seconds: 1)
            let heard = app.inbox.signals.map { "\($0.member) \($0.id) \($0.text)" }
            #expect(heard.count == 3 && heard[1] == "NotificationReplied \(id) on my way" && heard[2] == "NotificationClosed \(id) 2",
                    "\(heard)")
            #expect(heard.first?.hasPrefix("ActivationToken \(id) xtoast-") == true, "\(heard)")
            let otherHeard = other.inbox.signals.map { "\($0.member) \($0.id) \($0.text)" }
            #expect(otherHeard == ["NotificationClosed \(id) 2"], "the other client hears only the broadcast close: \(otherHeard)")
            try monitor.wait(for: [.replied(id: id, text: "on my way"), .closed(id: id, reason: 2)])
            #expect(!monitor.signals.contains { if case .action = $0 { true } else { false } }, "no ActionInvoked: \(monitor.signals)")
            try waitUntil("the focus back on the xterm") { probe.inputFocus() == xtermWindow }
        }

        @Test("Escape closes the field unsent: the focus goes back to the xterm, the toast stays with its button, nothing is sent")
        func escape() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let (term, xtermWindow) = try Self.xterm(daemon, probe)
            defer { term.stop() }
            let app = try RawBusClient(address: bus.address)
            try app.listen()
            let id = try app.notify(summary: "Ann", actions: ["inline-reply", "Reply"], expire: 0, hints: Self.kdeHints).get()
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: Self.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            probe.type("nope")
            probe.key("Escape")
            try waitUntil("the focus back on the xterm") { probe.inputFocus() == xtermWindow }
            app.pump(seconds: 0.5)
            #expect(app.inbox.signals.isEmpty, "\(app.inbox.signals)")
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""id":"\#(id)""#))
        }

        @Test("xtoast show --wait --reply PLACEHOLDER: the user's reply prints reply TEXT, exit 0; subscribe carries the reply event with its token")
        func socketReply() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let watcher = try ProtocolClient(path: daemon.socketPath)
            #expect(try watcher.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply", "Where are you?", "Ann: coming?"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: Self.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            probe.type("on my way")
            probe.key("Return")
            let run = try client.finish()
            #expect(run.status == 0, "\(run.stderr)")
            // The id first (as every show prints it), then the outcome.
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2 && lines.last == "reply on my way", "\(run.stdout)")
            var reply: JSON?
            try waitUntil("the reply event") {
                let event = try watcher.nextEvent()
                if event["event"]?.string == "reply" { reply = event }
                return reply != nil
            }
            #expect(reply?["text"]?.string == "on my way")
            #expect(reply?["activation_token"]?.string?.hasPrefix("xtoast-") == true, "\(String(describing: reply))")
        }
    }
}

extension Integration {
    /// Issue 29's reply field read and written by the library Orca reads with (pyatspi).
    @Suite(.serialized) struct InlineReplyAccessibilityTests {
        typealias F = FoundationTests

        /// Presses the card's Reply button through `Action`; when the ENTRY takes the focus,
        /// reads it through `Text` and sets its text through `EditableText`.
        static let client = #"""
            import json, sys, time
            import pyatspi
            from gi.repository import GLib
            out = open(sys.argv[1], "a")
            def emit(d):
                out.write(json.dumps(d) + "\n"); out.flush()
            def on_event(e):
                try:
                    s = e.source
                    if e.type.startswith("object:state-changed:showing") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_NOTIFICATION:
                        kids = [s.getChildAtIndex(i) for i in range(s.childCount)]
                        emit({"children": [[int(k.getRole()), k.name] for k in kids]})
                        for k in kids:
                            if k.getRole() == pyatspi.ROLE_PUSH_BUTTON and k.name == "Reply":
                                emit({"pressed": bool(k.queryAction().doAction(0))})
                    if e.type.startswith("object:state-changed:focused") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_ENTRY:
                        t = s.queryText()
                        emit({"entry": s.name, "text": t.getText(0, -1), "caret": t.caretOffset, "count": t.characterCount,
                              "editable": pyatspi.STATE_EDITABLE in s.getState().getStates()})
                        emit({"set": bool(s.queryEditableText().setTextContents("on way"))})
                        deadline = time.time() + 5
                        while time.time() < deadline and s.queryText().getText(0, -1) != "on way": time.sleep(0.05)
                        emit({"caretSet": bool(s.queryText().setCaretOffset(3))})
                        while time.time() < deadline and s.queryText().caretOffset != 3: time.sleep(0.05)
                        emit({"after": s.queryText().getText(0, -1), "count": s.queryText().characterCount,
                              "caret": s.queryText().caretOffset})
                except Exception as ex:
                    emit({"error": str(ex)})
            for kind in ["object:state-changed:showing", "object:state-changed:focused"]:
                pyatspi.Registry.registerEventListener(on_event, kind)
            emit({"listening": True})
            GLib.timeout_add_seconds(30, lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """#

        @Test("a screen reader presses Reply, finds the focused ENTRY, reads it (Text), sets its text (EditableText) and its caret (Text.SetCaretOffset); what is typed goes there and Enter sends it")
        func readAndWrite() throws {
            let (bus, a11y, daemon) = try AccessibilityTests.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(AccessibilityTests.connected) }
            let probe = try XProbe()
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-reply-atspi-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let script = dir.appendingPathComponent("client.py"), file = dir.appendingPathComponent("events.jsonl")
            try Self.client.write(to: script, atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            reader.arguments = [script.path, file.path]
            reader.environment = a11yBus.clientEnvironment
            reader.standardOutput = FileHandle.nullDevice
            reader.standardError = FileHandle.nullDevice
            try reader.run()
            defer { if reader.isRunning { kill(reader.processIdentifier, SIGKILL) } }
            func lines() -> [[String: Any]] {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                }
            }
            func wait(_ what: String, _ key: String) throws -> [String: Any] {
                var found: [String: Any]?
                try waitUntil(what, timeout: 15) {
                    found = lines().first { $0[key] != nil }
                    return found != nil
                }
                return found ?? [:]
            }
            _ = try wait("the reader to listen", "listening")
            let app = try RawBusClient(address: bus.address)
            try app.listen()
            let id = try app.notify(summary: "Ann", actions: ["inline-reply", "Reply"], expire: 0,
                                    hints: ["x-kde-reply-placeholder-text": "Write to Ann"]).get()
            let children = try wait("the card's children", "children")
            #expect((children["children"] as? [[Any]] ?? []).map { "\($0[0]):\($0[1])" }.contains("43:Reply"), "\(children)")
            let entry = try wait("the focused entry", "entry")
            #expect(entry["entry"] as? String == "Write to Ann" && entry["text"] as? String == "" && entry["caret"] as? Int == 0
                    && entry["count"] as? Int == 0 && entry["editable"] as? Bool == true, "\(entry)")
            let after = try wait("the text set", "after")
            #expect(after["after"] as? String == "on way" && after["count"] as? Int == 6 && after["caret"] as? Int == 3, "\(after)")
            let card = try #require(try F.restingCards(probe, count: 1).first)
            try waitUntil("the field to have the focus") { probe.inputFocus() == card.window }
            // Typed at the caret the reader set.
            for key in ["m", "y", "space", "Return"] { probe.key(key) }
            app.pump(seconds: 5) { app.inbox.signals.contains { $0.member == "NotificationClosed" } }
            let heard = app.inbox.signals.map { "\($0.member) \($0.id) \($0.text)" }
            #expect(heard.contains("NotificationReplied \(id) on my way"), "\(heard)")
            #expect(!lines().contains { $0["error"] != nil }, "\(lines())")
        }

        /// Presses Reply; once the ENTRY has the focus and the test says go, sets argv[2] bytes
        /// of text through `EditableText` and reads back how many characters it holds.
        static let hugeSetter = #"""
            import json, os, sys, time
            import pyatspi
            from gi.repository import GLib
            out = open(sys.argv[1], "a")
            def emit(d):
                out.write(json.dumps(d) + "\n"); out.flush()
            def on_event(e):
                try:
                    s = e.source
                    if e.type.startswith("object:state-changed:showing") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_NOTIFICATION:
                        for k in [s.getChildAtIndex(i) for i in range(s.childCount)]:
                            if k.getRole() == pyatspi.ROLE_PUSH_BUTTON and k.name == "Reply": k.queryAction().doAction(0)
                    if e.type.startswith("object:state-changed:focused") and e.detail1 == 1 and s.getRole() == pyatspi.ROLE_ENTRY:
                        huge = "on my way " * (int(sys.argv[2]) // 10)
                        emit({"entry": True})
                        deadline = time.time() + 10
                        while not os.path.exists(sys.argv[1] + ".go") and time.time() < deadline: time.sleep(0.02)
                        start = time.time()
                        done = bool(s.queryEditableText().setTextContents(huge))
                        emit({"set": done, "seconds": time.time() - start, "count": s.queryText().characterCount})
                except Exception as ex:
                    emit({"error": str(ex)})
            for kind in ["object:state-changed:showing", "object:state-changed:focused"]:
                pyatspi.Registry.registerEventListener(on_event, kind)
            emit({"listening": True})
            GLib.timeout_add_seconds(60, lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """#

        /// 8 MiB: cleaned character by character before it was cut, it stalled the daemon
        /// about 1.6 s (64 MiB: 12.6 s). Cut first, what is left is sd-bus's own UTF-8 check of
        /// the string before it lends it (about 2 ns a byte: 64 MiB would cost 130-460 ms).
        static let hugeText = 8 << 20

        @Test("issue 43: a screen reader's 8 MiB SetTextContents on the open field keeps 4 KiB of it, and another client's pings are answered promptly meanwhile")
        func hugeSetTextContents() throws {
            let (bus, a11y, daemon) = try AccessibilityTests.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(AccessibilityTests.connected) }
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-reply-huge-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let script = dir.appendingPathComponent("client.py"), file = dir.appendingPathComponent("events.jsonl")
            try Self.hugeSetter.write(to: script, atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            reader.arguments = [script.path, file.path, "\(Self.hugeText)"]
            reader.environment = a11yBus.clientEnvironment
            reader.standardOutput = FileHandle.nullDevice
            reader.standardError = FileHandle.nullDevice
            try reader.run()
            defer { if reader.isRunning { kill(reader.processIdentifier, SIGKILL) } }
            func line(_ key: String) -> [String: Any]? {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                }.first { $0[key] != nil || $0["error"] != nil }
            }
            try waitUntil("the reader to listen", timeout: 15) { line("listening") != nil }
            let app = try RawBusClient(address: bus.address)
            _ = try app.notify(summary: "Ann", actions: ["inline-reply", "Reply"], expire: 0).get()
            try waitUntil("the focused entry", timeout: 15) { line("entry") != nil }
            let client = try ProtocolClient(path: daemon.socketPath)
            #expect(try client.request(#"{"op":"ping"}"#)["ok"]?.bool == true)
            func cpu() -> Double {
                let stat = (try? String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/stat", encoding: .utf8)) ?? ""
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                return fields.count > 13 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : 0
            }
            let cpuBefore = cpu()
            _ = FileManager.default.createFile(atPath: file.path + ".go", contents: nil)
            var pings: [Double] = []
            let deadline = Date().addingTimeInterval(60)
            while line("set") == nil, Date() < deadline {
                let start = Date()
                #expect(try client.request(#"{"op":"ping"}"#)["ok"]?.bool == true)
                pings.append(Date().timeIntervalSince(start))
                usleep(10_000)
            }
            let set = try #require(line("set"), "the text was never set")
            #expect(set["set"] as? Bool == true && set["count"] as? Int == ReplyField.maxBytes, "\(set)")
            let slowest = pings.max() ?? 0
            print("8 MiB SetTextContents: \(pings.count) pings, p99 \(BackgroundPinger.p99(pings.sorted()) * 1000) ms, slowest \(slowest) s, the call took \(set["seconds"] ?? "?") s, daemon CPU \(cpu() - cpuBefore) ticks")
            #expect(!pings.isEmpty, "the call ended before a ping could be timed")
            // Load-proof: the daemon's CPU for the call (about 0.1 s; cleaned before it was cut,
            // 1.6 s). The 20 ms goal is the bench's to judge, on a release build.
            let ticks = cpu() - cpuBefore
            #expect(ticks / procClockTicksPerSecond < 0.5, "the daemon spent \(ticks) ticks on the call")
            #expect(slowest < 1.0, "a ping waited \(slowest) s behind the 8 MiB text")
        }
    }
}

extension XProbe {
    /// Owns `selection` (CLIPBOARD, PRIMARY) with `text` on a window of the probe's own and
    /// answers the requests that come for it (as a text editor would) until `until` holds or
    /// the deadline passes. The corresponding C functions are `XSetSelectionOwner`,
    /// `XChangeProperty` and `XSendEvent`.
    /// Returns once a request was answered (true), or at the deadline (false).
    @discardableResult
    func serveSelection(_ selection: String, _ text: String, timeout: Double = 5, after action: () -> Void) -> Bool {
        let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, window); XSync(display, 0) }
        let atom = XInternAtom(display, selection, 0), utf8 = XInternAtom(display, "UTF8_STRING", 0)
        XSetSelectionOwner(display, atom, window, UInt(CurrentTime))
        XSync(display, 0)
        // The text was selected (or copied) before the user pastes it.
        action()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                // Only this selection's: a request for another one (left from an earlier paste) is not ours to answer.
                guard event.type == SelectionRequest, event.xselectionrequest.selection == atom else { continue }
                let request = event.xselectionrequest
                var notify = XEvent()
                notify.xselection.type = SelectionNotify
                notify.xselection.requestor = request.requestor
                notify.xselection.selection = request.selection
                notify.xselection.target = request.target
                notify.xselection.time = request.time
                notify.xselection.property = 0
                if request.target == utf8 {
                    let bytes = Array(text.utf8)
                    XChangeProperty(display, request.requestor, request.property, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
                    notify.xselection.property = request.property
                }
                XSendEvent(display, request.requestor, 0, 0, &notify)
                XFlush(display)
                return true
            }
            usleep(10_000)
        }
        return false
    }
}

extension Integration {
    /// Issue 29's paste into the reply field, from an owner of the test's own.
    @Suite(.serialized) struct InlineReplyPasteTests {
        typealias F = FoundationTests

        @Test("Ctrl+V pastes CLIPBOARD and the middle button PRIMARY into the field; a selection with no owner pastes nothing; Enter right after a paste sends it")
        func paste() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply=", "Ann: coming?"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            // No owner of CLIPBOARD yet: nothing comes, nothing breaks.
            probe.key("ctrl+v")
            probe.type("on ")
            let before = try probe.capture(x: Int(card.frame.x), y: Int(card.frame.y), width: Int(card.frame.width), height: Int(card.frame.height))
            #expect(probe.serveSelection("CLIPBOARD", "my ") { probe.key("ctrl+v") }, "the field asked for the clipboard")
            try waitUntil("the pasted text to show") {
                let now = try probe.capture(x: Int(card.frame.x), y: Int(card.frame.y), width: Int(card.frame.width), height: Int(card.frame.height))
                return zip(now.pixels, before.pixels).contains { colorDistance($0, $1) > 60 }
            }
            let center = Point(x: card.frame.x + card.frame.width / 2 - 40, y: card.frame.y + card.frame.height - 12 - 12)
            probe.movePointer(to: center)
            #expect(probe.serveSelection("PRIMARY", "way") {
                probe.button(2, down: true)
                probe.button(2, down: false)
            }, "the field asked for the primary selection")

            // Enter right after the answer: the paste arrives first, in the input's order.
            probe.key("Return")
            let run = try client.finish()
            #expect(run.stdout.split(separator: "\n").last == "reply on my way", "\(run.stdout) \(run.stderr)")
        }

        @Test("a 10 KiB clipboard is cut to the field's 4 KiB")
        func bigPaste() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply=", "paste here"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            #expect(probe.serveSelection("CLIPBOARD", String(repeating: "x", count: 10_240)) { probe.key("ctrl+v") })
            probe.key("Return")
            let run = try client.finish()
            let reply = run.stdout.split(separator: "\n").last ?? ""
            #expect(reply == "reply " + String(repeating: "x", count: ReplyField.maxBytes), "\(reply.count) bytes")
        }

        @Test("issue 43: a 4 KiB word pasted into the field three times, and BackSpace after each: another client's pings are answered within a frame (the loop's CPU for it, load-proof; 430-555 ms a paste before)")
        func longWordPasteKeepsPings() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply=", "paste here"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            let word = String(repeating: "w", count: ReplyField.maxBytes)
            let pid = daemon.process.processIdentifier
            let cpuBefore = try IntegrationOnSecondDisplay.NotificationServerTests.cpuTicks(pid, thread: pid)
            let pinger = try BackgroundPinger(socketPath: daemon.socketPath)
            for _ in 0..<3 {
                #expect(probe.serveSelection("CLIPBOARD", word) { probe.key("ctrl+v") })
                for _ in 0..<10 { probe.key("BackSpace") }
                probe.key("ctrl+a")
                probe.key("BackSpace")
            }
            // The field's last edit is in when a ping after it is answered (input comes in order).
            #expect(try daemon.xtoast(["ping"]).status == 0)
            let waits = pinger.stop()
            let loopCPU = Double(try IntegrationOnSecondDisplay.NotificationServerTests.cpuTicks(pid, thread: pid) - cpuBefore) / procClockTicksPerSecond
            let p99 = BackgroundPinger.p99(waits), worst = waits.last ?? 0
            print("4 KiB word pasted 3 times: \(waits.count) pings, p99 \(p99 * 1000) ms, worst \(worst * 1000) ms, all \(waits.map { Int($0 * 1000) }); the loop's CPU \(loopCPU) s")
            #expect(waits.count > 5, "\(waits.count) pings")
            // Load-proof: the loop's own CPU for 3 pastes and 36 keys (about 0.25 s in a debug
            // build; each paste alone cost 0.43-0.55 s and each BackSpace 0.3 s before). The
            // 20 ms goal is the bench's to judge, on a release build (tests count work).
            #expect(loopCPU < 1.0, "the loop spent \(loopCPU) s of CPU on the pastes")
            #expect(worst < 1.0, "a ping waited \(worst * 1000) ms behind the paste")
            probe.key("Escape")
        }
    }
}

extension Integration {
    /// A click elsewhere, with a window manager that focuses what is clicked (openbox).
    @Suite(.serialized) struct InlineReplyFocusTests {
        typealias F = FoundationTests

        @Test("a click on another window (openbox focuses it) closes the field unsent; the card shows its Reply button again, and a new field starts empty")
        func clickElsewhere() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let wm = try WindowManager(display: display.name)
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            _ = wm
            let app = probe.openWindow(at: Point(x: 100, y: 300), size: Size(width: 400, height: 300))
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply=", "Ann: coming?"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let shot = { try probe.capture(x: Int(card.frame.x), y: Int(card.frame.y), width: Int(card.frame.width), height: Int(card.frame.height)) }
            let closed = try shot()
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            probe.type("nope")
            probe.click(at: Point(x: 300, y: 450))
            try waitUntil("openbox to focus the window clicked") { probe.inputFocus() != card.window }
            try waitUntil("the card to show its button again") {
                let now = try shot()
                return zip(now.pixels, closed.pixels).filter { colorDistance($0, $1) > 60 }.count < 20
            }
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus again") { probe.inputFocus() == card.window }
            probe.type("ok")
            probe.key("Return")
            let run = try client.finish()
            #expect(run.stdout.split(separator: "\n").last == "reply ok", "\(run.stdout)")
            _ = app
        }

        /// The pointer in the field: a click puts the caret there (before the text: typing goes
        /// first), a drag selects (typing replaces it); no swipe.
        @Test(arguments: [false, true])
        func pointerCaret(drag: Bool) throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply=", "Ann: coming?"])
            defer { client.stop() }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: InlineReplyIntegrationTests.replyButton(card))
            try waitUntil("the field to take the focus") { probe.inputFocus() == card.window }
            probe.type("my way")
            // The text starts 6 px inside the box, which starts at the text column (12 + 20 + 10).
            let textLeft = card.frame.x + 12 + 20 + 10 + 6, y = card.frame.y + card.frame.height - 12 - 14
            probe.click(at: Point(x: textLeft - 3, y: y))
            probe.type("on ")
            let open = try #require(try F.restingCards(probe, count: 1).first)
            if !drag {
                probe.key("Return")
                let run = try client.finish()
                #expect(run.stdout.split(separator: "\n").last == "reply on my way", "\(run.stdout)")
                return
            }
            probe.key("End")
            probe.type(" now")
            // A drag from past the end to before the start selects it all; typing replaces it.
            probe.drag(from: Point(x: textLeft + 150, y: y), to: Point(x: textLeft - 3, y: y), steps: 6, duration: 0.2)
            #expect(try F.restingCards(probe, count: 1).first?.frame == open.frame, "no swipe")
            probe.type("home")
            probe.key("Return")
            let run = try client.finish()
            #expect(run.stdout.split(separator: "\n").last == "reply home", "\(run.stdout)")
        }
    }
}
