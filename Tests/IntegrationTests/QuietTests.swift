import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 30: applications ask for quiet on a real bus (KDE Plasma's `Inhibit`), others read
    /// `Inhibited` and hear it change; `pause --for` ends by itself.
    @Suite struct QuietTests {
        typealias F = FoundationTests

        /// A client that takes an inhibition and stays on the bus until killed (gdbus leaves
        /// as soon as its call returns, which ends the inhibition at once).
        static func holder(_ bus: PrivateBus, hints: String = "{}") throws -> DaemonHarness.Background {
            try bus.start("python3", ["-c", """
                import time
                from gi.repository import Gio, GLib
                bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
                reply = bus.call_sync("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                    "org.freedesktop.Notifications", "Inhibit",
                    GLib.Variant("(ssa{sv})", ("zoom", "Screen sharing", \(hints))),
                    GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None)
                print(reply.unpack()[0], flush=True)
                time.sleep(60)
                """])
        }

        /// `Inhibited`, as another client reads it (`org.freedesktop.DBus.Properties.Get`).
        static func inhibited(_ bus: PrivateBus) throws -> Bool? {
            let run = try bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                                            "/org/freedesktop/Notifications", "--method", "org.freedesktop.DBus.Properties.Get",
                                            "org.freedesktop.Notifications", "Inhibited"])
            if run.stdout.contains("<true>") { return true }
            if run.stdout.contains("<false>") { return false }
            return nil
        }

        /// Watches `PropertiesChanged` with `dbus-monitor`; returns a reader of the values of
        /// `Inhibited` it carried, in order.
        static func watchInhibited(_ bus: PrivateBus) throws -> () -> [Bool] {
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-props-\(UUID().uuidString.prefix(8)).log")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
            p.arguments = ["--session", "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"]
            p.environment = bus.environment
            p.standardOutput = try FileHandle(forWritingTo: file)
            p.standardError = FileHandle.nullDevice
            try p.run()
            try waitUntil("dbus-monitor to listen") { (try? String(contentsOf: file, encoding: .utf8))?.contains("NameAcquired") ?? false }
            return {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                return text.components(separatedBy: "signal time=").dropFirst().compactMap { block -> Bool? in
                    guard block.contains("member=PropertiesChanged"), block.contains("\"Inhibited\"") else { return nil }
                    return block.contains("boolean true") ? true : block.contains("boolean false") ? false : nil
                }
            }
        }

        @Test("Inhibit from one client: another reads Inhibited and hears PropertiesChanged, a toast waits, and the caller leaving releases it")
        func inhibitOverTheBus() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let changes = try Self.watchInhibited(bus)
            #expect(try Self.inhibited(bus) == false)
            let caps = try bus.call("GetCapabilities")
            #expect(caps.stdout.contains("'inhibitions'"), "\(caps.stdout)")
            // gdbus takes a cookie and leaves the bus at once: the inhibition goes with it.
            let call = try bus.call("Inhibit", ["org.gnome.Calls", "A call", "{}"])
            #expect(call.status == 0 && call.stdout.hasPrefix("(uint32 "), "\(call.stdout) \(call.stderr)")
            try waitUntil("Inhibited on, then off as gdbus left") { changes() == [true, false] }

            let holder = try Self.holder(bus)
            try waitUntil("Inhibited to read true") { try Self.inhibited(bus) == true }
            try waitUntil("PropertiesChanged true") { changes() == [true, false, true] }
            let status = try daemon.xtoast(["pause", "--status"])
            #expect(status.stdout.contains(#""by":"app""#) && status.stdout.contains(#""desktop_entry":"zoom""#)
                    && status.stdout.contains(#""reason":"Screen sharing""#), "\(status.stdout)")
            let shown = try daemon.xtoast(["show", "--timeout", "0", "held back"])
            #expect(shown.status == 0)
            Thread.sleep(forTimeInterval: 0.5)  // a card that would show has had time to map
            #expect(probe.cards().isEmpty)
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""state":"queued""#))
            kill(holder.process.processIdentifier, SIGKILL)
            try waitUntil("Inhibited to read false") { try Self.inhibited(bus) == false }
            _ = try F.restingCards(probe, count: 1)
            #expect(changes() == [true, false, true, false])
            #expect(daemon.log.contains("left the bus: its inhibitions end"))
        }

        @Test("a timeout hint ends an inhibition by itself while its caller stays")
        func timeoutHint() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let changes = try Self.watchInhibited(bus)
            let holder = try Self.holder(bus, hints: #"{"timeout": GLib.Variant("i", 2)}"#)
            defer { withExtendedLifetime((daemon, probe)) {} }
            try waitUntil("Inhibited to read true") { try Self.inhibited(bus) == true }
            let start = Date()
            try waitUntil("the timeout to end it", timeout: 6) { changes() == [true, false] }
            #expect(Date().timeIntervalSince(start) > 1)
            #expect(holder.process.isRunning, "the caller is still on the bus")
            #expect(try Self.inhibited(bus) == false)
        }

        @Test("pause --for 2s holds toasts and ends by itself; Inhibited follows")
        func pauseForTwoSeconds() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let changes = try Self.watchInhibited(bus)
            #expect(try daemon.xtoast(["pause", "--for", "2s"]).status == 0)
            let started = Date()
            #expect(try daemon.xtoast(["show", "--timeout", "0", "after the pause"]).status == 0)
            #expect(try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":true"#))
            Thread.sleep(forTimeInterval: 0.5)
            #expect(probe.cards().isEmpty)
            _ = try F.restingCards(probe, count: 1, timeout: 6)
            #expect(Date().timeIntervalSince(started) > 1.4)
            try waitUntil("PropertiesChanged on and off") { changes() == [true, false] }
            #expect(try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":false"#))
            #expect(try daemon.xtoast(["pause", "--until", "soon"]).status == 2)
        }

        /// Issue 49: the guide's inhibit example keeps its client on the bus, so the quiet lasts
        /// while it runs and ends when it goes (the gdbus call it replaced held nothing).
        @Test("the guide's Python Inhibit example holds quiet while it runs and lets go when it ends")
        func guideInhibitExample() throws {
            let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/guide.md").standardized, encoding: .utf8)
            let start = try #require(readme.range(of: "Quiet while this runs:\n  ```python\n"), "the example in docs/guide.md")
            let end = try #require(readme.range(of: "  ```\n", range: start.upperBound..<readme.endIndex))
            let snippet = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
            let (bus, daemon, _) = try NotificationServerTests.start()
            let example = try bus.start("python3", ["-c", snippet])
            try waitUntil("the example to take its inhibition") { try Self.inhibited(bus) == true }
            let status = try daemon.xtoast(["pause", "--status"]).stdout
            #expect(status.contains(#""desktop_entry":"zoom""#) && status.contains(#""until":"#), "\(status)")
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try Self.inhibited(bus) == true, "still quiet while the example runs")
            example.stop()
            try waitUntil("quiet to end with the example") { try Self.inhibited(bus) == false }
        }
    }
}
