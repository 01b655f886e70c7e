import Operations
import Testing
import ToastCore

private func usageError(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let command = try CommandParser.parse(args)
        Issue.record("expected a usage error, got \(command)", sourceLocation: sourceLocation)
        return ""
    } catch {
        return error.message
    }
}

private func show(_ request: ShowRequest) -> Command { .show(ShowCommand(request, messageFromStdin: false, wait: nil)) }

@Suite struct CommandParserTests {
    // MARK: show

    @Test func plainMessage() {
        #expect(parse(["show", "Build done"]) == show(ShowRequest(message: "Build done")))
    }

    @Test func wordsAreJoinedWithSpaces() {
        #expect(parse(["show", "Build", "done", "in", "3s"]) == show(ShowRequest(message: "Build done in 3s")))
    }

    /// The option reader works on bytes: `=` splits an inline value however many non-ASCII
    /// characters surround it, and words of any script are joined as given.
    @Test func inlineValuesAndWordsKeepNonASCIIText() {
        #expect(parse(["show", "--title=héllo=x", "m"]) == show(ShowRequest(message: "m", title: "héllo=x")))
        #expect(parse(["show", "é", "🇫🇷", "مرحبا"]) == show(ShowRequest(message: "é 🇫🇷 مرحبا")))
        #expect(usageError(["show", "-", "x"]).contains("must be the whole message"))
        #expect(parse(["show", "--", "-k", "--x=y"]) == show(ShowRequest(message: "-k --x=y")))
    }

    @Test func everyLongOption() {
        let command = parse(["show", "--title", "CI", "--kind", "error", "--timeout", "2.5", "--id", "build-7",
                             "--position", "bottom-left", "tests", "failed"])
        #expect(command == show(ShowRequest(message: "tests failed", title: "CI", kind: .error, timeout: 2.5,
                                            id: "build-7", position: .bottomLeft)))
    }

    @Test func everyShortOption() {
        let command = parse(["show", "-t", "CI", "-k", "success", "-p", "top", "ok"])
        #expect(command == show(ShowRequest(message: "ok", title: "CI", kind: .success, position: .top)))
    }

    @Test func equalsForm() {
        let command = parse(["show", "--title=CI", "--kind=warning", "--timeout=0", "--id=x", "--position=top-left", "hi"])
        #expect(command == show(ShowRequest(message: "hi", title: "CI", kind: .warning, timeout: 0, id: "x", position: .topLeft)))
    }

    @Test func equalsFormKeepsLaterEqualsSigns() {
        #expect(parse(["show", "--title=a=b", "m"]) == show(ShowRequest(message: "m", title: "a=b")))
        #expect(parse(["show", "--title=", "m"]) == show(ShowRequest(message: "m", title: "")))
    }

    @Test func optionsAfterTheMessage() {
        #expect(parse(["show", "hello", "-k", "debug", "world"]) == show(ShowRequest(message: "hello world", kind: .debug)))
    }

    @Test func optionValueMayStartWithADash() {
        #expect(parse(["show", "--title", "-x-", "m"]) == show(ShowRequest(message: "m", title: "-x-")))
    }

    @Test func laterOptionWins() {
        #expect(parse(["show", "-k", "info", "-k", "error", "m"]) == show(ShowRequest(message: "m", kind: .error)))
    }

    @Test(arguments: Kind.allCases)
    func everyKind(kind: Kind) {
        #expect(parse(["show", "--kind", kind.rawValue, "m"]) == show(ShowRequest(message: "m", kind: kind)))
    }

    @Test(arguments: Position.allCases)
    func everyPosition(position: Position) {
        #expect(parse(["show", "-p", position.rawValue, "m"]) == show(ShowRequest(message: "m", position: position)))
    }

    @Test func titleAloneIsEnough() {
        #expect(parse(["show", "-t", "Heads up"]) == show(ShowRequest(message: "", title: "Heads up")))
    }

    @Test func dashReadsStdin() {
        #expect(parse(["show", "-"]) == .show(ShowCommand(ShowRequest(message: ""), messageFromStdin: true, wait: nil)))
        #expect(parse(["show", "-t", "Log", "-k", "notice", "-"])
            == .show(ShowCommand(ShowRequest(message: "", title: "Log", kind: .notice), messageFromStdin: true, wait: nil)))
    }

    @Test func dashMustBeTheWholeMessage() {
        #expect(usageError(["show", "tail", "-"]) == #""-" (read the message from stdin) must be the whole message"#)
        #expect(usageError(["show", "-", "-"]).contains("must be the whole message"))
    }

    @Test func doubleDashEndsOptions() {
        #expect(parse(["show", "--", "--kind", "-p", "x"]) == show(ShowRequest(message: "--kind -p x")))
        #expect(parse(["show", "-k", "error", "--", "-1", "degrees"]) == show(ShowRequest(message: "-1 degrees", kind: .error)))
        #expect(parse(["show", "--", "--"]) == show(ShowRequest(message: "--")))
    }

    @Test func unknownOption() {
        #expect(usageError(["show", "--colour", "red", "m"]) == #"unknown option "--colour" for show"#)
        #expect(usageError(["show", "-x", "1", "m"]) == #"unknown option "-x" for show"#)
        #expect(usageError(["show", "--colour=red", "m"]) == #"unknown option "--colour" for show"#)
    }

    @Test func optionWithoutValue() {
        #expect(usageError(["show", "m", "--title"]) == "--title needs a value")
        #expect(usageError(["show", "m", "-k"]) == "-k needs a value")
    }

    @Test func unknownKind() {
        #expect(usageError(["show", "--kind", "fatal", "m"])
            == #"unknown kind "fatal" (expected info|success|warning|error|notice|debug|loading)"#)
    }

    @Test func unknownPosition() {
        #expect(usageError(["show", "--position", "middle", "m"])
            == #"unknown position "middle" (expected top-left|top|top-right|bottom-left|bottom|bottom-right|left|right|center)"#)
    }

    @Test func negativeTimeout() {
        #expect(usageError(["show", "--timeout", "-1", "m"]) == "--timeout must not be negative (0 keeps the toast until dismissed)")
        #expect(usageError(["show", "--timeout=-0.5", "m"]).contains("must not be negative"))
    }

    @Test(arguments: ["soon", "", "5s", "inf", "nan", "1,5"])
    func nonNumericTimeout(value: String) {
        #expect(usageError(["show", "--timeout", value, "m"]) == #"--timeout needs a number of seconds, got "\#(value)""#)
    }

    @Test func fractionalTimeout() {
        #expect(parse(["show", "--timeout", "0.25", "m"]) == show(ShowRequest(message: "m", timeout: 0.25)))
    }

    @Test func emptyID() {
        #expect(usageError(["show", "--id", "", "m"]) == "--id must not be empty")
        #expect(usageError(["show", "--id=", "m"]) == "--id must not be empty")
    }

    @Test func missingMessage() {
        let expected = "show needs a MESSAGE (or - to read it from stdin)"
        #expect(usageError(["show"]) == expected)
        #expect(usageError(["show", "-k", "error"]) == expected)
        #expect(usageError(["show", "--"]) == expected)
        #expect(usageError(["show", "-t", "", ""]) == expected)
    }

    // MARK: dismiss, ping, daemon

    @Test func dismissByID() {
        #expect(parse(["dismiss", "build-7"]) == .dismiss(id: "build-7"))
    }

    @Test func dismissAll() {
        #expect(parse(["dismiss", "--all"]) == .dismissAll)
    }

    @Test func dismissNewest() {
        #expect(parse(["dismiss"]) == .dismissNewest)
    }

    @Test(arguments: [["dismiss", "a", "b"], ["dismiss", "--al"], ["dismiss", "--all", "x"], ["dismiss", "-x"]])
    func badDismiss(args: [String]) {
        #expect(usageError(args) == "dismiss takes one ID, or --all, or nothing (the newest toast)")
    }

    @Test func pingAndDaemon() {
        #expect(parse(["ping"]) == .ping)
        #expect(parse(["daemon"]) == .daemon())
        #expect(parse(["daemon", "--no-dbus", "--replace"]) == .daemon(flags: ["--no-dbus", "--replace"]))
        #expect(usageError(["ping", "now"]) == "ping takes no arguments")
        #expect(usageError(["daemon", "--foreground"]) == "daemon takes only --no-dbus and --replace, not \"--foreground\"")
    }

    // MARK: help and mistakes

    @Test func noCommand() {
        #expect(usageError([]) == "no command given")
    }

    @Test func unknownCommand() {
        #expect(usageError(["shwo", "hi"]) == #"unknown command "shwo""#)
        #expect(usageError(["--versoin"]) == #"unknown command "--versoin""#)
    }

    @Test("--version prints the one version, and takes nothing after it")
    func version() {
        #expect(parse(["--version"]) == .help("xtoast \(Version.number)"))
        #expect(usageError(["--version", "x"]) == "--version takes no arguments")
        #expect(Help.main.contains("xtoast --version"))
    }

    @Test func mainHelp() {
        #expect(parse(["--help"]) == .help(Help.main))
        #expect(parse(["-h"]) == .help(Help.main))
        #expect(parse(["help"]) == .help(Help.main))
        #expect(parse(["help", "nonsense"]) == .help(Help.main))
        #expect(Help.main.contains("xtoast show"))
        #expect(Help.main.contains("Exit codes"))
    }

    @Test(arguments: ["show", "dismiss", "daemon", "ping"])
    func helpOnEachCommand(command: String) throws {
        let text = try #require(Help.text(for: command))
        #expect(text.contains("Usage: xtoast \(command)"))
        #expect(parse([command, "--help"]) == .help(text))
        #expect(parse([command, "-h"]) == .help(text))
        #expect(parse(["help", command]) == .help(text))
        // --help wins even after other arguments (and even if they are wrong).
        #expect(parse([command, "--bogus", "--help"]) == .help(text))
    }

    @Test func helpTextsDiffer() {
        let texts = ["show", "dismiss", "daemon", "ping"].compactMap { Help.text(for: $0) }
        #expect(Set(texts).count == 4)
        #expect(!texts.contains(Help.main))
        #expect(Help.text(for: "nonsense") == nil)
    }

    @Test func showHelpListsEveryKindAndPosition() throws {
        let text = try #require(Help.text(for: "show"))
        for kind in Kind.allCases { #expect(text.contains(kind.rawValue)) }
        for position in Position.allCases { #expect(text.contains(position.rawValue)) }
        for option in ["--title", "--kind", "--timeout", "--id", "--position"] { #expect(text.contains(option)) }
    }

    @Test func helpForAnUnknownCommandIsTheMainHelp() {
        #expect(parse(["frobnicate", "--help"]) == .help(Help.main))
    }

    @Test func helpAfterDoubleDashIsAMessageWord() {
        #expect(parse(["show", "--", "--help"]) == show(ShowRequest(message: "--help")))
        #expect(parse(["show", "--", "-h", "means", "help"]) == show(ShowRequest(message: "-h means help")))
        // Before "--" it is still help.
        #expect(parse(["show", "--help", "--", "x"]) == .help(Help.text(for: "show") ?? ""))
    }

    @Test func exitCodes() {
        #expect(ExitCode.ok.rawValue == 0)
        #expect(ExitCode.refused.rawValue == 1)
        #expect(ExitCode.usage.rawValue == 2)
        #expect(ExitCode.noDaemon.rawValue == 3)
    }
}
