import Foundation
import Testing

/// Issue 44: a force unwrap in Sources says why it cannot trap, in a comment on its line or the
/// line above that starts with "Unwrapped" (or holds "checked it"); the rest were rewritten.
/// Read from the tree: `x!`, `x!.y`, `f()!` and `a[i]!` count; `!=`, `!flag` and text inside
/// string literals and comments do not.
@Suite struct ForceUnwrapTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The line's code without its comment and with every string literal emptied.
    static func code(_ line: Substring) -> String {
        var out = "", inside = false, escaped = false
        var previous: Character = " "
        for character in line {
            if inside {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inside = false; out.append("\"") }
                continue
            }
            if character == "/" && previous == "/" { out.removeLast(); break }
            if character == "\"" { inside = true }
            out.append(character)
            previous = character
        }
        return out
    }

    /// Whether `code` unwraps something: a `!` right after a name, `)`, `]` or `?`, not before `=`.
    static func unwraps(_ code: String) -> Bool {
        let characters = Array(code)
        for (i, character) in characters.enumerated() where character == "!" && i > 0 {
            let before = characters[i - 1]
            let after: Character = i + 1 < characters.count ? characters[i + 1] : " "
            if (before.isLetter || before.isNumber || before == "_" || before == ")" || before == "]" || before == "?") && after != "=" {
                return true
            }
        }
        return false
    }

    @Test("every force unwrap in Sources says why it holds")
    func everyUnwrapIsJustified() throws {
        let walker = FileManager.default.enumerator(atPath: Self.sources.path)
        let files = (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 200, "Sources was not found")
        var found = 0
        for file in files {
            let lines = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where Self.unwraps(Self.code(line)) {
                found += 1
                let said = [line, index > 0 ? lines[index - 1] : ""].contains { $0.contains("// Unwrapped") || $0.contains("/// Unwrapped") || $0.contains("checked it") }
                #expect(said, "Sources/\(file):\(index + 1): a force unwrap without its reason: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found > 0, "the scan finds none at all: it is broken")
    }

    @Test("the scan tells unwraps from negation and inequality")
    func theScanReadsSwift() {
        #expect(Self.unwraps(Self.code("let a = b!")))
        #expect(Self.unwraps(Self.code("f()!.x")))
        #expect(Self.unwraps(Self.code("dict[key]!")))
        #expect(!Self.unwraps(Self.code("if a != b, !flag { }")))
        #expect(!Self.unwraps(Self.code(#"print("wow!") // b!"#)))
    }
}
