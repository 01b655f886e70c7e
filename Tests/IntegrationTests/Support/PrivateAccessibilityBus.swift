import Foundation

/// An accessibility bus of the test's own on a `PrivateBus`: Debian's at-spi2-core, as a
/// desktop runs it (`at-spi-bus-launcher --launch-immediately`, which owns `org.a11y.Bus` and
/// starts the accessibility bus's dbus-daemon, then `at-spi2-registryd` on it), with
/// `org.a11y.Status.IsEnabled` set as Orca sets it. GSettings in memory and a runtime
/// directory of its own keep it from the user's settings and from any other launcher.
final class PrivateAccessibilityBus {
    private let launcher: Process
    private var registry: Process?
    private let session: PrivateBus
    private let runtime: URL
    /// The accessibility bus's own address (what `org.a11y.Bus.GetAddress` answers).
    private(set) var address = ""

    init(on session: PrivateBus, enabled: Bool = true) throws {
        self.session = session
        runtime = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-a11y-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        launcher.arguments = ["--launch-immediately"]
        var env = environment
        // Not on the test's X server: the launcher would leave its address on the root window.
        env["DISPLAY"] = nil
        launcher.environment = env
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        try waitUntil("at-spi-bus-launcher to own org.a11y.Bus") {
            guard launcher.isRunning else { throw TestFailure("at-spi-bus-launcher exited") }
            return try session.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                             "--method", "org.freedesktop.DBus.NameHasOwner", "org.a11y.Bus"]).stdout.contains("true")
        }
        if enabled { try setEnabled(true) }
        let reply = try session.run("gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                              "--method", "org.a11y.Bus.GetAddress"]).stdout
        // ('unix:path=…,guid=…',)
        guard let start = reply.firstIndex(of: "'"), let end = reply.lastIndex(of: "'"), start < end else {
            throw TestFailure("no accessibility bus address in \(reply)")
        }
        address = String(reply[reply.index(after: start)..<end])
        let registry = Process()
        registry.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi2-registryd")
        registry.environment = environment.merging(["DISPLAY": TestDisplay.name]) { $1 }
        registry.standardOutput = FileHandle.nullDevice
        registry.standardError = FileHandle.nullDevice
        try registry.run()
        self.registry = registry
        let address = address
        try waitUntil("at-spi2-registryd to own org.a11y.atspi.Registry") {
            guard registry.isRunning else { throw TestFailure("at-spi2-registryd exited") }
            return try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/gdbus"),
                                         ["call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                          "--method", "org.freedesktop.DBus.NameHasOwner", "org.a11y.atspi.Registry"],
                                         environment: session.environment).stdout.contains("true")
        }
    }

    deinit { stop() }

    /// Kills the registry, the accessibility bus's dbus-daemon and the launcher (SIGKILL:
    /// processes started from test threads block SIGTERM) and waits until the launcher is gone.
    func stop() {
        if let registry, registry.isRunning { kill(registry.processIdentifier, SIGKILL) }
        if launcher.isRunning {
            let pid = launcher.processIdentifier
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            let children = tasks.flatMap { task in
                ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                    .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            for child in children { kill(child, SIGKILL) }
            kill(pid, SIGKILL)
            let launcher = launcher
            try? waitUntil("at-spi-bus-launcher to exit") { !launcher.isRunning }
        }
        try? FileManager.default.removeItem(at: runtime)
    }

    /// `org.a11y.Status.IsEnabled`, as a screen reader sets it when it starts.
    func setEnabled(_ on: Bool) throws {
        let r = try session.run("gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                          "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled",
                                          on ? "<true>" : "<false>"])
        guard r.status == 0 else { throw TestFailure("cannot set IsEnabled: \(r.stderr)") }
    }

    /// How many connections the process `pid` has on the accessibility bus (the bus's own
    /// record: `ListNames`, then `GetConnectionUnixProcessID` of each unique name).
    func connections(of pid: pid_t) throws -> Int {
        func call(_ method: String, _ args: [String] = []) throws -> String {
            try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/gdbus"),
                                  ["call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                   "--method", "org.freedesktop.DBus." + method] + args, environment: session.environment).stdout
        }
        let names = try call("ListNames").split(separator: "'").filter { $0.hasPrefix(":") }
        return try names.filter { name in
            try call("GetConnectionUnixProcessID", [String(name)]).contains("(uint32 \(pid),)")
        }.count
    }

    /// The environment the launcher and the registry run in.
    var environment: [String: String] {
        session.environment.merging(["XDG_RUNTIME_DIR": runtime.path, "GSETTINGS_BACKEND": "memory"]) { $1 }
    }

    /// The environment a client (pyatspi) needs: the session bus and this accessibility bus
    /// named outright, so no other launcher's address (an X root window's) is used.
    var clientEnvironment: [String: String] {
        session.environment.merging(["AT_SPI_BUS_ADDRESS": address, "DISPLAY": TestDisplay.name]) { $1 }
    }
}
