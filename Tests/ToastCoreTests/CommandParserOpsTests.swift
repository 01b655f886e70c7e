import Operations
import Testing
import ToastCore

private func usageError(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        let command = try CommandParser.parse(args)
        Issue.record("expected a usage error, got \(command)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error.message
    }
}

/// A show request for message "m" with some of the fields `ShowRequest.init` does not take.
private func show(_ request: ShowRequest, wait: WaitOutput? = nil) -> Command {
    .show(ShowCommand(request, messageFromStdin: false, wait: wait))
}

@Suite struct CommandParserOpsTests {
    // MARK: show: new options

    @Test(arguments: CardStyle.allCases)
    func style(style: CardStyle) {
        #expect(parse(["show", "--style", style.rawValue, "m"]) == show(showRequest(style: style)))
        #expect(parse(["show", "-s", style.rawValue, "m"]) == show(showRequest(style: style)))
        #expect(parse(["show", "--style=\(style.rawValue)", "m"]) == show(showRequest(style: style)))
    }

    @Test func unknownStyle() {
        #expect(usageError(["show", "--style", "round", "m"]) == #"unknown style "round" (expected tinted|accent|capsule)"#)
    }

    @Test func icon() {
        #expect(parse(["show", "--icon", "/tmp/a.png", "m"]) == show(showRequest(icon: "/tmp/a.png")))
        #expect(parse(["show", "-i", "dialog-error", "m"]) == show(showRequest(icon: "dialog-error")))
        #expect(usageError(["show", "--icon", "", "m"]) == "--icon needs a file path or an icon name")
        #expect(usageError(["show", "m", "--icon"]) == "--icon needs a value")
    }

    @Test func markup() {
        #expect(parse(["show", "--markup", "<b>m</b>"]) == show(ShowRequest(message: "<b>m</b>").withMarkup))
        // A flag: the next word stays part of the message.
        #expect(parse(["show", "--markup", "a", "b"]) == show(ShowRequest(message: "a b").withMarkup))
        #expect(parse(["show", "m"]) == show(showRequest()))
    }

    @Test func actionsInOrder() {
        let command = parse(["show", "--action", "yes=Yes", "-a", "no=No thanks", "--action=later=Ask=me", "m"])
        #expect(command == show(showRequest(
            actions: [Action(id: "yes", label: "Yes"), Action(id: "no", label: "No thanks"), Action(id: "later", label: "Ask=me")]
        )))
    }

    @Test(arguments: ["=x", "x=", "x", "=", ""])
    func badActionForms(form: String) {
        #expect(usageError(["show", "--action", form, "m"]) == #"--action needs ID=LABEL, got "\#(form)""#)
    }

    @Test func atMostThreeActions() {
        #expect(usageError(["show", "-a", "a=A", "-a", "b=B", "-a", "c=C", "-a", "d=D", "m"]) == "at most 3 actions fit on a card")
    }

    @Test func duplicateActionIDs() {
        #expect(usageError(["show", "-a", "a=A", "-a", "a=Again", "m"]) == #"action "a" given twice"#)
    }

    @Test func defaultAction() {
        #expect(parse(["show", "-a", "a=A", "-a", "b=B", "--default-action", "b", "m"]) == show(showRequest(actions: [Action(id: "a", label: "A"), Action(id: "b", label: "B")], defaultAction: "b")))
        // Given before the actions is fine too.
        #expect(parse(["show", "--default-action", "a", "-a", "a=A", "m"]) == show(showRequest(actions: [Action(id: "a", label: "A")], defaultAction: "a")))
        #expect(usageError(["show", "-a", "a=A", "--default-action", "z", "m"]) == "--default-action z is not one of the --action ids")
        #expect(usageError(["show", "--default-action", "a", "m"]) == "--default-action a is not one of the --action ids")
    }

    @Test func progress() {
        #expect(parse(["show", "--progress", "0", "m"]) == show(showRequest(progress: 0)))
        #expect(parse(["show", "--progress", "42.5", "m"]) == show(showRequest(progress: 42.5)))
        #expect(parse(["show", "--progress=100", "m"]) == show(showRequest(progress: 100)))
    }

    @Test(arguments: ["-1", "100.1", "101", "half", "", "nan"])
    func progressOutOfBounds(value: String) {
        #expect(usageError(["show", "--progress", value, "m"]) == #"--progress needs a number from 0 to 100, got "\#(value)""#)
    }

    @Test(arguments: Urgency.allCases)
    func urgency(urgency: Urgency) {
        #expect(parse(["show", "--urgency", urgency.rawValue, "m"]) == show(showRequest(urgency: urgency)))
        #expect(parse(["show", "-u", urgency.rawValue, "m"]) == show(showRequest(urgency: urgency)))
    }

    @Test func unknownUrgency() {
        #expect(usageError(["show", "-u", "high", "m"]) == #"unknown urgency "high" (expected low|normal|critical)"#)
    }

    @Test func wait() {
        #expect(parse(["show", "--wait", "m"]) == show(showRequest(), wait: .text))
        #expect(parse(["show", "-w", "m"]) == show(showRequest(), wait: .text))
        #expect(parse(["show", "m", "-w"]) == show(showRequest(), wait: .text))
        // A flag: the next word stays part of the message.
        #expect(parse(["show", "-w", "a", "b"]) == show(ShowRequest(message: "a b"), wait: .text))
    }

    @Test func printJSONNeedsWait() {
        #expect(parse(["show", "--wait", "--print", "json", "m"]) == show(showRequest(), wait: .json))
        #expect(parse(["show", "--print=json", "-w", "m"]) == show(showRequest(), wait: .json))
        #expect(usageError(["show", "--print", "json", "m"]) == "--print json goes with --wait")
    }

    @Test func printText() {
        #expect(parse(["show", "-w", "--print", "text", "m"]) == show(showRequest(), wait: .text))
        // The later --print wins.
        #expect(parse(["show", "-w", "--print", "json", "--print", "text", "m"]) == show(showRequest(), wait: .text))
        #expect(parse(["show", "-w", "--print", "text", "--print", "json", "m"]) == show(showRequest(), wait: .json))
    }

    @Test func printTakesTextOrJSON() {
        #expect(usageError(["show", "-w", "--print", "yaml", "m"]) == #"--print takes text or json, got "yaml""#)
        #expect(usageError(["show", "-w", "m", "--print"]) == "--print needs a value")
    }

    @Test func waitWithStdin() {
        #expect(parse(["show", "-w", "-"]) == .show(ShowCommand(ShowRequest(message: ""), messageFromStdin: true, wait: .text)))
    }

    @Test func everyNewOptionTogether() {
        let command = parse(["show", "-t", "Deploy", "-s", "accent", "-i", "rocket", "--markup", "-a", "ok=OK", "-a", "undo=Undo",
                             "--default-action", "ok", "--progress", "10", "-u", "critical", "-w", "--print", "json",
                             "shipped", "<b>now</b>"])
        var expected = ShowRequest(message: "shipped <b>now</b>", title: "Deploy")
        expected.style = .accent
        expected.icon = "rocket"
        expected.markup = true
        expected.actions = [Action(id: "ok", label: "OK"), Action(id: "undo", label: "Undo")]
        expected.defaultAction = "ok"
        expected.progress = 10
        expected.urgency = .critical
        #expect(command == show(expected, wait: .json))
        #expect(command?.request == .show(expected))
    }

    // MARK: update

    @Test func updateEachOption() {
        #expect(parse(["update", "a", "--message", "new"]) == .update(UpdateRequest(id: "a", message: "new")))
        #expect(parse(["update", "a", "-m", "new"]) == .update(UpdateRequest(id: "a", message: "new")))
        #expect(parse(["update", "a", "--title", "T"]) == .update(UpdateRequest(id: "a", title: "T")))
        #expect(parse(["update", "a", "-t", "T"]) == .update(UpdateRequest(id: "a", title: "T")))
        #expect(parse(["update", "a", "--kind", "success"]) == .update(UpdateRequest(id: "a", kind: .success)))
        #expect(parse(["update", "a", "-k", "error"]) == .update(UpdateRequest(id: "a", kind: .error)))
        #expect(parse(["update", "a", "--progress", "80"]) == .update(UpdateRequest(id: "a", progress: 80)))
        #expect(parse(["update", "a", "--timeout", "0"]) == .update(UpdateRequest(id: "a", timeout: 0)))
        #expect(parse(["update", "a", "--timeout=1.5"]) == .update(UpdateRequest(id: "a", timeout: 1.5)))
        #expect(parse(["update", "a", "--icon", "x.png"]) == .update(UpdateRequest(id: "a", icon: "x.png")))
        #expect(parse(["update", "a", "-i", "dialog-ok"]) == .update(UpdateRequest(id: "a", icon: "dialog-ok")))
        // An empty message is a change.
        #expect(parse(["update", "a", "-m", ""]) == .update(UpdateRequest(id: "a", message: "")))
    }

    @Test func updateIDMayComeAfterTheOptions() {
        #expect(parse(["update", "-m", "x", "job"]) == .update(UpdateRequest(id: "job", message: "x")))
    }

    @Test func updateEveryOption() {
        let command = parse(["update", "job", "-m", "msg", "-t", "T", "-k", "warning", "--progress", "5", "--timeout", "9", "-i", "i"])
        let expected = UpdateRequest(id: "job", message: "msg", title: "T", kind: .warning, timeout: 9, progress: 5, icon: "i")
        #expect(command == .update(expected))
        #expect(command?.request == .update(expected))
    }

    @Test func updateWithoutOptions() {
        #expect(usageError(["update", "a"]) == "update needs at least one of --message, --title, --kind, --progress, --timeout, --icon")
    }

    @Test(arguments: [["update"], ["update", "-m", "x"], ["update", "a", "b", "-m", "x"], ["update", "", "-m", "x"]])
    func updateNeedsOneID(args: [String]) {
        #expect(usageError(args) == "update takes one ID (then --message, --title, --kind, --progress, --timeout or --icon)")
    }

    @Test func updateErrors() {
        #expect(usageError(["update", "a", "--style", "accent"]) == #"unknown option "--style" for update"#)
        #expect(usageError(["update", "a", "--progress", "150"]) == #"--progress needs a number from 0 to 100, got "150""#)
        #expect(usageError(["update", "a", "--timeout", "-2"]) == "--timeout must not be negative (0 keeps the toast until dismissed)")
        #expect(usageError(["update", "a", "-k", "fatal"])
            == #"unknown kind "fatal" (expected info|success|warning|error|notice|debug|loading)"#)
        #expect(usageError(["update", "a", "-m"]) == "-m needs a value")
        #expect(usageError(["update", "a", "--icon", ""]) == "--icon needs a file path or an icon name")
    }

    // MARK: Commands without arguments

    @Test func commandsWithoutArguments() {
        #expect(parse(["list"]) == .list(limit: nil))
        #expect(parse(["pause"]) == .pause)
        #expect(parse(["resume"]) == .resume)
        #expect(parse(["subscribe"]) == .subscribe)
        #expect(parse(["reload"]) == .reload)
        #expect(parse(["ping"]) == .ping)
    }

    @Test(arguments: ["resume", "subscribe", "reload", "ping"])
    func noArgumentsAllowed(name: String) {
        #expect(usageError([name, "x"]) == "\(name) takes no arguments")
        #expect(usageError([name, "--all"]) == "\(name) takes no arguments")
        #expect(usageError([name, "--"]) == "\(name) takes no arguments")
    }

    // MARK: history

    @Test func history() {
        #expect(parse(["history"]) == .history(limit: nil))
        #expect(parse(["history", "5"]) == .history(limit: 5))
        #expect(parse(["history", "1"]) == .history(limit: 1))
        #expect(parse(["history", "10000"]) == .history(limit: 10_000))
    }

    @Test(arguments: ["0", "10001", "x", "-1", "2.5", ""])
    func historyOutOfRange(n: String) {
        #expect(usageError(["history", n]) == #"history N needs a number from 1 to 10000, got "\#(n)""#)
    }

    @Test(arguments: ["0", "10001", "x"])
    func listOutOfRange(n: String) {
        #expect(usageError(["list", n]) == #"list N needs a number from 1 to 10000, got "\#(n)""#)
        #expect(usageError(["list", "5", "6"]) == "list takes at most one number")
    }

    @Test func historyTakesOneNumber() {
        #expect(usageError(["history", "5", "6"]) == "history takes at most one number")
    }

    // MARK: Requests

    @Test func requests() {
        #expect(Command.list(limit: 4).request == .list(limit: 4))
        #expect(Command.pause.request == .pause())
        #expect(Command.resume.request == .resume)
        #expect(Command.subscribe.request == .subscribe)
        #expect(Command.reload.request == .reload)
        #expect(Command.ping.request == .ping)
        #expect(Command.history(limit: nil).request == .history(limit: nil))
        #expect(Command.history(limit: 5).request == .history(limit: 5))
        #expect(Command.dismiss(id: "a").request == .dismiss(id: "a"))
        #expect(Command.dismissAll.request == .dismissAll)
        #expect(Command.update(UpdateRequest(id: "a", title: "T")).request == .update(UpdateRequest(id: "a", title: "T")))
        #expect(Command.daemon().request == nil)
        #expect(Command.help("x").request == nil)
    }

    @Test func showRequestIgnoresHowTheClientWaits() {
        let s = showRequest(urgency: .low)
        #expect(Command.show(ShowCommand(s, messageFromStdin: false, wait: .json)).request == .show(s))
        #expect(Command.show(ShowCommand(s, messageFromStdin: true, wait: nil)).request == .show(s))
        #expect(Command.show(ShowCommand(s, messageFromStdin: false, wait: .text)).request == .show(s))
    }

    @Test(arguments: [
        (["list"], Request.list(limit: nil)), (["list", "3"], .list(limit: 3)), (["pause"], .pause()), (["resume"], .resume), (["subscribe"], .subscribe),
        (["reload"], .reload), (["ping"], .ping), (["history"], .history(limit: nil)), (["history", "7"], .history(limit: 7)),
        (["update", "a", "--progress", "3"], .update(UpdateRequest(id: "a", progress: 3))),
    ])
    func parsedCommandsSendTheirRequest(args: [String], expected: Request) {
        #expect(parse(args)?.request == expected)
    }

    // MARK: Help

    @Test(arguments: ["update", "list", "pause", "resume", "history", "subscribe", "reload", "ping"])
    func helpForEachNewCommand(name: String) throws {
        let command = try #require(parse([name, "--help"]))
        guard case let .help(text) = command else {
            Issue.record("expected help, got \(command)")
            return
        }
        #expect(text.hasPrefix("Usage: xtoast \(name)"))
        #expect(text != Help.main)
        #expect(parse([name, "-h"]) == command)
        #expect(parse(["help", name]) == command)
    }

    @Test func helpTextsOfTheNewCommandsDiffer() throws {
        var texts: [String] = []
        for name in ["update", "list", "pause", "resume", "history", "subscribe", "reload"] {
            let command = try #require(parse([name, "--help"]))
            guard case let .help(text) = command else { continue }
            texts.append(text)
        }
        #expect(texts.count == 7)
        #expect(Set(texts).count == 7)
    }

    @Test func showHelpMentionsTheNewOptions() throws {
        let command = try #require(parse(["show", "--help"]))
        guard case let .help(text) = command else {
            Issue.record("expected help, got \(command)")
            return
        }
        for option in ["--style", "--icon", "--markup", "--action ID=LABEL", "--default-action", "--progress", "--urgency",
                       "--wait", "--print json"] {
            #expect(text.contains(option), "show --help does not mention \(option)")
        }
    }

    @Test func mainHelpMentionsTheNewCommands() {
        for usage in ["xtoast update ID", "xtoast list", "xtoast pause | resume", "xtoast history [N]", "xtoast subscribe",
                      "xtoast reload"] {
            #expect(Help.main.contains(usage), "main help does not mention \(usage)")
        }
    }

    @Test func helpWinsOverBadArguments() {
        #expect(parse(["history", "0", "--help"]) == .help(Help.text(for: "history") ?? ""))
        #expect(parse(["update", "--help"]) == .help(Help.text(for: "update") ?? ""))
    }
}

extension ShowRequest {
    fileprivate var withMarkup: ShowRequest {
        var s = self
        s.markup = true
        return s
    }
}
