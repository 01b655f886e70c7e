import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 20's links: a click on an `<a href>` in a card runs the opener with it (a stub
    /// that records its argument), the pointer over one shows it, and `menu` lists it.
    @Suite struct LinkTests {
        typealias F = FoundationTests

        /// A daemon whose opener is a stub writing its arguments to `opened`, one per line.
        static func start() throws -> (DaemonHarness, URL) {
            let (stub, opened) = try opener()
            let daemon = try DaemonHarness(config: "[general]\nopener = \(stub.path) --new-window\n")
            return (daemon, opened)
        }

        /// The stub opener, and the file it writes its arguments to.
        static func opener() throws -> (stub: URL, opened: URL) {
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-links-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let opened = directory.appendingPathComponent("opened")
            let stub = directory.appendingPathComponent("opener")
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(opened.path).part && mv \(opened.path).part \(opened.path)\n"
                .write(to: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            return (stub, opened)
        }

        @Test("the pointer over a link changes how it is drawn; a click on it runs the opener with the link and ends the toast as a click")
        func clickALink() throws {
            let (daemon, opened) = try Self.start()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            let owner = try ProtocolClient(path: daemon.socketPath)
            owner.send(#"{"op":"show","markup":true,"timeout":0,"message":"Read <a href=\"https://example.org/notes?a=1&amp;b=2\">the notes</a> now"}"#)
            let id = try #require(try owner.next()["id"]?.string)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let before = try TalkBackTests.capture(probe, card)
            let link = try #require(TalkBackTests.clusters(of: Kind.info.defaultColor, in: before, minY: Int(card.frame.y)).first,
                                    "the link's accent-coloured text")
            let centre = Point(x: Double(link.x0 + link.x1) / 2, y: Double(link.y0 + link.y1) / 2)
            // Over the card but not the link first, then over the link: only the link's drawing changes.
            probe.movePointer(to: Point(x: Double(link.x1) + 40, y: centre.y))
            try waitUntil("the card to show it is hovered") { try TalkBackTests.capture(probe, card).pixels != before.pixels }
            let hovered = try TalkBackTests.capture(probe, card)
            func linkArea(_ c: XProbe.Capture) -> [UInt32] {
                (link.y0...(link.y1 + 3)).flatMap { y in (link.x0...link.x1).map { x in c.at(x, y) } }
            }
            probe.movePointer(to: centre)
            try waitUntil("the link to show the pointer is over it") { linkArea(try TalkBackTests.capture(probe, card)) != linkArea(hovered) }

            probe.click(at: centre)
            defer { if !FileManager.default.fileExists(atPath: opened.path) { print("LOG", daemon.log) } }
            try waitUntil("the opener to run") { FileManager.default.fileExists(atPath: opened.path) }
            #expect(try String(contentsOf: opened, encoding: .utf8) == "--new-window\nhttps://example.org/notes?a=1&b=2\n")
            let end = try owner.event("dismissed")
            #expect(end["id"]?.string == id && end["reason"]?.string == "click")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("issue 49: a plain URL in a notify-send body is drawn as a link, listed by xtoast menu and dunstctl context, and a click opens it")
        func plainLinkInABody() throws {
            let (stub, opened) = try Self.opener()
            let directory = opened.deletingLastPathComponent()
            let menuInput = directory.appendingPathComponent("menu-input")
            let menu = directory.appendingPathComponent("menu")
            try "#!/bin/sh\ncat > \(menuInput.path)\nexit 1\n".write(to: menu, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: menu.path)
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: "[general]\nopener = \(stub.path) --new-window\nmenu = \(menu.path)\n",
                                           extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            #expect(try bus.run("notify-send", ["-t", "0", "Download done", "open https://example.com/file.pdf"]).status == 0)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            // xtoast menu and dunstctl context list it.
            let listed = try daemon.xtoast(["menu", "--", menu.path])
            #expect(listed.status == 1, "nothing chosen: \(listed.stderr)")
            #expect(try String(contentsOf: menuInput, encoding: .utf8).contains("https://example.com/file.pdf"))
            try FileManager.default.removeItem(at: menuInput)
            // The stub chooses nothing (exit 1), which xtoast dunstctl context reports with its status.
            _ = try daemon.xtoast(["dunstctl", "context"])
            try waitUntil("dunstctl context's menu to get the link") {
                (try? String(contentsOf: menuInput, encoding: .utf8))?.contains("https://example.com/file.pdf") == true
            }
            // Drawn in the link colour (the info accent), and a click on it opens it.
            let drawn = try TalkBackTests.capture(probe, card)
            let link = try #require(TalkBackTests.clusters(of: Kind.info.defaultColor, in: drawn, minY: Int(card.frame.y)).first,
                                    "the link's accent-coloured text")
            probe.click(at: Point(x: Double(link.x0 + link.x1) / 2, y: Double(link.y0 + link.y1) / 2))
            try waitUntil("the opener to run") { FileManager.default.fileExists(atPath: opened.path) }
            #expect(try String(contentsOf: opened, encoding: .utf8) == "--new-window\nhttps://example.com/file.pdf\n")
        }

        @Test("issue 32: the opener runs in a session of its own, outlives script_timeout with what it started, and logs as opener:")
        func openerIsNeverKilled() throws {
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-opener-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
            // An xdg-open that runs the "browser" in its own process group's place, then waits
            // past the scripts' 1 s timeout; the browser outlives it and writes later still.
            let stub = directory.appendingPathComponent("opener")
            try """
                #!/bin/sh
                echo $$ > \(path("pid"))
                cut -d' ' -f6 /proc/$$/stat > \(path("session"))
                echo "opening $1"
                (sleep 3; echo "browser still writing"; echo alive > \(path("alive"))) &
                sleep 2
                echo "opener done" >&2

                """.write(to: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            let daemon = try DaemonHarness(config: "[general]\nopener = \(stub.path)\n[rules]\nscript_timeout = 1\n")
            let owner = try ProtocolClient(path: daemon.socketPath)
            owner.send(#"{"op":"show","markup":true,"timeout":0,"message":"<a href=\"https://example.org/x\">x</a>"}"#)
            let id = try #require(try owner.next()["id"]?.string)
            _ = try owner.event("shown")
            owner.send(#"{"op":"invoke","link":"https://example.org/x"}"#)
            #expect(try owner.next()["ok"] == .bool(true))
            let end = try owner.event("dismissed")
            #expect(end["id"]?.string == id && end["reason"]?.string == "click")
            try waitUntil("the browser it started to write, 3 s on", timeout: 10) { FileManager.default.fileExists(atPath: path("alive")) }
            let pid = try String(contentsOfFile: path("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try String(contentsOfFile: path("session"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == pid,
                    "it leads a session of its own")
            try waitUntil("its lines in the log") { daemon.log.contains("opener: browser still writing") }
            let log = daemon.log
            #expect(log.contains("opener: opening https://example.org/x") && log.contains("opener: opener done"), "\(log)")
            #expect(!log.contains("rule opener") && !log.contains("killed"), "\(log)")
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            #expect(stat.isEmpty, "ended and reaped, no zombie: \(stat)")
        }

        @Test("menu lists a toast's links with its actions; the chosen link is opened as a click on it")
        func menuOpensALink() throws {
            let (daemon, opened) = try Self.start()
            let probe = try XProbe()
            let owner = try ProtocolClient(path: daemon.socketPath)
            owner.send(#"{"op":"show","markup":true,"timeout":0,"actions":[{"id":"ok","label":"OK"}],"message":"<a href=\"file:///etc/passwd\">not this</a> <a href=\"mailto:ops@example.org\">mail ops</a>"}"#)
            let id = try #require(try owner.next()["id"]?.string)
            _ = try F.restingCards(probe, count: 1)
            let input = daemon.directory.appendingPathComponent("menu-input").path
            let script = daemon.directory.appendingPathComponent("pick-second")
            try "#!/bin/sh\ncat > \(input)\nsed -n 2p \(input)\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let run = try daemon.xtoast(["menu", "--", script.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOfFile: input, encoding: .utf8) == "#\(id) xtoast: OK\n#\(id) xtoast: mailto:ops@example.org\n", "a file: link is not offered")
            try waitUntil("the opener to run") { FileManager.default.fileExists(atPath: opened.path) }
            #expect(try String(contentsOf: opened, encoding: .utf8) == "--new-window\nmailto:ops@example.org\n")
            #expect(try owner.event("dismissed")["reason"]?.string == "click")
            let refused = try daemon.xtoast(["invoke", "--id", "1"])
            #expect(refused.status == 1)
        }
    }
}
