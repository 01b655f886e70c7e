import JSONCodec

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
///
/// Beside them, dunst's own `DUNST_*` variables (dunst(5), SCRIPTING), the same values cut and
/// escaped the same way, so a script written for dunst runs unchanged; with `script_args =
/// dunst` it also gets dunst's five arguments (`arguments`).
public enum ScriptEnvironment {
    /// The variables' names, in the order `variables` gives them.
    public static let names = ["XTOAST_ID", "XTOAST_APP", "XTOAST_SUMMARY", "XTOAST_BODY", "XTOAST_ICON", "XTOAST_URGENCY",
                               "XTOAST_CATEGORY", "XTOAST_KIND", "XTOAST_SOURCE", "XTOAST_RULE", "XTOAST_TIMESTAMP"]

    /// dunst's variables, in the order `variables` gives them after xtoast's.
    public static let dunstNames = ["DUNST_APP_NAME", "DUNST_SUMMARY", "DUNST_BODY", "DUNST_ICON_PATH", "DUNST_URGENCY",
                                    "DUNST_ID", "DUNST_PROGRESS", "DUNST_CATEGORY", "DUNST_STACK_TAG", "DUNST_URLS",
                                    "DUNST_TIMEOUT", "DUNST_TIMESTAMP", "DUNST_DESKTOP_ENTRY"]

    /// `wallNow` is UNIX time in seconds (the daemon's wall clock when the toast came);
    /// `XTOAST_TIMESTAMP` is its whole seconds. `category` is the toast's after the rules
    /// (a rule's `category` over the hint); `desktopEntry` the `desktop-entry` hint.
    ///
    /// dunst's differ from xtoast's where dunst's do: `DUNST_URGENCY` is `LOW`, `NORMAL` or
    /// `CRITICAL`; `DUNST_ICON_PATH` is the icon's file when it is one (empty for a theme name
    /// not found); `DUNST_PROGRESS` is the value, `-1` without one; `DUNST_TIMEOUT` is in
    /// milliseconds (0: until dismissed); `DUNST_URLS` the message's links, one a line;
    /// `DUNST_TIMESTAMP` is milliseconds of UNIX time (dunst's count from boot, which no
    /// script can compare with anything else).
    public static func variables(for toast: Toast, category: String, rule: String, wallNow: Double,
                                 desktopEntry: String = "") -> [(String, String)] {
        let clamped = wallNow.isFinite ? min(max(0, wallNow), 1e12) : 0
        let seconds = Int64(clamped.rounded(.down))
        let values = [toast.id, toast.app ?? "", toast.title, toast.message, toast.icon ?? "", toast.urgency.rawValue,
                      category, toast.kind.rawValue, toast.source.rawValue, rule, String(seconds)]
        let progress = toast.progress.map { String(Int(min(max($0, 0), 100).rounded())) } ?? "-1"
        let timeout = toast.timeout.isFinite ? String(Int64(min(max(toast.timeout, 0), ConfigLimits.timeout) * 1000)) : "0"
        let dunst = [toast.app ?? "", toast.title, toast.message, iconPath(of: toast), dunstUrgency(toast.urgency),
                     toast.id, progress, category, toast.stackTag ?? "", Links.targets(of: toast).joined(separator: "\n"),
                     timeout, String(Int64((clamped * 1000).rounded(.down))), desktopEntry]
        return zip(names + dunstNames, values + dunst).map { name, value in
            let limit = name == "XTOAST_BODY" || name == "DUNST_BODY" ? RuleLimits.bodyBytes : RuleLimits.fieldBytes
            return (name, RuleSubject.bounded(escaped(value), limit))
        }
    }

    /// The words a script runs with: its rule's own, then what `script_args` adds (dunst's
    /// `appname summary body icon urgency`, cut and escaped as the variables are).
    public static func command(_ script: RuleScript, for toast: Toast) -> [String] {
        switch script.arguments {
        case .none: return script.command
        case .dunst:
            let values = [toast.app ?? "", toast.title, toast.message, iconPath(of: toast), dunstUrgency(toast.urgency)]
            return script.command + values.enumerated().map { index, value in
                RuleSubject.bounded(escaped(value), index == 2 ? RuleLimits.bodyBytes : RuleLimits.fieldBytes)
            }
        }
    }

    /// dunst's spelling of an urgency.
    static func dunstUrgency(_ urgency: Urgency) -> String {
        switch urgency {
        case .low: "LOW"
        case .normal: "NORMAL"
        case .critical: "CRITICAL"
        }
    }

    /// The icon as a file, as dunst gives `icon_path`: the file it was found as, else the
    /// toast's own icon when that is an absolute path; empty otherwise.
    static func iconPath(of toast: Toast) -> String {
        if let file = toast.iconFile, file.hasPrefix("/") { return file }
        if let icon = toast.icon, icon.hasPrefix("/") { return icon }
        return ""
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
