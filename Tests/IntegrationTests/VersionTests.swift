import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 17: one version, wherever it is asked for (the D-Bus `GetServerInformation` is
    /// checked in NotificationServerTests, the man pages in ToastCoreTests).
    @Suite struct VersionTests {
        @Test("xtoast --version and xtoastd --version print the one version, need no display or daemon, and exit 0")
        func binaries() throws {
            let env = ["PATH": "/usr/bin:/bin", "XTOAST_SOCKET": "/nonexistent/s.sock"]
            for program in ["xtoast", "xtoastd"] {
                let run = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent(program), ["--version"],
                                                environment: env, timeout: 10)
                #expect(run.status == 0, "\(program): \(run.stderr)")
                #expect(run.stdout == "\(program) \(Version.number)\n", "\(program): \(run.stdout)")
            }
        }
    }
}
