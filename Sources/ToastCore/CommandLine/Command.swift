/// A parsed `xtoast` command line.
public enum Command: Equatable, Sendable {
    case daemon
    /// With `messageFromStdin`, the message is read from stdin (`-` on the command line).
    case show(ShowRequest, messageFromStdin: Bool)
    case dismiss(id: String)
    case dismissAll
    case ping
    case help(String)
}

/// Exit codes, documented in `xtoast --help` and the README.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// The daemon refused the request; its error is on stderr.
    case refused = 1
    case usage = 2
    /// No daemon answered at the socket.
    case noDaemon = 3
}

/// A usage mistake; the message is printed with a pointer to `--help`.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
