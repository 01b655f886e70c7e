import Foundation
import Testing
import ToastCore

/// One daemon under test: the real `xtoastd` on the test display, with a socket and config
/// directory of its own, plus the real `xtoast` client to talk to it.
final class DaemonHarness {
    let directory: URL
    let socketPath: String
    let process: Process
    let logURL: URL
    var environment: [String: String]

    /// Where `swift build` put the executables: beside the test bundle, or `XTOAST_BIN_DIR`.
    static let binDirectory: URL = {
        if let dir = ProcessInfo.processInfo.environment["XTOAST_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("xtoastd").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    /// Starts a daemon and waits until it answers on its socket.
    /// `config` is written to `$XDG_CONFIG_HOME/xtoast/config` first.
    /// `arguments` go to `xtoastd` (`--no-dbus`, `--replace`). Unless `extraEnvironment` names
    /// a bus, the daemon gets none: a test must never reach the desktop's own session bus.
    /// `XDG_STATE_HOME` (the history file's place) is the test's own directory unless
    /// `extraEnvironment` names another (a test of a restart passes the first daemon's on).
    /// `launcher` starts the daemon through another program (`/bin/sh -c 'ulimit …; exec "$0"'`),
    /// which gets the daemon's path and `arguments` after its own. `daemonDirectory` is where
    /// `xtoastd` is taken from (a test of what only a release build shows passes the release one's).
    init(config: String? = nil, extraEnvironment: [String: String] = [:], display: String = TestDisplay.name,
         arguments: [String] = [], launcher: [String] = [], daemonDirectory: URL = DaemonHarness.binDirectory) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        socketPath = extraEnvironment["XTOAST_SOCKET"] ?? directory.appendingPathComponent("s.sock").path
        if let config {
            let dir = directory.appendingPathComponent("config/xtoast")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try config.write(to: dir.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["XTOAST_SOCKET"] = socketPath
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_RUNTIME_DIR"] = directory.path
        // The history file too: no test writes to the user's ~/.local/state.
        env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + directory.appendingPathComponent("no-bus").path
        // Nor the desktop's sound server: a test that wants one starts its own (PrivateSoundServer).
        env["PULSE_SERVER"] = "unix:" + directory.appendingPathComponent("no-sound").path
        for (k, v) in extraEnvironment { env[k] = v }
        environment = env
        logURL = directory.appendingPathComponent("daemon.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process = Process()
        let daemon = daemonDirectory.appendingPathComponent("xtoastd")
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? daemon
        process.environment = env
        process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [daemon.path] + arguments
        process.standardError = try FileHandle(forWritingTo: logURL)
        // Not the test runner's stdout: a daemon orphaned by a crashed test would hold that
        // pipe open and keep `swift test` waiting for ever.
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let path = socketPath
        try waitUntil("the daemon to listen at \(path)") {
            guard process.isRunning else { throw TestFailure("daemon exited early: \(self.log)") }
            return (try? ProtocolClient(path: path)) != nil
        }
    }

    deinit { stop() }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the daemon to exit. One still running 10 s later is a
    /// failure, and is killed, so a daemon stuck in its shutdown fails its test instead of
    /// hanging the suite.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard process.isRunning else { return }
        Issue.record("the daemon did not exit within 10 s of SIGTERM; killed. Its log:\n\(log.suffix(2000))")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the real `xtoast` client with this daemon's environment.
    @discardableResult
    func xtoast(_ args: [String], stdin: String? = nil, environment extra: [String: String] = [:], timeout: Double = 15) throws -> Run {
        try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), args, stdin: stdin,
                              environment: environment.merging(extra) { $1 }, timeout: timeout)
    }

    /// Starts the real client without waiting for it (for `show --wait`); collect it with `finish`.
    func startXtoast(_ args: [String]) throws -> Background {
        try Background.start(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), args, environment: environment)
    }

    struct Background {
        let process: Process
        let out: Pipe
        let err: Pipe

        /// Starts a program with its output piped, without waiting for it.
        static func start(_ executable: URL, _ args: [String], environment: [String: String]) throws -> Background {
            let p = Process()
            p.executableURL = executable
            p.arguments = args
            p.environment = environment
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            return Background(process: p, out: out, err: err)
        }

        /// Ends it (SIGKILL: the test runner blocks signals, and a child inherits that mask, so
        /// a SIGTERM it does not read from a signalfd stays pending for ever) and waits for it,
        /// at most 5 s. For `defer`: nothing a test started outlives it.
        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(5_000) }
        }

        /// Waits (with a deadline) for the client to exit and returns what it printed.
        func finish(timeout: Double = 10) throws -> Run {
            let p = process
            try waitUntil("the client to exit", timeout: timeout) { !p.isRunning }
            return Run(status: p.terminationStatus,
                       stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    /// Runs a program to its end; one that is still running after `timeout` seconds is killed,
    /// so a hung client fails its test instead of hanging the suite.
    static func run(_ executable: URL, _ args: [String], stdin: String? = nil, environment: [String: String],
                    timeout: Double = 15) throws -> Run {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let pid = p.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Shows a toast through the client and returns its id.
    func show(_ args: [String]) throws -> String {
        let r = try xtoast(["show"] + args)
        guard r.status == 0 else { throw TestFailure("xtoast show \(args) exited \(r.status): \(r.stderr)") }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
