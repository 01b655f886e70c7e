import ToastCore

/// A dunstrc read as dunst reads it (its `ini.c`): lines ended by LF or CRLF only, sections in the order they first appear
/// (a repeated section adds to the first), `key = value` entries with their line numbers.
///
/// A line is stripped of blanks; `#` or `;` at its start makes it a comment. A value is cut
/// at the first `#` or `;` outside the first pair of double quotes, stripped, and loses
/// its outer quotes when it starts and ends with one. Dunst looks keys up first-entry-wins.
struct Dunstrc {
    struct Entry {
        let key: String
        let value: String
        let line: Int
    }

    struct Section {
        let name: String
        let line: Int
        private(set) var entries: [Entry] = []
        /// Each key's first entry in `entries`, so a lookup costs no search of them.
        private var firsts: [String: Int] = [:]

        init(name: String, line: Int) {
            self.name = name
            self.line = line
        }

        mutating func append(_ entry: Entry) {
            if firsts[entry.key] == nil { firsts[entry.key] = entries.count }
            entries.append(entry)
        }

        /// The first entry with `key`, as dunst's lookup finds it.
        func entry(_ key: String) -> Entry? { firsts[key].map { entries[$0] } }
        func value(_ key: String) -> String? { entry(key)?.value }
    }

    private(set) var sections: [Section] = []
    /// Lines dunst itself would warn about and skip.
    private(set) var malformed: [(line: Int, why: String)] = []

    init(_ text: String) {
        var current: Int?
        /// Each section's place in `sections`, so a header is found without a search.
        var indices: [String: Int] = [:]
        for (index, raw) in text.fileLines().enumerated() {
            let number = index + 1
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.first == "#" || line.first == ";" { continue }
            if line.first == "[" {
                guard let close = line.firstIndex(of: "]") else {
                    malformed.append((number, "missing ']'"))
                    continue
                }
                let name = String(line[line.index(after: line.startIndex)..<close])
                if let existing = indices[name] {
                    current = existing
                } else {
                    sections.append(Section(name: name, line: number))
                    current = sections.count - 1
                    indices[name] = sections.count - 1
                }
                continue
            }
            guard let equals = line.dropFirst().firstIndex(of: "=") else {
                malformed.append((number, "missing '='"))
                continue
            }
            let key = String(line[..<equals].trimmingWhitespace())
            var value = line[line.index(after: equals)...].trimmingWhitespace()
            var searchFrom = value.startIndex
            if let quote = value.firstIndex(of: "\"") {
                guard let close = value[value.index(after: quote)...].firstIndex(of: "\"") else {
                    malformed.append((number, "missing '\"'"))
                    continue
                }
                searchFrom = close
            }
            if let comment = value[searchFrom...].firstIndex(where: { $0 == "#" || $0 == ";" }) {
                value = value[..<comment]
            }
            value = value.trimmingWhitespace()
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            guard let current else {
                malformed.append((number, "key value pair without a section"))
                continue
            }
            sections[current].append(Entry(key: key, value: String(value), line: number))
        }
    }

    func section(_ name: String) -> Section? { sections.first { $0.name == name } }
}

extension Substring {
    /// Without leading and trailing ASCII blanks, as dunst strips with `g_strstrip`: U+2028 or
    /// U+0085 at a value's end stay part of it (and keep it out of the translation).
    func trimmingWhitespace() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[start...end]
    }
}
