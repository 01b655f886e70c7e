import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 30, "Screen sharing on X11" on a real screen: while a window titled like
    /// Firefox's sharing indicator is mapped a critical toast still shows and a normal one is
    /// held; with `[quiet] hide_content = yes` the critical card draws its title only.
    @Suite struct SharingContentTests {
        typealias F = FoundationTests

        /// Where a card has text: rows of pixels far from its commonest colour (its
        /// background), as the card's top-to-bottom band offsets that hold ink.
        static func inkRows(_ probe: XProbe, _ card: XProbe.CardWindow) throws -> [Int] {
            let f = card.frame
            // Inside its frame and corners: the border is no text.
            let c = try probe.capture(x: Int(f.x) + 4, y: Int(f.y) + 4, width: Int(f.width) - 40, height: Int(f.height) - 8)
            var counts: [UInt32: Int] = [:]
            for p in c.pixels { counts[p, default: 0] += 1 }
            let background = counts.max { $0.value < $1.value }?.key ?? 0
            return (0..<c.height).filter { y in
                (0..<c.width).contains { x in colorDistance(c.pixels[y * c.width + x], background) > 100 }
            }
        }

        @Test("sharing: a critical toast shows with its title only (hide_content), a normal one waits; the window unmaps and it shows")
        func criticalWhileSharing() throws {
            let daemon = try DaemonHarness(config: "[general]\ntimeout = 0\n[quiet]\nhide_content = yes\n")
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            let critical = ["show", "--urgency", "critical", "--app", "Monitor", "--title", "Server down",
                            "disk full on /var: 3 GB left, writes failing since 14:02"]
            // Not shared: the whole card, its title and two lines of message.
            #expect(try daemon.xtoast(critical).status == 0)
            let full = try #require(F.restingCards(probe, count: 1).first)
            let fullInk = try Self.inkRows(probe, full)
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("the card to go") { probe.cards().isEmpty }

            let window = try ScreenSharingTests.Client()
            try window.send("map Firefox — Sharing Indicator")
            try waitUntil("pause --status to name screen sharing") {
                try daemon.xtoast(["pause", "--status"]).stdout.contains(#""by":"screen sharing""#)
            }
            #expect(try daemon.xtoast(["show", "--app", "Chat", "--title", "held", "a normal toast"]).status == 0)
            #expect(try daemon.xtoast(critical).status == 0)
            let hidden = try #require(F.restingCards(probe, count: 1).first)
            Thread.sleep(forTimeInterval: 0.3)  // a second card that would show has had time to map
            #expect(probe.cards().count == 1, "the normal toast showed while the screen is shared")
            let hiddenInk = try Self.inkRows(probe, hidden)

            // The title's line has ink in both; the full card has more below it, the hidden one none.
            let titleBand = (fullInk.first ?? 0)..<((fullInk.first ?? 0) + 22)
            let fullBelow = fullInk.filter { !titleBand.contains($0) }
            #expect(!hiddenInk.isEmpty, "the hidden card draws its title")
            #expect(fullBelow.count > 10, "the plain card draws its message: \(fullInk)")
            let hiddenBelow = hiddenInk.filter { $0 >= (hiddenInk.first ?? 0) + 22 }
            #expect(hiddenBelow.isEmpty, "the hidden card draws ink below its title: \(hiddenInk)")
            #expect(hidden.frame.height < full.frame.height, "no message, so a shorter card: \(hidden.frame) \(full.frame)")

            // The sharing window goes: the held toast shows.
            try window.send("unmap")
            _ = try F.restingCards(probe, count: 2, timeout: 5)
            #expect(try daemon.xtoast(["list"]).stdout.contains("held"))
        }
    }
}
