import JSONCodec
import ToastCore

/// Parses `xtoast`'s arguments (without the program name) into a `Command`: the operation
/// named by the first word (`Operation.table`) reads the rest.
public enum CommandParser {
    public static func parse(_ args: [String]) throws(UsageError) -> Command {
        guard let name = args.first else { throw UsageError("no command given") }
        let rest = Array(args.dropFirst())
        // `--` ends the options: after it, "--help" is a message like any other.
        let options = rest.prefix { $0 != "--" }
        // dunstctl's own `-h` and `--help` are its help (`Dunstctl.helpText`).
        if name != Operation.dunstctl.name, options.contains("--help") || options.contains("-h") { return .help(Help.text(for: name) ?? Help.main) }
        switch name {
        case "help" where rest.first == "--page":
            guard rest.count == 2 else { throw UsageError("help --page takes one page's name (xtoast, xtoast.5, xtoastd, xtoast-protocol, xtoast-dunstctl, xtoast-migrating)") }
            return .page(rest[1])
        case "--help", "-h", "help": return .help(rest.first.flatMap(Help.text(for:)) ?? Help.main)
        // Printed as help is: nothing is sent, no daemon is needed.
        case "--version":
            guard rest.isEmpty else { throw UsageError("--version takes no arguments") }
            return .help(Version.line("xtoast"))
        // Read without the operation table: the client parses once per toast, and building the
        // table (every operation's parser, fields and reply, and their generic metadata) was a
        // tenth of its launch. The table names the same parser (`OperationTableTests`), and
        // `ShowPathTests` counts that a show never builds it.
        case Operation.show.name: return try parseShow(rest)
        default:
            guard let parse = Operation.named(name)?.parse else { throw UsageError("unknown command \"\(name)\"") }
            return try parse(rest)
        }
    }

    // MARK: The operations' parsers (`Operation.table` names them)

    static func parseDaemon(_ rest: [String]) throws(UsageError) -> Command {
        let known = ["--no-dbus", "--replace"]
        if let bad = rest.first(where: { !known.contains($0) }) { throw UsageError("daemon takes only --no-dbus and --replace, not \"\(bad)\"") }
        return .daemon(flags: rest)
    }

    static func parseDoctor(_ rest: [String]) throws(UsageError) -> Command {
        if let bad = rest.first(where: { $0 != "--json" }) { throw UsageError("doctor takes only --json, not \"\(bad)\"") }
        return .doctor(json: !rest.isEmpty)
    }

    static func parseHistory(_ rest: [String]) throws(UsageError) -> Command {
        if rest == ["--clear"] { return .send(.clearHistory) }
        return .send(.history(limit: try limit(rest, command: Operation.history.name, upTo: HistoryLimits.maxKeep)))
    }

    static func parseList(_ rest: [String]) throws(UsageError) -> Command {
        .send(.list(limit: try limit(rest, command: Operation.list.name, upTo: ProtocolLimits.listLimit)))
    }

    /// An optional count N from 1 to `maximum` (`FieldRules.limit`, as the daemon reads `limit`).
    static func limit(_ rest: [String], command: String, upTo maximum: Int) throws(UsageError) -> Int? {
        guard rest.count <= 1 else { throw UsageError("\(command) takes at most one number") }
        guard let n = rest.first else { return nil }
        guard let limit = Int(n), FieldRules.limit(Double(limit), upTo: maximum) != nil else {
            throw UsageError("\(command) N needs a number from 1 to \(maximum), got \"\(n)\"")
        }
        return limit
    }

    static func parseImportDunstrc(_ rest: [String]) throws(UsageError) -> Command {
        guard rest.count <= 1, !(rest.first?.hasPrefix("-") ?? false) else { throw UsageError("import-dunstrc takes at most one FILE") }
        return .importDunstrc(path: rest.first)
    }

    static func parseRules(_ rest: [String]) throws(UsageError) -> Command {
        if rest.isEmpty { return .send(.rules) }
        guard rest.prefix(while: { $0 != "--" }).contains("--test") else { throw UsageError("rules takes no arguments but --test and its options") }
        return try parseRulesTest(rest)
    }

    static func parseRule(_ rest: [String]) throws(UsageError) -> Command {
        guard rest.count == 2, let change = RuleSwitch(rawValue: rest[1]), !rest[0].hasPrefix("-") else {
            throw UsageError("rule takes a NAME and one of enable, disable, toggle")
        }
        return .send(.rule(name: rest[0], change: change))
    }

    static func parseCenter(_ rest: [String]) throws(UsageError) -> Command {
        var words = rest
        var monitor: MonitorChoice?
        if let i = words.firstIndex(where: { $0 == "--monitor" || $0.hasPrefix("--monitor=") }) {
            let inline = words[i].hasPrefix("--monitor=") ? String(words[i].dropFirst("--monitor=".count)) : nil
            guard let value = inline ?? (i + 1 < words.count ? words[i + 1] : nil) else { throw UsageError("--monitor needs a value") }
            guard let choice = MonitorChoice(parsing: value) else { throw UsageError("--monitor needs a name, primary or a number, got \"\(value)\"") }
            monitor = choice
            words.removeSubrange(i...(inline == nil ? i + 1 : i))
        }
        guard words.count <= 1, let action = words.isEmpty ? .toggle : CenterSwitch(rawValue: words[0]) else {
            throw UsageError("center takes one of open, close, toggle (default toggle) and --monitor MONITOR")
        }
        return .send(.center(action, monitor: monitor))
    }

    static func parseDismiss(_ rest: [String]) throws(UsageError) -> Command {
        if rest.isEmpty { return .send(.dismissNewest) }
        if rest == ["--all"] { return .send(.dismissAll) }
        guard rest.count == 1, let id = rest.first, !id.hasPrefix("-") else { throw UsageError("dismiss takes one ID, or --all, or nothing (the newest toast)") }
        return .send(.dismiss(id: try validID(id, "dismiss's ID")))
    }

    static func parseRestore(_ rest: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(rest)
        var id: String?
        while let (option, inline) = reader.next() {
            guard option == "--id" else { throw UsageError("unknown option \"\(option)\" for restore") }
            id = try nonEmptyID(try reader.value(option, inline))
        }
        guard reader.words.isEmpty else { throw UsageError("restore takes no arguments but --id ID") }
        return .send(.restore(id: id))
    }

    static func parseMenu(_ rest: [String]) throws(UsageError) -> Command {
        let options = rest.prefix { $0 != "--" }
        var menu = MenuCommand()
        for option in options {
            guard option == "--all" else { throw UsageError("menu takes --all, then -- PROGRAM ARGS..., not \"\(option)\"") }
            menu.all = true
        }
        if options.count < rest.count {
            let program = Array(rest.dropFirst(options.count + 1))
            guard let first = program.first, !first.isEmpty else { throw UsageError("menu -- needs a PROGRAM after it") }
            menu.program = program
        }
        return .menu(menu)
    }

    /// `pause [--for DURATION | --until TIME] [--level N]`, `pause --status`: the words are
    /// checked here (`QuietEnd`), the daemon resolves them against its clock.
    static func parsePause(_ rest: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(rest)
        var pause = PauseRequest()
        var status = false
        func words(_ parse: () throws(QuietProblem) -> QuietEnd) throws(UsageError) -> QuietEnd {
            guard pause.end == nil else { throw UsageError("pause takes one of --for and --until") }
            do throws(QuietProblem) { return try parse() } catch { throw UsageError(error.message) }
        }
        while let (option, inline) = reader.next() {
            switch option {
            case "--status": status = true
            case "--for":
                let text = try reader.value(option, inline)
                pause.end = try words { () throws(QuietProblem) in try QuietEnd.duration(text) }
            case "--until":
                let text = try reader.value(option, inline)
                pause.end = try words { () throws(QuietProblem) in try QuietEnd.time(text) }
            case "--level":
                let text = try reader.value(option, inline)
                guard let level = Int(text), (1...QuietState.fullLevel).contains(level) else {
                    throw UsageError("--level needs a number from 1 to 100, got \"\(text)\"")
                }
                pause.level = level
            default: throw UsageError("unknown option \"\(option)\" for pause")
            }
        }
        guard reader.words.isEmpty else { throw UsageError("pause takes no arguments but --for, --until, --level and --status") }
        if status {
            guard pause == PauseRequest() else { throw UsageError("pause --status takes no other option") }
            return .send(.pauseStatus)
        }
        return .send(.pause(pause))
    }

    /// `xtoast snooze APP DURATION|TIME|always`, `--list`, `--clear APP`. The second word is a
    /// duration (`1h`, `90m`) if it reads as one, else a time (`tomorrow`, `18:00`), or
    /// `always`.
    static func parseSnooze(_ rest: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(rest)
        var list = false
        var clear: String?
        while let (option, inline) = reader.next() {
            switch option {
            case "--list": list = true
            case "--clear": clear = try reader.value(option, inline)
            default: throw UsageError("unknown option \"\(option)\" for snooze")
            }
        }
        let words = reader.words
        func checked(_ app: String) throws(UsageError) -> String {
            if let problem = Snoozes.problem(app) { throw UsageError(problem.message) }
            return app
        }
        if list {
            guard clear == nil, words.isEmpty else { throw UsageError("snooze --list takes nothing else") }
            return .send(.snooze(.list))
        }
        if let clear {
            guard words.isEmpty else { throw UsageError("snooze --clear APP takes nothing else") }
            return .send(.snooze(.clear(app: try checked(clear))))
        }
        guard words.count >= 2 else { throw UsageError("usage: xtoast snooze APP DURATION|TIME|always (1h, \"until tomorrow\", always)") }
        let app = try checked(words[0])
        var when = words.dropFirst().joined(separator: " ")
        if when.lowercased() == "always" { return .send(.snooze(.mute(app: app, end: nil))) }
        if when.lowercased().hasPrefix("until ") { when = String(when.dropFirst(6)) }
        if let end = try? QuietEnd.duration(when) { return .send(.snooze(.mute(app: app, end: end))) }
        do throws(QuietProblem) {
            return .send(.snooze(.mute(app: app, end: try QuietEnd.time(when))))
        } catch {
            throw UsageError("snooze \(app): \"\(when)\" is neither a duration (1h, 90m) nor a time (18:00, tomorrow), nor always")
        }
    }

    static func parseCount(_ rest: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(rest)
        var count = CountCommand()
        while let (option, inline) = reader.next() {
            switch option {
            case "--follow", "-f": count.follow = true
            case "--format": count.format = try reader.value(option, inline)
            default: throw UsageError("unknown option \"\(option)\" for count")
            }
        }
        guard reader.words.isEmpty else { throw UsageError("count takes no arguments but --follow and --format TEXT") }
        return .count(count)
    }

    /// Walks options and words: `--opt VALUE`, `--opt=VALUE`, flags, `--` and `-` (stdin).
    struct OptionReader {
        let args: [String]
        var i = 0
        var words: [String] = []
        var onlyWords = false

        init(_ args: [String]) { self.args = args }

        /// The next option name and its inline value (`--opt=value`); words are collected on the way.
        /// Looks at bytes, not characters: the client runs this on every launch, and character
        /// iteration pulls in grapheme breaking.
        mutating func next() -> (String, String?)? {
            while i < args.count {
                let arg = args[i]
                let bytes = arg.utf8
                i += 1
                if onlyWords || bytes.first != UInt8(ascii: "-") || bytes.count == 1 {
                    words.append(arg)
                } else if arg == "--" {
                    onlyWords = true
                } else if bytes.starts(with: "--".utf8), let eq = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    return (String(decoding: bytes[..<eq], as: UTF8.self), String(decoding: bytes[bytes.index(after: eq)...], as: UTF8.self))
                } else {
                    return (arg, nil)
                }
            }
            return nil
        }

        /// An optional value follows (`--reply [PLACEHOLDER]`): the next argument is no option
        /// and another word comes after it (so a lone word stays the message).
        var nextTakesPlaceholder: Bool {
            guard i + 1 < args.count, !onlyWords else { return false }
            let next = args[i].utf8
            return (next.first != UInt8(ascii: "-") || next.count == 1) && args[i] != "-" && args[(i + 1)...].contains { $0 != "--" }
        }

        mutating func value(_ option: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard i < args.count else { throw UsageError("\(option) needs a value") }
            i += 1
            return args[i - 1]
        }
    }

    /// `rules --test`: `show`'s options (no MESSAGE needed) and a notification's
    /// `--category`, `--source`, `--desktop-entry`.
    static func parseRulesTest(_ args: [String]) throws(UsageError) -> Command {
        var rest: [String] = []
        var source = ToastSource.socket
        var category = "", desktopEntry = ""
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" {
                rest += args[(i - 1)...]
                break
            }
            if arg == "--test" { continue }
            guard let name = ["--category", "--source", "--desktop-entry"].first(where: { arg == $0 || arg.hasPrefix($0 + "=") }) else {
                rest.append(arg)
                continue
            }
            let value: String
            if arg.count > name.count {
                value = String(arg.dropFirst(name.count + 1))
            } else {
                guard i < args.count else { throw UsageError("\(name) needs a value") }
                value = args[i]
                i += 1
            }
            switch name {
            case "--source": source = try parseEnum(value, ToastSource.self, "source")
            case "--category": category = value
            default: desktopEntry = value
            }
        }
        if let bad = rest.prefix(while: { $0 != "--" }).first(where: { ["--wait", "-w", "--print", "--id"].contains($0) || $0.hasPrefix("--print=") || $0.hasPrefix("--id=") }) {
            throw UsageError("rules --test shows nothing: \(bad) does not apply")
        }
        guard case let .show(show) = try parseShow(rest, messageRequired: false), !show.messageFromStdin else {
            throw UsageError("rules --test takes its MESSAGE as words, not from stdin")
        }
        var submission = Submission(show.request, source: source)
        submission.category = category
        submission.desktopEntry = desktopEntry
        return .testRules(submission)
    }

    /// `--purpose ID=PURPOSE`: the purpose of the `--action ID` button, or a button of its own
    /// labelled as the purpose says (`ButtonPurpose.defaultLabel`: Accept, Decline, Hang up).
    static func addPurposes(_ purposes: [(id: String, purpose: ButtonPurpose)], to show: inout ShowRequest) throws(UsageError) {
        for (id, purpose) in purposes {
            if let i = show.actions.firstIndex(where: { $0.id == id }) {
                show.actions[i].purpose = purpose
            } else {
                show.actions.append(Action(id: try validID(id, "--purpose"), label: purpose.defaultLabel ?? id, purpose: purpose))
                guard show.actions.count <= Action.maxCount else { throw UsageError("at most \(Action.maxCount) actions fit on a card") }
            }
        }
    }

    /// `--reply`'s placeholder, bounded as the JSON field is.
    static func replyOptions(_ placeholder: String) throws(UsageError) -> ReplyOptions {
        if let problem = Request.replyProblem(placeholder) { throw UsageError("--reply \(problem)") }
        return ReplyOptions(placeholder: placeholder)
    }

    static func parseShow(_ args: [String], messageRequired: Bool = true) throws(UsageError) -> Command {
        var show = ShowRequest(message: "")
        var reader = OptionReader(args)
        var wait: WaitOutput?
        var printJSON = false
        var purposes: [(id: String, purpose: ButtonPurpose)] = []
        while let (option, inline) = reader.next() {
            switch option {
            case "--markup": show.markup = true
            case "--wait", "-w": wait = .text
            case "--reply" where inline == nil && !reader.nextTakesPlaceholder:
                show.reply = ReplyOptions()
            default:
                let v = try reader.value(option, inline)
                switch option {
                case "--title", "-t": show.title = v
                case "--kind", "-k": show.kind = try parseEnum(v, Kind.self, "kind")
                case "--position", "-p": show.position = try parseEnum(v, Position.self, "position")
                case "--monitor":
                    guard let choice = MonitorChoice(parsing: v) else { throw UsageError("--monitor needs a name, primary or a number, got \"\(v)\"") }
                    show.monitor = choice
                case "--style", "-s": show.style = try parseEnum(v, CardStyle.self, "style")
                case "--urgency", "-u": show.urgency = try parseEnum(v, Urgency.self, "urgency")
                case "--timeout": show.timeout = try parseTimeout(v)
                case "--progress": show.progress = try parseProgress(v)
                case "--icon", "-i": show.icon = try parseIcon(v)
                case "--id": show.id = try validID(v, "--id")
                case "--action", "-a":
                    guard let eq = v.firstIndex(of: "="), eq != v.startIndex, v.index(after: eq) != v.endIndex else {
                        throw UsageError("--action needs ID=LABEL, got \"\(v)\"")
                    }
                    let action = Action(id: String(v[..<eq]), label: String(v[v.index(after: eq)...]))
                    guard !show.actions.contains(where: { $0.id == action.id }) else { throw UsageError("action \"\(action.id)\" given twice") }
                    show.actions.append(action)
                    guard show.actions.count <= Action.maxCount else { throw UsageError("at most \(Action.maxCount) actions fit on a card") }
                case "--default-action": show.defaultAction = v
                case "--purpose":
                    guard let eq = v.firstIndex(of: "="), eq != v.startIndex else { throw UsageError("--purpose needs ID=PURPOSE, got \"\(v)\"") }
                    let id = String(v[..<eq])
                    purposes.append((id, try parseEnum(String(v[v.index(after: eq)...]), ButtonPurpose.self, "purpose")))
                case "--category":
                    guard !v.isEmpty, v.utf8.count <= NotificationLimits.maxNameBytes, !v.contains("\0") else {
                        throw UsageError("--category must be 1 to \(NotificationLimits.maxNameBytes) bytes")
                    }
                    show.category = v
                case "--reply":
                    // `--reply=PLACEHOLDER`, or `--reply PLACEHOLDER MESSAGE…`: a lone word after it is the message.
                    show.reply = try replyOptions(v)
                case "--app":
                    if let problem = FieldRules.appProblem(v) { throw UsageError("--app \(problem)") }
                    show.app = v
                case "--print":
                    guard v == "json" || v == "text" else { throw UsageError("--print takes text or json, got \"\(v)\"") }
                    printJSON = v == "json"
                default:
                    throw UsageError("unknown option \"\(option)\" for show")
                }
            }
        }
        try addPurposes(purposes, to: &show)
        if let d = show.defaultAction, !show.actions.contains(where: { $0.id == d }) {
            throw UsageError("--default-action \(d) is not one of the --action ids")
        }
        if printJSON {
            guard wait != nil else { throw UsageError("--print json goes with --wait") }
            wait = .json
        }
        let words = reader.words
        if words == ["-"] { return .show(ShowCommand(show, messageFromStdin: true, wait: wait)) }
        if words.contains("-") && words.count > 1 { throw UsageError("\"-\" (read the message from stdin) must be the whole message") }
        // Joined by hand, as bytes: the client parses once per toast, and the generic `joined`
        // looks up its associated types at run time, and string appending pages in more of the
        // standard library. One word (a quoted message) is taken as it is.
        if words.count == 1 {
            show.message = words[0]
        } else {
            var message: [UInt8] = []
            for (index, word) in zip(words.indices, words) {
                if index > 0 { message.append(UInt8(ascii: " ")) }
                message += word.utf8
            }
            show.message = String(decoding: message, as: UTF8.self)
        }
        if messageRequired, show.message.isEmpty && (show.title ?? "").isEmpty {
            throw UsageError("show needs a MESSAGE (or - to read it from stdin)")
        }
        return .show(ShowCommand(show, messageFromStdin: false, wait: wait))
    }

    static func parseUpdate(_ args: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(args)
        var update = UpdateRequest(id: "")
        while let (option, inline) = reader.next() {
            let v = try reader.value(option, inline)
            switch option {
            case "--message", "-m": update.message = v
            case "--title", "-t": update.title = v
            case "--kind", "-k": update.kind = try parseEnum(v, Kind.self, "kind")
            case "--progress": update.progress = try parseProgress(v)
            case "--timeout": update.timeout = try parseTimeout(v)
            case "--icon", "-i": update.icon = try parseIcon(v)
            default: throw UsageError("unknown option \"\(option)\" for update")
            }
        }
        guard reader.words.count == 1, let id = reader.words.first, !id.isEmpty else {
            throw UsageError("update takes one ID (then --message, --title, --kind, --progress, --timeout or --icon)")
        }
        update.id = try validID(id, "update's ID")
        if update.isEmpty { throw UsageError("update needs at least one of --message, --title, --kind, --progress, --timeout, --icon") }
        return .send(.update(update))
    }

    /// `invoke [ACTION] [--id ID]`.
    static func parseInvoke(_ args: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(args)
        var invoke = InvokeRequest()
        while let (option, inline) = reader.next() {
            guard option == "--id" else { throw UsageError("unknown option \"\(option)\" for invoke") }
            invoke.id = try nonEmptyID(try reader.value(option, inline))
        }
        guard reader.words.count <= 1 else { throw UsageError("invoke takes at most one ACTION (and --id ID)") }
        if let action = reader.words.first {
            guard !action.isEmpty else { throw UsageError("invoke's ACTION must not be empty") }
            invoke.action = action
        }
        return .send(.invoke(invoke))
    }

    static func nonEmptyID(_ v: String) throws(UsageError) -> String { try validID(v, "--id") }

    /// An id as the daemon accepts it (`FieldRules.idProblem`); `what` names it in the error.
    static func validID(_ v: String, _ what: String) throws(UsageError) -> String {
        if let problem = FieldRules.idProblem(v) { throw UsageError("\(what) \(problem)") }
        return v
    }

    static func parseEnum<E: RawRepresentable & CaseIterable>(_ v: String, _: E.Type, _ what: String) throws(UsageError) -> E where E.RawValue == String {
        guard let e = E(rawValue: v) else {
            throw UsageError("unknown \(what) \"\(v)\" (expected \(E.allCases.map(\.rawValue).joined(separator: "|")))")
        }
        return e
    }

    static func parseTimeout(_ v: String) throws(UsageError) -> Double {
        guard let t = Double(v), t.isFinite else { throw UsageError("--timeout needs a number of seconds, got \"\(v)\"") }
        if let problem = FieldRules.timeoutProblem(t) { throw UsageError("--timeout \(problem)") }
        // As in the protocol: only an exact 0 keeps the toast; `1e-400` reads as 0.0 but is not.
        if t == 0, JSON.hasNonzeroMantissa(v.utf8) { return ProtocolLimits.minTimeout }
        return FieldRules.timeout(t)
    }

    static func parseIcon(_ v: String) throws(UsageError) -> String {
        guard FieldRules.iconProblem(v) == nil else { throw UsageError("--icon needs a file path or an icon name") }
        return v
    }

    static func parseProgress(_ v: String) throws(UsageError) -> Double {
        guard let p = Double(v), FieldRules.progress.contains(p) else { throw UsageError("--progress needs a number from 0 to 100, got \"\(v)\"") }
        return p
    }
}
