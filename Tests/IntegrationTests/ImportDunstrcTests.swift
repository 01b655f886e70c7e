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

        /// Issue 49: `font = DejaVu Sans Mono Book 14` imported as `family = DejaVu Sans Mono:book`
        /// drew a proportional face. Imported as Pango reads it (family, weight book, size 14),
        /// the card draws monospace: ten i's as wide as ten M's.
        @Test("a dunstrc's 'DejaVu Sans Mono Book 14' draws monospace once imported: iiiiiiiiii as wide as MMMMMMMMMM")
        func importedFontDrawsAsDunstsDid() throws {
            let dunstrc = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-font-\(UUID().uuidString.prefix(8)).dunstrc")
            try "[global]\nfont = DejaVu Sans Mono Book 14\nforeground = \"#ffffff\"\nbackground = \"#285577\"\n"
                .write(to: dunstrc, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: dunstrc) }
            var env = ProcessInfo.processInfo.environment
            env["HOME"] = "/home/user"
            let imported = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoast"), ["import-dunstrc", dunstrc.path],
                                                 environment: env)
            #expect(imported.status == 0 && imported.stdout.contains("family = DejaVu Sans Mono\n") && imported.stdout.contains("weight = book\n"), "\(imported.stdout)")
            let daemon = try DaemonHarness(config: imported.stdout)
            let probe = try XProbe()
            var widths: [Int] = []
            for text in ["iiiiiiiiii", "MMMMMMMMMM"] {
                let id = try daemon.show(["--timeout", "0", text]).trimmingCharacters(in: .whitespacesAndNewlines)
                let card = try #require(try FoundationTests.restingCards(probe, count: 1).first)
                let c = try TalkBackTests.capture(probe, card)
                var xs: [Int] = []
                for y in (c.y + 6)..<(c.y + c.height - 6) {
                    for x in (c.x + 6)..<(c.x + c.width - 6) where colorDistance(c.at(x, y), 0xFFFFFF) < 60 { xs.append(x) }
                }
                widths.append((xs.max() ?? 0) - (xs.min() ?? 0))
                #expect(try daemon.xtoast(["dismiss", id]).status == 0)
                try waitUntil("the card to go") { probe.cards().isEmpty }
            }
            let (narrow, wide) = (Double(widths[0]), Double(widths[1]))
            #expect(narrow > 60 && wide / narrow < 1.2, "monospace: ten i's \(widths[0]) px, ten M's \(widths[1]) px")
        }
    }
}
