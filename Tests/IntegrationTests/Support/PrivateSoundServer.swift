import Foundation

/// A PulseAudio server of the test's own, on a null sink (no sound card needed), so the daemon
/// under test plays to it and nowhere else. Started by the test itself: as root PulseAudio does
/// not autospawn. `pactl subscribe` watches it for new sink-inputs, the one trace a short
/// sound leaves (it ends before `pactl list` could see it).
final class PrivateSoundServer {
    let directory: URL
    /// What a client sets `PULSE_SERVER` to.
    let address: String
    private let server: pid_t
    private var subscriber: Process?
    private let events: URL

    init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-pulse-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        address = "unix:" + directory.appendingPathComponent("native").path
        events = directory.appendingPathComponent("events.log")
        _ = FileManager.default.createFile(atPath: events.path, contents: nil)
        // Its state and cookie go in the test's directory, not the user's home.
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = directory.path
        env["XDG_RUNTIME_DIR"] = directory.path
        env["XDG_CONFIG_HOME"] = directory.path
        env.removeValue(forKey: "DISPLAY")
        let log = directory.appendingPathComponent("pulseaudio.log").path
        // Spawned directly, not through Foundation's Process: PulseAudio closes every inherited
        // descriptor at start, among them the one Process watches to learn that its child
        // ended, and Process then waits for it in a blocking wait4 that stalls every other
        // Process of the test.
        server = try Self.spawn("/usr/bin/pulseaudio", [
            "-n", "--exit-idle-time=-1", "--daemonize=no", "--disable-shm=yes", "-L", "module-null-sink",
            "-L", "module-native-protocol-unix socket=\(directory.appendingPathComponent("native").path) auth-anonymous=1",
        ], environment: env, log: log)
        let pid = server
        try waitUntil("PulseAudio to answer", timeout: 10) {
            guard kill(pid, 0) == 0 else { throw TestFailure("pulseaudio exited: \(self.serverLog)") }
            return (try? self.pactl(["info"]).status) == 0
        }
    }

    deinit {
        if let subscriber, subscriber.isRunning { kill(subscriber.processIdentifier, SIGKILL) }
        kill(server, SIGKILL)
        var status: Int32 = 0
        waitpid(server, &status, 0)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts `path` with `arguments` and `environment`, its output into `log`.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw TestFailure("cannot start \(path): \(String(cString: strerror(result)))") }
        return pid
    }

    var serverLog: String { (try? String(contentsOf: directory.appendingPathComponent("pulseaudio.log"), encoding: .utf8)) ?? "" }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["PULSE_SERVER"] = address
        env["HOME"] = directory.path
        return env
    }

    @discardableResult
    func pactl(_ args: [String]) throws -> DaemonHarness.Run {
        try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/pactl"), args, environment: environment, timeout: 10)
    }

    /// Starts `pactl subscribe`; returns once it hears (a sink loaded as a marker, so its
    /// subscription is surely in place).
    func subscribe() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        p.arguments = ["subscribe"]
        p.environment = environment
        p.standardOutput = try FileHandle(forWritingTo: events)
        p.standardError = FileHandle.nullDevice
        try p.run()
        subscriber = p
        try waitUntil("pactl subscribe to hear", timeout: 10) {
            try self.pactl(["load-module", "module-null-sink", "sink_name=marker\(UUID().uuidString.prefix(4))"])
            return (try? String(contentsOf: self.events, encoding: .utf8))?.contains("on sink #") ?? false
        }
    }

    /// The indices of the sink-inputs (played sounds) that appeared since `subscribe`, in order.
    var newSinkInputs: [Int] {
        let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.contains("'new' on sink-input #") else { return nil }
            return Int(line.split(separator: "#").last ?? "")
        }
    }

    /// The indices of the sink-inputs playing now whose libcanberra event id is `eventID`.
    func playing(_ eventID: String) throws -> [Int] {
        let list = try pactl(["list", "sink-inputs"]).stdout
        return list.components(separatedBy: "Sink Input #").dropFirst().compactMap { block in
            guard block.contains("event.id = \"\(eventID)\"") else { return nil }
            return Int(block.prefix { $0.isNumber })
        }
    }
}
