import Foundation

/// An Xvfb of a test's own, for what must not disturb the shared test display: several
/// monitors (`xrandr --setmonitor`), a work area. Started with `-noreset`, so monitors set
/// by short-lived `xrandr` calls stay; stopped when the value goes.
final class PrivateDisplay {
    let name: String
    private let xvfb: Process

    init(size: String) throws {
        let pipe = Pipe()
        xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/bin/sh")
        xvfb.arguments = ["-c", "exec Xvfb -displayfd 3 -noreset -screen 0 \(size)x24 -nolisten tcp 3>&1 1>/dev/null 2>/dev/null"]
        xvfb.standardOutput = pipe
        try xvfb.run()
        var number = ""
        let handle = pipe.fileHandleForReading
        while !number.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { throw TestFailure("Xvfb did not start") }
            number += String(decoding: byte, as: UTF8.self)
        }
        name = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ends the server at once, as a crash would.
    func kill() {
        Foundation.kill(xvfb.processIdentifier, SIGKILL)
        xvfb.waitUntilExit()
    }

    deinit {
        // SIGKILL: a server spawned from a test thread inherits that thread's blocked
        // signals, SIGTERM among them, and would ignore a polite request.
        if xvfb.isRunning { kill() }
    }

    /// Runs an X client (`xrandr`, `xprop`) on this display; throws when it fails.
    @discardableResult
    func run(_ tool: String, _ args: [String]) throws -> String {
        let r = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/\(tool)"), args, environment: ["DISPLAY": name, "PATH": "/usr/bin:/bin"])
        guard r.status == 0 else { throw TestFailure("\(tool) \(args) exited \(r.status): \(r.stderr)") }
        return r.stdout
    }

    /// Defines monitors as `xrandr --setmonitor` takes them: `*NAME WxH+X+Y` (`*` primary).
    func setMonitors(_ monitors: [String]) throws {
        for (i, spec) in monitors.enumerated() {
            let parts = spec.split(separator: " ")
            let geometry = parts[1].split(whereSeparator: { $0 == "x" || $0 == "+" })
            let (w, h, x, y) = (geometry[0], geometry[1], geometry[2], geometry[3])
            // The millimetre part is required; the first monitor takes the real output.
            try run("xrandr", ["--setmonitor", String(parts[0]), "\(w)/\(Int(w)! / 4)x\(h)/\(Int(h)! / 4)+\(x)+\(y)", i == 0 ? "screen" : "none"])
        }
    }
}
