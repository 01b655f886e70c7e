import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 28: the same notifications sent to the real dunst (Debian's 1.9, on its dunstrc)
    /// and to xtoast (on that dunstrc as `xtoast import-dunstrc` translates it), each on an
    /// Xvfb and a session bus of its own; the two screens compared by colour and order: each
    /// urgency's card fill where dunst draws it, and the critical card on the same side of the
    /// normal one.
    @Suite(.serialized) struct DunstSideBySideTests {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")

        /// The pixels within 12 per channel of `color`: how many, and the mean row of them.
        struct Region: Equatable { var count = 0, meanY = 0.0 }

        static func region(_ c: XProbe.Capture, _ color: UInt32) -> Region {
            var count = 0, rows = 0
            for y in 0..<c.height {
                for x in 0..<c.width where colorDistance(c.pixels[y * c.width + x], color) <= 12 {
                    count += 1
                    rows += y
                }
            }
            return Region(count: count, meanY: count == 0 ? 0 : Double(rows) / Double(count))
        }

        /// `[colors] KEY = #RRGGBB` from a translated config.
        static func color(_ config: String, _ key: String) throws -> UInt32 {
            let line = try #require(config.split(separator: "\n").first { $0.hasPrefix("\(key) = #") }, "\(key) in the translation")
            return try #require(UInt32(line.split(separator: "#").last ?? "", radix: 16))
        }

        /// Sends a normal, then a critical notification on `bus` and waits until both fills show
        /// on `probe`'s screen (at least a card's worth of each) and stay put (xtoast's cards slide
        /// in: the same regions in two captures 150 ms apart); returns their regions.
        static func sendAndCapture(_ bus: PrivateBus, _ probe: XProbe, normal: UInt32, critical: UInt32,
                                   who: String) throws -> (normal: Region, critical: Region) {
            #expect(try bus.run("notify-send", ["-u", "normal", "Normal", "an ordinary message"]).status == 0)
            #expect(try bus.run("notify-send", ["-u", "critical", "Critical", "the disk is full"]).status == 0)
            let size = probe.screenSize
            var last = (normal: Region(), critical: Region())
            try waitUntil("\(who) to draw both cards, at rest", timeout: 8) {
                let c = try probe.capture(x: 0, y: 0, width: Int(size.width), height: Int(size.height))
                let now = (normal: region(c, normal), critical: region(c, critical))
                defer { last = now }
                guard now.normal.count > 400 && now.critical.count > 400, now == last else {
                    usleep(150_000)
                    return false
                }
                return true
            }
            return last
        }

        func compare(_ dunstrc: URL) throws {
            var env = ProcessInfo.processInfo.environment
            env["HOME"] = "/home/user"
            let translated = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"),
                                                   ["import-dunstrc", dunstrc.path], environment: env)
            #expect(translated.status == 0, "\(translated.stderr)")
            let config = translated.stdout
            let normal = try Self.color(config, "normal.background"), critical = try Self.color(config, "critical.background")

            // dunst, on its own screen and bus.
            let dunstScreen = try PrivateDisplay(size: "1280x800")
            let dunstBus = try PrivateBus()
            var dunstEnv = dunstBus.environment
            dunstEnv["DISPLAY"] = dunstScreen.name
            let dunst = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/dunst"), ["-config", dunstrc.path],
                                                           environment: dunstEnv)
            defer { dunst.stop() }
            try waitUntil("dunst to serve the bus") {
                (try? dunstBus.call("GetServerInformation"))?.stdout.contains("dunst") == true
            }
            let seen = try Self.sendAndCapture(dunstBus, try XProbe(dunstScreen.name), normal: normal, critical: critical, who: "dunst")

            // xtoast, the same on another screen and bus.
            let xtoastScreen = try PrivateDisplay(size: "1280x800")
            let xtoastBus = try PrivateBus()
            let daemon = try DaemonHarness(config: config, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": xtoastBus.address],
                                           display: xtoastScreen.name)
            try waitUntil("xtoast to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            let ours = try Self.sendAndCapture(xtoastBus, try XProbe(xtoastScreen.name), normal: normal, critical: critical, who: "xtoast")

            // The critical card on the same side of the normal one as dunst puts it.
            #expect((seen.critical.meanY < seen.normal.meanY) == (ours.critical.meanY < ours.normal.meanY),
                    "dunst: critical \(seen.critical), normal \(seen.normal); xtoast: critical \(ours.critical), normal \(ours.normal)")
            try xtoastBus.end()
            try dunstBus.end()
        }

        @Test("dunst's shipped dunstrc (Debian 1.9): the normal card #285577 and the critical #900000 on both screens, the critical above")
        func shipped() throws {
            try compare(Self.fixtures.appendingPathComponent("dunst/dunstrc"))
        }

        @Test("a personal dunstrc of today (origin, offset, urgency colours, rules): the same fills and order")
        func personalModern() throws {
            try compare(Self.fixtures.appendingPathComponent("dunstrcs/personal-modern.dunstrc"))
        }

        @Test("an old personal dunstrc (geometry, [shortcuts], sort): the same fills and order")
        func personalOld() throws {
            try compare(Self.fixtures.appendingPathComponent("dunstrcs/personal-old.dunstrc"))
        }
    }
}
