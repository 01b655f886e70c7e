@testable import ConfigParsing
@testable import Daemon
import Foundation
import Testing
@testable import ToastCore
import Transport

/// Issue 32: what the user starts (the link opener, the menu key) runs in a pool of its own:
/// never behind a flood of rule scripts, never killed, in a session of its own, its output
/// logged as `opener:` and read until what it left running closes it, and reaped.
@Suite struct UserActionsTests {
    /// Both runners on one process table, as the daemon has them, their logs kept apart; the
    /// loop's part played by `drive`.
    final class Runners {
        final class Lines { var all: [String] = [] }
        let children = ChildProcesses()
        let scriptLines = Lines()
        let userLines = Lines()
        let scripts: ScriptRunner
        let user: ScriptRunner
        let dir: String

        init(scriptTimeout: Double = 30) throws {
            let scriptLines = scriptLines, userLines = userLines
            scripts = ScriptRunner(children: children, timeout: { scriptTimeout }, log: { scriptLines.all.append($0) })
            user = ScriptRunner(children: children, pool: .userActions, timeout: { scriptTimeout }, log: { userLines.all.append($0) })
            dir = NSTemporaryDirectory() + "xtoast-user-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }

        /// Polls both runners' pipes, reads them, kills the overdue scripts and reaps, until
        /// `condition` holds or `seconds` pass (the daemon reaps on SIGCHLD; a test asks each turn).
        @discardableResult
        func drive(seconds: Double = 10, until condition: () -> Bool) -> Bool {
            let end = Self.now() + seconds
            while Self.now() < end {
                children.reap()
                if condition() { return true }
                var fds = (scripts.descriptors + user.descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let wake = min(end, scripts.nextDeadline ?? end, Self.now() + 0.02)
                _ = poll(&fds, nfds_t(fds.count), Int32(max(0, (wake - Self.now()) * 1000).rounded(.up)))
                scripts.readOutput()
                user.readOutput()
                if let due = scripts.nextDeadline, due <= Self.now() { scripts.killOverdue(now: Self.now()) }
            }
            children.reap()
            return condition()
        }

        static func now() -> Double { DaemonClock().now() }
        func file(_ name: String) -> String { dir + "/" + name }
        func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }
        func runForUser(_ name: String, _ command: [String]) {
            user.run(RuleScript(rule: name, command: command), environment: [], now: Self.now())
        }
        var userIdle: Bool { user.runningCount == 0 && user.heldCount == 0 && children.count(.userAction) == 0 }
    }

    @Test("a flood of bus toasts fills the scripts' queue; a link click still starts the opener at once, and the menu key its client")
    func userActionsDoNotWaitBehindScripts() throws {
        let runners = try Runners()
        let parsed = ConfigParser.parse("""
            [rule flood]
            match app = flood
            position = bottom-left
            script = /bin/sleep 30
            """, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        var config = parsed.config
        config.opener = ["/bin/sh", "-c", #"printf '%s' "$1" > "$0""#, runners.file("opened")]
        let rig = Rig(config: config,
                      runScript: { script, env in runners.scripts.run(script, environment: env, now: Runners.now()) },
                      runForUser: { program, env in runners.user.run(program, environment: env, now: Runners.now()) })
        let bus = DesktopNotifications(service: rig.service)
        for i in 0..<100 { _ = bus.notify(NotifyCall(appName: "flood", summary: "flood \(i)"), now: rig.now) }
        #expect(runners.scripts.runningCount == ScriptRunner.maxRunning && runners.scripts.queuedCount == ScriptRunner.maxQueued)
        #expect(runners.scriptLines.all.count == 100 - ScriptRunner.maxRunning - ScriptRunner.maxQueued, "the rest refused")

        // A bus body's link, as a click on it would open it.
        let link = "https://example.org/notes?a=1&b=2"
        _ = bus.notify(NotifyCall(appName: "chat", summary: "Notes", body: #"see <a href="\#(link)">the notes</a>"#), now: rig.now)
        guard case let .ok(id?, _) = rig.request(#"{"op":"invoke","link":"\#(link)"}"#) else { throw TestFailure("invoke refused") }
        #expect(runners.user.runningCount == 1, "started at once, with 72 scripts ahead of it")
        #expect(runners.drive { runners.read("opened") == link && runners.userIdle }, "the opener ran with the link: \(runners.userLines.all)")
        #expect(rig.service.board.toast(id) == nil, "the click counted")

        rig.service.runMenuClient()
        #expect(runners.user.runningCount == 1, "the menu's client started at once too: \(runners.userLines.all)")
        #expect(runners.drive { runners.userIdle }, "and ended by itself (no daemon answers it here)")
        #expect(runners.userLines.all.allSatisfy { $0.hasPrefix("menu: ") }, "\(runners.userLines.all)")
        #expect(runners.scripts.runningCount == ScriptRunner.maxRunning, "the scripts still run, untouched")
    }

    @Test("at most maxUserActions run at once; one more is refused with a log line, and its click still ends the toast")
    func fifthOpenerRefused() throws {
        let runners = try Runners()
        var config = Config()
        config.opener = ["/bin/sh", "-c", "sleep 3"]
        let rig = Rig(config: config, runForUser: { program, env in runners.user.run(program, environment: env, now: Runners.now()) })
        var ids: [String] = []
        for i in 0...ScriptRunner.maxUserActions {
            ids.append(rig.show(#""markup":true,"timeout":0,"message":"<a href=\"https://example.org/\#(i)\">x</a>""#))
        }
        for (i, id) in ids.enumerated() {
            #expect(rig.request(#"{"op":"invoke","id":"\#(id)","link":"https://example.org/\#(i)"}"#) == .ok(id: id))
        }
        #expect(ScriptRunner.maxUserActions == 4 && runners.user.runningCount == 4)
        #expect(runners.userLines.all == ["opener: not run: 4 programs started for the user are running"])
        #expect(ids.allSatisfy { rig.service.board.toast($0) == nil }, "every click counted")
        for id in ids { #expect(rig.sink.heard(by: rig.alice).contains(.dismissed(id: id, reason: .click))) }
    }

    @Test("an opener is never killed, however long it runs: its session is its own, its output is logged as opener:, it is reaped")
    func openerOutlivesTheScriptTimeout() throws {
        let runners = try Runners(scriptTimeout: 1)
        let started = Runners.now()
        runners.runForUser("opener", ["/bin/sh", "-c", #"cut -d' ' -f6 /proc/$$/stat > "$0"; echo $$ > "$0.pid"; echo opening; sleep 2; echo done >&2"#,
                                      runners.file("session")])
        #expect(runners.drive { runners.userIdle })
        #expect(Runners.now() - started >= 2, "it ran its 2 s, past the 1 s script_timeout")
        let pid = try #require(pid_t((runners.read("session.pid") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(runners.read("session")?.trimmingCharacters(in: .whitespacesAndNewlines) == String(pid), "the session leader: setsid")
        #expect(getsid(0) != pid)
        #expect(runners.userLines.all == ["opener: opening", "opener: done"])
        #expect(!isZombie(pid), "reaped")
    }

    @Test("what an opener leaves running keeps its output: read (and logged, bounded) until it closes it, never a closed pipe")
    func backgroundChildKeepsItsPipe() throws {
        let runners = try Runners()
        // The opener ends at once; the "browser" it started writes a second later, then 100 lines.
        runners.runForUser("opener", ["/bin/sh", "-c", #"(sleep 1; echo browser up; trap 'echo SIGPIPE > "$0.pipe"' PIPE; yes line | head -n 100; echo alive > "$0") & echo handed over"#,
                                      runners.file("alive")])
        #expect(runners.drive { runners.user.runningCount == 0 })
        #expect(runners.user.heldCount == 1, "its pipe is still held by what it started")
        #expect(runners.drive { runners.userIdle && runners.read("alive") != nil }, "\(runners.userLines.all)")
        #expect(runners.read("alive") == "alive\n" && runners.read("alive.pipe") == nil, "the child wrote to the end")
        let lines = runners.userLines.all
        #expect(lines.prefix(3) == ["opener: handed over", "opener: browser up", "opener: line"])
        #expect(lines.count == ScriptRunner.maxLogLines + 1 && lines.last?.contains("more output not logged") == true, "\(lines)")
    }

    @Test("past maxHeldOutputs held pipes, a new opener's output goes to /dev/null with a log line; it still runs")
    func heldPipesAreBounded() throws {
        let runners = try Runners()
        // Each "browser" holds its pipe until the test ends it (a file appears).
        let stop = runners.file("stop")
        let hold = #"(while [ ! -e "$0" ]; do sleep 0.05; done) & exit 0"#
        // One at a time: each ends at once, leaving its pipe held.
        for n in 1...ScriptRunner.maxHeldOutputs {
            runners.runForUser("opener", ["/bin/sh", "-c", hold, stop])
            #expect(runners.drive { runners.user.runningCount == 0 && runners.user.heldCount == n })
        }
        #expect(runners.user.heldCount == ScriptRunner.maxHeldOutputs)
        runners.userLines.all.removeAll()
        runners.runForUser("opener", ["/bin/sh", "-c", #"echo unlogged; touch "$0""#, runners.file("ran")])
        #expect(runners.userLines.all == ["opener: its output is not logged: 16 programs started before still hold theirs"])
        #expect(runners.drive { runners.read("ran") != nil && runners.user.runningCount == 0 })
        FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(runners.drive { runners.userIdle })
        #expect(runners.userLines.all.count == 1, "\(runners.userLines.all)")
    }
}

/// Whether `pid` is a zombie whose parent is this process. The corresponding file is `/proc/PID/stat`.
private func isZombie(_ pid: pid_t) -> Bool {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return false }
    let fields = text[text.index(after: close)...].split(separator: " ")
    return fields.count > 1 && fields[0] == "Z" && pid_t(fields[1]) == getpid()
}
