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
}
