/// The environment a rule's script runs with: what the toast is, which rule asked, and when.
///
///     ScriptEnvironment.variables(for: toast, category: "email.arrived", rule: "mail", wallNow: 1_700_000_000)
///     // [("XTOAST_ID", "7"), ("XTOAST_APP", "Mail"), ..., ("XTOAST_TIMESTAMP", "1700000000")]
///
/// Values are the toast's own text after the rules, cut to `RuleLimits.fieldBytes` bytes
/// (`RuleLimits.bodyBytes` for the body) at a character boundary, NUL bytes removed (an
/// environment string ends at one). The script is run without a shell, so nothing in them is
/// ever read as a command. Characters that act rather than show, escaped as events escape
/// them (`JSON.needsEscape`: C0 and C1 controls, DEL, U+2028/9, bidi formatting characters),
/// become the text `\u001b`, so a script that prints or logs a value cannot move a terminal's
/// cursor, ring its bell or reorder what is read; newlines and tabs stay as they are.
public enum ScriptEnvironment {
    /// The variables' names, in the order `variables` gives them.
    public static let names = ["XTOAST_ID", "XTOAST_APP", "XTOAST_SUMMARY", "XTOAST_BODY", "XTOAST_ICON", "XTOAST_URGENCY",
                               "XTOAST_CATEGORY", "XTOAST_KIND", "XTOAST_SOURCE", "XTOAST_RULE", "XTOAST_TIMESTAMP"]

    /// `wallNow` is UNIX time in seconds (the daemon's wall clock when the toast came);
    /// `XTOAST_TIMESTAMP` is its whole seconds.
    public static func variables(for toast: Toast, category: String, rule: String, wallNow: Double) -> [(String, String)] {
        let seconds = wallNow.isFinite ? Int64(min(max(0, wallNow), 1e15).rounded(.down)) : 0
        let values = [toast.id, toast.app ?? "", toast.title, toast.message, toast.icon ?? "", toast.urgency.rawValue,
                      category, toast.kind.rawValue, toast.source.rawValue, rule, String(seconds)]
        return zip(names, values).map { name, value in
            let limit = name == "XTOAST_BODY" ? RuleLimits.bodyBytes : RuleLimits.fieldBytes
            return (name, RuleSubject.bounded(escaped(value), limit))
        }
    }

    /// `value` without NUL, with every other character `JSON.needsEscape` names but newline
    /// and tab written `\uXXXX`. Free when there is none (the usual case).
    static func escaped(_ value: String) -> String {
        func acts(_ scalar: Unicode.Scalar) -> Bool { JSON.needsEscape(scalar) && scalar != "\n" && scalar != "\t" }
        guard value.unicodeScalars.contains(where: acts) else { return value }
        let hex = Array("0123456789abcdef".unicodeScalars)
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            guard acts(scalar) else {
                out.append(scalar)
                continue
            }
            guard scalar != "\0" else { continue }
            out.append(contentsOf: "\\u".unicodeScalars)
            for shift in [12, 8, 4, 0] { out.append(hex[Int(scalar.value >> UInt32(shift)) & 0xF]) }
        }
        return String(out)
    }
}
