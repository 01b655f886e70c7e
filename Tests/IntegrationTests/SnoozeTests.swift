import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// Issue 30: `xtoast snooze` mutes one application: its toasts go to history (`snoozed`)
    /// and show no card, the snooze is kept across a restart, `--clear` ends it, and `always`
    /// appends a rule to the file the config's symlink points at.
    @Suite struct SnoozeTests {
        typealias F = FoundationTests

        static func history(_ daemon: DaemonHarness) throws -> [(app: String, title: String, reason: String)] {
            let r = try daemon.xtoast(["history"])
            guard r.status == 0, case let .array(items)? = try JSON.parse(r.stdout)["history"] else { return [] }
            return items.compactMap { item in
                guard case let .string(reason)? = item["reason"] else { return nil }
                let app: String = if case let .string(a)? = item["app"] { a } else { "" }
                let title: String = if case let .string(t)? = item["title"] { t } else { "" }
                return (app, title, reason)
            }
        }

        @Test("snooze Slack 1h: its toasts end snoozed in history with no card while Mail's show; kept across a restart; --clear ends it")
        func snoozeForAnHour() throws {
            let daemon = try DaemonHarness(config: "[general]\nstack_duplicates = no\n")
            let probe = try XProbe()
            let snoozed = try daemon.xtoast(["snooze", "slack", "1h"])
            #expect(snoozed.status == 0, "\(snoozed.stderr)")
            #expect(try daemon.xtoast(["show", "--app", "Slack", "--timeout", "0", "--title", "muted", "from Slack"]).status == 0)
            #expect(try daemon.xtoast(["show", "--app", "Mail", "--timeout", "0", "--title", "heard", "from Mail"]).status == 0)
            // Mail's came after Slack's: once its card rests, Slack's would be up too.
            let cards = try F.restingCards(probe, count: 1)
            #expect(cards.count == 1)
            let list = try daemon.xtoast(["list"]).stdout
            #expect(list.contains("heard") && !list.contains("muted"), "\(list)")
            try waitUntil("Slack's toast in history as snoozed") {
                try Self.history(daemon).contains { $0.title == "muted" && $0.reason == "snoozed" }
            }
            let listed = try daemon.xtoast(["snooze", "--list"]).stdout
            #expect(listed.contains(#""app":"slack""#), "\(listed)")
            #expect(try daemon.xtoast(["snooze", "--clear", "nobody"]).status != 0)
            #expect(try daemon.xtoast(["snooze", "Slack", "soonish"]).status == 2, "a bad end is a usage error")

            // A new daemon on the same state directory still has it.
            daemon.stop()
            let again = try DaemonHarness(extraEnvironment: ["XDG_STATE_HOME": daemon.environment["XDG_STATE_HOME"] ?? ""])
            let kept = try again.xtoast(["snooze", "--list"]).stdout
            #expect(kept.contains(#""app":"slack""#), "\(kept)")
            #expect(again.log.contains("kept from before the restart"), "\(again.log)")
            #expect(try again.xtoast(["snooze", "--clear", "Slack"]).status == 0)
            #expect(try again.xtoast(["snooze", "--list"]).stdout.contains(#""snoozes":[]"#))
            #expect(try again.xtoast(["show", "--app", "Slack", "--timeout", "0", "back"]).status == 0)
            try waitUntil("Slack's toast as a card again") { try again.xtoast(["list"]).stdout.contains("back") }
        }

        @Test("focus mode's M mutes the focused card's app for an hour: the card closes, --list names it, its next toast shows no card")
        func muteFromFocusMode() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            #expect(try daemon.xtoast(["show", "--app", "Chatty", "--timeout", "0", "--title", "first", "hello"]).status == 0)
            _ = try F.restingCards(probe, count: 1)
            #expect(try daemon.xtoast(["focus"]).status == 0)
            try waitUntil("focus mode to hold the keyboard") { !probe.keyboardIsFree() }
            probe.key("m")
            try waitUntil("the card to close") { probe.cards().isEmpty }
            let listed = try daemon.xtoast(["snooze", "--list"]).stdout
            #expect(listed.contains(#""app":"Chatty""#), "\(listed)")
            guard case let .array(items)? = try JSON.parse(listed)["snoozes"], case let .number(until)? = items.first?["until"] else {
                Issue.record("no until in \(listed)")
                return
            }
            #expect(abs(until - Date().timeIntervalSince1970 - 3600) < 120)
            #expect(try daemon.xtoast(["show", "--app", "Chatty", "--timeout", "0", "--title", "second", "again"]).status == 0)
            try waitUntil("the second in history as snoozed") {
                try Self.history(daemon).contains { $0.title == "second" && $0.reason == "snoozed" }
            }
            #expect(probe.cards().isEmpty)
        }

        @Test("snooze APP always appends a commented rule to the symlinked config's target, the user's lines untouched, and the app's toasts are skipped")
        func snoozeAlways() throws {
            let original = "[general]\n# my own comment\nstack_duplicates = no\n"
            let daemon = try DaemonHarness(config: original)
            let probe = try XProbe()
            let configDir = daemon.directory.appendingPathComponent("config/xtoast")
            let link = configDir.appendingPathComponent("config")
            let target = daemon.directory.appendingPathComponent("dotfiles-xtoast.conf")
            try FileManager.default.moveItem(at: link, to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let run = try daemon.xtoast(["snooze", "Build bot", "always"])
            #expect(run.status == 0, "\(run.stderr)")
            let text = try String(contentsOf: target, encoding: .utf8)
            #expect(text.hasPrefix(original), "the user's lines come first, unchanged")
            #expect(text.contains("\n# Added by xtoast on ") && text.contains("[rule snooze 1]\nmatch app = \"Build bot\"\nskip = display\n"), "\(text)")
            let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
            #expect(try daemon.xtoast(["rules"]).stdout.contains("snooze 1"), "reloaded")
            // Twice: no second section.
            #expect(try daemon.xtoast(["snooze", "build BOT", "always"]).status == 0)
            #expect(try String(contentsOf: target, encoding: .utf8).components(separatedBy: "[rule snooze").count == 2)
            #expect(try daemon.xtoast(["show", "--app", "Build bot", "--timeout", "0", "--title", "skipped one", "x"]).status == 0)
            #expect(try daemon.xtoast(["show", "--app", "Mail", "--timeout", "0", "--title", "shown one", "y"]).status == 0)
            _ = try F.restingCards(probe, count: 1)
            try waitUntil("the muted app's toast in history as skipped") {
                try Self.history(daemon).contains { $0.title == "skipped one" && $0.reason == "skipped" }
            }
        }
    }
}
