@testable import Daemon
import Foundation
import Testing
@testable import ToastCore
import Transport

/// Issue 18: rule scripts run as real child processes, their output bounded in the log,
/// killed with their group at the timeout, 8 at once and 64 queued.
@Suite struct ScriptRunnerTests {
    /// A runner on a table of its own, its log kept, and the loop's part played by `drive`.
    final class Rig {
        final class Lines { var all: [String] = [] }
        let children = ChildProcesses()
        let lines = Lines()
        let runner: ScriptRunner
        let dir: String

        init(timeout: Double = 30) throws {
            let lines = lines
            runner = ScriptRunner(children: children, timeout: { timeout }, log: { lines.all.append($0) })
            dir = NSTemporaryDirectory() + "xtoast-scripts-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }

        var log: [String] { lines.all }

        func run(_ rule: String, _ command: [String], _ environment: [(String, String)] = []) {
            runner.run(RuleScript(rule: rule, command: command), environment: environment, now: Self.now())
        }

        /// Runs the loop's part until `condition` holds or `seconds` pass: polls the pipes up to
        /// the next deadline, reads them, kills the overdue, reaps. (The daemon reaps on
        /// SIGCHLD from its signalfd; a test process has threads that do not block SIGCHLD, so
        /// here the reaping is asked every turn: the table's work is the same.)
        @discardableResult
        func drive(seconds: Double = 10, until condition: () -> Bool) -> Bool {
            let end = Self.now() + seconds
            while Self.now() < end {
                children.reap()
                if condition() { return true }
                var fds = runner.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let wake = min(end, runner.nextDeadline ?? end, Self.now() + 0.02)
                _ = poll(&fds, nfds_t(fds.count), Int32(max(0, (wake - Self.now()) * 1000).rounded(.up)))
                runner.readOutput()
                if let due = runner.nextDeadline, due <= Self.now() { runner.killOverdue(now: Self.now()) }
            }
            children.reap()
            return condition()
        }

        var idle: Bool { runner.runningCount == 0 && runner.queuedCount == 0 && children.count(.ruleScript) == 0 }

        static func now() -> Double { DaemonClock().now() }

        func file(_ name: String) -> String { dir + "/" + name }
        func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }
    }

    @Test("what the runs say stays within 200 lines per 10 s, then one line says the rest are counted: a client's toasts can start a rule's script as fast as it sends them (issue 43)")
    func logLinesBounded() throws {
        let rig = try Rig()
        for i in 0..<500 { rig.run("flood \(i)", []) }
        #expect(rig.log.count == 201, "\(rig.log.suffix(2))")
        #expect(rig.log.last == "more than 200 program lines in 10 s: the rest are counted, not logged")
    }

    @Test func aScriptGetsTheToastsVariablesOverTheDaemonsEnvironment() throws {
        let rig = try Rig()
        let out = rig.file("env")
        rig.run("mail", ["/bin/sh", "-c", #"env > "$0.tmp" && mv "$0.tmp" "$0""#, out],
                [("XTOAST_ID", "7"), ("XTOAST_RULE", "mail"), ("XTOAST_SUMMARY", "New mail = yes"), ("PATH_NOT", "x")])
        #expect(rig.drive { rig.read("env") != nil && rig.idle })
        let env = Set((rig.read("env") ?? "").split(separator: "\n").map(String.init))
        #expect(env.contains("XTOAST_ID=7") && env.contains("XTOAST_RULE=mail") && env.contains("XTOAST_SUMMARY=New mail = yes"))
        // The daemon's own environment is kept.
        let path = String(cString: getenv("PATH"))
        #expect(env.contains("PATH=\(path)"))
        #expect(rig.log.isEmpty, "a script that succeeds quietly logs nothing: \(rig.log)")
    }

    @Test func aVariableTheDaemonHasIsReplacedNotDoubled() throws {
        let rig = try Rig()
        rig.run("r", ["/bin/sh", "-c", "env | grep -c '^HOME='; echo \"$HOME\""], [("HOME", "/elsewhere")])
        #expect(rig.drive { rig.idle })
        #expect(rig.log == ["rule r: 1", "rule r: /elsewhere"])
    }

    @Test func standardInputIsDevNullAndBothOutputsReachTheLogPrefixed() throws {
        let rig = try Rig()
        rig.run("in", ["/bin/sh", "-c", "readlink /proc/self/fd/0; cat; echo to-stderr >&2; printf 'no newline'"])
        #expect(rig.drive { rig.idle })
        #expect(rig.log == ["rule in: /dev/null", "rule in: to-stderr", "rule in: no newline"])
    }

    @Test func aScriptPrintingAMegabyteLeavesABoundedLog() throws {
        let rig = try Rig()
        // 1 MB on one line, then 100 000 short lines, on both streams; then it must still end.
        rig.run("big", ["/bin/sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' x; echo; yes line | head -n 100000 >&2; touch \"$0\"", rig.file("done")])
        #expect(rig.drive { rig.idle })
        #expect(rig.read("done") != nil, "the script ran to its end: the pipe never stalled it")
        #expect(rig.log.allSatisfy { $0.hasPrefix("rule big: ") })
        #expect(rig.log.count <= ScriptRunner.maxLogLines + 1)
        #expect(rig.log.reduce(0) { $0 + $1.utf8.count } <= ScriptRunner.maxLogBytes + (ScriptRunner.maxLogLines + 1) * 120)
        #expect(rig.log.first == "rule big: " + String(repeating: "x", count: ScriptRunner.maxLineBytes) + "…")
        #expect(rig.log.last?.contains("more output not logged") == true)
        #expect(!rig.log.contains { $0.contains("exited") }, "it succeeded: \(rig.log.suffix(2))")
    }

    @Test func aScriptThatNeverEndsIsKilledWithItsGroupAtTheTimeout() throws {
        let rig = try Rig(timeout: 1)
        let started = Rig.now()
        // A child of its own, which must die with it.
        rig.run("slow", ["/bin/sh", "-c", "sleep 1000 & echo $! > \"$0\"; wait", rig.file("child")])
        #expect(rig.drive { rig.read("child")?.hasSuffix("\n") == true })
        let child = try #require(pid_t((rig.read("child") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(isRunning(child))
        #expect(rig.drive(seconds: 5) { rig.idle })
        let took = Rig.now() - started
        #expect(took >= 1 && took < 3, "killed at the 1 s timeout, not \(took) s")
        #expect(rig.log == [#"rule slow: "/bin/sh" ran longer than 1 s; its process group was killed"#])
        #expect(rig.drive(seconds: 5) { !isRunning(child) }, "the script's own child was killed too")
    }

    @Test func tenScriptsRunEightAtATimeAndAllComplete() throws {
        let rig = try Rig()
        // Each counts the scripts running beside it while it runs.
        let script = #"d="$0"; touch "$d/run.$XTOAST_ID"; sleep 0.4; ls "$d" | grep -c '^run\.' >> "$d/counts"; rm "$d/run.$XTOAST_ID"; touch "$d/done.$XTOAST_ID""#
        for i in 0..<10 { rig.run("many", ["/bin/sh", "-c", script, rig.dir], [("XTOAST_ID", String(i))]) }
        #expect(rig.runner.runningCount == 8 && rig.runner.queuedCount == 2)
        var peak = 0
        #expect(rig.drive { peak = max(peak, rig.runner.runningCount); return rig.idle })
        #expect(peak <= ScriptRunner.maxRunning)
        for i in 0..<10 { #expect(rig.read("done.\(i)") != nil, "script \(i) completed") }
        let counts = (rig.read("counts") ?? "").split(separator: "\n").compactMap { Int($0) }
        #expect(counts.count == 10 && counts.allSatisfy { $0 >= 1 && $0 <= ScriptRunner.maxRunning }, "\(counts)")
        #expect(rig.log.isEmpty, "\(rig.log)")
    }

    @Test func pastEightRunningAndSixtyFourQueuedAScriptIsRefusedWithALogLine() throws {
        let rig = try Rig()
        for i in 0..<100 { rig.run("flood", ["/bin/sh", "-c", "touch \"$0\"", rig.file("ran.\(i)")]) }
        let refused = 100 - ScriptRunner.maxRunning - ScriptRunner.maxQueued
        #expect(rig.log.count == refused)
        #expect(rig.log.allSatisfy { $0 == "rule flood: not run: 8 scripts are running and 64 waiting" })
        #expect(rig.drive { rig.idle })
        let ran = (0..<100).filter { rig.read("ran.\($0)") != nil }
        #expect(ran == Array(0..<(ScriptRunner.maxRunning + ScriptRunner.maxQueued)), "the first 72, in order")
        #expect(rig.log.count == refused)
    }

    @Test func aMissingOrFailingProgramIsOneLogLine() throws {
        let rig = try Rig()
        let notExecutable = rig.file("plain")
        try "echo hi\n".write(toFile: notExecutable, atomically: true, encoding: .utf8)
        rig.run("missing", ["/nonexistent/notify-mail", "--flag"])
        rig.run("unknown", ["xtoast-no-such-program-anywhere"])
        rig.run("plain", [notExecutable])
        rig.run("fails", ["/bin/sh", "-c", "exit 3"])
        rig.run("signal", ["/bin/sh", "-c", "kill -TERM $$"])
        #expect(rig.drive { rig.idle })
        #expect(rig.log.sorted() == [
            #"rule fails: "/bin/sh" exited with status 3"#,
            #"rule missing: cannot run "/nonexistent/notify-mail": No such file or directory"#,
            "rule plain: cannot run \"\(notExecutable)\": Permission denied",
            #"rule signal: "/bin/sh" was ended by signal 15"#,
            #"rule unknown: cannot run "xtoast-no-such-program-anywhere": No such file or directory"#,
        ])
    }

    @Test func aProgramWithoutASlashIsFoundInPath() throws {
        let rig = try Rig()
        rig.run("path", ["echo", "found"])
        #expect(rig.drive { rig.idle })
        #expect(rig.log == ["rule path: found"])
    }

    @Test func reapingLeavesNoZombies() throws {
        let rig = try Rig()
        for i in 0..<12 { rig.run("z", ["/bin/sh", "-c", "echo $$ > \"$0\"", rig.file("pid.\(i)")]) }
        #expect(rig.drive { rig.idle })
        let pids = (0..<12).compactMap { pid_t((rig.read("pid.\($0)") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(pids.count == 12)
        for pid in pids { #expect(!isZombieChild(pid), "script \(pid) was reaped") }
        #expect(rig.children.count(.ruleScript) == 0)
    }

    @Test func anotherUsersReapStillDeliversTheScriptsEnding() throws {
        // The image decoder reaps the shared table for its own ends and ignores what it gets:
        // the script's status still reaches the runner, and the decoder's count is its own.
        let rig = try Rig()
        rig.run("late", ["/bin/sh", "-c", "exit 5"])
        #expect(rig.children.count(.ruleScript) == 1 && rig.children.count(ChildProcesses.Owner("image decoder")) == 0)
        let end = Rig.now() + 5
        while rig.runner.runningCount > 0, Rig.now() < end {
            _ = rig.children.reap()  // as DecodeWorker.collect does, discarding the list
            usleep(5000)
        }
        #expect(rig.log == [#"rule late: "/bin/sh" exited with status 5"#])
    }
}

/// Whether `pid` exists and is not a zombie. The corresponding file is `/proc/PID/stat`.
private func isRunning(_ pid: pid_t) -> Bool {
    guard let state = procState(pid) else { return false }
    return state.state != "Z" && state.state != "X"
}

/// Whether `pid` is a zombie whose parent is this process (ended, never reaped).
private func isZombieChild(_ pid: pid_t) -> Bool {
    guard let state = procState(pid) else { return false }
    return state.state == "Z" && state.parent == getpid()
}

private func procState(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
    return (state, parent)
}
