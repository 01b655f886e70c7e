import ConfigParsing
import Foundation
import Testing
import ToastCore

/// Issue 19: what the screen's news turns into before the board decides: which monitors a
/// fullscreen window holds, and the idle threshold's setting.
@Suite struct HoldSourcesTests {
    let left = Monitor(name: "L", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true)
    let right = Monitor(name: "R", frame: Rect(x: 1920, y: 0, width: 1280, height: 1024))

    func held(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Set<String> {
        FullscreenCoverage.monitors(heldBy: Rect(x: x, y: y, width: w, height: h), in: [left, right])
    }

    @Test("a fullscreen window holds the monitors it covers at least half of: its own, both when it spans them, none when it is small")
    func coverage() {
        #expect(held(0, 0, 1920, 1080) == ["L"])
        #expect(held(1920, 0, 1280, 1024) == ["R"])
        #expect(held(0, 0, 3200, 1080) == ["L", "R"], "a span over both")
        #expect(held(2, 24, 1916, 1054) == ["L"], "a border and a title bar left")
        #expect(held(0, 0, 900, 1080) == [], "less than half")
        #expect(held(960, 0, 1920, 1080) == ["L", "R"], "exactly half of L counts")
        #expect(held(1000, 0, 1920, 1080) == ["R"], "more of R than of L")
        #expect(held(-5000, -5000, 10, 10) == [] && held(0, 0, 0, 0) == [])
    }

    @Test("idle_threshold: 120 s by default, 0 turns it off, whole seconds up to a day")
    func idleThreshold() {
        #expect(Config.default.idleThreshold == 120)
        #expect(ConfigParser.parse("[general]\nidle_threshold = 0\n", file: "c").config.idleThreshold == 0)
        #expect(ConfigParser.parse("[general]\nidle_threshold = 86400\n", file: "c").config.idleThreshold == 86_400)
        for bad in ["86401", "-1", "2.5", "soon", "99999999999999999999"] {
            let parsed = ConfigParser.parse("[general]\nidle_threshold = \(bad)\n", file: "c")
            #expect(parsed.config.idleThreshold == 120 && parsed.diagnostics.count == 1, "\(bad)")
        }
    }

    /// The guide's fullscreen recipes: the `ini` block of its "Fullscreen windows" section.
    static var recipes: String {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/guide.md")
        let text = (try? String(contentsOf: guide, encoding: .utf8)) ?? ""
        guard let section = text.range(of: "## Fullscreen windows and being away"),
              let start = text.range(of: "```ini\n", range: section.upperBound..<text.endIndex),
              let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else { return "" }
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("the guide's fullscreen recipes load cleanly and do what they say")
    func readmeRecipes() {
        let parsed = ConfigParser.parse(Self.recipes, file: "docs/guide.md")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.config.rules.rules.map(\.name) == ["presenting", "calendar reminders", "never over fullscreen", "volume"])
        func mode(_ entry: String, category: String = "", urgency: Urgency = .normal, rules: Set<String>) -> FullscreenMode {
            var config = parsed.config
            config.rules = RuleSet(config.rules.rules.filter { rules.contains($0.name) })
            var request = ShowRequest(message: "m")
            request.urgency = urgency
            var submission = Submission(request, source: .bus)
            submission.desktopEntry = entry
            submission.category = category
            let toast = Admission.decide(submission, board: Board(config: config)).toast
            return HoldPolicy(reasons: [.fullscreen], fullscreen: config.fullscreen).fullscreenMode(for: toast)
        }
        let presenting: Set = ["presenting", "calendar reminders"]
        #expect(mode("org.gnome.Calendar", rules: presenting) == .show)
        #expect(mode("mail", urgency: .critical, rules: presenting) == .delay, "critical toasts wait too")
        #expect(mode("mail", urgency: .critical, rules: ["never over fullscreen"]) == .pushback)
        #expect(mode("pamixer", category: "device.volume", rules: ["volume"]) == .show)
        #expect(mode("mail", urgency: .critical, rules: []) == .show, "without the rules critical toasts show")
    }
}
