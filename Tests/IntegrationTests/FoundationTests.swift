import Foundation
import Testing
import ToastCore

extension Integration {
    @Suite struct FoundationTests {
        static let width = 360.0

        /// Waits until exactly `count` cards rest fully on screen, and returns them.
        static func restingCards(_ probe: XProbe, count: Int, timeout: Double = 5) throws -> [XProbe.CardWindow] {
            var last: [XProbe.CardWindow] = []
            var stableSince = Date()
            try waitUntil("\(count) card(s) at rest on screen", timeout: timeout) {
                let now = probe.cardsOnScreen()
                if now != last { last = now; stableSince = Date() }
                // At rest: the same frames seen for 150 ms, and nothing still off screen.
                return now.count == count && probe.cards().count == count && Date().timeIntervalSince(stableSince) > 0.15
            }
            return last
        }

        static func expectedFrame(_ position: Position, height: Double, screen: Size) -> Rect {
            let x: Double = switch position.horizontal {
            case -1: 16
            case 0: ((screen.width - width) / 2).rounded(.down)
            default: screen.width - 16 - width
            }
            let y = switch position.vertical {
            case -1: 16.0
            case 0: ((screen.height - height) / 2).rounded(.down)
            default: screen.height - 16 - height
            }
            return Rect(x: x, y: y, width: width, height: height)
        }

        @Test("an idle daemon has loaded no fonts (nor fontconfig's caches); its first toast loads them")
        func fontsLoadAtTheFirstToast() throws {
            let daemon = try DaemonHarness()
            let maps = "/proc/\(daemon.process.processIdentifier)/maps"
            func fontFilesMapped() throws -> Bool {
                let text = try String(contentsOfFile: maps, encoding: .utf8)
                return text.contains("/fonts/") || text.contains("fontconfig/")
            }
            #expect(try daemon.xtoast(["ping"]).status == 0)
            #expect(try !fontFilesMapped(), "idle, the daemon maps no font or font cache")
            let probe = try XProbe()
            _ = try daemon.xtoast(["show", "--timeout", "0", "first"])
            _ = try Self.restingCards(probe, count: 1)
            #expect(try fontFilesMapped(), "the first toast's text needed them")
            try CardTests.dismissAll(daemon, probe)
        }

        @Test("a card rests at its corner for each position, 16 px from the edges (left, right and center: the middle of the screen's height)")
        func positions() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            for position in Position.allCases {
                _ = try daemon.show(["--position", position.rawValue, "--timeout", "0", "Hello from \(position.rawValue)"])
                let card = try #require(try Self.restingCards(probe, count: 1).first)
                #expect(card.frame == Self.expectedFrame(position, height: card.frame.height, screen: probe.screenSize),
                        "\(position.rawValue)")
                try daemon.xtoast(["dismiss", "--all"])
                try waitUntil("cards to leave") { probe.cards().isEmpty }
            }
        }

        @Test("the border carries the kind's colour, and the corners show the root window")
        func borderAndCorners() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let root: UInt32 = 0x336699
            probe.setRootColor(root)
            defer { probe.setRootColor(0) }
            for kind in Kind.allCases where kind != .loading {
                _ = try daemon.show(["--kind", kind.rawValue, "--timeout", "0", "--title", "Kind", "\(kind.rawValue) toast"])
                let f = try #require(try Self.restingCards(probe, count: 1).first).frame
                let x = Int(f.x), y = Int(f.y), w = Int(f.width), h = Int(f.height)
                for (px, py) in [(x + w / 2, y), (x + w / 2, y + h - 1), (x, y + h / 2), (x + w - 1, y + h / 2)] {
                    #expect(colorDistance(try probe.pixel(px, py), kind.defaultColor) <= 12, "\(kind) border at \(px),\(py)")
                }
                // Radius 10: the corner pixel and its diagonal neighbour lie outside the curve.
                for (px, py) in [(x, y), (x + 1, y + 1), (x + w - 1, y), (x, y + h - 1), (x + w - 2, y + h - 2)] {
                    #expect(try probe.pixel(px, py) == root, "\(kind) corner at \(px),\(py) shows the root")
                }
                // Inside, the card is a dark tint of the kind, not the root and not the border.
                let inside = try probe.pixel(x + w - 20, y + h / 2)
                #expect(inside != root && colorDistance(inside, kind.defaultColor) > 60)
                try daemon.xtoast(["dismiss", "--all"])
                try waitUntil("cards to leave") { probe.cards().isEmpty }
            }
        }

        @Test("a toast with a 1 s timeout goes away after about a second")
        func timeout() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            let shown = Date()
            let reply = try client.request(#"{"op":"show","message":"short-lived","timeout":1}"#)
            let id = try #require(reply["id"]?.string)
            _ = try Self.restingCards(probe, count: 1)
            let event = try client.event("dismissed", timeout: 4)
            let elapsed = Date().timeIntervalSince(shown)
            #expect(event == .object([("event", .string("dismissed")), ("id", .string(id)), ("reason", .string("timeout")),
                                      ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([]))]))
            #expect(elapsed >= 0.95 && elapsed < 2.5, "ended after \(elapsed) s")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("a left click removes the card, with reason click on the connection")
        func click() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try #require(try client.request(#"{"op":"show","message":"click me","timeout":0}"#)["id"]?.string)
            let f = try #require(try Self.restingCards(probe, count: 1).first).frame
            probe.click(at: Point(x: f.x + 60, y: f.y + f.height / 2))
            let event = try client.event("dismissed")
            #expect(event["id"]?.string == id)
            #expect(event["reason"]?.string == "click")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("bad input gets an error naming the problem; the connection and the daemon carry on")
        func badInput() throws {
            let daemon = try DaemonHarness()
            let client = try ProtocolClient(path: daemon.socketPath)
            let cases: [(String, String)] = [
                ("this is not json", "not JSON"),
                (#"{"op":"fly"}"#, "unknown op"),
                (#"{"op":"show"}"#, "missing field \"message\""),
                (#"{"op":"show","message":5}"#, "\"message\" must be a string"),
                (#"{"op":"show","message":"x","timeout":"soon"}"#, "\"timeout\" must be a number"),
                (#"{"op":"show","message":"x","kind":"fatal"}"#, "unknown kind \"fatal\""),
                (#"{"op":"show","message":"x","position":"middle"}"#, "unknown position \"middle\""),
                (#"{"op":"show","message":"x","timeout":-1}"#, "must not be negative"),
                (#"[1,2]"#, "must be a JSON object"),
            ]
            for (line, expected) in cases {
                let reply = try client.request(line)
                #expect(reply["ok"]?.bool == false, "\(line)")
                #expect(reply["error"]?.string?.contains(expected) == true, "\(line) → \(reply.text)")
            }
            // Invalid UTF-8 inside a string.
            client.sendBytes(Array(#"{"op":"show","message":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8))
            let utf8 = try client.next()
            #expect(utf8["error"]?.string?.contains("UTF-8") == true, "\(utf8.text)")
            // A line over 64 KiB is refused, and the line after it is still read.
            client.send(#"{"op":"show","message":""# + String(repeating: "a", count: 70_000) + #""}"#)
            let long = try client.next()
            #expect(long["error"]?.string?.contains("longer than 65536 bytes") == true, "\(long.text)")
            let ok = try client.request(#"{"op":"show","message":"still working","timeout":0}"#)
            #expect(ok["ok"]?.bool == true)
            #expect(try daemon.xtoast(["show", "and a new client too"]).status == 0)
        }

        @Test("showing an id already on screen replaces it in place; its first owner hears 'replaced'")
        func replace() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let first = try ProtocolClient(path: daemon.socketPath)
            _ = try first.request(#"{"op":"show","id":"build","message":"building…","timeout":0}"#)
            let before = try #require(try Self.restingCards(probe, count: 1).first)
            #expect(try daemon.show(["--id", "build", "--kind", "success", "--timeout", "0", "built"]) == "build")
            let event = try first.event("dismissed")
            #expect(event["reason"]?.string == "replaced")
            let after = try #require(try Self.restingCards(probe, count: 1).first)
            #expect(after.window == before.window && after.frame == before.frame)
            try waitUntil("the border to turn green") {
                colorDistance(try probe.pixel(Int(after.frame.midX), Int(after.frame.y)), Kind.success.defaultColor) <= 12
            }
        }

        @Test("the client: ids on stdout, message from stdin, exit codes 0 1 2 3")
        func client() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let shown = try daemon.xtoast(["show", "--timeout", "0", "-"], stdin: "from stdin\n")
            #expect(shown.status == 0 && !shown.stdout.isEmpty)
            _ = try Self.restingCards(probe, count: 1)
            let id = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try daemon.xtoast(["dismiss", id]).status == 0)
            let refused = try daemon.xtoast(["dismiss", "no-such-toast"])
            #expect(refused.status == 1 && refused.stderr.contains("no toast with id"))
            let usage = try daemon.xtoast(["show", "--kind", "purple", "x"])
            #expect(usage.status == 2 && usage.stderr.contains("unknown kind"))
            #expect(try daemon.xtoast(["show", "--help"]).stdout.contains("--timeout"))
            let missing = try daemon.xtoast(["show", "x"], environment: ["XTOAST_SOCKET": daemon.directory.path + "/nobody.sock"])
            #expect(missing.status == 3 && missing.stderr.contains("xtoast daemon"))
        }

        @Test("a second daemon on the same socket exits 1; a stale socket file is replaced; mode 0600")
        func daemonStartup() throws {
            let daemon = try DaemonHarness()
            let mode = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let second = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), ["daemon"],
                                               environment: daemon.environment)
            #expect(second.status == 1)
            #expect(second.stderr.contains("another xtoast daemon is running"), "\(second.stderr)")
            #expect(second.stderr.split(separator: "\n").count == 1)

            // The first daemon leaves no socket behind when stopped; a stale file is taken over.
            daemon.stop()
            #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
            let stale = try UnixSocketFile.makeStale(at: daemon.socketPath)
            #expect(stale)
            let next = try DaemonHarness(extraEnvironment: ["XTOAST_SOCKET": daemon.socketPath])
            #expect(try next.xtoast(["ping"]).status == 0)

            let headless = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoastd"), [],
                                                 environment: daemon.environment.merging(["DISPLAY": ":97"]) { $1 })
            #expect(headless.status == 1 && headless.stderr.contains("cannot open display"))
        }
    }
}

/// Leaves a socket file nobody listens on, as a crashed daemon would.
enum UnixSocketFile {
    static func makeStale(at path: String) throws -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        return r == 0 && FileManager.default.fileExists(atPath: path)
    }
}
