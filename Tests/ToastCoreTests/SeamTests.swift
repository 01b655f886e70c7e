import Foundation
import Testing

/// Issue 44: the screen's seam (`Output` = `ScreenInput` + `Surfaces` + `Resources`) stays at
/// most 28 requirements, as dunst's `output.h` stays small. Counted from the source, as
/// `OperationTableTests` guards its table: each part's members, and every member a protocol
/// extension of a part adds or defaults anywhere in `Sources` (a default hides a requirement
/// from the fake, and the seam grew from 28 to 34 that way).
@Suite struct SeamTests {
    static let bound = 28
    static let parts = ["ScreenInput", "Surfaces", "Resources", "Output"]

    @Test("the seam has at most 28 requirements, defaults in protocol extensions counted")
    func seamBound() throws {
        let members = try Self.seamMembers()
        for part in ["ScreenInput", "Surfaces", "Resources"] {
            #expect(!(members[part] ?? []).isEmpty, "\(part) was not found in Sources: the count would mean nothing")
        }
        let all = members.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(all.count <= Self.bound, "\(all.count) requirements: \(all.sorted())")
    }

    /// Each part's members by kind, name and argument labels (`func move(_:to:)`), from its
    /// protocol's body and its extensions' bodies.
    static func seamMembers() throws -> [String: Set<String>] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let opening = try Regex(#"\b(?:protocol|extension)\s+(ScreenInput|Surfaces|Resources|Output)\b[^{\n]*\{"#)
        var members: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            // Comments are dropped: a doc comment may name a member without declaring one.
            let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for match in text.matches(of: opening) {
                guard let part = match.output[1].substring.map(String.init) else { continue }
                members[part, default: []].formUnion(declarations(in: body(of: text, from: match.range.upperBound)))
            }
        }
        return members
    }

    /// The text up to the brace that closes the one just opened before `start`.
    static func body(of text: String, from start: String.Index) -> Substring {
        var depth = 1
        var i = start
        while i < text.endIndex {
            if text[i] == "{" { depth += 1 }
            if text[i] == "}" { depth -= 1; if depth == 0 { break } }
            i = text.index(after: i)
        }
        return text[start..<i]
    }

    static let modifiers: Set<String> = ["public", "internal", "private", "fileprivate", "static", "mutating", "nonmutating",
                                         "nonisolated", "override", "final", "required", "convenience"]
    static let keywords: Set<String> = ["func", "var", "let", "subscript", "init", "typealias", "associatedtype"]

    /// The members declared at the top level of `body` (not inside a default's own body).
    static func declarations(in body: Substring) -> [String] {
        var found: [String] = []
        var depth = 0
        for line in body.split(separator: "\n") {
            defer { depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count }
            guard depth == 0 else { continue }
            var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(String(first)) { words = words.dropFirst() }
            guard let keyword = words.first.map(String.init), keywords.contains(keyword) else { continue }
            let rest = words.dropFirst().joined(separator: " ")
            let name = rest.prefix { !"(:<{= ".contains($0) }
            found.append("\(keyword) \(name)" + (keyword == "func" || keyword == "init" || keyword == "subscript" ? labels(rest) : ""))
        }
        return found
    }

    /// `(_:to:)` from `move(_ surface: SurfaceID, to origin: Point)`: commas and parentheses
    /// inside a parameter's type (a closure's) are not the list's.
    static func labels(_ declaration: String) -> String {
        guard let open = declaration.firstIndex(of: "(") else { return "" }
        var depth = 0
        var parameters: [String] = [""]
        for c in declaration[open...] {
            if c == "(" { depth += 1; if depth == 1 { continue } }
            if c == ")" { depth -= 1; if depth == 0 { break } }
            if c == ",", depth == 1 { parameters.append(""); continue }
            parameters[parameters.count - 1].append(c)
        }
        let names = parameters.compactMap { $0.split(separator: ":").first?.split(separator: " ").first.map { "\($0):" } }
        return "(" + names.joined() + ")"
    }
}
