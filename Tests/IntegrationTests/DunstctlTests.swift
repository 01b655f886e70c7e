import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 28: `xtoast dunstctl`, and xtoast run through a symlink named `dunstctl`, answer
    /// as dunst 1.13's dunstctl does: its output formats, its exit codes, its messages.
    @Suite struct DunstctlTests {
        @Test("dunstctl's commands through the real client: count's formats, is-paused and pause levels, close, history's busctl JSON, rule, exit codes; as a symlink named dunstctl too")
        func dunstctlCommands() throws {
            let daemon = try DaemonHarness(config: "[rule mute]\nmatch app = Spam\nskip = display\n")
            let link = daemon.directory.appendingPathComponent("dunstctl")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: DaemonHarness.binDirectory.appendingPathComponent("xtoast"))
            func dunstctl(_ args: [String]) throws -> DaemonHarness.Run { try daemon.xtoast(["dunstctl"] + args) }
            func viaLink(_ args: [String]) throws -> DaemonHarness.Run {
                try DaemonHarness.run(link, args, environment: daemon.environment)
            }
            #expect(try dunstctl(["count"]).stdout == "              Waiting: 0\n  Currently displayed: 0\n              History: 0\n")
            #expect(try viaLink(["is-paused"]).stdout == "false\n")
            #expect(try viaLink(["is-paused", "-e"]).status == 1)
            #expect(try viaLink(["get-pause-level"]).stdout == "0\n")
            #expect(try viaLink(["set-pause-level", "60"]).status == 0)
            #expect(try viaLink(["is-paused"]).stdout == "true\n" && viaLink(["get-pause-level"]).stdout == "60\n", "set-pause-level 60 is level 60 (do-not-disturb at that level)")
            #expect(try viaLink(["is-paused", "--exit-code"]).status == 0)
            #expect(try viaLink(["set-paused", "toggle"]).status == 0)
            #expect(try viaLink(["is-paused"]).stdout == "false\n")

            let first = try daemon.show(["--timeout", "0", "--title", "One", "first"]).trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try daemon.show(["--timeout", "0", "--app", "Mail", "--title", "Two", "second"])
            try waitUntil("two toasts on screen") { try dunstctl(["count", "displayed"]).stdout == "2\n" }
            #expect(try viaLink(["count", "waiting"]).stdout == "0\n" && viaLink(["count", "history"]).stdout == "0\n")
            // close: the newest, as dunst's NotificationCloseLast; close ID that one; nothing left is no error.
            #expect(try viaLink(["close"]).status == 0)
            #expect(try viaLink(["close", first]).status == 0)
            #expect(try viaLink(["count", "displayed"]).stdout == "0\n" && viaLink(["count", "history"]).stdout == "2\n")
            #expect(try viaLink(["close"]).status == 0, "nothing to close: dunstctl still exits 0")
            let history = try viaLink(["history"])
            #expect(history.status == 0 && history.stdout.hasPrefix("{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n"), "\(history.stdout)")
            let json = try JSON.parse(Array(history.stdout.utf8))
            guard case let .array(outer)? = json["data"], case let .array(items)? = outer.first else { throw TestFailure("no data: \(history.stdout)") }
            #expect(items.count == 2)
            #expect(items.first?["summary"]?["data"] == .string("One"), "the last closed first: \(history.stdout)")
            #expect(items.last?["appname"]?["data"] == .string("Mail") && items.last?["body"]?["data"] == .string("second"))
            #expect(try viaLink(["history-pop"]).status == 0)
            try waitUntil("the popped toast on screen") { try viaLink(["count", "displayed"]).stdout == "1\n" }
            #expect(try viaLink(["close-all"]).status == 0)
            try waitUntil("nothing on screen") { try viaLink(["count", "displayed"]).stdout == "0\n" }
            #expect(try viaLink(["rule", "mute", "disable"]).status == 0)
            #expect(try daemon.xtoast(["rules"]).stdout.contains(#""enabled":false"#))
            // dunstctl rules [--json] (dunst 1.11): the rule as its jq filter and busctl print it.
            #expect(try viaLink(["rules"]).stdout.contains("[mute]\n    enabled = false\n"))
            let rulesJSON = try JSON.parse(Array(try viaLink(["rules", "--json"]).stdout.utf8))
            guard case let .array(ruleOuter)? = rulesJSON["data"], case let .array(ruleItems)? = ruleOuter.first else { throw TestFailure("no rules data") }
            #expect(ruleItems.contains { $0["name"]?["data"] == .string("mute") && $0["enabled"]?["data"] == .bool(false) })
            // Refusals: dunstctl's message on stderr, exit 1.
            let bad = try viaLink(["count", "all"])
            #expect(bad.status == 1 && bad.stderr == "Please give either 'displayed', 'history', 'waiting' or none as count parameter.\n")
            let unknown = try viaLink(["frobnicate"])
            #expect(unknown.status == 1 && unknown.stderr.contains("unrecognized command 'frobnicate'"))
            #expect(try viaLink(["--help"]).stdout.hasPrefix("Usage: dunstctl <command> [parameters]"))
            daemon.stop()
            let gone = try viaLink(["count"])
            #expect(gone.status == 1 && gone.stderr.hasPrefix("Failed to communicate with dunst, is it running?"), "\(gone.stderr)")
        }
    }
}
