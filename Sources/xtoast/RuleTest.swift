#if canImport(Glibc)
import Glibc
#endif
import ConfigParsing
import ToastCore
import Transport

/// `xtoast rules --test` with no daemon to ask: the config file is read here and the same
/// admission step decides, over an empty board and without run-time state (a rule disabled
/// with `xtoast rule NAME disable` counts as the file says). The report goes to stdout, the
/// file's problems to stderr.
func testRulesWithoutDaemon(_ submission: Submission) -> Never {
    var config = Config.default
    if let path = ConfigPath.resolve(xdgConfigHome: Environment.get("XDG_CONFIG_HOME"), home: Environment.get("HOME")) {
        switch BoundedFile.read(path, maxBytes: 1 << 20) {
        case let .success(bytes):
            let parsed = ConfigParser.parse(String(decoding: bytes, as: UTF8.self), file: path)
            config = parsed.config
            for diagnostic in parsed.diagnostics { StandardStreams.error(diagnostic.description) }
        case .failure(.missing):
            break
        case let .failure(failure):
            printError(failure.description)
            exit(.refused)
        }
    }
    StandardStreams.output(Admission.decide(submission, board: Board(config: config)).report.text)
    exit(.ok)
}
