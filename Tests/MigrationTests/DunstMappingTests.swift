import Testing
@testable import Migration
import ToastCore

/// `xtoast-migrating(7)`'s side-by-side tables hold what the translator does: each mapped key,
/// with its sample value, comes out as the xtoast key the page names and without a "not
/// translated" line; each key the page lists as lost is reported as such.
@Suite struct DunstMappingTests {
    /// The lines of `section` in a translation (`[rule ...]` sections all count as "rule").
    static func lines(of section: String, in config: String) -> [String] {
        var current = ""
        var found: [String] = []
        for line in config.split(separator: "\n").map(String.init) {
            if line.hasPrefix("[") { current = line.hasPrefix("[rule ") ? "rule" : String(line.dropFirst().dropLast()) }
            else if current == section { found.append(line) }
        }
        return found
    }

    @Test("every [global] key the page maps is translated to the xtoast key it names")
    func globalKeys() {
        for entry in DunstMapping.global {
            let result = DunstrcTranslator.translate("[global]\n\(entry.dunst) = \(entry.sample)\n")
            #expect(!result.diagnostics.contains { $0.contains("not translated: \(entry.dunst) ") }, "\(entry.dunst): \(result.diagnostics)")
            #expect(Self.lines(of: entry.written.section, in: result.config).contains { $0.hasPrefix(entry.written.key + " = ") },
                    "\(entry.dunst) = \(entry.sample) wrote no \(entry.written.key) in [\(entry.written.section)]:\n\(result.config)")
        }
    }

    @Test("every rule setting the page maps is translated to the rule setting it names")
    func ruleSettings() {
        for entry in DunstMapping.rule {
            let result = DunstrcTranslator.translate("[mail]\nappname = Mail\n\(entry.dunst) = \(entry.sample)\n")
            #expect(!result.diagnostics.contains { $0.contains("not translated: \(entry.dunst) ") }, "\(entry.dunst): \(result.diagnostics)")
            #expect(Self.lines(of: "rule", in: result.config).contains { $0.hasPrefix(entry.written.key + " = ") },
                    "\(entry.dunst) = \(entry.sample) wrote no \(entry.written.key):\n\(result.config)")
        }
    }

    @Test("every key the page says cannot be translated is reported, with the page's reason")
    func untranslated() {
        for (key, why) in DunstMapping.untranslated {
            let section = key == "max_icon_size" || key == "min_icon_size" ? "[mail]\nappname = Mail\n" : "[global]\n"
            let result = DunstrcTranslator.translate(section + "\(key) = strange-value\n")
            #expect(result.diagnostics.contains { $0.contains("not translated: \(key) (\(why))") || $0.contains("not translated: \(key) ") },
                    "\(key): \(result.diagnostics)")
        }
        #expect(DunstMapping.filters.count == 9 && DunstMapping.shortcuts.count == 4)
    }
}
