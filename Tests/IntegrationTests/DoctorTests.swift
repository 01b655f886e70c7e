import Foundation
import JSONCodec
import Testing
import ToastCore

extension Integration {
    /// `xtoast doctor` against the real thing: dunst (Debian's, installed) holding
    /// `org.freedesktop.Notifications` on a private bus, its activation file first on the
    /// bus's service path, no xtoast daemon.
    @Suite(.serialized) struct DoctorTests {
        @Test("with dunst holding the name, xtoast doctor names dunst and its pid, and dunst's activation file with how to mask it")
        func dunstHoldsTheName() throws {
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-doctor-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: directory) }
            let services = directory.appendingPathComponent("share/dbus-1/services")
            try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
            let dunstFile = services.appendingPathComponent("org.knopwob.dunst.service")
            try FileManager.default.copyItem(atPath: "/usr/share/dbus-1/services/org.knopwob.dunst.service", toPath: dunstFile.path)

            let bus = try PrivateBus()
            var env = bus.environment
            env["DISPLAY"] = TestDisplay.name
            env["HOME"] = directory.path
            env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
            env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
            env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
            env["XDG_DATA_DIRS"] = directory.appendingPathComponent("share").path
            env["XTOAST_SOCKET"] = directory.appendingPathComponent("none.sock").path
            let dunst = try DaemonHarness.Background.start(URL(fileURLWithPath: "/usr/bin/dunst"), [], environment: env)
            defer { dunst.stop() }
            try waitUntil("dunst to serve the bus") {
                (try? bus.call("GetServerInformation"))?.stdout.contains("dunst") == true
            }

            let run = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), ["doctor", "--json"],
                                            environment: env, timeout: 20)
            #expect(run.status == 0, "\(run.stderr)")
            let report = try JSON.parse(run.stdout)
            guard case let .array(findings)? = report["findings"] else {
                Issue.record("no findings in \(run.stdout)")
                return
            }
            func finding(_ check: String) -> JSON? { findings.first { $0["check"] == .string(check) } }

            let owner = try #require(finding("bus name"))
            #expect(owner["verdict"] == .string("problem"), "\(owner)")
            guard case let .string(says)? = owner["says"] else { Issue.record("no words"); return }
            #expect(says.hasPrefix("\"dunst\" (pid \(dunst.process.processIdentifier)), started "), "\(says)")
            #expect(says.contains("holds org.freedesktop.Notifications: desktop notifications go to it, not to xtoast"), "\(says)")

            let activation = try #require(finding("activation"))
            #expect(activation["verdict"] == .string("problem"), "\(activation)")
            #expect(activation["says"] == .string("\(dunstFile.path) starts \"dunst\" when a notification comes and no server holds the name (through systemd: dunst.service)"),
                    "\(activation)")
            guard case let .string(advice)? = activation["do"] else { Issue.record("no advice"); return }
            #expect(advice.hasPrefix("systemctl --user mask --now dunst.service"), "\(advice)")

            let daemon = try #require(finding("daemon"))
            #expect(daemon["verdict"] == .string("problem"), "no xtoast runs: \(daemon)")

            // The same findings as plain lines, each with its verdict first.
            let text = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), ["doctor"], environment: env, timeout: 20)
            #expect(text.stdout.contains("problem  bus name: \"dunst\" (pid \(dunst.process.processIdentifier))"), "\(text.stdout)")
        }
        @Test("with a daemon running, xtoast doctor reads its snoozes, the rule that hid a toast (and which), and the config's ignored line")
        func readsTheDaemon() throws {
            let daemon = try DaemonHarness(config: """
                [general]
                position = nowhere

                [rule mute backups]
                match app = backup
                skip = display
                """, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
            try daemon.xtoast(["show", "--app", "backup", "--title", "nightly run", "done"])
            try daemon.xtoast(["snooze", "Slack", "1h"])
            let run = try daemon.xtoast(["doctor"], timeout: 20)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("ok       daemon: \"xtoastd\" (pid ") }, "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("warning  snooze: Slack is snoozed for ") }, "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("warning  rules: [rule mute backups] (") && $0.contains("keeps its toasts off screen (history only): 1 since the daemon started; the last: backup \"nightly run\", ") },
                    "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("warning  config: ignored: ") && $0.contains("config:2: ") }, "\(run.stdout)")
            #expect(lines.contains("ok       locker: no locker or screen saver covers a monitor"), "\(run.stdout)")
        }
    }
}
