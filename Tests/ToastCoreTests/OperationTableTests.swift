@testable import JSONCodec
@testable import Operations
import Testing
@testable import ToastCore

/// `Operation.table` is the one declaration of every op: walking it, each command parses from
/// its own usage lines and options, each request it sends and each example the man page shows
/// goes through the encoder and the decoder unchanged and sends only the fields the op
/// declares, and `--help` names each command. (The man page and the completions: InstallTests'
/// `OperationDocsTests`.) A new op in the table is checked by all of this without a line here.
@Suite struct OperationTableTests {
    /// A word of a usage line or an option's argument, as a user might fill it in.
    static func sample(_ placeholder: String) -> String {
        if placeholder.contains("|") { return String(placeholder.split(separator: "|")[0]) }
        switch placeholder {
        case "ID": return "job-1"
        case "ID=LABEL": return "yes=Yes"
        case "MESSAGE...", "TITLE", "TEXT": return "hello there"
        case "N": return "5"
        case "SECONDS": return "2.5"
        case "NAME": return "mute-spotify"
        case "FILE": return "/dev/null"
        case "CATEGORY": return "email.arrived"
        default: return "x"
        }
    }

    /// A usage line's arguments with every optional part left out (`[...]`), the first of
    /// alternatives and placeholders filled in.
    static func arguments(ofUsage usage: String) -> [String] {
        var words: [String] = []
        var depth = 0
        for word in usage.split(separator: " ").dropFirst(2).map(String.init) {
            let opens = word.filter { $0 == "[" }.count
            if depth == 0 && opens == 0 { words.append(word.hasPrefix("-") ? word : sample(word)) }
            depth += opens - word.filter { $0 == "]" }.count
        }
        return words
    }

    /// An option as it would be typed: `--kind info`, `--markup`.
    static func arguments(of option: CommandTable.Option) -> [String] {
        guard let argument = option.argument else { return ["--\(option.long)"] }
        return ["--\(option.long)", option.values.first ?? sample(argument)]
    }

    /// Each usage line alone, then with each of the command's options.
    static func commandLines(of command: CommandTable.Command) -> [(usage: String, args: [String])] {
        command.usage.flatMap { usage in
            let base = [command.name] + arguments(ofUsage: usage)
            return [(usage, base)] + command.options.map { (usage, base + arguments(of: $0)) }
        }
    }

    static let commands = Operation.table.compactMap { op in op.docs.command.map { (op, $0) } }

    /// The encoder and decoder give back `request`, and it sends only the fields its op takes.
    static func checkRoundTrip(_ request: Request, _ what: String) {
        switch Request.decode(line: request.line) {
        case let .success(again): #expect(again == request, "\(what): \(request.text) came back as \(again)")
        case let .failure(error): Issue.record("\(what): \(request.text) is refused: \(error.message)")
        }
        guard let wire = Operation.named(request.op)?.wire else {
            Issue.record("\(what): \(request.op) has no wire entry in the table")
            return
        }
        guard case let .object(members)? = try? JSON.parse(request.line) else {
            Issue.record("\(what): \(request.text) is not a JSON object")
            return
        }
        for (key, _) in members { #expect(key == "op" || wire.fields.contains(key), "\(what): \(request.op) sends \(key), not in its fields") }
    }

    @Test func everyCommandParsesFromItsUsageAndOptionsAndRoundTrips() {
        var sent: Set<String> = []
        for (op, command) in Self.commands {
            #expect(op.name == command.name)
            #expect(op.parse != nil, "\(op.name) is documented as a command but does not parse")
            for usage in command.usage {
                let lines = Self.commandLines(of: command).filter { $0.usage == usage }
                var parsed = 0
                for (_, args) in lines {
                    do {
                        let result = try CommandParser.parse(args)
                        parsed += 1
                        if case .help = result { Issue.record("\(args) printed help") }
                        if let request = result.request {
                            sent.insert(request.op)
                            Self.checkRoundTrip(request, args.joined(separator: " "))
                        }
                    } catch {
                        // An option may need another (--print with --wait); it must still be known.
                        #expect(!error.message.contains("unknown"), "\(args): \(error.message)")
                    }
                }
                #expect(parsed > 0, "no command line from \"\(usage)\" parses")
            }
        }
        for op in Operation.table where op.parse != nil && op.wire != nil {
            #expect(sent.contains(op.name), "no command line of \(op.name) sends its op")
        }
    }

    @Test func everyExampleRoundTripsUnderItsOwnOp() {
        var documented: Set<String> = []
        for op in Operation.table {
            for example in op.docs.examples {
                #expect(example.request.op == op.name, "\(op.name)'s example is a \(example.request.op)")
                #expect(!example.meaning.isEmpty)
                Self.checkRoundTrip(example.request, "\(op.name)'s example")
                documented.insert(example.request.op)
            }
            if op.wire != nil { #expect(documented.contains(op.name), "\(op.name) has no example request") }
            if op.wire == nil { #expect(op.docs.examples.isEmpty, "\(op.name) sends nothing but has examples") }
        }
    }

    @Test func namesAreUniqueAndTheDecoderKnowsEveryWireOp() {
        let names = Operation.table.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Request.operations == Operation.table.filter { $0.wire != nil }.map(\.name))
        for op in Operation.table where op.wire == nil {
            guard case let .failure(error) = Request.decode(line: Array(#"{"op":"\#(op.name)"}"#.utf8)) else {
                Issue.record("\(op.name) decodes though it has no wire entry")
                continue
            }
            #expect(error.message.hasPrefix("unknown op"))
        }
        for op in Operation.table where op.parse == nil {
            #expect(throws: UsageError("unknown command \"\(op.name)\"")) { try CommandParser.parse([op.name]) }
        }
    }

    @Test func everyFieldAnOpDeclaresIsReadByItsDecoder() {
        // A field listed but never read would be accepted and silently ignored: each declared
        // field with a wrong type must be refused, naming it.
        for op in Operation.table {
            guard let wire = op.wire else { continue }
            for field in wire.fields {
                let line = #"{"op":"\#(op.name)","\#(field)":{}}"#
                guard case let .failure(error) = Request.decode(line: Array(line.utf8)) else {
                    Issue.record("\(line) decodes")
                    continue
                }
                #expect(error.message.contains(field) || error.message.contains("missing field"), "\(line): \(error.message)")
            }
        }
    }

    @Test func helpNamesEveryCommandAndItsOptions() throws {
        for (op, command) in Self.commands {
            let text = try #require(Help.text(for: op.name))
            for usage in command.usage { #expect(text.contains(usage)) }
            for option in command.options { #expect(text.contains("--\(option.long)"), "\(op.name) --\(option.long)") }
            #expect(Help.main.contains("xtoast \(op.name)") || Help.main.contains("| \(op.name)"), "\(op.name)")
        }
        for op in Operation.table where op.docs.command == nil { #expect(Help.text(for: op.name) == nil) }
    }

    /// The overview is aligned as it was when it was written by hand.
    @Test func mainHelpLinesUpItsDescriptions() {
        #expect(Help.main.contains("\n  xtoast daemon                   run the daemon on $DISPLAY (foreground, logs to stderr)\n"))
        #expect(Help.main.contains("\n  xtoast invoke [ACTION] [--id ID]   choose an action of the newest toast\n"))
        #expect(Help.main.contains("\n  xtoast pause | resume           do-not-disturb: queue new toasts / show them again\n"))
        #expect(Help.main.hasSuffix("without one; 5 the daemon went away while waiting."))
    }

    @Test func theClientPrintsWhatTheTableSays() throws {
        #expect(try CommandParser.parse(["history"]).replyOutput == .json)
        #expect(try CommandParser.parse(["history", "--clear"]).replyOutput == .nothing)
        #expect(try CommandParser.parse(["list"]).replyOutput == .json)
        #expect(try CommandParser.parse(["subscribe"]).replyOutput == .events)
        #expect(try CommandParser.parse(["restore"]).replyOutput == .id)
        #expect(try CommandParser.parse(["rules", "--test", "hi"]).replyOutput == .json)
        #expect(try CommandParser.parse(["ping"]).replyOutput == .nothing)
        #expect(try CommandParser.parse(["daemon"]).replyOutput == .nothing)
    }
}
