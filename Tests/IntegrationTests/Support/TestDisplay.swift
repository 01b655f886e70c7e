import Foundation

/// The X server integration tests draw on.
///
/// `scripts/test` starts a private Xvfb and passes it as `XTOAST_TEST_DISPLAY`. Run without the
/// script (`swift test` by hand), the first test starts one itself on a free display number
/// (Xvfb's `-displayfd`), which is stopped when the test process exits.
enum TestDisplay {
    static let name: String = {
        if let d = ProcessInfo.processInfo.environment["XTOAST_TEST_DISPLAY"], !d.isEmpty { return d }
        return startPrivateXvfb()
    }()

    nonisolated(unsafe) static var xvfbPID: pid_t = 0

    private static func startPrivateXvfb() -> String {
        let pipe = Pipe()
        let xvfb = Process()
        // Process has no API for an extra fd; hand the pipe over as fd 3 through a shell.
        xvfb.executableURL = URL(fileURLWithPath: "/bin/sh")
        xvfb.arguments = ["-c", "exec Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>&1 1>/dev/null 2>/dev/null"]
        xvfb.standardOutput = pipe
        try! xvfb.run()
        xvfbPID = xvfb.processIdentifier
        atexit { if TestDisplay.xvfbPID > 0 { kill(TestDisplay.xvfbPID, SIGKILL) } }
        var number = ""
        let handle = pipe.fileHandleForReading
        while !number.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        return ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Waits for a condition with a deadline, polling every few milliseconds. Never a bare sleep:
/// a test either sees what it waits for or fails saying what it was waiting for.
func waitUntil(_ what: String, timeout: Double = 5, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return }
        usleep(5_000)
    }
    if try condition() { return }
    throw TestFailure("timed out after \(timeout) s waiting for \(what)")
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
