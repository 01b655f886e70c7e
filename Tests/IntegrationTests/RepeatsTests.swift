import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 19, repeats: identical notifications from the real notify-send collapse into one
    /// card with a `×N` badge; each call keeps its own id, and each id is closed once.
    @Suite struct RepeatsTests {
        typealias F = FoundationTests
        typealias N = NotificationServerTests

        /// Pixels in the card's trailing top corner (inside its border) near the info accent.
        static func accentInCorner(_ probe: XProbe, of card: XProbe.CardWindow) throws -> (accent: Int, other: Int) {
            let x = Int(card.frame.maxX) - 60, y = Int(card.frame.y) + 5
            let corner = try probe.capture(x: x, y: y, width: 52, height: 24)
            let accent = corner.pixels.filter { colorDistance($0, Palette.dark.accent(for: .info)) < 40 }.count
            let background = CardComposer(config: Config(), scale: 1).colors(for: .info, style: .tinted).background.rgb
            // The label's ink: pixels near neither the accent nor the card's background.
            let other = corner.pixels.filter {
                colorDistance($0, Palette.dark.accent(for: .info)) >= 40 && colorDistance($0, background) >= 40
            }.count
            return (accent, other)
        }

        @Test("three identical notify-send calls make one card with ×3 (its badge's pixels), three ids, each closed once")
        func threeCallsOneCard() throws {
            let (bus, daemon, probe) = try N.start(config: N.noBursts)
            probe.movePointer(to: Point(x: 10, y: 700))
            let signals = try bus.monitor()
            func send() throws -> String {
                let run = try bus.run("notify-send", ["-p", "-a", "chat", "-t", "0", "New message", "from Ana"])
                #expect(run.status == 0, "\(run.stderr)")
                return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let first = try send()
            let once = try #require(try F.restingCards(probe, count: 1).first)
            let plain = try Self.accentInCorner(probe, of: once)
            #expect(plain.accent < 10, "no badge on a card shown once: \(plain)")
            let ids = [first, try send(), try send()]
            #expect(Set(ids).count == 3 && ids.allSatisfy { (UInt32($0) ?? 0) > 0 }, "\(ids)")
            try waitUntil("the list to count 3") { try N.listing(daemon).contains(#""count":3"#) }
            let cards = try F.restingCards(probe, count: 1)
            #expect(cards.count == 1 && probe.cards().count == 1, "one window")
            let card = try #require(cards.first)
            #expect(card.frame == once.frame, "it kept its place and size")
            try waitUntil("the badge to be drawn") { try Self.accentInCorner(probe, of: card).accent > 60 }
            let badge = try Self.accentInCorner(probe, of: card)
            #expect(badge.other > 5, "the count's ink inside the pill: \(badge)")
            if let shot = ProcessInfo.processInfo.environment["XTOAST_TEST_SHOT"] {
                // A screenshot to look at, when asked for.
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/usr/bin/import")
                p.arguments = ["-window", "root", shot]
                p.environment = ["DISPLAY": TestDisplay.name]
                try? p.run()
                p.waitUntilExit()
            }

            // Closing by the middle id ends the card: every id hears its one NotificationClosed.
            #expect(try bus.call("CloseNotification", [ids[1]]).status == 0)
            let expected = ids.map { PrivateBus.SignalLog.Signal.closed(id: UInt32($0) ?? 0, reason: 3) }
            try waitUntil("each id closed") { Set(signals.signals.map { "\($0)" }) == Set(expected.map { "\($0)" }) }
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            #expect(signals.signals.count == 3, "\(signals.signals)")
        }
    }
}
