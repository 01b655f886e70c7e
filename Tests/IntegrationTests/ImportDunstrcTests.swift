import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 18: a dunst user's config, through the real client, becomes a config the real
    /// daemon runs with: dunst's shipped dunstrc (1.9.0, Tests/Fixtures/dunst) as the test.
    @Suite struct ImportDunstrcTests {
        static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/dunst/dunstrc").standardized.path

        @Test("xtoast import-dunstrc on dunst's shipped dunstrc: a config the daemon loads without a problem, its rule listed by xtoast rules; what it cannot translate on stderr")
        func shippedDunstrc() throws {
            let probe = try DaemonHarness()
            let imported = try probe.xtoast(["import-dunstrc", Self.shipped])
            #expect(imported.status == 0, "\(imported.stderr)")
            // [global]'s monitor is a rule for every toast; the urgencies' colours are [colors] URGENCY.PART.
            #expect(imported.stdout.contains("[rule dunst global]") && imported.stdout.contains("critical.background = #900000"),
                    "\(imported.stdout)")
            let notes = imported.stderr.split(separator: "\n")
            #expect(!notes.isEmpty && notes.allSatisfy { $0.hasPrefix(Self.shipped + ":") && $0.contains(": not translated: ") }, "\(imported.stderr)")
            let daemon = try DaemonHarness(config: imported.stdout)
            let rules = try daemon.xtoast(["rules"])
            #expect(rules.status == 0 && rules.stdout.contains("dunst global"), "\(rules.stdout)")
            #expect(!daemon.log.contains("problem"), "the imported config loaded with problems: \(daemon.log)")
            let missing = try probe.xtoast(["import-dunstrc", "/nonexistent/dunstrc"])
            #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/dunstrc"), "\(missing.stderr)")
        }
    }
}
