import CX11
import Foundation
import Testing
import ToastCore

extension Integration.InputMethodTests {
    /// The inline reply field takes its text through the input method, as the centre's filter
    /// does (issue 29): what a `--reply --wait` script hears is what the method committed.
    typealias Replies = Integration.InlineReplyIntegrationTests

    /// A `show --reply --wait` on the screen's daemon, its card at rest, the field opened by a
    /// click on Reply and holding the input focus.
    func openReply(_ screen: OwnScreen) throws -> (DaemonHarness.Background, XProbe.CardWindow) {
        let client = try screen.daemon.startXtoast(["show", "--wait", "--timeout", "0", "--reply", "Answer", "Ann: where?"])
        let card = try #require(try Integration.FoundationTests.restingCards(screen.probe, count: 1).first)
        screen.probe.click(at: Replies.replyButton(card))
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

    @Test("a compose sequence (XCOMPOSEFILE) types é into a reply field: the script hears reply café",
          .enabled(if: xmodmapInstalled, "xmodmap (x11-xserver-utils) maps a key to Multi_key"))
    func composeIntoReply() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-compose-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let compose = dir.appendingPathComponent("Compose")
        try "<Multi_key> <e> <apostrophe> : \"é\" eacute\n".write(to: compose, atomically: true, encoding: .utf8)
        let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XCOMPOSEFILE": compose.path, "XMODIFIERS": ""]) { $1 },
                                   before: { probe in
                                       _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/xmodmap"), ["-e", "keycode 135 = Multi_key"],
                                                                 environment: ["DISPLAY": String(cString: XDisplayString(screen_display(probe)))])
                                   })
        let (client, _) = try openReply(screen)
        defer { client.stop() }
        for key in ["c", "a", "f", "Multi_key", "e", "apostrophe", "Return"] { screen.probe.key(key) }
        #expect(try answer(client) == "reply café")
    }

    @Test("IBus with anthy in hiragana: romaji nihon, Enter to commit and Enter to send, answers reply にほん",
          .enabled(if: ibusInstalled, "ibus and ibus-anthy are not installed (scripts/lib/common.sh lists them)"))
    func ibusIntoReply() throws {
        var ibus: IBus?
        defer { ibus?.stop() }
        let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XMODIFIERS": "@im=ibus"]) { $1 },
                                   before: { probe in
                                       let started = try IBus(display: String(cString: XDisplayString(probe.display)))
                                       ibus = started
                                       try started.useAnthy()
                                       try waitUntil("IBus's XIM server") { ibusServes(probe) }
                                   })
        try waitUntil("the daemon to use IBus") { screen.daemon.log.contains("input method: ibus") }
        let (client, card) = try openReply(screen)
        defer { client.stop() }
        let empty = try fieldInk(screen.probe, card)
        // The first Return is the method's (it commits the preedit); the second the field's,
        // once the commit is drawn in the field (IBus answers on its own time).
        for key in ["n", "i", "h", "o", "n", "Return"] { screen.probe.key(key) }
        var ink = empty
        try waitUntil("にほん in the field (ink \(ink), empty \(empty))", timeout: 10) {
            ink = try fieldInk(screen.probe, card)
            return ink > empty + 60
        }
        screen.probe.key("Return")
        #expect(try answer(client) == "reply にほん")
    }
}

private func screen_display(_ probe: XProbe) -> OpaquePointer? { probe.display }
