import ToastCore

/// Every config key with its default and what it means, for `xtoast(5)`.
///
/// The keys come from `ConfigSchema` (what the parser accepts); each key's default and
/// description come from the example file (`assets/config.example`), whose comment lines
/// just above a key describe it. A comment shared by several keys in a row describes them all.
public struct ConfigReference: Sendable {
    public struct Entry: Equatable, Sendable {
        public let key: String
        /// As the example file sets it; nil when the example lacks the key.
        public let defaultValue: String?
        /// The comment lines above the key, joined; empty when it shares the previous key's.
        public let description: String
    }

    public struct Section: Sendable {
        public let name: String
        public let entries: [Entry]
    }

    public let sections: [Section]
    /// The keys of a `[rule NAME]` section, described by `RuleSettingKey` (a rule has no
    /// defaults: a key it leaves out changes nothing).
    public let ruleKeys: [Entry] = RuleSettingKey.all.map { Entry(key: $0.key, defaultValue: nil, description: $0.summary) }
    /// The commented-out `[rule ...]` recipes at the end of the example, uncommented.
    public let ruleRecipes: [String]

    public init(example: String) {
        var found: [String: [Entry]] = [:]
        var section = ""
        var comments: [String] = []
        for raw in example.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingBlanks()
            if line.isEmpty {
                comments = []
            } else if line.hasPrefix("#") || line.hasPrefix(";") {
                comments.append(String(line.dropFirst().trimmingBlanks()))
            } else if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                comments = []
            } else if let eq = line.firstIndex(of: "=") {
                let key = String(line[..<eq].trimmingBlanks())
                var value = line[line.index(after: eq)...].trimmingBlanks()
                if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                    value = value.dropFirst().dropLast()
                }
                found[section, default: []].append(Entry(key: key, defaultValue: String(value),
                                                         description: comments.joined(separator: " ")))
                comments = []
            }
        }
        ruleRecipes = Self.recipes(in: example)
        // The schema decides which keys exist; the example's order and words describe them.
        sections = ConfigSchema.sections.map { schema in
            let known = Set(schema.settings.map(\.key))
            var entries = (found[schema.name] ?? []).filter { known.contains($0.key) }
            let listed = Set(entries.map(\.key))
            for setting in schema.settings where !listed.contains(setting.key) {
                entries.append(Entry(key: setting.key, defaultValue: nil, description: ""))
            }
            return Section(name: schema.name, entries: entries)
        }
    }

    /// The example's recipes: from "# The recipes below" on, each `# Title:` line and the
    /// `#[rule ...]` block after it, without the leading `#`.
    private static func recipes(in example: String) -> [String] {
        let all = example.split(separator: "\n")
        guard let start = all.firstIndex(where: { $0.hasPrefix("# The recipes below") }) else { return [] }
        var lines: [String] = []
        for line in all[(start + 1)...] {
            guard line.hasPrefix("#") else { break }
            let text = line.dropFirst()
            if text.isEmpty { continue }
            lines.append(text.hasPrefix(" ") ? "# " + text.dropFirst().trimmingBlanks() : String(text))
        }
        return lines
    }
}
