@testable import Operations
import Testing
@testable import Install
@testable import ToastCore

/// Every op of `Operation.table` reaches the generated docs: its command (usage, options)
/// the man page and each shell's completions, its example requests xtoast-protocol(7),
/// exactly as the client encodes them.
@Suite struct OperationDocsTests {
    static let page = ManPage.commands(date: "2025-01-01")
    static let protocolPage = ManPage.socketProtocol(date: "2025-01-01")
    static let scripts = [("bash", Completions.bash), ("zsh", Completions.zsh), ("fish", Completions.fish)]

    @Test func everyCommandIsInTheManPageAndEveryCompletion() {
        for op in Operation.table {
            guard let command = op.docs.command else { continue }
            for usage in command.usage {
                let first = usage.split(separator: " ").prefix(2).map { "\\fB\(Roff.text(String($0)))\\fR" }.joined(separator: " ")
                #expect(Self.page.contains(first), "man page: \(usage)")
            }
            for (shell, script) in Self.scripts {
                let named = switch shell {
                case "bash": script.contains("    \(op.name))")
                case "zsh": script.contains("'\(op.name):") && script.contains("    \(op.name))")
                default: script.contains("-a \(op.name) ") && script.contains("__fish_seen_subcommand_from \(op.name)'")
                }
                #expect(named, "\(shell): \(op.name)")
                for option in command.options {
                    #expect(script.contains(shell == "fish" ? "-l \(option.long)" : "--\(option.long)"), "\(shell) \(op.name) --\(option.long)")
                }
            }
        }
    }

    @Test func everyExampleRequestIsInTheProtocolPage() {
        for op in Operation.table {
            for example in op.docs.examples {
                #expect(Self.protocolPage.contains(".TP\n\\fB\(Roff.text(example.request.text))\\fR"), "\(op.name): \(example.request.text)")
            }
            if op.wire != nil { #expect(Self.protocolPage.contains("\"op\":\"\(op.name)\""), "\(op.name)") }
        }
    }
}
