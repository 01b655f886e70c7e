import ToastCore

/// Reads the INI-style config file.
///
/// Syntax: `[section]` headers, `key = value` lines, blank lines, and comments starting with `#`
/// or `;` (on their own line, or after a value when preceded by a space, so `#RRGGBB` colours
/// still work). Values may be bare or in double or single quotes; quotes keep spaces, `#` and `;`.
/// Section names, keys and enum values are case-insensitive.
///
/// `[rule NAME]` sections are rules (`RuleSet`): their `match FIELD OP VALUE` lines are read
/// by words (`RuleLine`), their other lines are `RuleSettingKey`s.
///
/// A mistake costs only the setting it is in: each bad line gets a diagnostic and leaves that
/// setting at `keeping`'s value (`base`'s when there is none), and the rest of the file still
/// applies. A typo must never stop the daemon from showing toasts. In a rule a mistake costs
/// the whole rule (a rule missing one of its match lines would match more than was meant),
/// and only that rule.
public enum ConfigParser {
    /// A reload parses over the defaults, so a key that was removed or commented out goes back
    /// to its default, and keeps the settings in use for its bad lines (`keeping`).
    public static func parse(_ text: String, file: String, base: Config = .default, keeping: Config? = nil)
        -> (config: Config, diagnostics: [ConfigDiagnostic]) {
        var config = base
        var diagnostics: [ConfigDiagnostic] = []
        // nil before the first header; `.unknown` after a bad one, whose keys are then skipped
        // silently since the header already got a diagnostic.
        var section: SectionState?
        var rules = RuleCollector(file: file)
        // Where each colour was set (`SECTION.KEY`), for the contrast check's warnings.
        var colorLines: [String: Int] = [:]

        let lines = text.fileLines()
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingBlanks()
            do throws(ConfigProblem) {
                if case .rule = section, let match = try RuleLine.match(line) {
                    try rules.add(match)
                    continue
                }
                switch try Statement(line) {
                case .nothing:
                    break
                case .header(let name):
                    rules.finish()
                    if let ruleName = try RuleLine.ruleName(inHeader: name) {
                        section = .unknown
                        try rules.start(ruleName, line: index + 1)
                        section = .rule
                        break
                    }
                    guard let known = ConfigSchema.section(named: name.lowercased()) else {
                        section = .unknown
                        throw ConfigProblem("unknown section [\(name.lowercased())]; expected one of "
                                            + ConfigSchema.sections.map { "[\($0.name)]" }.joined(separator: ", ")
                                            + " or [rule NAME]")
                    }
                    section = .known(known)
                case .assignment(let key, let raw):
                    switch section {
                    case nil:
                        throw ConfigProblem("'\(key)' is not in a section; put it under one, e.g. [general]")
                    case .unknown:
                        break
                    case .rule:
                        try rules.set(key, raw)
                    case .known(let known):
                        guard let setting = known.setting(for: key) else {
                            throw ConfigProblem("unknown key '\(key)' in [\(known.name)]; expected one of "
                                                + known.settings.map(\.key).joined(separator: ", "))
                        }
                        let value = try Statement.value(raw)
                        do throws(ConfigProblem) {
                            try setting.apply(&config, value)
                            if known.name == "card" || known.name == "colors" { colorLines["\(known.name).\(key)"] = index + 1 }
                        } catch {
                            if let keeping { setting.keep(&config, keeping) }
                            throw ConfigProblem("\(key): \(error.message)")
                        }
                    }
                }
            } catch {
                var message = error.message
                if case .rule = section, let name = rules.spoil() { message += " (rule '\(name)' is ignored)" }
                diagnostics.append(ConfigDiagnostic(file: file, line: index + 1, message: message))
            }
        }
        rules.finish()
        config.rules = RuleSet(RuleCollector.withinBudget(rules.rules, file: file, diagnostics: &diagnostics))
        diagnostics += ColorContrast.diagnostics(config, file: file, lines: colorLines)
        diagnostics = diagnostics.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return (config, diagnostics)
    }
}

private enum SectionState {
    case known(ConfigSchema.Section)
    /// A `[rule NAME]`, being collected by the `RuleCollector`.
    case rule
    case unknown
}

/// What one line of the file says.
package enum Statement {
    case nothing
    case header(String)
    /// `raw` is the text after `=`, for `value(_:)` (or a rule's `script`) to read.
    case assignment(key: String, raw: Substring)

    /// Parses a line already trimmed of surrounding blanks.
    init(_ line: Substring) throws(ConfigProblem) {
        if line.isEmpty || line.first == "#" || line.first == ";" {
            self = .nothing
        } else if line.first == "[" {
            guard let close = line.firstIndex(of: "]") else {
                throw ConfigProblem("missing ']' after section name")
            }
            guard Statement.isBlankOrComment(line[line.index(after: close)...]) else {
                throw ConfigProblem("unexpected text after ']'")
            }
            let name = line[line.index(after: line.startIndex)..<close].trimmingBlanks()
            guard !name.isEmpty else { throw ConfigProblem("empty section name") }
            self = .header(String(name))
        } else {
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigProblem("expected 'key = value' or '[section]', got '\(line)'")
            }
            let key = line[..<equals].trimmingBlanks()
            guard !key.isEmpty else { throw ConfigProblem("missing key before '='") }
            self = .assignment(key: key.lowercased(), raw: line[line.index(after: equals)...].trimmingBlanks())
        }
    }

    /// A quoted value up to its closing quote, or a bare value up to a comment.
    package static func value(_ text: Substring) throws(ConfigProblem) -> String {
        if let quote = text.first, quote == "\"" || quote == "'" {
            let body = text.dropFirst()
            guard let close = body.firstIndex(of: quote) else {
                throw ConfigProblem("missing closing \(quote)")
            }
            guard isBlankOrComment(body[body.index(after: close)...]) else {
                throw ConfigProblem("unexpected text after closing \(quote)")
            }
            return String(body[..<close])
        }
        var end = text.endIndex
        var previous: Character?
        for index in text.indices {
            if text[index] == "#" || text[index] == ";", previous == " " || previous == "\t" {
                end = index
                break
            }
            previous = text[index]
        }
        return String(text[..<end].trimmingBlanks())
    }

    static func isBlankOrComment(_ text: Substring) -> Bool {
        let rest = text.trimmingBlanks()
        return rest.isEmpty || rest.first == "#" || rest.first == ";"
    }
}
