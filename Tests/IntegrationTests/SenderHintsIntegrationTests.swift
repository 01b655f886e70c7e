import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 29: what real senders send, from a real client on a private bus (`gdbus`, GLib's
    /// own marshalling of `as` and strings in variants, as KDE Connect and Chromium send them).
    @Suite struct SenderHintsIntegrationTests {
        typealias F = FoundationTests

        @Test("GetCapabilities lists the x-kde hints; a Notify with x-kde-display-appname, x-kde-origin-name and x-kde-urls shows the name, the origin and the links")
        func kdeHints() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let capabilities = try bus.call("GetCapabilities")
            for name in ["x-kde-origin-name", "x-kde-display-appname", "x-kde-urls"] {
                #expect(capabilities.stdout.contains("'\(name)'"), "\(capabilities.stdout)")
            }
            let hints = "{'x-kde-display-appname': <'KDE Connect'>, 'x-kde-origin-name': <'Ann’s phone'>, "
                + "'x-kde-urls': <['https://example.org/photo', 'file:///tmp/photo.jpg']>, 'urgency': <uint32 1>}"
            let sent = try bus.call("Notify", ["org.kde.kdeconnect", "0", "", "Ann", "on my way", "[]", hints, "0"])
            #expect(sent.status == 0, "\(sent.stderr)")
            _ = try F.restingCards(probe, count: 1)
            let history = try daemon.xtoast(["list"]).stdout
            #expect(history.contains(#""app":"KDE Connect""#), "\(history)")
            #expect(history.contains(#"<a href=\"https://example.org/photo\">"#), "\(history)")
            #expect(!history.contains("file:///tmp/photo.jpg"), "\(history)")
            #expect(history.contains(#""origin":"Ann’s phone""#), "\(history)")
        }

        /// The id in gdbus's answer to Notify, `(uint32 7,)`.
        static func notificationID(_ answer: String) -> String {
            String(answer.split(separator: " ").last?.filter(\.isNumber) ?? "")
        }

        /// A red, green or blue 24 × 24 image as GVariant text for `gdbus` (one type annotation:
        /// it parses a typed element per byte very slowly).
        static func imageVariant(_ rgb: (Int, Int, Int)) -> String {
            let side = 24
            let pixel = "\(rgb.0), \(rgb.1), \(rgb.2)"
            let bytes = "byte " + Array(repeating: pixel, count: side * side).joined(separator: ", ")
            return "<(\(side), \(side), \(side * 3), false, 8, 3, [\(bytes)])>"
        }

        /// Sends one notification with `hints`, waits for its card, counts the card's pixels
        /// near `color`, closes it and waits for the card to go.
        func pixelsShown(_ bus: PrivateBus, _ probe: XProbe, hints: String, color: UInt32) throws -> Int {
            let sent = try bus.call("Notify", ["old", "0", "", "Old spelling", "an image", "[]", hints, "int32 0"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let id = Self.notificationID(sent.stdout)
            let card = try #require(try F.restingCards(probe, count: 1).first)
            var count = 0
            try? waitUntil("the image on the card") {
                count = try TalkBackTests.capture(probe, card).pixels.filter { colorDistance($0, color) < 40 }.count
                return count > 200
            }
            _ = try bus.call("CloseNotification", [id])
            try waitUntil("the card to go") { probe.cards().isEmpty }
            return count
        }

        @Test("the old spellings from a real client: image_data, icon_data and image_path show their pixels; urgency as int32 2 is critical")
        func oldSpellings() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            #expect(try pixelsShown(bus, probe, hints: "{'image_data': \(Self.imageVariant((255, 0, 0)))}", color: 0xFF0000) > 200)
            #expect(try pixelsShown(bus, probe, hints: "{'icon_data': \(Self.imageVariant((0, 255, 0)))}", color: 0x00FF00) > 200)
            let png = daemon.directory.appendingPathComponent("blue.png")
            let made = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "48x48", "xc:#0000ff", png.path], environment: [:])
            #expect(made.status == 0, "\(made.stderr)")
            #expect(try pixelsShown(bus, probe, hints: "{'image_path': <'\(png.path)'>}", color: 0x0000FF) > 200)

            let critical = try bus.call("Notify", ["old", "0", "", "Disk full", "", "[]", "{'urgency': <int32 2>}", "int32 300"])
            let id = Self.notificationID(critical.stdout)
            guard case let .array(toasts)? = try JSON.parse(try NotificationServerTests.listing(daemon))["toasts"],
                  let entry = toasts.first(where: { $0["id"]?.string == id }) else { throw TestFailure("no toast \(id) listed") }
            #expect(entry["kind"]?.string == "error" && entry["remaining"] == nil, "critical, never expiring: \(entry.text)")
        }

        @Test("resident and transient from a real client: a resident toast stays after its action (ActionInvoked, no close); a transient one is never kept in the history")
        func residentAndTransient() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            probe.movePointer(to: Point(x: 10, y: 700))
            let signals = try bus.monitor()
            let sent = try bus.call("Notify", ["player", "0", "", "Now playing", "Song", "['default', 'Open']",
                                               "{'resident': <true>, 'transient': <true>}", "int32 0"])
            let id = try #require(UInt32(Self.notificationID(sent.stdout)), "\(sent.stdout) \(sent.stderr)")
            let card = try #require(try F.restingCards(probe, count: 1).first)
            probe.click(at: Point(x: card.frame.x + 40, y: card.frame.midY))
            try signals.wait(for: [.action(id: id, key: "default")])
            #expect(try NotificationServerTests.listing(daemon).contains("Now playing"), "resident: still shown after its action")
            #expect(!signals.signals.contains(.closed(id: id, reason: 2)))
            _ = try bus.call("CloseNotification", ["\(id)"])
            try signals.wait(for: [.closed(id: id, reason: 3)])
            // A plain one after it, closed the same way: the history has it and not the transient one.
            let plain = Self.notificationID(try bus.call("Notify", ["player", "0", "", "Next up", "", "[]", "{}", "int32 0"]).stdout)
            _ = try bus.call("CloseNotification", [plain])
            try signals.wait(for: [.closed(id: UInt32(plain) ?? 0, reason: 3)])
            try waitUntil("the plain toast in the history") { try daemon.xtoast(["history"]).stdout.contains("Next up") }
            #expect(!(try daemon.xtoast(["history"]).stdout.contains("Now playing")), "transient: never kept")
        }
    }
}
