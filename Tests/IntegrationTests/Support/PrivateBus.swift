import Foundation

/// A session bus of the test's own (`dbus-daemon --session`), so the daemon under
/// test and the real clients (`notify-send`, `gdbus`, `dbus-monitor`) meet there and nowhere
/// else. Stopped with SIGKILL: processes started from test threads block SIGTERM.
final class PrivateBus {
    let address: String
    private let daemon: Process
    private let directory: URL
    private var watchers: [Process] = []

    /// Starts `dbus-daemon` in the foreground on a socket in a directory of its own (not
    /// `--fork`: a forked daemon would hold the test's pipes open). `serviceDirectory`: the
    /// one folder of `.service` files the bus activates from (none otherwise).
    init(serviceDirectory: String? = nil) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        // A config of its own with no service directories but the test's: nothing else is
        // activated on this bus (an installed dunst would otherwise start when nobody owns the name).
        let config = directory.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              \(serviceDirectory.map { "<servicedir>\($0)</servicedir>" } ?? "")
              <limit name="max_message_size">134217728</limit>
              <limit name="max_incoming_bytes">268435456</limit>
              <limit name="max_outgoing_bytes">268435456</limit>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        daemon.arguments = ["--config-file=" + config.path, "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        let process = daemon
        try waitUntil("dbus-daemon to listen") {
            guard process.isRunning else { throw TestFailure("dbus-daemon exited") }
            return FileManager.default.fileExists(atPath: socket)
        }
    }

    deinit {
        for w in watchers where w.isRunning { kill(w.processIdentifier, SIGKILL) }
        if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Kills `dbus-daemon` (the session ending under the daemon) and waits until it is gone.
    func end() throws {
        kill(daemon.processIdentifier, SIGKILL)
        let process = daemon
        try waitUntil("dbus-daemon to exit") { !process.isRunning }
    }

    /// The environment a client on this bus needs.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Runs a program on this bus to its end.
    @discardableResult
    func run(_ program: String, _ args: [String], timeout: Double = 10) throws -> DaemonHarness.Run {
        try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/" + program), args, environment: environment, timeout: timeout)
    }

    /// Starts a program on this bus without waiting (`notify-send -A` waits for an action).
    func start(_ program: String, _ args: [String]) throws -> DaemonHarness.Background {
        let started = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/" + program), args, environment: environment)
        watchers.append(started.process)
        return started
    }

    /// `gdbus call` on the notification server.
    func call(_ method: String, _ args: [String] = []) throws -> DaemonHarness.Run {
        try run("gdbus", ["call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                          "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications." + method] + args)
    }

    /// Watches the notification signals (or those `match` names) with `dbus-monitor`, into a
    /// file read by `signals` (or as `text`).
    func monitor(match: String = "type='signal',interface='org.freedesktop.Notifications'") throws -> SignalLog {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-bus-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        p.arguments = ["--session", match]
        p.environment = environment
        p.standardOutput = try FileHandle(forWritingTo: file)
        p.standardError = FileHandle.nullDevice
        try p.run()
        watchers.append(p)
        // dbus-monitor prints its own NameAcquired first: then its match is in place.
        try waitUntil("dbus-monitor to listen") { (try? String(contentsOf: file, encoding: .utf8))?.contains("NameAcquired") ?? false }
        return SignalLog(file: file)
    }

    /// The notification signals seen so far, decoded from dbus-monitor's text.
    struct SignalLog {
        let file: URL

        enum Signal: Equatable {
            case closed(id: UInt32, reason: UInt32)
            case action(id: UInt32, key: String)
            case token(id: UInt32, token: String)
            case replied(id: UInt32, text: String)
        }

        /// What dbus-monitor printed so far.
        var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        var signals: [Signal] {
            var result: [Signal] = []
            let blocks = text.components(separatedBy: "signal time=").dropFirst()
            for block in blocks {
                let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                func value(_ i: Int, _ prefix: String) -> String? {
                    lines.indices.contains(i) && lines[i].hasPrefix(prefix) ? String(lines[i].dropFirst(prefix.count)) : nil
                }
                if lines.first?.contains("member=NotificationClosed") == true,
                   let id = value(1, "uint32 ").flatMap(UInt32.init), let reason = value(2, "uint32 ").flatMap(UInt32.init) {
                    result.append(.closed(id: id, reason: reason))
                } else if lines.first?.contains("member=ActionInvoked") == true,
                          let id = value(1, "uint32 ").flatMap(UInt32.init), let key = value(2, "string ") {
                    result.append(.action(id: id, key: key.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
                } else if lines.first?.contains("member=NotificationReplied") == true,
                          let id = value(1, "uint32 ").flatMap(UInt32.init), let text = value(2, "string ") {
                    result.append(.replied(id: id, text: text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
                } else if lines.first?.contains("member=ActivationToken") == true,
                          let id = value(1, "uint32 ").flatMap(UInt32.init), let token = value(2, "string ") {
                    result.append(.token(id: id, token: token.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
                }
            }
            return result
        }

        /// Waits until `expected` has been seen (in order, among others).
        func wait(for expected: [Signal], timeout: Double = 5) throws {
            try waitUntil("signals \(expected)", timeout: timeout) {
                let seen = signals
                var i = 0
                for s in seen where i < expected.count && s == expected[i] { i += 1 }
                return i == expected.count
            }
        }
    }
}
