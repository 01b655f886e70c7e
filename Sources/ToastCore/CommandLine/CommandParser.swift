/// Parses `xtoast`'s arguments (without the program name) into a `Command`.
public enum CommandParser {
    public static func parse(_ args: [String]) throws(UsageError) -> Command {
        guard let name = args.first else { throw UsageError("no command given") }
        let rest = Array(args.dropFirst())
        // After "--" every argument is a word of the message, even "--help".
        let options = rest.prefix(while: { $0 != "--" })
        if options.contains("--help") || options.contains("-h") { return .help(Help.text(for: name) ?? Help.main) }
        switch name {
        case "--help", "-h", "help": return .help(rest.first.flatMap(Help.text(for:)) ?? Help.main)
        case "daemon":
            guard rest.isEmpty else { throw UsageError("daemon takes no arguments") }
            return .daemon
        case "ping":
            guard rest.isEmpty else { throw UsageError("ping takes no arguments") }
            return .ping
        case "show": return try parseShow(rest)
        case "dismiss":
            if rest == ["--all"] { return .dismissAll }
            guard rest.count == 1, let id = rest.first, !id.hasPrefix("-") else { throw UsageError("dismiss takes one ID, or --all") }
            return .dismiss(id: id)
        default:
            throw UsageError("unknown command \"\(name)\"")
        }
    }

    static func parseShow(_ args: [String]) throws(UsageError) -> Command {
        var show = ShowRequest(message: "")
        var words: [String] = []
        var i = 0
        func value(_ option: String) throws(UsageError) -> String {
            i += 1
            guard i < args.count else { throw UsageError("\(option) needs a value") }
            return args[i]
        }
        var onlyWords = false
        while i < args.count {
            let arg = args[i]
            if onlyWords || arg == "-" || !arg.hasPrefix("-") {
                words.append(arg)
            } else if arg == "--" {
                onlyWords = true
            } else {
                var option = arg
                var inline: String?
                if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                    option = String(arg[..<eq])
                    inline = String(arg[arg.index(after: eq)...])
                }
                let v: String = if let inline { inline } else { try value(option) }
                switch option {
                case "--title", "-t": show.title = v
                case "--kind", "-k":
                    guard let kind = Kind(rawValue: v) else { throw UsageError("unknown kind \"\(v)\" (expected \(Kind.names))") }
                    show.kind = kind
                case "--position", "-p":
                    guard let p = Position(rawValue: v) else { throw UsageError("unknown position \"\(v)\" (expected \(Position.names))") }
                    show.position = p
                case "--timeout":
                    guard let t = Double(v), t.isFinite else { throw UsageError("--timeout needs a number of seconds, got \"\(v)\"") }
                    guard t >= 0 else { throw UsageError("--timeout must not be negative (0 keeps the toast until dismissed)") }
                    show.timeout = t
                case "--id":
                    guard !v.isEmpty else { throw UsageError("--id must not be empty") }
                    show.id = v
                default:
                    throw UsageError("unknown option \"\(option)\" for show")
                }
            }
            i += 1
        }
        if words == ["-"] { return .show(show, messageFromStdin: true) }
        if words.contains("-") && words.count > 1 { throw UsageError("\"-\" (read the message from stdin) must be the whole message") }
        show.message = words.joined(separator: " ")
        if show.message.isEmpty && (show.title ?? "").isEmpty { throw UsageError("show needs a MESSAGE (or - to read it from stdin)") }
        return .show(show, messageFromStdin: false)
    }
}
