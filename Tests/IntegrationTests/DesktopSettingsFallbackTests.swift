import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 31, the desktop's settings beyond XSETTINGS: GSettings read through `gsettings
    /// get` in child processes while no XSETTINGS manager runs (a fake `gsettings` on PATH, and
    /// the real one with GLib's keyfile backend), and reduced motion under a real compositor
    /// (picom): the card fades where it rests.
    @Suite struct DesktopSettingsFallbackTests {
        typealias D = DesktopSettingsTests

        /// A fake `gsettings` first on PATH: it appends its arguments to `calls` and answers
        /// `enable-animations` with the contents of `animations`; `hang` makes it sleep instead.
        final class FakeGSettings {
            let directory: URL
            var calls: URL { directory.appendingPathComponent("calls") }
            var animations: URL { directory.appendingPathComponent("animations") }

            init(animations value: String, hang: Bool = false) throws {
                directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-gsettings-\(UUID().uuidString.prefix(8))")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try value.write(to: animations, atomically: true, encoding: .utf8)
                let script = """
                    #!/bin/sh
                    echo "$*" >> \(calls.path)
                    \(hang ? "exec sleep 30" : "")
                    case "$3" in
                      enable-animations) cat \(animations.path) ;;
                      gtk-theme) echo "'Adwaita'" ;;
                      cursor-blink-time) echo 1200 ;;
                      cursor-blink) echo true ;;
                      *) echo "No such schema “$2”" >&2; exit 1 ;;
                    esac
                    """
                let program = directory.appendingPathComponent("gsettings")
                try script.write(to: program, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
            }

            var environment: [String: String] {
                ["PATH": directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            }

            var callLines: [String] {
                ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
        }

        @Test("without an XSETTINGS manager, gsettings get says enable-animations false: cards appear in place; after a reload it says true and they slide")
        func gsettingsWithoutManager() throws {
            let fake = try FakeGSettings(animations: "false\n")
            let daemon = try DaemonHarness(extraEnvironment: fake.environment)
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            try waitUntil("the daemon to read GSettings") { daemon.log.contains("reduced motion: cards appear and vanish in place") }
            // One `gsettings get SCHEMA KEY` per key.
            #expect(Set(fake.callLines) == Set(GSettings.keys.map { $0.arguments.joined(separator: " ") }), "\(fake.callLines)")
            _ = try daemon.show(["--timeout", "0", "--title", "Still", "appears in place"])
            let frames = try D.framesWhileAppearing(probe)
            #expect(frames.count == 1, "frames seen: \(frames)")
            _ = try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("no card left") { probe.cards().isEmpty }

            try "true\n".write(to: fake.animations, atomically: true, encoding: .utf8)
            #expect(try daemon.xtoast(["reload"]).status == 0)
            try waitUntil("the daemon to read GSettings again") { daemon.log.contains("motion: cards slide again") }
            #expect(fake.callLines.count == 2 * GSettings.keys.count)
            _ = try daemon.show(["--timeout", "0", "slides"])
            #expect(try D.framesWhileAppearing(probe).count > 1)
        }

        @Test("an XSETTINGS manager speaks for the desktop: GSettings' enable-animations false is not heard while it runs")
        func managerWins() throws {
            let settings = try D.SettingsDaemon("Gtk/EnableAnimations 1\n")
            defer { settings.stop() }
            let fake = try FakeGSettings(animations: "false\n")
            let daemon = try DaemonHarness(extraEnvironment: fake.environment)
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            try waitUntil("the daemon to have read GSettings") { fake.callLines.count == GSettings.keys.count }
            _ = try daemon.show(["--timeout", "0", "slides"])
            #expect(try D.framesWhileAppearing(probe).count > 1)
            #expect(!daemon.log.contains("reduced motion"), "\(daemon.log)")
        }

        @Test("a gsettings that hangs never stalls the daemon: it answers at once, and the read is killed at its time bound")
        func hangingGSettings() throws {
            let fake = try FakeGSettings(animations: "false\n", hang: true)
            let daemon = try DaemonHarness(extraEnvironment: fake.environment)
            try waitUntil("gsettings to be started") { fake.callLines.count == GSettings.keys.count }
            let start = Date()
            #expect(try daemon.xtoast(["list"]).status == 0)
            #expect(Date().timeIntervalSince(start) < 1)
            try waitUntil("the reads to be killed", timeout: 10) { daemon.log.contains("took longer than 3 s; killed") }
            #expect(!daemon.log.contains("reduced motion"), "a killed read says nothing")
            _ = try daemon.show(["--timeout", "0", "alive"])
        }

        @Test("the real gsettings (GLib's keyfile backend in the test's own config directory): enable-animations false and the HighContrast theme are followed")
        func realGSettings() throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gsettings") else {
                throw TestFailure("gsettings is not installed (libglib2.0-bin)")
            }
            let config = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-keyfile-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: config.appendingPathComponent("xtoast"), withIntermediateDirectories: true)
            let environment = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path]
            var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
            for (key, value) in [("enable-animations", "false"), ("gtk-theme", "HighContrast")] {
                let set = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/gsettings"), ["set", "org.gnome.desktop.interface", key, value],
                                                environment: env)
                #expect(set.status == 0, "\(set.stderr)")
            }
            let daemon = try DaemonHarness(extraEnvironment: environment)
            try waitUntil("the daemon to read GSettings") {
                daemon.log.contains("reduced motion: cards appear and vanish in place")
                    && daemon.log.contains("high contrast: cards use the high-contrast theme")
            }
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            _ = try daemon.show(["--timeout", "0", "--title", "Still", "in place"])
            #expect(try D.framesWhileAppearing(probe).count == 1)
        }

        @Test("under picom with Gtk/EnableAnimations 0 a card fades in and out where it rests: its window's frame is one over every frame, _NET_WM_WINDOW_OPACITY steps between 0 and 1")
        func fadesInPlaceUnderPicom() throws {
            let picom = Process()
            picom.executableURL = URL(fileURLWithPath: "/usr/bin/picom")
            picom.arguments = ["--backend", "xrender", "--no-fading-openclose"]
            // Without HOME picom 10 crashes looking for its config file.
            picom.environment = ["DISPLAY": TestDisplay.name, "PATH": "/usr/bin:/bin",
                                 "HOME": ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()]
            picom.standardOutput = FileHandle.nullDevice
            picom.standardError = FileHandle.nullDevice
            try picom.run()
            defer {
                kill(picom.processIdentifier, SIGKILL)
                picom.waitUntilExit()
            }
            let probe = try XProbe()
            try waitUntil("picom to run") { probe.compositorRunning }
            let settings = try D.SettingsDaemon("Gtk/EnableAnimations 0\n")
            defer { settings.stop() }
            let daemon = try DaemonHarness()
            try waitUntil("the daemon to say motion is reduced") { daemon.log.contains("reduced motion") }
            try waitUntil("the daemon to find the compositor") { daemon.log.contains("compositor: ARGB") }
            probe.movePointer(to: Point(x: 10, y: 700))

            _ = try daemon.show(["--timeout", "0", "--title", "Fading", "in place"])
            var frames: [Rect] = [], opacities: [Double] = []
            try waitUntil("the card to fade in", timeout: 5) {
                guard let card = probe.cards().first else { return false }
                if frames.last != card.frame { frames.append(card.frame) }
                let opacity = probe.opacity(of: card.window) ?? 1
                if opacities.last != opacity { opacities.append(opacity) }
                return opacity == 1 && opacities.count > 1
            }
            #expect(frames.count == 1 && frames.first.map { $0.x == 904 && $0.y == 16 } == true, "frames: \(frames)")
            #expect(opacities.contains { $0 > 0 && $0 < 1 }, "opacity steps: \(opacities)")
            #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 }, "rising: \(opacities)")

            _ = try daemon.xtoast(["dismiss", "--all"])
            var leaving: [Double] = []
            try waitUntil("the card to fade out and go", timeout: 5) {
                guard let card = probe.cards().first else { return true }
                let read = probe.opacity(of: card.window)
                // Destroyed between the two reads, the window has no opacity any more: that
                // is its end, not a step back to opaque (the property's absence reads as 1).
                guard probe.cards().contains(where: { $0.window == card.window }) else { return true }
                if frames.last != card.frame { frames.append(card.frame) }
                let opacity = read ?? 1
                if leaving.last != opacity { leaving.append(opacity) }
                return false
            }
            #expect(frames.count == 1, "frames: \(frames)")
            #expect(leaving.contains { $0 > 0 && $0 < 1 }, "opacity steps while leaving: \(leaving)")
            #expect(zip(leaving, leaving.dropFirst()).allSatisfy { $0 >= $1 }, "falling: \(leaving)")
        }
    }
}
