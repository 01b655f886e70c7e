import Testing
@testable import ToastCore

/// `xtoast dunstctl`: dunstctl's arguments, refusals and output formats, as dunst 1.13's
/// `dunstctl` script and busctl print them.
@Suite struct DunstctlTests {
    @Test func parsesEveryCommandAsDunstctlDoes() {
        let cases: [([String], Dunstctl)] = [
            (["action"], .action(position: 0)), (["action", "2"], .action(position: 2)),
            (["close"], .close(id: nil)), (["close", "7"], .close(id: "7")), (["close-all"], .closeAll),
            (["context"], .context), (["count"], .count(nil)), (["count", "waiting"], .count(.waiting)),
            (["count", "displayed"], .count(.displayed)), (["count", "history"], .count(.history)),
            (["history"], .history), (["history-clear"], .historyClear),
            (["history-pop"], .historyPop(id: nil)), (["history-pop", "12"], .historyPop(id: "12")),
            (["is-paused"], .isPaused(exitCode: false)), (["is-paused", "-e"], .isPaused(exitCode: true)),
            (["is-paused", "--exit-code"], .isPaused(exitCode: true)),
            (["set-paused", "true"], .setPaused(.on)), (["set-paused", "false"], .setPaused(.off)),
            (["set-paused", "toggle"], .setPaused(.toggle)), (["get-pause-level"], .getPauseLevel),
            (["set-pause-level", "0"], .setPauseLevel(0)), (["set-pause-level", "60"], .setPauseLevel(60)),
            (["set-pause-level", "1000"], .setPauseLevel(100)),
            (["rule", "mute", "disable"], .rule(name: "mute", change: .disable)),
            (["rule", "mute", "toggle"], .rule(name: "mute", change: .toggle)),
            (["rules"], .rules(json: false)), (["rules", "--json"], .rules(json: true)),
            (["reload"], .reload), (["debug"], .debug), (["help"], .help), (["-h"], .help), (["--help"], .help),
        ]
        for (args, expected) in cases { #expect(Dunstctl.parse(args) == .success(expected), "\(args)") }
    }

    @Test func refusesInDunstctlsWords() {
        let cases: [([String], String)] = [
            ([], "dunstctl: No command specified. Use dunstctl help"),
            (["frobnicate"], "dunstctl: unrecognized command 'frobnicate'. Please consult the usage."),
            (["count", "all"], "Please give either 'displayed', 'history', 'waiting' or none as count parameter."),
            (["set-paused"], "No status parameter specified. Please give either 'true', 'false' or 'toggle' as paused parameter."),
            (["set-paused", "yes"], "Please give either 'true', 'false' or 'toggle' as paused parameter."),
            (["set-pause-level"], "No status parameter specified. Please give a number as paused parameter."),
            (["set-pause-level", "-1"], "Please give a number as paused level parameter."),
            (["set-pause-level", "050"], "Please give a number without leading zeros as paused level parameter."),
            (["rule"], "No rule name parameter specified. Please give the rule name"),
            (["rule", "mute", "on"], "No valid rule state parameter specified. Please give either 'enable', 'disable' or 'toggle'"),
            (["history-pop", "1", "2"], "Please pass the right number of arguments. History-pop takes 0 or 1 arguments"),
            (["close", "1", "2"], "Please pass the right number of arguments. Close takes 0 or 1 arguments"),
            (["rules", "--yaml"], "Unknown format \"--yaml\". Please use either \"--json\" or no option at all."),
        ]
        for (args, message) in cases { #expect(Dunstctl.parse(args) == .failure(DunstctlError(message)), "\(args)") }
    }

    @Test func countPrintsAsDunstctl() {
        let counts = Counts(visible: 2, queued: 1, history: 5, unread: 3)
        #expect(Dunstctl.countText(nil, counts) == "              Waiting: 1\n  Currently displayed: 2\n              History: 5")
        #expect(Dunstctl.countText(.waiting, counts) == "1" && Dunstctl.countText(.displayed, counts) == "2")
        #expect(Dunstctl.countText(.history, counts) == "5")
    }

    @Test("history: busctl --json=pretty's shape of NotificationListHistory, newest first, each field with its D-Bus type")
    func historyShape() throws {
        let older = JSON.object([("id", .string("3")), ("title", .string("Old")), ("message", .string("first")), ("kind", .string("info")),
                                 ("reason", .string("timeout")), ("ended", .number(1_700_000_000)), ("app", .string("notify-send"))])
        let newer = JSON.object([("id", .string("4")), ("message", .string("second")), ("kind", .string("error")),
                                 ("reason", .string("close")), ("ended", .number(1_700_000_100)), ("app", .string("Mail"))])
        let text = Dunstctl.historyJSON([older, newer])
        #expect(text.hasPrefix("{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n\t\t[\n\t\t\t{\n\t\t\t\t\"body\" : {\n\t\t\t\t\t\"type\" : \"s\",\n\t\t\t\t\t\"data\" : \"second\"\n"), "\(text)")
        let json = try JSON.parse(Array(text.utf8))
        guard case let .array(outer)? = json["data"], case let .array(items)? = outer.first else { Issue.record("no data"); return }
        #expect(items.count == 2)
        let first = items[0]
        #expect(first["id"]?["type"] == .string("i") && first["id"]?["data"] == .number(4))
        #expect(first["appname"]?["data"] == .string("Mail"))
        #expect(first["timestamp"]?["type"] == .string("x") && first["timestamp"]?["data"] == .number(1_700_000_100_000_000))
        #expect(items[1]["summary"]?["data"] == .string("Old") && items[1]["message"]?["data"] == .string("Old\nfirst"))
        #expect(items[1]["progress"]?["data"] == .number(-1))
        // dunst 1.9's keys, in its order, with its type letters, and no others.
        let keys: [(String, String)] = [("body", "s"), ("message", "s"), ("summary", "s"), ("appname", "s"), ("category", "s"),
                                        ("default_action_name", "s"), ("icon_path", "s"), ("id", "i"), ("timestamp", "x"),
                                        ("timeout", "x"), ("progress", "i")]
        guard case let .object(members) = first else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == keys.map(\.0))
        for (key, letter) in keys { #expect(first[key]?["type"] == .string(letter), "\(key)") }
        // Integers print as integers, as busctl prints dunst's int64: a jq or strict parser sees no float.
        #expect(text.contains("\"timestamp\" : {\n\t\t\t\t\t\"type\" : \"x\",\n\t\t\t\t\t\"data\" : 1700000100000000\n"), "\(text)")
        #expect(!text.contains("e+") && !text.contains(".0\n"), "\(text)")
        #expect(Dunstctl.historyJSON([]) == "{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n\t\t[]\n\t]\n}")
    }

    @Test("rules: dunstctl's jq print of RuleList ([NAME], then its keys), and --json busctl's aa{sv} of each rule's name and enabled")
    func rulesAsDunstctl() throws {
        let rules: [JSON] = [
            .object([("name", .string("mute")), ("enabled", .bool(false)), ("matched", .number(2)), ("where", .string("c:3"))]),
            .object([("name", .string("mail")), ("enabled", .bool(true)), ("matched", .number(0)), ("where", .string("c:9"))]),
        ]
        #expect(Dunstctl.rulesText(rules) == "[mute]\n    enabled = false\n[mail]\n    enabled = true")
        let text = Dunstctl.rulesJSON(rules)
        #expect(text.hasPrefix("{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n\t\t[\n\t\t\t{\n\t\t\t\t\"name\" : {\n\t\t\t\t\t\"type\" : \"s\",\n\t\t\t\t\t\"data\" : \"mute\"\n"), "\(text)")
        let json = try JSON.parse(Array(text.utf8))
        guard case let .array(outer)? = json["data"], case let .array(items)? = outer.first else { Issue.record("no data"); return }
        #expect(items.count == 2 && items[0]["enabled"]?["type"] == .string("b") && items[0]["enabled"]?["data"] == .bool(false))
        #expect(items[1]["name"]?["data"] == .string("mail") && items[1]["enabled"]?["data"] == .bool(true))
        #expect(Dunstctl.rulesText([]) == "" && Dunstctl.rulesJSON([]) == "{\n\t\"type\" : \"aa{sv}\",\n\t\"data\" : [\n\t\t[]\n\t]\n}")
    }

    @Test func commandLineAndHelp() throws {
        #expect(try CommandParser.parse(["dunstctl", "count", "waiting"]) == .dunstctl(["count", "waiting"]))
        #expect(try CommandParser.parse(["dunstctl", "--help"]) == .dunstctl(["--help"]), "dunstctl's own help")
        #expect(try CommandParser.parse(["dunstctl"]).request == nil)
    }

    @Test func theMenuProgramIsASetting() {
        let parsed = ConfigParser.parse("[general]\nmenu = /usr/bin/rofi -dmenu -p 'dunst:'\n", file: "c")
        #expect(parsed.diagnostics.isEmpty && parsed.config.menu == ["/usr/bin/rofi", "-dmenu", "-p", "dunst:"])
        #expect(Config.default.menu == ["dmenu", "-p", "xtoast"])
        #expect(!ConfigParser.parse("[general]\nmenu = \"\"\n", file: "c").diagnostics.isEmpty)
    }
}
