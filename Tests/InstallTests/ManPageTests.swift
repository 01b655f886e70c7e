import Foundation
import Operations
import Testing
@testable import Install
import ToastCore

/// The man pages and completions say what the program does: every command, option, exit
/// code, protocol operation, event, dismissal reason and config key appears in them.
@Suite struct ManPageTests {
    static let example: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/config.example")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// What roff shows for `text`: man pages write hyphens as `\-`.
    static func roff(_ text: String) -> String { Roff.text(text) }

    @Test func manOneHasEveryCommandAndOption() {
        let page = ManPage.commands(date: "2025-01-01")
        #expect(page.hasPrefix(".TH XTOAST 1 \"2025-01-01\""))
        for command in CommandTable.commands {
            #expect(page.contains("\\fBxtoast\\fR \\fB\(Self.roff(command.name))\\fR"), "\(command.name)")
            for option in command.options + [CommandTable.help] {
                for spelling in option.spellings { #expect(page.contains("\\fB\(Self.roff(spelling))\\fR"), "\(spelling)") }
            }
        }
    }

    /// The requests and events are in xtoast-protocol(7) (`ManPagesTests.protocolPage`).
    @Test func manOneHasExitCodesAndPointsToTheProtocol() {
        let page = ManPage.commands(date: "2025-01-01")
        for code in ExitCode.allCases { #expect(page.contains(".TP\n\\fB\(code.rawValue)\\fR"), "exit code \(code)") }
        #expect(ManPage.documentedOperations == Set(Request.operations))
        #expect(page.contains(".SH PROTOCOL") && page.contains("xtoast\\-protocol(7)"))
    }

    @Test func manFiveHasEveryConfigKeyWithItsDefault() throws {
        let page = ManPage.config(example: Self.example, date: "2025-01-01")
        #expect(page.hasPrefix(".TH XTOAST 5"))
        let reference = ConfigReference(example: Self.example)
        for section in ConfigSchema.sections {
            #expect(page.contains(".SS [\(section.name)]"))
            let entries = try #require(reference.sections.first { $0.name == section.name }).entries
            for setting in section.settings {
                let entry = try #require(entries.first { $0.key == setting.key }, "\(section.name).\(setting.key)")
                let value = try #require(entry.defaultValue, "\(setting.key) has no default in config.example")
                #expect(page.contains("\\fB\(Self.roff(setting.key))\\fR = \\fI\(Self.roff(value))\\fR"), "\(setting.key)")
            }
        }
        // Every group of keys ends with its description.
        #expect(page.contains("Corner radius"))
        #expect(page.contains("Accent colour per kind"))
    }

    @Test func manFiveHasARulesSectionWithEveryKeyFieldAndRecipe() throws {
        let page = ManPage.config(example: Self.example, date: "2025-01-01")
        let rules = try #require(page.range(of: ".SH RULES")).upperBound
        let section = String(page[rules...])
        for key in RuleSettingKey.all { #expect(section.contains(".TP\n\\fB\(Self.roff(key.key))\\fR\n"), "\(key.key)") }
        for field in RuleField.allCases { #expect(section.contains(Self.roff(field.rawValue)), "\(field.rawValue)") }
        for op in RuleOperator.allCases { #expect(section.contains(".TP\n\\fB\(op.rawValue)\\fR"), "\(op.rawValue)") }
        #expect(section.contains("[rule mute spotify]\nmatch app = Spotify\nskip = display"))
        #expect(section.contains("back\\-references (\\e1 to \\e9)"))
        #expect(ConfigReference(example: Self.example).ruleRecipes.filter { $0.hasPrefix("[rule ") }.count == 13)
        #expect(section.contains("[rule never over fullscreen]\nfullscreen = pushback"), "the game recipe")
    }

    @Test func configReferenceGroupsKeysThatShareAComment() {
        let reference = ConfigReference(example: """
            [motion]
            # Spring used when a swipe snaps back
            snap_back_response = 0.22
            snap_back_damping_fraction = 1

            # Seconds to slide out
            exit_duration = "0.25"
            """)
        let motion = reference.sections.first { $0.name == "motion" }?.entries ?? []
        #expect(motion.prefix(3).map(\.key) == ["snap_back_response", "snap_back_damping_fraction", "exit_duration"])
        #expect(motion.prefix(3).map(\.description) == ["Spring used when a swipe snaps back", "", "Seconds to slide out"])
        #expect(motion[2].defaultValue == "0.25")
        // Keys the example leaves out are still listed, without a default.
        #expect(motion.contains { $0.key == "swipe_velocity" && $0.defaultValue == nil })
    }

    @Test func roffEscapesWhatRoffWouldRead() {
        #expect(Roff.text(".hidden") == "\\&.hidden")
        #expect(Roff.text("'quoted") == "\\&'quoted")
        #expect(Roff.text("a\\b --all") == "a\\eb \\-\\-all")
        #expect(Roff.paragraph(String(repeating: "word ", count: 40)).allSatisfy { $0.utf8.count <= 78 })
    }
}
