@testable import Daemon
import Testing
import ToastCore

/// `[text] show_age_threshold` (dunst's): a card shown longer than the threshold says how long,
/// repainted once a second while it shows; without the setting a resting screen never wakes.
@Suite struct CardAgeTests {
    private func text(_ surface: FakeOutput.Surface) -> String { surface.scene.map { "\($0)" } ?? "" }

    @Test("show_age_threshold = 5: no age until the card is past 5 s, then (6s old), (1m 7s old); one repaint a second")
    func ageAppearsAndCounts() throws {
        var config = Config.default
        config.showAgeThreshold = 5
        let rig = Rig(config: config)
        rig.show(#""message":"old news","timeout":0"#)
        rig.wait(1)
        let card = try #require(rig.surface(showing: "old news")).surface
        #expect(!text(card).contains("old)"))
        rig.wait(4.5)                       // 5.5 s: not past 5 whole seconds
        #expect(!text(card).contains("old)"), "\(text(card))")
        rig.wait(1)                         // 6.5 s
        #expect(text(card).contains("old news (6s old)"), "\(text(card))")
        let paints = card.paints
        rig.wait(10)                        // 16.5 s
        #expect(text(card).contains("(16s old)"))
        #expect(card.paints - paints <= 10 + 1, "about one repaint a second: \(card.paints - paints)")
        #expect(card.paints - paints >= 10)
        rig.wait(51)                        // 67.5 s
        #expect(text(card).contains("(1m 7s old)"), "\(text(card))")
        // Still shown: the next wake is at most a second away.
        let next = try #require(rig.service.nextDeadline)
        #expect(next > rig.now && next <= rig.now + 1)
        rig.request(#"{"op":"dismiss","all":true}"#)
        rig.wait(2)
        #expect(rig.service.nextDeadline == nil, "no card: no age to count, no wakeups")
    }

    @Test("without show_age_threshold a card at rest wakes the daemon for nothing and shows no age")
    func noSettingNoWakeups() throws {
        let rig = Rig()
        rig.show(#""message":"steady","timeout":0"#)
        rig.wait(2)
        #expect(rig.service.nextDeadline == nil)
        rig.wait(120)
        let card = try #require(rig.surface(showing: "steady")).surface
        #expect(!text(card).contains("old)"))
    }
}
