import Foundation
import Testing

extension Integration {
    /// Issue 47 item 4: a client in a Flatpak-like sandbox (bwrap with a `.flatpak-info` at its
    /// root) is filed under the id the sandbox names, whatever `desktop-entry` it claims.
    @Suite struct SandboxIdentityTests {
        static let config = """
            [rule firefox]
            match desktop_entry = org.mozilla.firefox
            skip = display

            [rule signal]
            match desktop_entry = signal-desktop
            skip = display
            """

        /// Whether bwrap is there and can make a mount namespace here (a container may forbid it).
        static let bwrapWorks: Bool = {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap"),
                  let run = try? DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/bwrap"), ["--ro-bind", "/", "/", "true"],
                                                   environment: ProcessInfo.processInfo.environment) else { return false }
            return run.status == 0
        }()

        /// `xtoast history`'s entry for the toast `id`.
        static func historyEntry(_ daemon: DaemonHarness, _ id: String) throws -> [String: Any]? {
            let answer = try JSONSerialization.jsonObject(with: Data(try daemon.xtoast(["history"]).stdout.utf8)) as? [String: Any]
            return (answer?["history"] as? [[String: Any]])?.first { $0["id"] as? String == id }
        }

        @Test("a sandboxed client claiming signal-desktop is filed under its sandbox's org.mozilla.firefox; an unsandboxed one keeps its claim",
              .enabled(if: bwrapWorks, "bwrap (bubblewrap, in scripts/lib/common.sh) is missing or cannot make a mount namespace here"))
        func sandboxedSenderKeepsItsRealID() throws {
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: Self.config, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            defer { daemon.stop() }
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            let notify = ["-p", "-a", "Signal", "--hint=string:desktop-entry:signal-desktop", "New message", "from Alice"]

            // Outside a sandbox the claim stands (so the check below can fail).
            let plain = try bus.run("notify-send", notify)
            let plainID = plain.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(plain.status == 0 && UInt32(plainID) != nil, "\(plain.stderr)")
            try waitUntil("the unsandboxed toast in history") { try Self.historyEntry(daemon, plainID) != nil }
            let plainEntry = try #require(try Self.historyEntry(daemon, plainID))
            #expect(plainEntry["rules"] as? [String] == ["signal"], "\(plainEntry)")

            // In a sandbox of its own making: a fresh root (no file is added to the host's) with
            // the system, the bus's folder and a .flatpak-info.
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-sandbox-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let info = folder.appendingPathComponent("flatpak-info").path
            try "[Application]\nname=org.mozilla.firefox\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\n"
                .write(toFile: info, atomically: true, encoding: .utf8)
            let busFolder = (String(bus.address.dropFirst("unix:path=".count)) as NSString).deletingLastPathComponent
            let sandbox = ["--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
                           "--symlink", "usr/lib64", "/lib64", "--ro-bind", "/etc", "/etc", "--bind", busFolder, busFolder,
                           "--proc", "/proc", "--dev", "/dev", "--ro-bind", info, "/.flatpak-info", "/usr/bin/notify-send"]
            let boxed = try bus.run("bwrap", sandbox + notify)
            let boxedID = boxed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(boxed.status == 0 && UInt32(boxedID) != nil, "\(boxed.stderr)")
            try waitUntil("the sandboxed toast in history") { try Self.historyEntry(daemon, boxedID) != nil }
            let boxedEntry = try #require(try Self.historyEntry(daemon, boxedID))
            #expect(boxedEntry["rules"] as? [String] == ["firefox"], "the rule on signal-desktop must not match: \(boxedEntry)")
            #expect(boxedEntry["app"] as? String == "Signal", "the shown name stays the sender's: \(boxedEntry)")
            #expect(daemon.log.contains(#"desktop-entry "signal-desktop" replaced by its sandbox's application id org.mozilla.firefox"#),
                    "\(daemon.log)")
            #expect(!FileManager.default.fileExists(atPath: "/.flatpak-info"))
        }
    }
}
