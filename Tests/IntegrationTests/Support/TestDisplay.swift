import Foundation
import Testing

/// The X servers integration tests draw on.
///
/// `scripts/test` starts two private Xvfbs and passes them as `XTOAST_TEST_DISPLAY` and
/// `XTOAST_TEST_DISPLAY_2`: the suites of `Integration` run one at a time on the first while
/// those of `IntegrationOnSecondDisplay` run one at a time on the second, so the two halves
/// of the suite take their turns side by side. Run without the script (`swift test` by hand),
/// the first test of each half starts its server itself on a free display number (Xvfb's
/// `-displayfd`), which is stopped when the test process exits.
enum TestDisplay {
    /// The display of the test running now: `OnSecondDisplay` sets it for its suites.
    @TaskLocal static var current: String?

    static var name: String { current ?? first }

    static let first: String = fromEnvironment("XTOAST_TEST_DISPLAY") ?? startPrivateXvfb()
    static let second: String = fromEnvironment("XTOAST_TEST_DISPLAY_2") ?? startPrivateXvfb()

    private static func fromEnvironment(_ key: String) -> String? {
        guard let d = ProcessInfo.processInfo.environment[key], !d.isEmpty else { return nil }
        return d
    }

    private static let started = NSLock()
    nonisolated(unsafe) private static var xvfbPIDs: [pid_t] = []

    private static func startPrivateXvfb() -> String {
        let pipe = Pipe()
        let xvfb = Process()
        // Process has no API for an extra fd; hand the pipe over as fd 3 through a shell.
        xvfb.executableURL = URL(fileURLWithPath: "/bin/sh")
        xvfb.arguments = ["-c", "exec Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>&1 1>/dev/null 2>/dev/null"]
        xvfb.standardOutput = pipe
        try! xvfb.run()
        started.withLock {
            if xvfbPIDs.isEmpty { atexit { for pid in TestDisplay.xvfbPIDs { kill(pid, SIGKILL) } } }
            xvfbPIDs.append(xvfb.processIdentifier)
        }
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

/// Runs a suite's tests on the second X server (`TestDisplay.second`).
struct OnSecondDisplay: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await TestDisplay.$current.withValue(TestDisplay.second) { try await function() }
    }
}

extension Trait where Self == OnSecondDisplay {
    static var onSecondDisplay: Self { Self() }
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
