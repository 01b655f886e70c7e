import Foundation
import Testing
@testable import Install
import ToastCore

/// Issue 48: the category table is written where users look, and from the table the daemon
/// acts on: every category that acts is in `xtoast(5)`'s CATEGORIES with what its row says,
/// and in the guide's table.
@Suite struct CategorySectionTests {
    static let guide: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/guide.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test("xtoast(5) names every category that acts, with its level, and the guide's table does too")
    func everyCategoryIsWritten() throws {
        let page = ManPage.config(example: ManPageTests.example, date: "2025-01-01")
        let section = try #require(page.components(separatedBy: ".SH CATEGORIES").dropFirst().first?.components(separatedBy: "\n.SH ").first)
        let table = try #require(Self.guide.components(separatedBy: "## Categories").dropFirst().first?.components(separatedBy: "\n## ").first)
        for (name, policy) in CategoryPolicy.table {
            #expect(section.contains(Roff.bold(name)), "\(name) in xtoast(5)")
            #expect(table.contains("`\(name)`"), "\(name) in docs/guide.md")
            if let level = policy.overridePauseLevel {
                let line = try #require(section.components(separatedBy: ".TP\n").first { $0.contains(Roff.bold(name) + "\n") })
                #expect(line.contains("override_pause_level \(level)"), "\(name)'s level in xtoast(5): \(line)")
            }
        }
    }

    @Test("a row in words says only what the category changes")
    func describe() {
        #expect(CategorySection.describe(CategoryPolicy.of("os.battery.low"))
                == "override_pause_level 100; urgency critical; takes the card of the same application's live os.battery.low; never folded into a digest.")
        #expect(CategorySection.describe(CategoryPolicy.of("call.incoming")).contains("ringtone loops"))
    }
}
