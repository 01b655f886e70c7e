import Foundation
import Testing

extension Integration {
    /// Issue 18: the daemon's children (image decoders, rule scripts) share one table, reaped
    /// when SIGCHLD arrives on the daemon's signalfd.
    @Suite struct ChildReapingTests {
        /// The signals a thread blocks, from `/proc/PID/task/TID/status` (`SigBlk`, hexadecimal).
        static func blockedSignals(_ pid: Int32, _ tid: String) throws -> UInt64 {
            let status = try String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
            return try #require(UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        }

        @Test("every thread of the daemon blocks SIGCHLD (so it reaches the signalfd, not a thread that drops it); its decoders are reaped")
        func sigchldIsBlockedInEveryThreadAndDecodersAreReaped() throws {
            let daemon = try DaemonHarness()
            let pid = daemon.process.processIdentifier
            let png = daemon.directory.appendingPathComponent("blue.png")
            let convert = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "32x32", "xc:#1c71d8", png.path],
                                                environment: [:])
            try #require(convert.status == 0, "convert: \(convert.stderr)")
            for i in 0..<3 {
                let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", png.path, "image \(i)"])
                #expect(run.stderr.isEmpty, "\(run.stderr)")
            }
            let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            #expect(!threads.isEmpty)
            let bit = { (signal: Int32) in UInt64(1) << UInt64(signal - 1) }
            for tid in threads {
                let blocked = try Self.blockedSignals(pid, tid)
                #expect(blocked & bit(SIGCHLD) != 0, "thread \(tid) of \(threads.count) does not block SIGCHLD: \(String(blocked, radix: 16))")
                #expect(blocked & bit(SIGTERM) != 0, "thread \(tid) does not block SIGTERM")
            }
            try waitUntil("no child of the daemon to be left (a zombie is one not reaped)") {
                ScriptAndImageTests.children(of: pid).isEmpty
            }
            #expect(daemon.process.isRunning)
        }
    }
}
