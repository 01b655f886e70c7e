import ConfigParsing
@testable import Daemon
import JSONCodec
import Testing
import ToastCore

/// Rules in the daemon on a fake screen: what skip and drop leave on screen and in history,
/// both sources, run-time enable and disable, the counters, reload, and the script hook.
@Suite struct RulesTests {
    static func config(_ text: String) -> Config {
        let parsed = ConfigParser.parse(text, file: "rules.conf")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return parsed.config
    }

    static let rules = """
        [rule spam]
        match app = Spammy
        skip = display
        [rule junk]
        match app = Junk
        skip = all
        script = log-junk --quiet
        [rule quiet]
        match app = Quiet
        skip = history
        [rule battery]
        match summary ~ ^Battery
        kind = error
        position = bottom-left
        """

    func history(_ rig: Rig) -> String {
        guard case let .ok(_, extra) = rig.request(#"{"op":"history"}"#) else { return "" }
        return JSON.object(extra).text
    }

    func list(_ rig: Rig) -> String {
        guard case let .ok(_, extra) = rig.request(#"{"op":"list"}"#) else { return "" }
        return JSON.object(extra).text
    }

    @Test("skip = display: no card, in history as skipped, the bus sender hears NotificationClosed 2 for its id")
    func skipDisplay() {
        let rig = Rig(config: Self.config(Self.rules))
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(appName: "Spammy", summary: "Buy now"), now: rig.now).id
        rig.wait(1)
        #expect(id != 0 && rig.output.live.isEmpty)
        #expect(history(rig).contains(#""id":"\#(id)""#) && history(rig).contains(#""reason":"skipped""#) && history(rig).contains(#""rules":["spam"]"#))
        let signals = rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
        #expect(signals == [.notificationClosed(id: id, reason: 2)])
        // From the socket too: the script gets its id and hears it end.
        let script = rig.show(#""message":"hi","app":"Spammy""#)
        #expect(rig.sink.heard(by: rig.alice) == [.dismissed(id: script, reason: .skipped)])
        #expect(rig.output.live.isEmpty)
    }

    @Test("skip = all: no card, no history, the sender still gets an id and NotificationClosed; its script still runs")
    func drop() {
        var ran: [(RuleScript, [(String, String)])] = []
        let rig = Rig(config: Self.config(Self.rules), runScript: { ran.append(($0, $1)) })
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(appName: "Junk", summary: "Win", hints: ["category": .string("spam.offer")]),
                               now: rig.now, wallNow: 1_700_000_123.5).id
        rig.wait(1)
        #expect(id != 0 && rig.output.live.isEmpty && rig.service.board.history.isEmpty && !history(rig).contains("Win"))
        let signals = rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
        #expect(signals == [.notificationClosed(id: id, reason: 2)])
        #expect(ran.count == 1 && ran.first?.0 == RuleScript(rule: "junk", command: ["log-junk", "--quiet"]))
        let env = Dictionary(uniqueKeysWithValues: ran.first?.1 ?? [])
        #expect(env["XTOAST_ID"] == String(id) && env["XTOAST_APP"] == "Junk" && env["XTOAST_SUMMARY"] == "Win")
        #expect(env["XTOAST_CATEGORY"] == "spam.offer" && env["XTOAST_SOURCE"] == "dbus" && env["XTOAST_RULE"] == "junk")
        #expect(env["XTOAST_TIMESTAMP"] == "1700000123" && env["XTOAST_URGENCY"] == "normal" && env["XTOAST_KIND"] == "info")
    }

    @Test("skip = history: shown, not kept; a rule's kind and position place the card; list names the rules")
    func skipHistoryAndPlace() throws {
        let rig = Rig(config: Self.config(Self.rules))
        let quiet = rig.show(#""message":"psst","app":"Quiet","timeout":1"#)
        let battery = rig.show(#""message":"5% left","title":"Battery low""#)
        rig.wait(0.5)
        #expect(rig.output.live.count == 2)
        #expect(list(rig).contains(#""rules":["quiet"]"#) && list(rig).contains(#""rules":["battery"]"#))
        let card = try #require(rig.surface(showing: "5% left"))
        #expect(card.surface.origin.x < 100 && card.surface.origin.y + card.surface.size.height > 700, "bottom-left")
        #expect(rig.service.board.toast(battery)?.kind == .error)
        rig.wait(2)
        #expect(rig.service.board.toast(quiet) == nil && !history(rig).contains("psst"))
    }

    @Test("xtoast rule NAME disable applies at once to new toasts, rules lists it with its count and the last toast it hid, test counts nothing")
    func runTime() throws {
        let rig = Rig(config: Self.config(Self.rules))
        rig.show(#""message":"a","app":"Spammy""#)
        _ = rig.request(#"{"op":"test","app":"Spammy","message":"x"}"#)
        guard case let .ok(_, listed) = rig.request(#"{"op":"rules"}"#) else { Issue.record("rules refused"); return }
        let text = JSON.object(listed).text
        // A rule that hides toasts says so, with the last one it held back (`xtoast doctor` reads it);
        // `test` counted nothing and held nothing back.
        #expect(text.contains(#"{"name":"spam","enabled":true,"matched":1,"where":"rules.conf:1","hides":"display","last_held":{"app":"Spammy","title":"","at":1700001000}}"#), "\(text)")
        #expect(text.contains(#"{"name":"junk","enabled":true,"matched":0,"where":"rules.conf:4","hides":"all"}"#), "\(text)")
        guard case let .ok(_, changed) = rig.request(#"{"op":"rule","name":"SPAM","change":"disable"}"#) else { Issue.record("refused"); return }
        #expect(JSON.object(changed).text == #"{"name":"SPAM","enabled":false}"#)
        guard case let .ok(_, tested) = rig.request(#"{"op":"test","app":"Spammy","message":"x"}"#) else { Issue.record("refused"); return }
        #expect(JSON.object(tested).text.contains(#""matched":[]"#) && JSON.object(tested).text.contains(#""action":"show""#))
        rig.show(#""message":"b","app":"Spammy""#)
        rig.wait(1)
        #expect(rig.output.live.count == 1, "the disabled rule no longer skips")
        #expect(rig.request(#"{"op":"rule","name":"nope","change":"enable"}"#) == .error(#"no rule named "nope" (xtoast rules lists them)"#))
        rig.request(#"{"op":"rule","name":"spam","change":"toggle"}"#)
        rig.show(#""message":"c","app":"Spammy""#)
        rig.wait(1)
        #expect(rig.output.live.count == 1, "enabled again: skipped")
        #expect(rig.service.ruleState.statuses(of: rig.service.board.config.rules).first?.matchCount == 2)
    }

    @Test("a reload applies new rules to new toasts and keeps a run-time disable while the rule exists")
    func reload() {
        var text = Self.rules
        let rig = Rig(config: Self.config(text), loadConfig: { _ in (Self.config(text), []) })
        rig.request(#"{"op":"rule","name":"spam","change":"disable"}"#)
        text += "\n[rule mute-mail]\nmatch app = Mailer\nskip = display\n"
        rig.request(#"{"op":"reload"}"#)
        rig.show(#""message":"Alpha","app":"Spammy""#)
        rig.show(#""message":"Bravo","app":"Mailer""#)
        rig.wait(1)
        #expect(rig.surface(showing: "Alpha") != nil && rig.surface(showing: "Bravo") == nil && rig.output.live.count == 1)
        let statuses = rig.service.ruleState.statuses(of: rig.service.board.config.rules)
        #expect(statuses.first { $0.name == "spam" }?.enabled == false && statuses.first { $0.name == "mute-mail" }?.matchCount == 1)
    }

    @Test("the script hook runs once per matching rule's script, after the decision, with the toast's id")
    func scripts() {
        var ran: [(String, String)] = []
        let config = Self.config("[rule a]\nscript = first\n[rule b]\nmatch app = backup\nscript = second\n")
        let rig = Rig(config: config, runScript: { script, env in ran.append((script.rule, env.first { $0.0 == "XTOAST_ID" }?.1 ?? "")) })
        let id = rig.show(#""message":"done","app":"backup""#)
        #expect(ran.map(\.0) == ["a", "b"] && ran.allSatisfy { $0.1 == id })
        #expect(rig.service.board.toast(id) != nil)
    }

    @Test("the transient hint keeps a notification out of history; the others are kept")
    func transientHint() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let passing = server.notify(NotifyCall(summary: "Passing", hints: ["transient": .bool(true)]), now: rig.now).id
        let kept = server.notify(NotifyCall(summary: "Kept"), now: rig.now).id
        server.close(passing, now: rig.now)
        server.close(kept, now: rig.now)
        #expect(rig.service.board.history.map(\.toast.title) == ["Kept"])
    }
    /// What `{"op":"test"}` answers for these fields: its action.
    func tested(_ rig: Rig, _ fields: String) -> String? {
        guard case let .ok(_, members) = rig.request(#"{"op":"test",\#(fields)}"#),
              case let .string(action)? = members.first(where: { $0.0 == "action" })?.1 else { return nil }
        return action
    }

    @Test("issue 44: rules --test asks the screen about a locker as the run does: a locker only the probe finds turns suppress into a wait in both")
    func testConfirmsTheLockAsTheRunDoes() {
        let rig = Rig(config: ConfigParser.parse("[general]\nfullscreen = suppress\n", file: "config").config,
                      configure: HoldsWiringTests.twoMonitors)
        rig.input(.fullscreenChanged(monitors: ["A"]))
        #expect(tested(rig, #""message":"film""#) == "suppress", "no locker: suppressed behind the fullscreen window")
        rig.output.lock = ["A"]
        let asked = rig.output.lockQuestions
        let verdict = tested(rig, #""message":"film""#)
        #expect(rig.output.lockQuestions > asked, "the test asked the screen before deciding")
        let film = rig.show(#""message":"film""#)
        let heard = rig.sink.heard(by: rig.alice)
        #expect(verdict == "show", "a locked monitor only waits")
        #expect(!heard.contains(.dismissed(id: film, reason: .suppressed)) && !heard.contains(.shown(id: film)), "the run waits too: \(heard)")
    }

    @Test("issue 26: rules --test says what the daemon then does: suppress behind a fullscreen window, into-center while the centre is open, repeat, supersede")
    func testAgreesWithTheRun() {
        let rig = Rig(config: ConfigParser.parse("[general]\nfullscreen = suppress\n", file: "config").config,
                      configure: HoldsWiringTests.twoMonitors)
        rig.input(.fullscreenChanged(monitors: ["A"]))
        #expect(tested(rig, #""message":"film""#) == "suppress", "before: show")
        let film = rig.show(#""message":"film""#)
        #expect(rig.sink.heard(by: rig.alice) == [.dismissed(id: film, reason: .suppressed)] && rig.output.live.isEmpty)
        #expect(tested(rig, #""message":"on B","monitor":"B""#) == "show")
        rig.input(.fullscreenChanged(monitors: []))

        let first = rig.show(#""message":"same""#)
        #expect(tested(rig, #""message":"same""#) == "repeat")
        #expect(tested(rig, #""message":"other","id":"\#(first)""#) == "supersede")
        rig.show(#""message":"other","id":"\#(first)""#)
        #expect(rig.sink.heard(by: rig.alice).contains(.dismissed(id: first, reason: .replaced)))
        #expect(rig.surface(showing: "other") != nil && rig.surface(showing: "same") == nil)

        rig.request(#"{"op":"center","action":"open"}"#)
        #expect(tested(rig, #""message":"listed""#) == "into-center")
        let listed = rig.show(#""message":"listed""#)
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: listed, reason: .center))
    }
}
