import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 29: `x-canonical-append` and Chromium's critical web notifications from a real
    /// client (`gdbus`, a new connection per call, as `notify-send` is).
    @Suite struct SenderQuirksIntegrationTests {
        typealias F = FoundationTests

        static func id(_ run: DaemonHarness.Run) -> String {
            // gdbus prints `(uint32 7,)`.
            String(run.stdout.split(separator: " ").last?.prefix { $0.isNumber } ?? "")
        }

        @Test("GetCapabilities lists action-icons and x-canonical-append; a second Notify with x-canonical-append and the same summary appends to the card in place, under the same id")
        func append() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let capabilities = try bus.call("GetCapabilities")
            for name in ["action-icons", "x-canonical-append"] {
                #expect(capabilities.stdout.contains("'\(name)'"), "\(capabilities.stdout)")
            }
            let hints = "{'x-canonical-append': <'true'>}"
            let first = try bus.call("Notify", ["Pidgin", "0", "", "Ann", "hi", "[]", hints, "0"])
            #expect(first.status == 0, "\(first.stderr)")
            _ = try F.restingCards(probe, count: 1)
            let second = try bus.call("Notify", ["Pidgin", "0", "", "Ann", "are you there?", "[]", hints, "0"])
            #expect(Self.id(second) == Self.id(first) && !Self.id(first).isEmpty, "\(first.stdout) \(second.stdout)")
            let other = try bus.call("Notify", ["Pidgin", "0", "", "Bob", "hello", "[]", hints, "0"])
            #expect(Self.id(other) != Self.id(first))
            _ = try F.restingCards(probe, count: 2)
            let list = try daemon.xtoast(["list"]).stdout
            #expect(list.contains(#""message":"hi\nare you there?""#), "\(list)")
            #expect(list.contains(#""message":"hello""#), "\(list)")
        }

        @Test("Chromium's critical web notification (urgency uint32 2) shows as normal with 30 s; a calendar site's stays critical; the toast says so in list")
        func chromiumCritical() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let chat = "{'urgency': <uint32 2>, 'x-kde-origin-name': <'web.whatsapp.com'>}"
            let meeting = "{'urgency': <uint32 2>, 'x-kde-origin-name': <'calendar.google.com'>}"
            _ = try bus.call("Notify", ["Chromium", "0", "", "Ann", "hi", "[]", chat, "int32 -1"])
            _ = try bus.call("Notify", ["Chromium", "0", "", "Standup", "now", "[]", meeting, "int32 -1"])
            _ = try F.restingCards(probe, count: 2)
            let list = try daemon.xtoast(["list"]).stdout
            let lines = list.split(separator: "{").map(String.init)
            let ann = lines.first { $0.contains(#""title":"Ann""#) } ?? ""
            let standup = lines.first { $0.contains(#""title":"Standup""#) } ?? ""
            #expect(ann.contains(#""urgency":"normal""#) && ann.contains(#""remaining":"#), "\(list)")
            #expect(standup.contains(#""urgency":"critical""#) && !standup.contains(#""remaining":"#), "\(list)")
            if let remaining = ann.split(separator: ",").first(where: { $0.contains("remaining") })?.split(separator: ":").last,
               let seconds = Double(remaining.prefix { $0.isNumber || $0 == "." }) {
                #expect(seconds > 20 && seconds <= 30, "\(ann)")
            }
        }

        @Test("tame_chromium = no: Chromium's critical web notification stays critical")
        func chromiumCriticalKept() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start(config: "[general]\ntame_chromium = no\n")
            let chat = "{'urgency': <uint32 2>, 'x-kde-origin-name': <'web.whatsapp.com'>}"
            _ = try bus.call("Notify", ["Chromium", "0", "", "Ann", "hi", "[]", chat, "int32 -1"])
            _ = try F.restingCards(probe, count: 1)
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""urgency":"critical""#))
        }
    }
}
