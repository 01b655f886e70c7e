import Patterns
import ToastCore

/// The lines only a `[rule NAME]` section has.
package enum RuleLine {
    /// The rule's name when the header is `[rule NAME]`; nil for any other section. The name
    /// keeps its spelling; `[rule]` alone is a mistake.
    static func ruleName(inHeader header: String) throws(ConfigProblem) -> String? {
        let scalars = header.unicodeScalars
        guard scalars.count >= 4, String(String.UnicodeScalarView(scalars.prefix(4))).lowercased() == "rule" else { return nil }
        let rest = Substring(header.unicodeScalars.dropFirst(4))
        if rest.isEmpty { throw ConfigProblem("a rule needs a name: [rule NAME]") }
        guard rest.first == " " || rest.first == "\t" else { return nil }   // [rules], [ruler]
        let name = rest.trimmingBlanks()
        guard !name.isEmpty else { throw ConfigProblem("a rule needs a name: [rule NAME]") }
        guard name.utf8.count <= RuleLimits.maxNameBytes else {
            throw ConfigProblem("a rule's name must be at most \(RuleLimits.maxNameBytes) bytes")
        }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ConfigProblem("a rule's name must not hold control characters")
        }
        return String(name)
    }

    /// `match FIELD OP VALUE`, read by words: VALUE runs to the end of the line exactly as
    /// written, or is quoted ("..." or '...') to keep blanks at its ends or a leading `#`.
    /// nil when the line is not a match line.
    package static func match(_ line: Substring) throws(ConfigProblem) -> RuleMatch? {
        guard line.utf8.count >= 5, line.prefix(5).lowercased() == "match" else { return nil }
        var rest = line.dropFirst(5)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let usage = "expected 'match FIELD OP VALUE', e.g. match app = Spotify"
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0.isLetter || $0 == "_" }
        guard !name.isEmpty else { throw ConfigProblem(usage) }
        guard let field = RuleField(rawValue: name.lowercased()) else {
            throw ConfigProblem("unknown field '\(name)'; expected one of \(RuleField.names)")
        }
        rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        guard let op = RuleOperator.spellings.first(where: { rest.hasPrefix($0.rawValue) }) else {
            throw ConfigProblem("expected =, ~, != or !~ after 'match \(field.rawValue)'")
        }
        rest = rest.dropFirst(op.rawValue.count).drop { $0 == " " || $0 == "\t" }
        let value: String
        if let quote = rest.first, quote == "\"" || quote == "'" {
            value = try Statement.value(rest)
        } else if rest.isEmpty || rest.first == "#" || rest.first == ";" {
            throw ConfigProblem("match \(field.rawValue) \(op.rawValue) needs a VALUE; write \"\" for the empty text")
        } else {
            value = String(rest)
        }
        do throws(RuleProblem) {
            return try RuleMatch(field: field, op: op, value: value)
        } catch {
            throw ConfigProblem("match \(field.rawValue) \(op.rawValue): \(error.message)")
        }
    }
}

/// Gathers the rules of one file: one at a time, dropped whole when any of its lines is bad,
/// names unique (case-insensitively), at most `RuleLimits.maxRules`.
struct RuleCollector {
    let file: String
    private(set) var rules: [Rule] = []
    private var current: Rule?
    private var spoiled = false
    /// Every name seen, bad rules' too, with the line of its header.
    private var names: [String: Int] = [:]
    private var started = 0

    init(file: String) { self.file = file }

    /// Begins `[rule NAME]` at `line`, or says why the section is ignored.
    mutating func start(_ name: String, line: Int) throws(ConfigProblem) {
        let key = Rule.key(name)
        if let first = names[key] {
            throw ConfigProblem("rule '\(name)' is already defined at \(file):\(first); this one is ignored")
        }
        names[key] = line
        started += 1
        guard started <= RuleLimits.maxRules else {
            throw ConfigProblem("more than \(RuleLimits.maxRules) rules; [rule \(name)] is ignored")
        }
        current = Rule(name: name, file: file, line: line)
        spoiled = false
    }

    mutating func add(_ match: RuleMatch) throws(ConfigProblem) {
        guard var rule = current else { return }
        guard rule.matches.count < RuleLimits.maxMatchesPerRule else {
            throw ConfigProblem("more than \(RuleLimits.maxMatchesPerRule) match lines in one rule")
        }
        rule.matches.append(match)
        current = rule
    }

    mutating func set(_ key: String, _ raw: Substring) throws(ConfigProblem) {
        guard var rule = current else { return }
        guard let setting = RuleSettingKey.named(key) else {
            throw ConfigProblem("unknown key '\(key)' in [rule \(rule.name)]; expected match FIELD OP VALUE or one of "
                                + RuleSettingKey.all.map(\.key).joined(separator: ", "))
        }
        // A script line has quotes of its own, read as a command line's.
        let value = key == "script" ? String(raw) : try Statement.value(raw)
        do throws(RuleProblem) {
            try setting.apply(&rule, value)
        } catch {
            throw ConfigProblem("\(key): \(error.message)")
        }
        current = rule
    }

    /// The current rule had a bad line: it is dropped when it ends. Returns its name.
    mutating func spoil() -> String? {
        spoiled = true
        return current?.name
    }

    mutating func finish() {
        if let rule = current, !spoiled { rules.append(rule) }
        current = nil
        spoiled = false
    }
}

extension RuleCollector {
    /// `rules` less those that would take matching one toast past `RuleLimits.matchingBudget`
    /// (`RuleBudget`), each refused with a diagnostic at its header.
    static func withinBudget(_ rules: [Rule], file: String, diagnostics: inout [ConfigDiagnostic]) -> [Rule] {
        var budget = RuleBudget()
        return rules.filter { rule in
            let (admitted, worst) = budget.admit(rule)
            if !admitted { diagnostics.append(ConfigDiagnostic(file: file, line: rule.line, message: RuleBudget.refusal(rule, worst))) }
            return admitted
        }
    }
}

extension RuleBudget {
    /// Why `rule` is left out, `worst` being what the worst toast would cost with it.
    static func refusal(_ rule: Rule, _ worst: Int) -> String {
        "rule '\(rule.name)' is ignored: with it matching one toast could take \(worst) steps, "
            + "past the rules' budget of \(RuleLimits.matchingBudget) (about 2 ms); "
            + "fewer or smaller patterns, or an exact app, desktop_entry or category, fit in it"
    }
}
