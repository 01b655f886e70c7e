import ConfigParsing
import Foundation
import Testing
@testable import Migration
import ToastCore

/// `xtoast import-dunstrc` on real dunstrcs of every age (dunst's own from 1.0 to 1.13.2, two
/// themes) and personal ones written with their keys (Tests/Fixtures/dunstrcs, sources and
/// licences in its README): each translation is compared line by line with the expected one,
/// what it reports as lost with the expected notes, and the daemon's parser reads the result
/// without a word.
@Suite struct DunstrcFixturesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dunstrcs")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".dunstrc") }.map { String($0.dropLast(8)) }.sorted()
    }

    static func read(_ file: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    static func translate(_ name: String) -> DunstrcTranslator.Result {
        DunstrcTranslator.translate(read("\(name).dunstrc"), name: "\(name).dunstrc", home: "/home/user")
    }

    /// The first line where `actual` and `expected` differ, for a message that points at the key.
    static func firstDifference(_ actual: [Substring], _ expected: [Substring]) -> String? {
        for index in 0..<max(actual.count, expected.count) {
            let a = index < actual.count ? String(actual[index]) : "(nothing)"
            let e = index < expected.count ? String(expected[index]) : "(nothing)"
            if a != e { return "line \(index + 1): got \"\(a)\", expected \"\(e)\"" }
        }
        return nil
    }

    @Test func thereAreTenRealOnesAndEachIsNamedInTheReadme() {
        let names = Self.names
        #expect(names.filter { !$0.hasPrefix("personal-") }.count >= 10, "\(names)")
        let readme = Self.read("README.md")
        for name in names { #expect(readme.contains("`\(name).dunstrc`"), "\(name) has no source in the README") }
    }

    @Test(arguments: DunstrcFixturesTests.names)
    func translatesAsExpected(_ name: String) {
        let result = Self.translate(name)
        // The file as the command prints it: the config and one newline more.
        let expected = Self.read("\(name).xtoast").dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        let difference = Self.firstDifference(result.config.split(separator: "\n", omittingEmptySubsequences: false), expected)
        #expect(difference == nil, "\(name).xtoast: \(difference ?? "")")
        let notes = Self.read("\(name).notes").split(separator: "\n").map(String.init)
        #expect(result.diagnostics == notes, "\(name).notes: \(Self.firstDifference(result.diagnostics.map { Substring($0) }, notes.map { Substring($0) }) ?? "")")
        // One line each, with its line number, and never about a key xtoast translated.
        #expect(result.diagnostics.allSatisfy { $0.hasPrefix("\(name).dunstrc:") && $0.contains(": not translated: ") })
        let parsed = ConfigParser.parse(result.config, file: "\(name).xtoast")
        // Only the contrast check may speak: a theme's own colours (Dracula's critical card) are
        // the user's, translated as they were, and the warning is true of them.
        #expect(parsed.diagnostics.map(\.description).filter { !$0.contains(": warning: text #") } == [], "\(name)")
    }

    @Test func theOldOne() {
        let config = ConfigParser.parse(Self.translate("personal-old").config, file: "old").config
        // geometry 450x4-20+40: 450 wide, top-right, 4 slots less indicate_hidden's.
        #expect(config.cardWidth == 450 && config.position == .topRight && config.marginX == 20 && config.marginY == 40
                && config.maxVisible == 3)
        #expect(config.keys[.dismiss] == KeyChord([.super], "space") && config.keys[.dismissAll] == KeyChord([.super, .shift], "space"))
        #expect(config.keys[.restore] == KeyChord([.super], "grave") && config.keys[.menu] == KeyChord([.super, .shift], "period"))
        #expect(!config.stackDuplicates && config.idleThreshold == 300 && config.fullscreen == .show && config.historyKeep == 50)
        #expect(config.opener == ["/usr/bin/firefox", "--new-tab"] && config.menu == ["/usr/bin/dmenu", "-l", "10", "-p", "notify:"])
        #expect(config.timeout == 8 && config.imageSize == 48)
        let low = config.rules.evaluate(RuleSubject(urgency: .low))
        #expect(low.settings.defaultTimeout == 5 && low.icon == "/usr/share/icons/Adwaita/48x48/status/dialog-information.png")
        let irc = config.rules.evaluate(RuleSubject(app: "weechat", summary: "a highlight"))
        #expect(irc.subject.urgency == .critical)
        #expect(irc.scripts == [RuleScript(rule: "irc", command: ["/home/user/bin/irc-beep.sh"], arguments: .dunst)])
    }

    @Test func theModernOne() {
        let config = ConfigParser.parse(Self.translate("personal-modern").config, file: "modern").config
        #expect(config.cardWidth == 400 && config.maxVisible == 5 && config.follow == .mouse)
        #expect(config.fullscreen == .delay && config.idleThreshold == 120 && config.historyKeep == 100)
        #expect(config.menu == ["/usr/bin/rofi", "-dmenu", "-p", "dunst:"] && config.opener == ["/usr/bin/xdg-open"])
        #expect(config.keys[.dismiss] == KeyChord([.control], "space") && config.keys[.restore] == KeyChord([.control], "grave"))
        let rules = config.rules
        // Critical toasts wait behind a fullscreen window in dunst too, but this one shows them.
        #expect(rules.evaluate(RuleSubject(summary: "x")).settings.fullscreen == .delay)
        #expect(rules.evaluate(RuleSubject(summary: "x", urgency: .critical)).settings.fullscreen == .show)
        let volume = rules.evaluate(RuleSubject(app: "pactl-volume"))
        // [transient] below takes back what [volume] set, as in dunst: a rule sees what earlier ones changed.
        #expect(volume.subject.stackTag == "volume" && !volume.subject.transient && volume.settings.defaultTimeout == 1.5 && volume.skip == .history)
        let mail = rules.evaluate(RuleSubject(desktopEntry: "org.gnome.Evolution"))
        #expect(mail.settings.category == "email.arrived" && mail.settings.defaultAction == "view")
        #expect(mail.scripts == [RuleScript(rule: "mail", command: ["/home/user/.local/bin/mail-sound.sh"], arguments: .dunst)])
        let slack = rules.evaluate(RuleSubject(app: "Slack"))
        #expect(slack.icon == "slack" && slack.settings.timeout == 20)
        #expect(rules.evaluate(RuleSubject(summary: "x", transient: true)).subject.transient == false)
        #expect(rules.evaluate(RuleSubject(summary: "Big Casino win")).skip == .display)
        #expect(rules.rules.first { $0.name == "sleep" }?.enabled == false)
    }

    @Test func theRegexOne() {
        let result = Self.translate("personal-regex")
        let config = ConfigParser.parse(result.config, file: "regex").config
        #expect(config.position == .bottom && config.marginY == 40 && config.maxVisible == 0)
        #expect(config.timeout == 6)
        // dunst's low toasts stay its 10 s default while normal ones stay 6.
        #expect(config.rules.evaluate(RuleSubject(urgency: .low)).settings.defaultTimeout == 10)
        let firefox = config.rules.evaluate(RuleSubject(desktopEntry: "firefox", summary: "Download complete"))
        #expect(firefox.matched == ["firefox"] && firefox.icon == "folder-download")
        #expect(config.rules.evaluate(RuleSubject(desktopEntry: "firefox-esr", summary: "Download complete")).matched.isEmpty)
        #expect(config.rules.evaluate(RuleSubject(body: "build failed")).subject.urgency == .critical)
        #expect(result.diagnostics.contains { $0.contains(":36: not translated: [timer] (its match_dbus_timeout filter") })
    }
}
