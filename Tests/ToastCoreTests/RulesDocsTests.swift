@testable import ConfigParsing
import Foundation
import Testing
import Install
@testable import ToastCore

/// The guide's rule recipes are a config the daemon reads without a word of complaint and
/// that does what each recipe says; the man page names the run-time commands.
@Suite struct RulesDocsTests {
    static func page(_ name: String) -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs").appendingPathComponent(name)
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
    static let guide = page("guide.md")
    static let desktop = page("desktop.md")

    static var recipes: String {
        guard let start = guide.range(of: "```ini\n"), let end = guide.range(of: "```", range: start.upperBound..<guide.endIndex) else { return "" }
        return String(guide[start.upperBound..<end.lowerBound])
    }

    @Test func guideRecipesParseAndDoWhatTheySay() throws {
        let parsed = ConfigParser.parse(Self.recipes, file: "docs/guide.md")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let board = Board(config: parsed.config)
        #expect(parsed.config.rules.rules.map(\.name) == ["mute spotify", "quick", "volume", "critical", "low", "mail", "spam"])
        func bus(_ app: String, _ summary: String = "s", category: String = "", urgency: Urgency = .normal) -> Admission.Decision {
            var request = ShowRequest(message: "", title: summary)
            request.app = app
            request.urgency = urgency
            var submission = Submission(request, source: .bus)
            submission.category = category
            return Admission.decide(submission, board: board)
        }
        #expect(bus("Spotify").action == .skipDisplay)
        #expect(bus("Chat").toast.timeout == 3 && bus("Firefox").toast.timeout == 4)
        let volume = bus("pamixer", category: "device.volume").toast
        #expect(volume.style == .capsule && volume.position == .bottom && volume.stackTag == "volume" && volume.transient)
        #expect(bus("x", urgency: .critical).toast.kind == .error && bus("x", urgency: .critical).monitor == .primary)
        #expect(bus("x", urgency: .low).toast.position == .bottomRight)
        #expect(bus("mutt", category: "email.arrived").outcome.scripts == [RuleScript(rule: "mail", command: ["on-mail", "--quiet"])])
        #expect(bus("x", "Big Casino win").action == .drop)
    }

    @Test func manPageNamesTheRunTimeCommands() throws {
        let page = ManPage.config(example: "", date: "2025-01-01")
        for command in ["xtoast rules", "xtoast rule NAME enable|disable|toggle", "xtoast rules \\-\\-test", "XTOAST_TIMESTAMP"] {
            #expect(page.contains(command), "\(command)")
        }
    }

    /// The desktop page lists the calendar and call sites whose critical Chromium notifications
    /// stay critical: the same list, in the same order, as `BrowserCritical.keptSites`.
    @Test func desktopPageListsTheKeptChromiumSites() throws {
        let start = try #require(Self.desktop.range(of: "is one of these calendar and call sites"))
        let end = try #require(Self.desktop.range(of: "It applies before the rules", range: start.upperBound..<Self.desktop.endIndex))
        let listed = Self.desktop[start.upperBound..<end.lowerBound].split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(listed == BrowserCritical.keptSites)
    }
}
