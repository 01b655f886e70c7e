#if canImport(Glibc)
import Glibc
#endif
import Install
import JSONCodec
import Migration
import Operations
import ToastCore
import Transport

/// `xtoast`: the command-line client. It links no X11 and no Foundation and is linked as a
/// static executable (Package.swift), so it starts in under a millisecond; `xtoast daemon`
/// hands over to the `xtoastd` executable beside it.

func printError(_ message: String) {
    StandardStreams.error("xtoast: \(message)")
}

func exit(_ code: ExitCode) -> Never { exit(code.rawValue) }

/// Reads all of stdin (for `show -`).
func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n > 0 { bytes += chunk[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
    }
    var text = String(decoding: bytes, as: UTF8.self)
    while text.last == "\n" { text.removeLast() }
    return text
}

/// The daemon runs elsewhere: a relative icon path is made absolute here, where it was meant.
/// Names without a slash are icon-theme names and stay as they are.
func absoluteIconPath(_ spec: String) -> String {
    guard spec.contains("/"), !spec.hasPrefix("/"), !spec.hasPrefix("~"), !spec.hasPrefix("file://") else { return spec }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return spec }
    return String(cString: buffer) + "/" + spec
}

/// Replaces this process with `xtoastd` from the same directory.
func execDaemon(_ flags: [String]) -> Never {
    var path = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &path, path.count - 1)
    var dir = n > 0 ? String(decoding: path[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } else { dir = "." }
    let daemon = dir + "/xtoastd"
    let args: [UnsafeMutablePointer<CChar>?] = ([daemon] + flags).map { strdup($0) } + [nil]
    execv(daemon, args)
    printError("cannot start \(daemon): \(String(cString: strerror(errno)))")
    exit(.refused)
}

/// `xtoast import-dunstrc [FILE]`: the translation on stdout, what was left out on stderr.
func importDunstrc(_ path: String?) -> Never {
    let home = Environment.nonEmpty("HOME")
    guard let path = path ?? Environment.nonEmpty("XDG_CONFIG_HOME").map({ "\($0)/dunst/dunstrc" }) ?? home.map({ "\($0)/.config/dunst/dunstrc" }) else {
        printError("import-dunstrc: no FILE given and neither XDG_CONFIG_HOME nor HOME is set")
        exit(.refused)
    }
    switch BoundedFile.read(path, maxBytes: 1 << 20) {
    case let .success(bytes):
        let result = DunstrcTranslator.translate(String(decoding: bytes, as: UTF8.self), name: path, home: home)
        StandardStreams.output(result.config)
        for line in result.diagnostics { StandardStreams.error(line) }
        exit(.ok)
    case let .failure(failure):
        printError(failure.description)
        exit(.refused)
    }
}

/// `xtoast menu`: the daemon's items go to the menu program; the line it prints is invoked
/// (or its link opened) on the same connection. Nothing is sent when it chose nothing.
func chooseFromMenu(_ reply: [(String, JSON)], _ menu: MenuCommand, client: inout Client) {
    guard case let .array(list)? = reply.first(where: { $0.0 == "items" })?.1 else { exit(.refused) }
    let items = list.compactMap(MenuItem.init)
    // The config's menu program (`[general] menu`), unless given after `--`.
    var configured: [String]?
    if case let .array(words)? = reply.first(where: { $0.0 == "program" })?.1 {
        configured = words.compactMap { if case let .string(word) = $0 { word } else { nil } }
    }
    switch MenuProgram.choose(items.map(\.line), with: menu.program ?? configured ?? MenuCommand.defaultProgram) {
    case let .failed(why):
        printError("menu: \(why)")
        exit(.refused)
    case let .cancelled(why):
        printError("menu: nothing chosen (\(why))")
        exit(.refused)
    case let .chose(line):
        guard let item = items.first(where: { $0.line == line }) else {
            printError("menu: \"\(line)\" is not one of the lines offered; nothing chosen")
            exit(.refused)
        }
        var invoke = InvokeRequest(id: item.id)
        switch item.choice {
        case let .action(action): invoke.action = action
        case let .link(link): invoke.link = link
        }
        do {
            _ = try client.roundTrip(Request.invoke(invoke).line)
        } catch {
            printError(error.message)
            exit(error.code)
        }
    }
}

/// The arguments after the program's name, read from argv directly: `CommandLine.arguments`
/// builds the whole array through a lazy global and a generic copy, more code paged in per launch.
func arguments() -> [String] {
    // Unwrapped: argv holds argc non-null pointers (the C standard's promise).
    let args = (1..<Int(max(1, CommandLine.argc))).map { String(cString: CommandLine.unsafeArgv[$0]!) }
    // Run as `dunstctl` (a symlink or alias to xtoast), it is `xtoast dunstctl`.
    guard CommandLine.argc > 0, let zero = CommandLine.unsafeArgv[0] else { return args }
    return String(cString: zero).split(separator: "/").last == "dunstctl" ? ["dunstctl"] + args : args
}

func run() -> Never {
    var command: Command
    do {
        command = try CommandParser.parse(arguments())
    } catch {
        printError("\(error.message)\nTry 'xtoast --help'.")
        exit(.usage)
    }
    switch command {
    case let .help(text):
        StandardStreams.output(text)
        exit(.ok)
    case let .page(name):
        guard let page = ManPages.named(name) else {
            printError("no page \"\(name)\"; the pages are \(ManPages.all.map(\.id).joined(separator: ", "))")
            exit(.usage)
        }
        StandardStreams.output(ManText.render(page.render(ManPages.undatedDate)))
        exit(.ok)
    case let .daemon(flags):
        execDaemon(flags)
    case let .importDunstrc(path):
        importDunstrc(path)
    case let .dunstctl(args):
        runDunstctl(args)
    case let .doctor(json):
        execDaemon(["--doctor"] + (json ? ["--json"] : []))
    case var .show(show):
        if show.messageFromStdin { show.request.message = readStandardInput() }
        show.request.icon = show.request.icon.map(absoluteIconPath)
        command = .show(show)
    case var .send(.update(update)):
        update.icon = update.icon.map(absoluteIconPath)
        command = .send(.update(update))
    default:
        break
    }
    guard let line = command.requestLine else { exit(.ok) }
    var client: Client
    let reply: Reply
    do {
        client = try Client.connect()
        reply = try client.roundTrip(line)
    } catch {
        if case let .testRules(submission) = command, error.code == .noDaemon { testRulesWithoutDaemon(submission) }
        printError(error.message)
        exit(error.code)
    }
    guard case let .ok(id, extra) = reply else { exit(.refused) }
    if let warning = extra.first(where: { $0.0 == "warning" })?.1, case let .string(text) = warning {
        printError("warning: \(text)")
    }
    switch command {
    case let .show(show):
        if let id { StandardStreams.output(id) }
        if let wait = show.wait, let id { client.waitForEnd(of: id, output: wait) }
    case let .count(count):
        var follower = CountFollower(format: count.format)
        follower.print(Counts(JSON.object(extra)) ?? Counts())
        if count.follow { follower.follow(&client, request: line) }
    case let .menu(menu):
        chooseFromMenu(extra, menu, client: &client)
    default:
        // What the operation's table entry says of its reply (`Operation.Wire.reply`).
        switch command.replyOutput {
        case .json: StandardStreams.output(JSON.object(extra).text)
        case .events: client.streamEvents()
        case .id: if let id { StandardStreams.output(id) }
        case .nothing: break
        }
    }
    exit(.ok)
}

run()
