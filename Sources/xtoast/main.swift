#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// `xtoast`: the command-line client. It links no X11 and no Foundation, so it starts in a
/// couple of milliseconds; `xtoast daemon` hands over to the `xtoastd` executable beside it.

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

/// Replaces this process with `xtoastd` from the same directory.
func execDaemon() -> Never {
    var path = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &path, path.count - 1)
    var dir = n > 0 ? String(decoding: path[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } else { dir = "." }
    let daemon = dir + "/xtoastd"
    let args: [UnsafeMutablePointer<CChar>?] = [strdup(daemon), nil]
    execv(daemon, args)
    printError("cannot start \(daemon): \(String(cString: strerror(errno)))")
    exit(.refused)
}

func run() -> Never {
    let command: Command
    do {
        command = try CommandParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError("\(error.message)\nTry 'xtoast --help'.")
        exit(.usage)
    }
    let request: Request
    switch command {
    case let .help(text):
        StandardStreams.output(text)
        exit(.ok)
    case .daemon:
        execDaemon()
    case .ping: request = .ping
    case let .dismiss(id): request = .dismiss(id: id)
    case .dismissAll: request = .dismissAll
    case .show(var show, let fromStdin):
        if fromStdin { show.message = readStandardInput() }
        request = .show(show)
    }
    var client: Client
    switch Client.connect() {
    case let .success(c): client = c
    case let .failure(f): printError(f.message); exit(f.code)
    }
    switch client.roundTrip(request) {
    case let .success(id):
        if case .show = request, let id { StandardStreams.output(id) }
        exit(.ok)
    case let .failure(f):
        printError(f.message)
        exit(f.code)
    }
}

run()
