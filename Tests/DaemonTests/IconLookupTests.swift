@testable import Daemon
import Testing
import ToastCore

/// Issue 43: icons are found for cards about to show, so a flood that waits behind full
/// cards (or overflows before it ever shows) costs no lookup.
@Suite struct IconLookupTests {
    static func warning(_ reply: Reply) -> String? {
        guard case let .ok(_, extra) = reply, case let .string(text)? = extra.first(where: { $0.0 == "warning" })?.1 else { return nil }
        return text
    }

    @Test("a toast that shows at once has its icon found and hears what was missing; 300 that wait behind full cards look up nothing; one looks its icon up when its card shows; the centre finds an unshown one's icon once by name")
    func iconsFoundAsCardsShow() throws {
        let rig = Rig(configure: { $0.icons = ["mail": "/icons/mail.png"] })
        let missing = rig.request(#"{"op":"show","message":"first","icon":"no-such-icon","timeout":0}"#)
        #expect(Self.warning(missing)?.contains("no-such-icon") == true, "the sender of a card shown at once hears it")
        for i in 2...5 { rig.show(#""message":"card \#(i)","icon":"mail","timeout":0"#) }
        #expect(rig.output.iconLookups == ["no-such-icon"] + Array(repeating: "mail", count: 4))
        var waiting: [String] = []
        for i in 1...300 { waiting.append(rig.show(#""message":"waits \#(i)","icon":"mail","timeout":0"#)) }
        #expect(rig.output.iconLookups.count == 5, "a toast that only waits (or overflows) is not looked up")
        let first = try #require(rig.service.board.toast(waiting.last!))
        #expect(first.iconFile == nil)

        rig.request(#"{"op":"dismiss","id":"2"}"#)
        let shown = try #require(rig.service.board.liveToasts.first { $0.message.hasPrefix("waits") && rig.service.board.isVisible($0.id) })
        #expect(shown.iconFile == "/icons/mail.png" && rig.output.iconLookups.count == 6, "looked up as its card shows")
        rig.wait(1)
        #expect(rig.surface(showing: shown.message)?.surface.scene?.ops.contains { if case let .image(path, _, _) = $0 { path == "/icons/mail.png" } else { false } } == true,
                "its card draws the icon")

        // 200 overflowed unshown, and two more now (the newest entry): the centre looks
        // "mail" up once, by name.
        for i in 1...2 { rig.show(#""message":"late \#(i)","icon":"mail","timeout":0"#) }
        let before = rig.output.iconLookups.count
        rig.request(#"{"op":"center","action":"open"}"#)
        rig.wait(1)
        #expect(rig.service.board.history.contains { $0.toast.icon == "mail" && $0.toast.iconFile == nil })
        #expect(rig.service.board.history.last?.toast.iconFile == nil && rig.service.board.history.last?.reason == .overflow)
        #expect(rig.output.iconLookups.count - before == 1, "\(rig.output.iconLookups.suffix(5))")
        rig.request(#"{"op":"center","action":"close"}"#)
        rig.request(#"{"op":"center","action":"open"}"#)
        rig.wait(1)
        #expect(rig.output.iconLookups.count - before == 1, "found once, kept by name")
    }
}
