import CX11
import Foundation
import Testing
import ToastCore

extension Integration.InputMethodTests {
    /// The inline reply field takes its text through the input method, as the centre's filter
    /// does (issue 29): what a `--reply --wait` script hears is what the method committed.
    typealias Replies = Integration.InlineReplyIntegrationTests

    /// A `show --reply --wait` on the screen's daemon, its card at rest, the field opened by a
    /// click on Reply, or with focus mode on by its R key, and holding the input focus.
    func openReply(_ screen: OwnScreen, focusMode: Bool) throws -> (DaemonHarness.Background, XProbe.CardWindow) {
        let client = try screen.daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply", "Answer", "Ann: where?"])
        let card = try #require(try Integration.FoundationTests.restingCards(screen.probe, count: 1).first)
        if focusMode {
            #expect(try screen.daemon.xtoast(["focus"]).status == 0)
            screen.probe.key("r")
        } else {
            screen.probe.click(at: Replies.replyButton(card))
        }
        try waitUntil("the field to take the focus") { screen.probe.inputFocus() == card.window }
        return (client, card)
    }

    /// Ink in the theme's text colour along the card's bottom row, where the open field shows
    /// what is typed (the placeholder is drawn dimmer; the caret is a thin bar of some 35 pixels, にほん some 80).
    func fieldInk(_ probe: XProbe, _ card: XProbe.CardWindow) throws -> Int {
        let c = try probe.capture(x: Int(card.frame.x) + 12, y: Int(card.frame.maxY) - 48,
                                  width: Int(card.frame.width) - 100, height: 40)
        return c.pixels.filter { colorDistance($0, Palette.dark.text) < 40 }.count
    }

    /// The script's answer: its last line.
    func answer(_ client: DaemonHarness.Background) throws -> String {
        let run = try client.finish()
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Focus mode's keyboard grab reports keys to the root window, which no input method
    /// reads: the field opened with R takes the focus as a click's does, so the compose
    /// sequence types é there too, and the focus goes back when it is sent.
    @Test("a compose sequence (XCOMPOSEFILE) types é into a reply field opened by a click, then by R in focus mode: the script hears reply café",
          .enabled(if: xmodmapInstalled, "xmodmap (x11-xserver-utils) maps a key to Multi_key"))
    func composeIntoReply() throws {
        let (screen, dir) = try composeScreen("<Multi_key> <e> <apostrophe> : \"é\" eacute\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        for focusMode in [false, true] {
            let (client, card) = try openReply(screen, focusMode: focusMode)
            defer { client.stop() }
            for key in ["c", "a", "f", "Multi_key", "e", "apostrophe", "Return"] { screen.probe.key(key) }
            let got = try answer(client)
            #expect(got == "reply café", "focus mode \(focusMode)")
            #expect(card.window != screen.probe.inputFocus(), "the focus went back")
            try waitUntil("the card to go") { screen.probe.cards().isEmpty }
        }
    }

    @Test("IBus with anthy in hiragana: romaji nihon, Enter to commit and Enter to send, answers reply にほん; the same from focus mode's R",
          .enabled(if: ibusInstalled, "ibus and ibus-anthy are not installed (scripts/lib/common.sh lists them)"))
    func ibusIntoReply() throws {
        let (screen, ibus) = try ibusScreen()
        defer { ibus.stop() }
        for focusMode in [false, true] {
            let (client, card) = try openReply(screen, focusMode: focusMode)
            defer { client.stop() }
            let empty = try fieldInk(screen.probe, card)
            // The first Return is the method's (it commits the preedit); the second the field's,
            // once the commit is drawn in the field (IBus answers on its own time).
            for key in ["n", "i", "h", "o", "n", "Return"] { screen.probe.key(key) }
            var ink = empty
            try waitUntil("にほん in the field (ink \(ink), empty \(empty), focus mode \(focusMode))", timeout: 10) {
                ink = try fieldInk(screen.probe, card)
                return ink > empty + 60
            }
            screen.probe.key("Return")
            let got = try answer(client)
            #expect(got == "reply にほん", "focus mode \(focusMode)")
            try waitUntil("the card to go") { screen.probe.cards().isEmpty }
        }
    }
}
