#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ToastCore

/// `xtoast show` is launched once per toast, so what its path builds is counted here: it reads
/// its command line and writes its request without building the operation table (every op's
/// parser, fields, reply and docs). Each check runs in a process of its own (an exit test), as
/// the table is a lazy global that any earlier test in this process may have built already.
@Suite struct ShowPathTests {
    @Test func aShowParsesAndEncodesWithoutTheOperationTable() async {
        await #expect(processExitsWith: .success) {
            guard Operation.tableBuilds == 0 else { exit(10) }
            let command = try CommandParser.parse(["show", "--kind", "error", "--timeout", "0", "--title", "CI", "boom", "again"])
            guard case let .show(show) = command, show.request.message == "boom again", command.requestLine != nil else { exit(11) }
            exit(Operation.tableBuilds == 0 ? 0 : 12)
        }
    }

    /// The counter can fail: any other command does build the table, once.
    @Test func anotherCommandBuildsTheTableOnce() async {
        await #expect(processExitsWith: .success) {
            guard Operation.tableBuilds == 0 else { exit(10) }
            _ = try CommandParser.parse(["ping"])
            _ = try CommandParser.parse(["dismiss", "--all"])
            exit(Operation.tableBuilds == 1 ? 0 : 12)
        }
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
