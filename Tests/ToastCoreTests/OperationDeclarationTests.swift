import Foundation
import Operations
import Testing

/// Issue 44: an operation's name is written once, in its `Operation.table` entry. `Request.op`,
/// the encoder's `"op"` and the parser's fast path read it from there, so the Operations
/// module (requests, decoder, encoder, parser, help) holds no operation's name as a string
/// literal outside `OperationTable.swift`. Read from the sources.
@Suite struct OperationDeclarationTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Operations")

    /// The string literals of Swift code, comments left out (`///`, `//`); a multi-line
    /// literal's lines count as its text, and are no name alone.
    static func literals(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = Substring(line)
            if let comment = code.range(of: "//"), !code[..<comment.lowerBound].contains("\"") { code = code[..<comment.lowerBound] }
            var inside = false, escaped = false, current = ""
            for character in code {
                if inside {
                    if escaped { escaped = false; current.append(character); continue }
                    if character == "\\" { escaped = true; current.append(character); continue }
                    if character == "\"" { inside = false; found.append(current); current = ""; continue }
                    current.append(character)
                } else if character == "\"" {
                    inside = true
                }
            }
        }
        return found
    }

    @Test("no operation's name is a string literal in the Operations module outside its table entry")
    func everyNameIsWrittenOnce() throws {
        // The fields' names are the fields' own words (snooze's `"list":true` is not the `list` op).
        let fields = Set(Operation.table.flatMap { $0.wire?.fields ?? [] })
        let names = Set(Operation.table.map(\.name)).subtracting(fields)
        #expect(names.contains("show") && names.contains("bushandover"))
        let walker = FileManager.default.enumerator(atPath: Self.sources.path)
        let files = (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("Table/OperationTable.swift"), "Sources/Operations was not found")
        // `Dunstctl` parses dunstctl's own words (`history`, `count`, `reload`), not ours.
        for file in files where !file.hasSuffix("/OperationTable.swift") && !file.hasSuffix("/Dunstctl.swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for literal in Self.literals(in: text) where names.contains(literal) {
                Issue.record("Sources/Operations/\(file) writes the op \"\(literal)\" again: name it through its table entry (`Operation.\(literal)`, `Request.op`)")
            }
        }
    }

    @Test("every entry declared in OperationTable.swift is in the table")
    func everyEntryIsListed() throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent("Table/OperationTable.swift"), encoding: .utf8)
        let declared = text.components(separatedBy: "\n    public static let ").dropFirst().filter { $0.range(of: #"^\w+ = Operation\(""#, options: .regularExpression) != nil }
        #expect(declared.count == Operation.table.count, "an entry declared but left out of `entries`")
        #expect(Set(Operation.table.map(\.name)).count == declared.count)
    }

    @Test("a request's op is its table entry's name, and the line it sends starts with it")
    func theOpComesFromTheTable() {
        for op in Operation.table {
            for example in op.docs.examples {
                #expect(example.request.operation.name == op.name)
                #expect(example.request.text.hasPrefix("{\"op\":\"\(op.name)\""), "\(example.request.text)")
            }
        }
    }
}
