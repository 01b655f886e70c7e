@testable import Operations
import Testing
@testable import ToastCore

/// `xtoast show --app`, `xtoast rules [--test]`, `xtoast rule NAME ...` and their protocol lines.
@Suite struct CommandParserRulesTests {
    func parse(_ line: String) throws -> Command { try CommandParser.parse(line.split(separator: " ").map(String.init)) }

    @Test func showApp() throws {
        guard case let .show(show) = try parse("show --app backup done") else { Issue.record("not a show"); return }
        #expect(show.request.app == "backup")
        #expect(Request.show(show.request).text.contains(#""app":"backup""#))
        #expect(throws: UsageError.self) { try parse("show --app= hi") }
    }

    @Test func rulesAndRule() throws {
        #expect(try parse("rules") == .rules)
        #expect(try parse("rule Mute-Spotify disable") == .rule(name: "Mute-Spotify", change: .disable))
        #expect(try parse("rule x toggle").request?.text == #"{"op":"rule","name":"x","change":"toggle"}"#)
        #expect(throws: UsageError.self) { try parse("rule x off") }
        #expect(throws: UsageError.self) { try parse("rule x") }
        #expect(throws: UsageError.self) { try parse("rules extra") }
    }

    @Test("rules --test takes show's options and a notification's, needs no message, and sends op test")
    func test() throws {
        let command = try parse("rules --test --app Mailer --category email.arrived --source=dbus --desktop-entry org.mail -u critical -t Battery 5%")
        guard case let .testRules(submission) = command else { Issue.record("not a test"); return }
        #expect(submission.app == "Mailer" && submission.category == "email.arrived" && submission.source == .bus)
        #expect(submission.desktopEntry == "org.mail" && submission.request.urgency == .critical)
        #expect(submission.request.title == "Battery" && submission.request.message == "5%")
        // What the daemon decodes is what was meant.
        guard case let .success(.test(decoded)) = Request.decode(line: command.requestLine ?? []) else { Issue.record("refused"); return }
        #expect(decoded == submission)
        guard case .testRules = try parse("rules --test") else { Issue.record("no message needed"); return }
        #expect(throws: UsageError.self) { try parse("rules --test --wait hi") }
        #expect(throws: UsageError.self) { try parse("rules --test --source mail") }
    }

    @Test("the protocol refuses a bad app, rule change or test field")
    func protocolBounds() {
        for line in [#"{"op":"show","message":"m","app":""}"#, #"{"op":"show","message":"m","app":"\#(String(repeating: "a", count: 65))"}"#,
                     #"{"op":"show","message":"m","app":"a\u001bb"}"#, #"{"op":"rule","name":"x","change":"off"}"#,
                     #"{"op":"rule","change":"enable"}"#, #"{"op":"test","source":"mail"}"#,
                     #"{"op":"test","category":"\#(String(repeating: "c", count: 300))"}"#, #"{"op":"rules","name":"x"}"#] {
            guard case .failure = Request.decode(line: Array(line.utf8)) else { Issue.record("accepted \(line)"); continue }
        }
    }
}
