import Foundation
import JSONCodec
import Operations
import Testing
import ToastCore

extension Integration {
    /// Issue 5: buttons, --wait, updates, progress, do-not-disturb, history and the event stream.
    @Suite struct TalkBackTests {
        typealias F = FoundationTests

        /// Horizontal extents of runs of pixels close to `color` inside the card (borders excluded),
        /// clustered where gaps are wider than `gap`: the labels of the action buttons.
        static func clusters(of color: UInt32, in capture: XProbe.Capture, minY: Int, gap: Int = 16) -> [(x0: Int, x1: Int, y0: Int, y1: Int)] {
            var columns: [Int: (Int, Int)] = [:]
            // Inside the padding: away from the border and its rounded corners.
            for y in max(capture.y + 8, minY)..<(capture.y + capture.height - 8) {
                for x in (capture.x + 50)..<(capture.x + capture.width - 8) where colorDistance(capture.at(x, y), color) < 40 {
                    let r = columns[x] ?? (y, y)
                    columns[x] = (min(r.0, y), max(r.1, y))
                }
            }
            var result: [(Int, Int, Int, Int)] = []
            for x in columns.keys.sorted() {
                let (y0, y1) = columns[x]!
                if let last = result.last, x - last.1 <= gap {
                    result[result.count - 1] = (last.0, x, min(last.2, y0), max(last.3, y1))
                } else {
                    result.append((x, x, y0, y1))
                }
            }
            return result
        }

        /// The longest horizontal run of pixels close to `color` inside the card: the progress bar's fill.
        static func longestRun(of color: UInt32, in c: XProbe.Capture) -> Int {
            var best = 0
            for y in (c.y + 3)..<(c.y + c.height - 3) {
                var run = 0
                for x in (c.x + 3)..<(c.x + c.width - 3) {
                    run = colorDistance(c.at(x, y), color) < 16 ? run + 1 : 0
                    best = max(best, run)
                }
            }
            return best
        }

        /// Finds a card's two button labels (clusters of the info colour in its lower half)
        /// and clicks the first.
        static func clickFirstOfTwoButtons(_ probe: XProbe, on card: XProbe.CardWindow) throws {
            let labels = clusters(of: Kind.info.defaultColor, in: try capture(probe, card), minY: Int(card.frame.y + card.frame.height / 2))
            #expect(labels.count == 2, "two button labels, found \(labels)")
            let first = try #require(labels.first)
            probe.click(at: Point(x: Double(first.x0 + first.x1) / 2, y: Double(first.y0 + first.y1) / 2))
        }

        static func capture(_ probe: XProbe, _ card: XProbe.CardWindow) throws -> XProbe.Capture {
            let f = card.frame
            return try probe.capture(x: Int(f.x), y: Int(f.y), width: Int(f.width), height: Int(f.height))
        }

        @Test("show --wait prints the action whose button was clicked, and exits 0")
        func waitForButton() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let waiting = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--title", "Deploy to prod?",
                                                  "--action", "yes=Deploy", "--action", "no=Not now", "Build 214 passed"])
            let card = try #require(try F.restingCards(probe, count: 1).first)
            try Self.clickFirstOfTwoButtons(probe, on: card)
            let run = try waiting.finish()
            #expect(run.stdout == "1\naction yes\n", "\(run.stdout)")
            #expect(run.status == 0)
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("issue 17: a click forged with XSendEvent chooses nothing; the user's own click, after it, does")
        func forgedClickIgnored() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let waiting = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "--title", "Delete the backups?",
                                                  "--action", "keep=Keep them", "--action", "delete=Delete", "Pick one"])
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let labels = Self.clusters(of: Kind.info.defaultColor, in: try Self.capture(probe, card), minY: Int(card.frame.y + card.frame.height / 2))
            try #require(labels.count == 2, "two button labels, found \(labels)")
            let keep = Point(x: Double(labels[0].x0 + labels[0].x1) / 2, y: Double(labels[0].y0 + labels[0].y1) / 2)
            let delete = Point(x: Double(labels[1].x0 + labels[1].x1) / 2, y: Double(labels[1].y0 + labels[1].y1) / 2)
            // Another program forges a click on Delete; then the user clicks Keep. The server
            // delivers them in that order, so the first action the client hears tells which counted.
            let origin = Point(x: card.frame.x, y: card.frame.y)
            probe.sendButton(to: card.window, at: delete, windowOrigin: origin, down: true)
            probe.sendButton(to: card.window, at: delete, windowOrigin: origin, down: false)
            probe.click(at: keep)
            let run = try waiting.finish()
            #expect(run.stdout == "1\naction keep\n", "\(run.stdout)")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("a button lights up under the pointer and dims while pressed")
        func buttonStates() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","message":"Approve?","timeout":0,"actions":[{"id":"ok","label":"Approve"}]}"#)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let label = try #require(Self.clusters(of: Kind.info.defaultColor, in: try Self.capture(probe, card),
                                                   minY: Int(card.frame.midY)).first)
            // A point inside the button, left of its label: the button's fill.
            let fillPoint = (label.x0 - 5, (label.y0 + label.y1) / 2)
            let normal = try probe.pixel(fillPoint.0, fillPoint.1)
            probe.movePointer(to: Point(x: Double(label.x0 + label.x1) / 2, y: Double(label.y0 + label.y1) / 2))
            try waitUntil("the button to light up") {
                colorDistance(try probe.pixel(fillPoint.0, fillPoint.1), Kind.info.defaultColor) < colorDistance(normal, Kind.info.defaultColor)
            }
            let hovered = try probe.pixel(fillPoint.0, fillPoint.1)
            probe.button(down: true)
            try waitUntil("the button to dim while pressed") {
                colorDistance(try probe.pixel(fillPoint.0, fillPoint.1), Kind.info.defaultColor) > colorDistance(hovered, Kind.info.defaultColor)
            }
            probe.button(down: false)
            #expect(try client.event("action")["action"]?.string == "ok")
            probe.movePointer(to: Point(x: 10, y: 700))
        }

        @Test("show --wait after a swipe prints 'dismissed swipe' and exits 4; --print json prints the event")
        func waitForSwipe() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let waiting = try daemon.startXtoast(["show", "--wait", "--print", "json", "--timeout", "0", "--action", "ok=OK", "swipe me away"])
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            probe.drag(from: Point(x: f.x + 60, y: f.y + 20), to: Point(x: f.x + 180, y: f.y + 20), steps: 6, duration: 0.06)
            let run = try waiting.finish()
            #expect(run.status == ExitCode.dismissedWithoutAction.rawValue)
            #expect(run.stdout.contains(#"{"event":"dismissed","id":"1","reason":"swipe","source":"socket","app":"xtoast","rules":[]}"#), "\(run.stdout)")

            probe.movePointer(to: Point(x: 10, y: 700)) // a hovered toast would never time out
            let plain = try daemon.startXtoast(["show", "--wait", "--timeout", "0.3", "quick"])
            let r = try plain.finish()
            #expect(r.stdout.hasSuffix("dismissed timeout\n") && r.status == 4)
        }

        @Test("progress updates change the bar's length on screen, smoothly and in place")
        func progress() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","id":"job","title":"Uploading","message":"backup.tar","progress":20,"timeout":0}"#)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let accent = Kind.info.defaultColor
            let short = Self.longestRun(of: accent, in: try Self.capture(probe, card))
            #expect(short > 40 && short < 80, "20% of a 294 px track, got \(short)")
            #expect(try daemon.xtoast(["update", "job", "--progress", "80"]).status == 0)
            var lengths: [Int] = []
            try waitUntil("the bar to reach 80%") {
                let n = Self.longestRun(of: accent, in: try Self.capture(probe, card))
                if lengths.last != n { lengths.append(n) }
                return n > 220
            }
            #expect(lengths.count >= 3, "the bar grew through in-between lengths: \(lengths)")
            #expect(probe.cards().first?.window == card.window && probe.cards().first?.frame == card.frame)
            #expect(try client.event("updated")["id"]?.string == "job")
        }

        @Test("a loading toast updated to success turns green, then times out")
        func promise() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","id":"p","kind":"loading","message":"Saving…"}"#)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let top = (Int(card.frame.midX), Int(card.frame.y))
            #expect(colorDistance(try probe.pixel(top.0, top.1), Kind.loading.defaultColor) <= 12)
            // A loading toast never times out by itself.
            #expect(throws: TestFailure.self) { try client.event("dismissed", timeout: 1.5) }
            let update = try client.request(#"{"op":"update","id":"p","kind":"success","message":"Saved","timeout":1}"#)
            #expect(update["ok"]?.bool == true)
            try waitUntil("the border to turn green") {
                colorDistance(try probe.pixel(top.0, top.1), Kind.success.defaultColor) <= 12
            }
            let ended = try client.event("dismissed", timeout: 3)
            #expect(ended["reason"]?.string == "timeout")
            #expect(try client.request(#"{"op":"update","id":"p","message":"gone"}"#)["error"]?.string == #"no toast with id "p""#)
        }

        @Test("pause queues new toasts, resume shows them in order, critical ones show anyway")
        func doNotDisturb() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let watcher = try ProtocolClient(path: daemon.socketPath)
            _ = try watcher.request(#"{"op":"subscribe"}"#)
            #expect(try daemon.xtoast(["pause"]).status == 0)
            _ = try daemon.show(["--id", "a", "--timeout", "0", "first"])
            _ = try daemon.show(["--id", "b", "--timeout", "0", "second"])
            #expect(throws: TestFailure.self) { try watcher.event("shown", timeout: 0.5) }
            #expect(probe.cards().isEmpty)
            let list = try daemon.xtoast(["list"])
            #expect(list.stdout.contains(#""paused":true"#) && list.stdout.contains(#""state":"queued""#), "\(list.stdout)")
            _ = try daemon.show(["--id", "c", "--urgency", "critical", "disk on fire"])
            #expect(try watcher.event("shown")["id"]?.string == "c")
            #expect(try daemon.xtoast(["resume"]).status == 0)
            #expect(try watcher.event("shown")["id"]?.string == "a")
            #expect(try watcher.event("shown")["id"]?.string == "b")
            _ = try F.restingCards(probe, count: 3)
        }

        @Test("a subscriber sees the events of toasts shown by other clients, in order")
        func subscribe() throws {
            let daemon = try DaemonHarness()
            let watcher = try ProtocolClient(path: daemon.socketPath)
            #expect(try watcher.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let other = try ProtocolClient(path: daemon.socketPath)
            _ = try other.request(#"{"op":"show","id":"s1","message":"hello","timeout":0}"#)
            _ = try other.request(#"{"op":"update","id":"s1","message":"hello again"}"#)
            _ = try other.request(#"{"op":"dismiss","id":"s1"}"#)
            #expect(try watcher.nextEvent() == .object([("event", .string("shown")), ("id", .string("s1")), ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([]))]))
            #expect(try watcher.nextEvent() == .object([("event", .string("updated")), ("id", .string("s1")), ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([]))]))
            #expect(try watcher.nextEvent() == .object([("event", .string("dismissed")), ("id", .string("s1")), ("reason", .string("api")),
                                                        ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([]))]))

            // The command-line subscriber prints the same lines.
            let cli = try daemon.startXtoast(["subscribe"])
            var n = 0
            let deadline = Date().addingTimeInterval(3)
            while Date() < deadline {
                n += 1
                _ = try other.request(#"{"op":"show","id":"p\#(n)","message":"x","timeout":0}"#)
                _ = try other.request(#"{"op":"dismiss","id":"p\#(n)"}"#)
                usleep(50_000) // pacing the probe toasts, not waiting for a result
            }
            daemon.stop()
            let out = try cli.finish()
            #expect(out.stdout.contains(#"{"event":"dismissed","id":"p\#(n)","reason":"api","source":"socket","app":"xtoast","rules":[]}"#), "\(out.stdout)")
            #expect(out.status == ExitCode.daemonWentAway.rawValue)
        }

        @Test("history lists ended toasts with how they ended")
        func history() throws {
            let daemon = try DaemonHarness()
            _ = try daemon.show(["--id", "h1", "--timeout", "0", "one"])
            _ = try daemon.show(["--id", "h2", "--timeout", "0", "two"])
            try daemon.xtoast(["dismiss", "h1"])
            try daemon.xtoast(["dismiss", "--all"])
            let r = try daemon.xtoast(["history", "2"])
            let json = try JSON.parse(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            guard case let .array(items)? = json["history"] else { Issue.record("no history in \(r.stdout)"); return }
            #expect(items.map { $0["id"]?.string } == ["h1", "h2"])
            #expect(items.allSatisfy { $0["reason"]?.string == "api" })
        }

        @Test("shutdown sends dismissed/shutdown to every client; --wait then exits 4, and 5 if the daemon dies")
        func shutdown() throws {
            let daemon = try DaemonHarness()
            let a = try ProtocolClient(path: daemon.socketPath)
            let b = try ProtocolClient(path: daemon.socketPath)
            _ = try a.request(#"{"op":"show","id":"A","message":"a","timeout":0}"#)
            _ = try b.request(#"{"op":"show","id":"B","message":"b","timeout":0}"#)
            let waiting = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "waiting"])
            try waitUntil("the waiting client's toast") {
                (try daemon.xtoast(["list"]).stdout.components(separatedBy: #""state""#).count) == 4
            }
            daemon.stop()
            #expect(try a.event("dismissed")["reason"]?.string == "shutdown")
            #expect(try b.event("dismissed")["reason"]?.string == "shutdown")
            let run = try waiting.finish()
            #expect(run.stdout.hasSuffix("dismissed shutdown\n") && run.status == 4, "\(run.stdout) \(run.status)")

            let second = try DaemonHarness()
            let orphan = try second.startXtoast(["show", "--wait", "--timeout", "0", "orphan"])
            try waitUntil("the toast") { try second.xtoast(["list"]).stdout.contains("orphan") }
            kill(second.process.processIdentifier, SIGKILL)
            let gone = try orphan.finish()
            #expect(gone.status == ExitCode.daemonWentAway.rawValue && gone.stderr.contains("went away"))
        }

        @Test("clicking the body with --default-action chooses it; the close button ends with reason close")
        func defaultActionAndClose() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            _ = try client.request(#"{"op":"show","id":"d","message":"open the log?","timeout":0,"actions":[{"id":"open","label":"Open"}],"default_action":"open"}"#)
            let f = try #require(try F.restingCards(probe, count: 1).first).frame
            probe.click(at: Point(x: f.x + 80, y: f.y + 20))
            #expect(try client.event("action")["action"]?.string == "open")
            #expect(try client.event("dismissed")["reason"]?.string == "action")
            try waitUntil("the card to leave") { probe.cards().isEmpty }

            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try client.request(#"{"op":"show","id":"c","message":"close me","timeout":0}"#)
            let g = try #require(try F.restingCards(probe, count: 1).first).frame
            let close = Point(x: g.maxX - 16, y: g.y + 17)
            let before = try probe.pixel(Int(close.x), Int(close.y))
            probe.movePointer(to: Point(x: g.x + 100, y: g.y + 20))
            try waitUntil("the close button to appear") { try probe.pixel(Int(close.x), Int(close.y)) != before }
            probe.click(at: close)
            #expect(try client.event("dismissed")["reason"]?.string == "close")
            probe.movePointer(to: Point(x: 10, y: 700))
        }

        @Test("bad updates and options get clear errors")
        func errors() throws {
            let daemon = try DaemonHarness()
            #expect(try daemon.xtoast(["update", "nope", "--message", "x"]).stderr.contains("no toast with id"))
            let tooMany = try daemon.xtoast(["show", "-a", "a=A", "-a", "b=B", "-a", "c=C", "-a", "d=D", "x"])
            #expect(tooMany.status == 2 && tooMany.stderr.contains("at most 3"))
            let client = try ProtocolClient(path: daemon.socketPath)
            let bad = try client.request(#"{"op":"show","message":"x","progress":140}"#)
            #expect(bad["error"]?.string?.contains("\"progress\" must be from 0 to 100") == true)
        }
    }
}
