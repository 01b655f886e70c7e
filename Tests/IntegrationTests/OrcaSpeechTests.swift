import Foundation
import Testing

extension Integration {
    /// Issue 49: what Orca itself says of a toast. Debian's Orca runs on the test's private
    /// accessibility bus with speech-dispatcher's dummy module, and its `--debug-file` logs
    /// every utterance as `SPEECH OUTPUT: '…'`.
    @Suite struct OrcaSpeechTests {
        typealias AccessibilityTests = Integration.AccessibilityTests

        /// Orca running with preferences, configuration and runtime directories of its own.
        final class Orca {
            let log: URL
            private let process: Process
            private let home: URL

            init(_ a11y: PrivateAccessibilityBus) throws {
                home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-orca-\(UUID().uuidString.prefix(8))")
                let config = home.appendingPathComponent("config"), runtime = home.appendingPathComponent("runtime")
                let speechd = config.appendingPathComponent("speech-dispatcher")
                try FileManager.default.createDirectory(at: speechd, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                // Silent: the dummy output module. Headless, it finds no sound device and
                // speech-dispatcher refuses to start; Orca logs each utterance all the same.
                try "AddModule \"dummy\" \"sd_dummy\" \"\"\nDefaultModule dummy\n"
                    .write(to: speechd.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
                log = home.appendingPathComponent("orca.debug")
                process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = ["-c", Self.lineBuffered, log.path, "-u", home.appendingPathComponent("prefs").path, "--debug-file", log.path]
                process.environment = a11y.clientEnvironment.merging([
                    "HOME": home.path, "XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                    "XDG_RUNTIME_DIR": runtime.path, "GSETTINGS_BACKEND": "memory",
                ]) { $1 }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
            }

            /// Runs /usr/bin/orca with its debug file written line by line: Orca opens it with
            /// Python's default buffering, so a test reading it would see nothing for kilobytes.
            static let lineBuffered = #"""
                import builtins, runpy, sys
                debug_file, real_open = sys.argv[1], builtins.open
                def open_line_buffered(file, mode="r", buffering=-1, *args, **kwargs):
                    return real_open(file, mode, 1 if file == debug_file else buffering, *args, **kwargs)
                builtins.open = open_line_buffered
                sys.argv = ["/usr/bin/orca"] + sys.argv[2:]
                runpy.run_path("/usr/bin/orca", run_name="__main__")
                """#

            /// Kills Orca (SIGKILL: a test thread's child blocks SIGTERM) and removes its files.
            deinit {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                let p = process
                try? waitUntil("Orca to exit") { !p.isRunning }
                try? FileManager.default.removeItem(at: home)
            }

            /// Everything Orca has said so far, one utterance each (`… SPEECH OUTPUT: 'words'{voice}`).
            var spoken: [String] {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap { line in
                    guard let start = line.range(of: "SPEECH OUTPUT: '"),
                          let end = line.range(of: "'{", options: .backwards) ?? line.range(of: "'", options: .backwards),
                          start.upperBound <= end.lowerBound else { return nil }
                    return String(line[start.upperBound..<end.lowerBound])
                }
            }

            /// Waits until Orca has said `words`.
            func waitToSay(_ words: String, timeout: Double = 20) throws {
                try waitUntil("Orca to say \(words)", timeout: timeout) { spoken.contains(words) }
            }
        }

        @Test("Orca says each toast's title and message once: 'notification <title>.' then the message (issue 49: the message was said twice)")
        func eachToastSpokenOnce() throws {
            let (bus, a11y, daemon) = try AccessibilityTests.start()
            let a11yBus = try #require(a11y)
            try waitUntil("the daemon to join the accessibility bus") { daemon.log.contains(AccessibilityTests.connected) }
            let orca = try Orca(a11yBus)
            try orca.waitToSay("Screen reader on.")

            try bus.run("notify-send", ["-t", "0", "Orca test one", "Lunch at noon with Ann."])
            try orca.waitToSay("Lunch at noon with Ann.")
            try bus.run("notify-send", ["-t", "0", "Orca test two", "Tea at four with Bo."])
            try orca.waitToSay("Tea at four with Bo.")
            // Orca handles events in order: once it speaks a third toast, the first two are done.
            try bus.run("notify-send", ["-t", "0", "Orca test end"])
            try orca.waitToSay("notification Orca test end.")

            let spoken = orca.spoken
            for words in ["notification Orca test one.", "Lunch at noon with Ann.", "notification Orca test two.", "Tea at four with Bo."] {
                #expect(spoken.filter { $0 == words }.count == 1, "\(words) in \(spoken)")
            }
        }
    }
}
