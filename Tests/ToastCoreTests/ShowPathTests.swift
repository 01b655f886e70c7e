#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import Operations
import Testing
@testable import ToastCore

/// `xtoast show` is launched once per toast, so what its path builds is counted here: it reads
/// its command line and writes its request without building the operation table (every op's
/// parser, fields, reply and docs). Each check runs in a fresh copy of this test process (its
/// executable again, filtered to `freshProcessCheck`), as the table is a lazy global that any
/// earlier test in this process may have built already.
///
/// Not an exit test (`#expect(processExitsWith:)`): Swift Testing's exit-test monitor thread
/// then waits on every child of the process, and once the integration tests' daemons had left
/// orphaned script children behind it spun on them for ever and the run never ended.
@Suite struct ShowPathTests {
    static let checkVariable = "XTOAST_SHOW_PATH_CHECK"

    /// Runs `check` in a fresh process; its exit status (0: it held).
    static func inFreshProcess(_ check: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        p.arguments = ["--testing-library", "swift-testing", "--filter", "freshProcessCheck"]
        p.environment = ProcessInfo.processInfo.environment.merging([checkVariable: check]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(60)
        while p.isRunning, Date() < deadline { usleep(10_000) }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            return -1
        }
        return p.terminationStatus
    }

    /// The child's side: does nothing unless a parent named a check.
    @Test func freshProcessCheck() throws {
        guard let check = ProcessInfo.processInfo.environment[Self.checkVariable] else { return }
        guard Operation.tableBuilds == 0 else { exit(10) }
        switch check {
        case "show":
            let command = try CommandParser.parse(["show", "--kind", "error", "--timeout", "0", "--title", "CI", "boom", "again"])
            guard case let .show(show) = command, show.request.message == "boom again", command.requestLine != nil else { exit(11) }
            exit(Operation.tableBuilds == 0 ? 0 : 12)
        default:
            _ = try CommandParser.parse(["ping"])
            _ = try CommandParser.parse(["dismiss", "--all"])
            exit(Operation.tableBuilds == 1 ? 0 : 12)
        }
    }

    @Test func aShowParsesAndEncodesWithoutTheOperationTable() throws {
        #expect(try Self.inFreshProcess("show") == 0)
    }

    /// The counter can fail: any other command does build the table, once.
    @Test func anotherCommandBuildsTheTableOnce() throws {
        #expect(try Self.inFreshProcess("other") == 0)
    }

    /// The shortcut and the table's own `show` entry read every kind of show command line the
    /// same way, and refuse the same mistakes with the same words.
    @Test func theShortcutAgreesWithTheTablesShowEntry() throws {
        let parse = try #require(Operation.named("show")?.parse)
        let lines: [[String]] = [
            ["hello"], ["two", "words"], ["-"], ["--title", "T", "--kind", "success", "--timeout", "2.5", "msg"],
            ["--id=job-1", "--position", "bottom-left", "--style", "capsule", "--icon", "/tmp/x.png", "m"],
            ["--action", "yes=Yes", "--action", "no=No", "--default-action", "yes", "--wait", "--print", "json", "ask"],
            ["--markup", "--urgency", "low", "--progress", "40", "--app", "build", "--monitor", "primary", "<b>x</b>"],
            ["--", "--help"], ["--kind", "nope", "m"], ["--timeout", "-1", "m"], [], ["--title"], ["--bogus", "m"],
        ]
        for rest in lines {
            let viaShortcut = Result { () throws(UsageError) in try CommandParser.parse(["show"] + rest) }
            let viaTable = Result { () throws(UsageError) in try parse(rest) }
            #expect(viaShortcut == viaTable, "show \(rest)")
        }
    }
}
