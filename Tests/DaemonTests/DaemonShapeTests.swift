@testable import Daemon
import Foundation
import Testing

/// Issue 44: the loop is wiring, and a feature with a timer registers with `WakeRegistry`
/// instead of adding a field and a case: `ToastDaemon` keeps at most 12 stored properties.
@Suite struct DaemonShapeTests {
    static let maxDaemonProperties = 12

    @Test("ToastDaemon keeps at most 12 stored properties")
    func daemonProperties() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-shape-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Its socket, history, quiet and snooze files in a directory of the test's own.
        let saved: [(String, String?)] = ["XTOAST_SOCKET", "XDG_STATE_HOME"].map { name in
            (name, getenv(name).map { String(cString: $0) })
        }
        setenv("XTOAST_SOCKET", directory.appendingPathComponent("socket").path, 1)
        setenv("XDG_STATE_HOME", directory.path, 1)
        let daemon = try ToastDaemon(output: FakeOutput(), configPath: nil, busOptions: .init(arguments: ["--no-dbus"]))
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        let names = Mirror(reflecting: daemon).children.compactMap(\.label)
        #expect(names.count <= Self.maxDaemonProperties, "\(names.count): \(names)")
    }
}
