import Operations
import Testing
@testable import Install
import ToastCore

/// The completions offer every command, every option and the words of every option that
/// takes one of a few; and the command table matches what the parser accepts.
@Suite struct CompletionsTests {
    static let scripts = [("bash", Completions.bash), ("zsh", Completions.zsh), ("fish", Completions.fish)]

    @Test(arguments: scripts)
    func everyCommandOptionAndValue(shell: String, script: String) {
        for command in CommandTable.commands {
            #expect(script.contains(command.name), "\(shell): \(command.name)")
            for option in command.options + [CommandTable.help] {
                let spellings = shell == "fish" ? ["-l \(option.long)"] + (option.short.map { ["-s \($0)"] } ?? [])
                                                : option.spellings
                for spelling in spellings { #expect(script.contains(spelling), "\(shell) \(command.name): \(spelling)") }
                for value in option.values { #expect(script.contains(value), "\(shell) \(option.long): \(value)") }
            }
        }
        for kind in Kind.allCases { #expect(script.contains(kind.rawValue)) }
        for position in Position.allCases { #expect(script.contains(position.rawValue)) }
        for style in CardStyle.allCases { #expect(script.contains(style.rawValue)) }
        for urgency in Urgency.allCases { #expect(script.contains(urgency.rawValue)) }
    }

    @Test func zshAndFishHeaders() {
        #expect(Completions.zsh.hasPrefix("#compdef xtoast\n"))
        #expect(Completions.bash.hasSuffix("complete -F _xtoast xtoast\n"))
        #expect(Completions.fish.contains("__fish_use_subcommand -a show"))
    }

    /// A sample argument each option accepts.
    static func sample(_ option: CommandTable.Option) -> [String] {
        guard option.argument != nil else { return [] }
        if let value = option.values.first { return [value] }
        return switch option.long {
        case "timeout", "progress": ["5"]
        case "action": ["yes=Yes"]
        default: ["x"]
        }
    }

    @Test(arguments: CommandTable.commands.filter { !$0.options.isEmpty }.map(\.name))
    func theParserAcceptsEveryListedOption(command: String) throws {
        let entry = try #require(CommandTable.command(named: command))
        for option in entry.options {
            for spelling in option.spellings {
                var args = [command, spelling] + Self.sample(option)
                switch command {
                case "show": args += ["--action", "x=X", "--wait", "message"]
                case "update": args += ["7"]
                default: break
                }
                do {
                    _ = try CommandParser.parse(args)
                } catch {
                    #expect(!error.message.contains("unknown option"), "\(args): \(error.message)")
                }
            }
        }
    }

    @Test func helpListsEveryOptionOfTheTable() throws {
        for command in CommandTable.commands {
            let help = try #require(Help.text(for: command.name))
            for option in command.options { #expect(help.contains("--\(option.long)"), "\(command.name) --\(option.long)") }
            #expect(Help.main.contains("xtoast \(command.name)") || Help.main.contains("| \(command.name)"), "\(command.name)")
        }
    }
}
