@testable import ConfigParsing
@testable import Daemon
import DaemonLog
import Foundation
import Testing
@testable import ToastCore

/// Issue 43: what a client's values can no longer do to the user's files, the log and the
/// centre: "Mute … always" writes one rule and nothing else, a desktop-settings flip redraws
/// an open centre instead of closing it, and lines a client causes stay within their room.
@Suite struct HostileValuesTests {
    /// A config file in a directory of its own, holding `text`.
    static func config(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-mute-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// A rig whose reloads read `path`, as the daemon's do.
    static func rig(reading path: String) -> Rig {
        let rig = Rig(config: ConfigFile.load(path).config, loadConfig: { ConfigFile.load(path, keeping: $0) })
        rig.service.configPath = path
        return rig
    }

    static let payloads = ["Slack\u{2028}opener = sh -c touch${IFS}PWNED\u{2028}#", "Chat\u{2028}every = 00:00-24:00\u{2028}allow = Chat\u{2028}#"]

    @Test("\"Mute … always\" with the issue's names: the config file is untouched, so no opener and no schedule, whichever section it ends in; a plain name gains exactly one rule",
          arguments: payloads)
    func muteAlwaysPayload(_ name: String) throws {
        for base in ["[general]\ntimeout = 5\n", "[quiet]\n"] {
            let path = try Self.config(base)
            let rig = Self.rig(reading: path)
            #expect(!rig.service.snoozeApp(name, choice: .always, now: rig.now))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == base)
            #expect(rig.service.board.config.opener == Config.default.opener && rig.service.board.config.quietSchedules.isEmpty)
            #expect(rig.service.snoozeApp("Slack", choice: .always, now: rig.now))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let parsed = ConfigParser.parse(text, file: path)
            #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
            #expect(parsed.config.rules.rules.map(\.name) == ["snooze 1"], "\(text)")
            #expect(!text.fileLines().contains { $0.hasPrefix("opener") || $0.hasPrefix("every") || $0.hasPrefix("allow") })
            #expect(rig.service.board.config.rules.rules.count == 1, "reloaded")
        }
    }

    @Test("\"Mute … always\" twice, or over a rule of the old form, writes nothing more")
    func muteAlwaysOnce() throws {
        let old = "[rule snooze Spotify]\nmatch app = \"Spotify\"\nskip = display\n"
        let path = try Self.config(old)
        let rig = Self.rig(reading: path)
        #expect(rig.service.snoozeApp("Spotify", choice: .always, now: rig.now))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == old)
        #expect(rig.service.snoozeApp("Slack", choice: .always, now: rig.now))
        let once = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rig.service.snoozeApp("slack", choice: .always, now: rig.now))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == once)
        #expect(rig.service.board.config.rules.rules.map(\.name) == ["snooze Spotify", "snooze 1"])
    }

    @Test("a desktop-settings flip (high contrast, as any X client can forge) redraws the open centre with the new settings and leaves it open")
    func settingsFlipKeepsCentreOpen() throws {
        let rig = Rig()
        rig.show(#""message":"kept","timeout":0"#)
        rig.openCenter()
        let (_, panel) = try #require(rig.centerPanel)
        #expect(rig.service.center.isOpen)
        let paints = panel.paints
        rig.input(.desktopSettingsChanged(DesktopSettings(themeName: "HighContrast")))
        #expect(rig.service.board.config.highContrast)
        #expect(rig.service.center.isOpen && !panel.isDestroyed && panel.isMapped)
        #expect(rig.service.center.config.highContrast && panel.paints > paints, "repainted with the new settings")
        #expect(rig.centerPanel?.surface === panel)
    }

    @Test("XSETTINGS flipped in a loop logs at most 20 lines, then one saying the rest are counted")
    func settingsFlipsLogBounded() {
        let rig = Rig()
        let capture = LogCapture()
        Log.$capture.withValue(capture) {
            for i in 0..<500 {
                rig.input(.desktopSettingsChanged(DesktopSettings(themeName: i % 2 == 0 ? "HighContrast" : "Adwaita")))
            }
        }
        let lines = capture.logged.filter { $0.contains("high contrast") || $0.contains("desktop settings lines") }
        #expect(lines.count == LogRoom.lines + 1, "\(lines.suffix(2))")
        #expect(capture.logged.count <= LogRoom.lines + 1, "\(capture.logged.suffix(3))")
    }

    @Test("a quoted value in a log line shows its line breaks and controls as U+FFFD, so it cannot start a line of its own")
    func quotedValuesStayOnTheirLine() {
        #expect(Log.quoted("a\u{2028}b\u{85}c\nd\re\u{1B}[2Jf\u{202E}g") == "\"a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}[2Jf\u{FFFD}g\"")
        #expect(Log.quoted(String(repeating: "x", count: 200)) == "\"" + String(repeating: "x", count: Log.maxQuotedScalars) + "…\"")
    }

    @Test("a log line is one line whatever a caller put into it unquoted (a toast's id, an icon name inside a warning): its line breaks and controls show as U+FFFD, tabs stay")
    func logLinesStayOneLine() {
        let capture = LogCapture()
        Log.$capture.withValue(capture) {
            Log.info("toast a\u{2028}b\u{2029}c\u{85}d\ne\rf\u{1B}g\th: warning")
            Log.info("plain line")
        }
        #expect(capture.logged == ["xtoastd: toast a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\th: warning", "xtoastd: plain line"])
    }

    @Test("a missing icon of a toast that waited is logged on one line, its id and icon name as the client gave them")
    func waitingToastsIconWarningOneLine() {
        let rig = Rig()
        let capture = LogCapture()
        Log.$capture.withValue(capture) {
            for i in 1...5 { rig.show(#""message":"card \#(i)","timeout":0"#) }
            rig.show(#""id":"x\u2028y","message":"waits","icon":"no\u2029such","timeout":0"#)
            rig.request(#"{"op":"dismiss","id":"1"}"#)
        }
        let lines = capture.logged.filter { $0.contains("no") && $0.contains("such") }
        #expect(lines.count == 1 && !lines[0].unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(capture.logged)")
    }

    @Test("the state files and the config append write no text holding a line break but LF (the net under the names' check)",
          arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\r"])
    func writersRefuseLineBreaks(_ separator: String) throws {
        let path = try Self.config("[general]\n")
        #expect(ConfigAppend.append("\n[rule x]\(separator)opener = sh\n", to: path) != nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[general]\n")
        let state = path + "-snoozes"
        StateFile.save("1 1 Slack\(separator)2 2 Other\n", to: state, topic: "snooze", lost: "-")
        #expect(!FileManager.default.fileExists(atPath: state))
        StateFile.save("1 1 Slack\n", to: state, topic: "snooze", lost: "-")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "1 1 Slack\n")
    }
}
