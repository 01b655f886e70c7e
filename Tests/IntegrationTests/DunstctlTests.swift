import Foundation
import JSONCodec
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

        /// Issue 49: Debian 12's own `dunstctl` (dunst 1.9, a shell script over dbus-send and
        /// busctl) drives xtoast through `org.dunstproject.cmd0` on a private session bus.
        @Test("Debian's /usr/bin/dunstctl against xtoast: every command but debug, busctl's paused and pauseLevel, PropertiesChanged, and dunst 1.13's later methods")
        func debiansDunstctl() throws {
            let dunstctlPath = "/usr/bin/dunstctl"
            try #require(FileManager.default.isExecutableFile(atPath: dunstctlPath), "the dunst package (Debian's dunstctl)")
            let bus = try PrivateBus()
            let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-dunstctl-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let menuInput = scratch.appendingPathComponent("menu-input").path
            let menu = scratch.appendingPathComponent("menu")
            try "#!/bin/sh\ncat > \(menuInput)\nexit 1\n".write(to: menu, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: menu.path)
            let daemon = try DaemonHarness(config: "[general]\nmenu = \(menu.path)\n[quiet]\nburst = off\n[rule mute]\nmatch app = Spam\nskip = display\n",
                                           extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            func dunstctl(_ args: [String]) throws -> DaemonHarness.Run { try bus.run("dunstctl", args) }
            func busctl(_ args: [String]) throws -> DaemonHarness.Run {
                try bus.run("busctl", ["--user"] + args.prefix(1) + ["org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                                       "org.dunstproject.cmd0"] + args.dropFirst())
            }
            func displayed() throws -> String { try dunstctl(["count", "displayed"]).stdout }

            // Pause: dunstctl's property Get and Set, busctl as a bar module reads it, the change announced.
            let changes = try bus.monitor(match: "type='signal',member='PropertiesChanged'")
            #expect(try dunstctl(["is-paused"]).stdout == "false\n")
            #expect(try dunstctl(["set-paused", "true"]).status == 0)
            #expect(try dunstctl(["is-paused"]).stdout == "true\n")
            #expect(try busctl(["get-property", "paused"]).stdout == "b true\n")
            #expect(try busctl(["get-property", "pauseLevel"]).stdout == "u 100\n")
            try waitUntil("PropertiesChanged for paused") {
                let text = changes.text
                return text.contains("org.dunstproject.cmd0") && text.contains("\"paused\"") && text.contains("boolean true")
            }
            #expect(try dunstctl(["set-paused", "toggle"]).status == 0)
            #expect(try dunstctl(["is-paused"]).stdout == "false\n")
            #expect(try busctl(["set-property", "pauseLevel", "u", "60"]).status == 0)
            #expect(try busctl(["get-property", "pauseLevel"]).stdout == "u 60\n" && dunstctl(["is-paused"]).stdout == "true\n")
            #expect(try daemon.xtoast(["dunstctl", "get-pause-level"]).stdout == "60\n")
            #expect(try dunstctl(["set-paused", "false"]).status == 0)
            #expect(try busctl(["get-property", "paused"]).stdout == "b false\n")

            // Counts, close, close-all, history, history-pop with and without an id.
            #expect(try bus.run("notify-send", ["-t", "0", "One", "first"]).status == 0)
            #expect(try bus.run("notify-send", ["-t", "0", "-a", "Mail", "Two", "second"]).status == 0)
            try waitUntil("two toasts on screen") { try displayed() == "2\n" }
            #expect(try dunstctl(["count"]).stdout == "              Waiting: 0\n  Currently displayed: 2\n              History: 0\n")
            #expect(try dunstctl(["count", "waiting"]).stdout == "0\n" && dunstctl(["count", "history"]).stdout == "0\n")
            #expect(try dunstctl(["close"]).status == 0)
            #expect(try displayed() == "1\n" && dunstctl(["count", "history"]).stdout == "1\n")
            #expect(try dunstctl(["close-all"]).status == 0)
            #expect(try displayed() == "0\n" && dunstctl(["count", "history"]).stdout == "2\n")
            let history = try dunstctl(["history"])
            #expect(history.status == 0 && history.stdout.hasPrefix("{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n"), "\(history.stdout)")
            let json = try JSON.parse(Array(history.stdout.utf8))
            guard case let .array(outer)? = json["data"], case let .array(items)? = outer.first, items.count == 2 else {
                throw TestFailure("not two entries: \(history.stdout)")
            }
            #expect(items[0]["summary"]?["data"] == .string("One") && items[1]["appname"]?["data"] == .string("Mail"))
            #expect(items[0]["timestamp"]?["type"] == .string("x") && items[0]["id"]?["type"] == .string("i"))
            #expect(history.stdout.contains(try Regex(#""type" : "x",\n\t+"data" : [0-9]{16}\n"#)), "integer microseconds: \(history.stdout)")
            guard case let .number(twoID)? = items[1]["id"]?["data"] else { throw TestFailure("no id") }
            #expect(try dunstctl(["history-pop"]).status == 0)
            try waitUntil("the last closed back on screen") { try displayed() == "1\n" }
            #expect(try daemon.xtoast(["list"]).stdout.contains("One"))
            #expect(try dunstctl(["history-pop", String(Int(twoID))]).status == 0)
            try waitUntil("the popped one back on screen") { try displayed() == "2\n" }
            #expect(try daemon.xtoast(["list"]).stdout.contains("second"))
            #expect(try dunstctl(["close-all"]).status == 0)
            try waitUntil("nothing on screen") { try displayed() == "0\n" }

            // action: the newest toast's default action, heard by the waiting notify-send.
            let waiting = try bus.start("notify-send", ["-t", "0", "-A", "default=Open", "Deploy?"])
            try waitUntil("the toast with an action") { try displayed() == "1\n" }
            #expect(try dunstctl(["action"]).status == 0)
            #expect(try waiting.finish().stdout == "default\n")
            // context: the menu program gets the newest toast's actions.
            let choosing = try bus.start("notify-send", ["-t", "0", "-A", "yes=Deploy", "-A", "no=Later", "Choose"])
            try waitUntil("the toast with two actions") { try displayed() == "1\n" }
            #expect(try dunstctl(["context"]).status == 0)
            try waitUntil("the menu program to get the actions") {
                let text = (try? String(contentsOfFile: menuInput, encoding: .utf8)) ?? ""
                return text.contains("Deploy") && text.contains("Later")
            }
            choosing.stop()

            // rule: enable, disable, toggle by name; an unknown name is dunstctl's failure.
            #expect(try dunstctl(["rule", "mute", "disable"]).status == 0)
            #expect(try daemon.xtoast(["rules"]).stdout.contains(#""enabled":false"#))
            #expect(try dunstctl(["rule", "mute", "toggle"]).status == 0)
            #expect(try daemon.xtoast(["rules"]).stdout.contains(#""enabled":true"#))
            let unknown = try dunstctl(["rule", "nosuch", "enable"])
            #expect(unknown.status == 1 && unknown.stderr.contains("Failed to communicate with dunst"), "\(unknown.stderr)")
            #expect(try dunstctl(["help"]).stdout.contains("Usage: dunstctl"))

            // What later dunst adds, through busctl: Ping, RuleList, RemoveFromHistory, ClearHistory, ConfigReload.
            #expect(try busctl(["call", "Ping"]).status == 0)
            let rules = try busctl(["call", "RuleList"])
            #expect(rules.status == 0 && rules.stdout.hasPrefix("aa{sv} 1 2 \"name\" s \"mute\" \"enabled\" b true"), "\(rules.stdout)")
            let before = try dunstctl(["count", "history"]).stdout
            let newest = try daemon.xtoast(["history", "1"]).stdout
            let id = try #require(try Regex(#""id":"([0-9]+)""#).firstMatch(in: newest).map { String($0.output[1].substring ?? "") })
            #expect(try busctl(["call", "NotificationRemoveFromHistory", "u", id]).status == 0)
            #expect(try dunstctl(["count", "history"]).stdout == "\((Int(before.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 1)\n")
            #expect(try busctl(["call", "NotificationClearHistory"]).status == 0)
            #expect(try dunstctl(["count", "history"]).stdout == "0\n")
            #expect(try busctl(["call", "ConfigReload", "as", "0"]).status == 0)
        }

        /// Issue 49: one truth for quiet. A schedule that holds all day: `is-paused` says true,
        /// `get-pause-level` says 100 (not 0), and `pause --status` says the same.
        @Test("during a do-not-disturb schedule, is-paused, get-pause-level and pause --status agree: paused, level 100")
        func scheduleIsAPauseLevel() throws {
            let daemon = try DaemonHarness(config: "[quiet]\nevery = daily 00:00-24:00\n")
            #expect(try daemon.xtoast(["dunstctl", "is-paused"]).stdout == "true\n")
            #expect(try daemon.xtoast(["dunstctl", "get-pause-level"]).stdout == "100\n")
            let status = try daemon.xtoast(["pause", "--status"]).stdout
            #expect(status.contains(#""inhibited":true,"level":100"#), "\(status)")
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""paused":true"#))
        }

        /// `dunstctl history`'s print with every value masked by its kind (`"S"` a string, `N` an
        /// integer; a float or anything else stays as printed): the shape two prints must share.
        static func shape(_ text: String) throws -> String {
            let string = try Regex(#""data" : "(\\.|[^"\\])*"$"#), integer = try Regex(#""data" : -?[0-9]+$"#)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = String(line)
                line.replace(string, with: #""data" : "S""#)
                line.replace(integer, with: #""data" : N"#)
                return line
            }.joined(separator: "\n")
        }

        /// Issue 49: `dunstctl history` from dunst 1.9 itself and from xtoast (Debian's dunstctl
        /// over the bus, and `xtoast dunstctl`) print the same keys, type letters and formatting,
        /// integers as integers.
        @Test("dunstctl history's shape: dunst 1.9's own print, Debian's dunstctl against xtoast and xtoast dunstctl are the same, value kinds and all")
        func historyShapeAsDunst() throws {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/dunst"), "the dunst package")
            func oneEntry(_ bus: PrivateBus, who: String) throws {
                #expect(try bus.run("notify-send", ["-t", "0", "-a", "Mail", "Hello", "from \(who)"]).status == 0)
                try waitUntil("\(who) to show it") { try bus.run("dunstctl", ["count", "displayed"]).stdout == "1\n" }
                #expect(try bus.run("dunstctl", ["close"]).status == 0)
                try waitUntil("\(who) to keep it in history") { try bus.run("dunstctl", ["count", "history"]).stdout == "1\n" }
            }
            let dunstScreen = try PrivateDisplay(size: "1280x800")
            let dunstBus = try PrivateBus()
            var dunstEnv = dunstBus.environment
            dunstEnv["DISPLAY"] = dunstScreen.name
            let dunst = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/dunst"), ["-config", "/etc/xdg/dunst/dunstrc"],
                                                           environment: dunstEnv)
            defer { dunst.stop() }
            try waitUntil("dunst to serve the bus") { (try? dunstBus.call("GetServerInformation"))?.stdout.contains("dunst") == true }
            try oneEntry(dunstBus, who: "dunst")
            let theirs = try dunstBus.run("dunstctl", ["history"]).stdout

            let bus = try PrivateBus()
            let daemon = try DaemonHarness(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("xtoast to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            try oneEntry(bus, who: "xtoast")
            let overTheBus = try bus.run("dunstctl", ["history"]).stdout
            let ours = try daemon.xtoast(["dunstctl", "history"]).stdout
            #expect(theirs.contains("\"timestamp\""), "\(theirs)")
            #expect(try Self.shape(overTheBus) == Self.shape(theirs), "dunst:\n\(theirs)\nxtoast over the bus:\n\(overTheBus)")
            // busctl ends its print with a line break; xtoast dunstctl's output does too.
            #expect(try Self.shape(ours) == Self.shape(theirs), "dunst:\n\(theirs)\nxtoast dunstctl:\n\(ours)")
            try bus.end()
            try dunstBus.end()
        }
    }
}
