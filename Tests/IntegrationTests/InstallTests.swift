import Foundation
import Testing

extension Integration {
    /// `scripts/install` into a temporary directory, with the binaries this test run built
    /// (`--bin-dir`: no second, release build), and the installed files checked with the
    /// tools a desktop would read them with.
    @Suite struct InstallTests {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        static let files = ["bin/xtoast", "bin/xtoastd", "share/man/man1/xtoast.1", "share/man/man1/xtoastd.1",
                            "share/man/man5/xtoast.5", "share/man/man7/xtoast-protocol.7", "share/man/man1/xtoast-dunstctl.1",
                            "share/man/man7/xtoast-migrating.7",
                            "share/bash-completion/completions/xtoast", "share/zsh/site-functions/_xtoast",
                            "share/fish/vendor_completions.d/xtoast.fish", "lib/systemd/user/xtoast.service",
                            "share/dbus-1/services/org.xtoast.Notifications.service",
                            "share/dbus-1/services/org.freedesktop.impl.portal.desktop.xtoast.service",
                            "share/xdg-desktop-portal/portals/xtoast.portal", "etc/xdg/autostart/xtoast.desktop"]

        /// A fresh temporary directory, removed by the caller's `defer`.
        static func temporaryDirectory() throws -> URL {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-install-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            return dir
        }

        /// Runs a program found on PATH; nil when it is not installed.
        static func tool(_ name: String, _ args: [String], environment extra: [String: String] = [:],
                         timeout: Double = 60) throws -> DaemonHarness.Run? {
            let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let path else { return nil }
            return try DaemonHarness.run(URL(fileURLWithPath: path), args,
                                         environment: ProcessInfo.processInfo.environment.merging(extra) { $1 }, timeout: timeout)
        }

        static func install(_ args: [String]) throws -> DaemonHarness.Run {
            let script = repository.appendingPathComponent("scripts/install")
            let run = try DaemonHarness.run(script, ["--bin-dir", DaemonHarness.binDirectory.path] + args,
                                            environment: ProcessInfo.processInfo.environment, timeout: 120)
            #expect(run.status == 0, "scripts/install \(args): \(run.stderr)")
            return run
        }

        @Test("an install into --destdir holds every file, with the prefix filled in; --uninstall removes them")
        func everyFile() throws {
            let dest = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dest) }
            _ = try Self.install(["--destdir", dest.path, "--prefix", "/opt/xt"])
            let root = dest.appendingPathComponent("opt/xt")
            for file in Self.files {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) missing")
            }
            for exe in ["bin/xtoast", "bin/xtoastd"] {
                #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(exe).path))
            }
            for file in ["lib/systemd/user/xtoast.service", "share/dbus-1/services/org.xtoast.Notifications.service",
                         "share/dbus-1/services/org.freedesktop.impl.portal.desktop.xtoast.service", "etc/xdg/autostart/xtoast.desktop"] {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("@BINDIR@"), "\(file)")
                #expect(text.contains("/opt/xt/bin/xtoastd"), "\(file)")
            }
            let unit = try String(contentsOf: root.appendingPathComponent("lib/systemd/user/xtoast.service"), encoding: .utf8)
            for line in ["PartOf=graphical-session.target", "After=graphical-session.target", "Type=notify", "ExecCondition="] {
                #expect(unit.contains(line))
            }
            let bus = try String(contentsOf: root.appendingPathComponent("share/dbus-1/services/org.xtoast.Notifications.service"),
                                 encoding: .utf8)
            #expect(bus.contains("Name=org.freedesktop.Notifications") && bus.contains("SystemdService=xtoast.service"))
            // The portal backend: activated by its own name, and named by the .portal file
            // xdg-desktop-portal reads, for the one interface it serves.
            let portalBus = try String(contentsOf: root.appendingPathComponent(
                "share/dbus-1/services/org.freedesktop.impl.portal.desktop.xtoast.service"), encoding: .utf8)
            #expect(portalBus.contains("Name=org.freedesktop.impl.portal.desktop.xtoast\n") && portalBus.contains("SystemdService=xtoast.service"))
            let portal = try String(contentsOf: root.appendingPathComponent("share/xdg-desktop-portal/portals/xtoast.portal"), encoding: .utf8)
            #expect(portal.hasPrefix("[portal]\n") && portal.contains("DBusName=org.freedesktop.impl.portal.desktop.xtoast\n")
                    && portal.contains("Interfaces=org.freedesktop.impl.portal.Notification;\n") && portal.contains("UseIn=xtoast;i3;"), "\(portal)")
            let autostart = try String(contentsOf: root.appendingPathComponent("etc/xdg/autostart/xtoast.desktop"), encoding: .utf8)
            #expect(autostart.contains("X-systemd-skip=true"))

            _ = try Self.install(["--destdir", dest.path, "--prefix", "/opt/xt", "--uninstall"])
            for file in Self.files {
                #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) left behind")
            }
        }

        @Test("the installed client hands `xtoast daemon` to the installed xtoastd beside it")
        func clientFindsDaemon() throws {
            let dest = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dest) }
            _ = try Self.install(["--destdir", dest.path])
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil
            env["XTOAST_SOCKET"] = dest.appendingPathComponent("s.sock").path
            let run = try DaemonHarness.run(dest.appendingPathComponent("usr/local/bin/xtoast"), ["daemon"], environment: env)
            // No display: xtoastd itself started and refused, rather than the client failing to exec it.
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("xtoastd:"), "\(run.stderr)")
        }

        @Test("the man pages render with man -l (and pass mandoc -T lint where mandoc is installed)")
        func manPages() throws {
            let dest = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dest) }
            _ = try Self.install(["--destdir", dest.path])
            let man = dest.appendingPathComponent("usr/local/share/man")
            let pages: [(String, [String])] = [
                ("man1/xtoast.1", ["XTOAST(1)", "COMMANDS", "--title", "--wait", "xtoast dismiss", "xtoast doctor", "EXIT STATUS",
                                   "PROTOCOL", "xtoast-protocol(7)"]),
                ("man1/xtoastd.1", ["XTOASTD(1)", "--replace", "SIGHUP", "org.freedesktop.Notifications"]),
                ("man7/xtoast-protocol.7", ["XTOAST-PROTOCOL(7)", #"{"op":"subscribe"}"#, "dismissed", "overflow", "socat"]),
                ("man1/xtoast-dunstctl.1", ["XTOAST-DUNSTCTL(1)", "set-pause-level", "Differs:"]),
                ("man7/xtoast-migrating.7", ["XTOAST-MIGRATING(7)", "notification_limit", "WHAT IS NOT TRANSLATED"]),
                ("man5/xtoast.5", ["XTOAST(5)", "[general]", "max_visible = 5", "spring_response", "[colors]",
                                   "Corner radius"]),
            ]
            for (page, words) in pages {
                let path = man.appendingPathComponent(page).path
                let rendered = try #require(try Self.tool("man", ["-l", path], environment: ["MANWIDTH": "80", "LC_ALL": "C",
                                                                                               "MANPAGER": "cat", "PAGER": "cat"]),
                                            "man is not installed (scripts/test installs man-db)")
                #expect(rendered.status == 0, "man -l \(page): \(rendered.stderr)")
                for word in words { #expect(rendered.stdout.contains(word), "\(page) lacks \(word)") }
                if let lint = try Self.tool("mandoc", ["-T", "lint", path]) {
                    #expect(lint.status == 0, "mandoc -T lint \(page): \(lint.stdout)\(lint.stderr)")
                }
            }
        }

        @Test("bash accepts the completion, and it completes commands, options and kinds")
        func bashCompletion() throws {
            let dest = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dest) }
            _ = try Self.install(["--destdir", dest.path])
            let script = dest.appendingPathComponent("usr/local/share/bash-completion/completions/xtoast").path
            let syntax = try #require(try Self.tool("bash", ["-n", script]))
            #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")
            func complete(_ words: [String]) throws -> [String] {
                let quoted = words.map { "'\($0)'" }.joined(separator: " ")
                let run = try #require(try Self.tool("bash", ["-c", """
                    source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _xtoast; \
                    printf '%s\\n' "${COMPREPLY[@]}"
                    """]))
                return run.stdout.split(separator: "\n").map(String.init)
            }
            #expect(try complete(["xtoast", "sh"]) == ["show"])
            #expect(try complete(["xtoast", "show", "--kind", "su"]) == ["success"])
            #expect(try complete(["xtoast", "show", "--posi"]) == ["--position"])
            #expect(try complete(["xtoast", "show", "-p", "bottom-l"]) == ["bottom-left"])
            #expect(try complete(["xtoast", "update", "--k"]) == ["--kind"])
        }

        @Test("systemd-analyze verify accepts the unit (where systemd is installed)")
        func systemdUnit() throws {
            guard (try Self.tool("systemd-analyze", ["--version"])) != nil else { return }  // no systemd here: nothing to check
            // A real prefix, not a --destdir, so the unit's ExecStart and man pages exist where it says.
            let prefix = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: prefix) }
            _ = try Self.install(["--prefix", prefix.path])
            let unit = prefix.appendingPathComponent("lib/systemd/user/xtoast.service").path
            let run = try #require(try Self.tool("systemd-analyze", ["verify", unit],
                                                 environment: ["MANPATH": prefix.appendingPathComponent("share/man").path]))
            #expect(run.status == 0, "systemd-analyze verify: \(run.stdout)\(run.stderr)")
        }
    }
}
