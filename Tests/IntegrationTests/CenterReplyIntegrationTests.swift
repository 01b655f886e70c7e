import Foundation
import Testing
import ToastCore

extension Integration {
    /// The centre's late reply with a real bus client (issue 29): a toast with `inline-reply`
    /// ends into the history; Reply on its entry in the panel, "late" and Enter reach the
    /// sender as NotificationReplied under the original id.
    @Suite(.serialized) struct CenterReplyIntegrationTests {
        /// The panel: the one xtoast window as tall as the screen.
        static func panel(_ probe: XProbe) -> XProbe.CardWindow? {
            probe.cards().first { $0.frame.height >= probe.screenSize.height - 1 && $0.frame.x >= 0 && $0.frame.maxX <= probe.screenSize.width }
        }

        /// Where the first entry's Reply button is: the entry is a card 12 px in from the
        /// panel's sides (`CenterMetrics.sideMargin`); its bottom is found in the pixels, the
        /// lowest line of a column inside it that is not the panel's background; its buttons'
        /// row ends at its padding (12 px), bottom right, as on a card.
        static func replyButton(_ panel: XProbe.CardWindow, _ probe: XProbe) throws -> Point {
            let right = Int(panel.frame.maxX) - 12
            let column = try probe.capture(x: right - 16, y: Int(panel.frame.y), width: 1, height: Int(panel.frame.height))
            let background = column.pixels[column.pixels.count - 1]
            guard let bottom = column.pixels.lastIndex(where: { colorDistance($0, background) > 20 }) else {
                throw TestFailure("no entry in the panel")
            }
            return Point(x: Double(right - 12 - 22), y: panel.frame.y + Double(bottom + 1) - 12 - 12)
        }

        @Test("a bus toast with a reply ends into the history; Reply on its centre entry, \"late\", Enter: the sender hears NotificationReplied(original id, late)")
        func lateReplyFromTheCentre() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let app = try RawBusClient(address: bus.address)
            try app.listen()
            let id = try app.notify(summary: "Ann", actions: ["inline-reply", "Reply"], expire: 1500,
                                    hints: InlineReplyIntegrationTests.kdeHints).get()
            _ = try #require(try FoundationTests.restingCards(probe, count: 1).first)
            try waitUntil("the toast to end into the history", timeout: 15) {
                try daemon.xtoast(["history"]).stdout.contains("Ann") && probe.cardsOnScreen().isEmpty
            }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var panel: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = Self.panel(probe)
                defer { panel = now }
                return now != nil && now == panel
            }
            let rested = try #require(panel)
            var at = Point(x: 0, y: 0)
            try waitUntil("the entry to be drawn") {
                at = try Self.replyButton(rested, probe)
                return at.y > rested.frame.y + 100
            }
            probe.click(at: at)
            try waitUntil("the panel to close and a card's field to take the focus") {
                Self.panel(probe) == nil && probe.cardsOnScreen().contains { $0.window == probe.inputFocus() }
            }
            probe.type("late")
            probe.key("Return")
            app.pump(seconds: 5) { app.inbox.signals.contains { $0.member == "NotificationReplied" } }
            let heard = app.inbox.signals.map { "\($0.member) \($0.id) \($0.text)" }
            #expect(heard.contains("NotificationReplied \(id) late"), "\(heard)")
            #expect(!heard.contains { $0.hasPrefix("ActionInvoked") }, "\(heard)")
        }
    }
}
