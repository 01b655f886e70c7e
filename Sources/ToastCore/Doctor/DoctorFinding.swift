import JSONCodec

/// `xtoast doctor`: why notifications may not show, checked one concern at a time. Each check
/// is a pure function from what was read (a bus's answer, a file's text, the daemon's replies)
/// to findings; `xtoastd --doctor` reads the facts and prints what these functions say.
///
///     let finding = Doctor.nameOwner(.owner(Doctor.ProcessFacts(pid: 812, command: "dunst")), now: now)
///     // problem  bus name: "dunst" (pid 812) holds org.freedesktop.Notifications ...
public enum Doctor {
    /// The desktop's notification name, which the bus checks are about.
    public static let notificationsName = "org.freedesktop.Notifications"
    /// The daemon's command name (`/proc/PID/comm`): a holder of that name is an xtoast.
    public static let daemonCommand = "xtoastd"
}

/// One line of `xtoast doctor`: what was looked at, how it stands, and what to do about it.
public struct DoctorFinding: Equatable, Sendable {
    public enum Verdict: String, CaseIterable, Sendable {
        case ok, warning, problem
    }

    /// A word or two naming the check (`bus name`, `activation`, `compositor`).
    public let check: String
    public let verdict: Verdict
    /// What was found, in one line.
    public let says: String
    /// What to do about it; nil when nothing needs doing.
    public let advice: String?

    /// `says` and `advice` carry outside words (a process's command name, a file's line, an
    /// application's name): they are cut to `maxScalars` and made one line, so a hostile
    /// name cannot forge a verdict on a line of its own.
    public init(_ check: String, _ verdict: Verdict, _ says: String, advice: String? = nil) {
        self.check = check
        self.verdict = verdict
        self.says = Self.oneLine(says)
        self.advice = advice.map(Self.oneLine)
    }

    /// The longest `says` or `advice` kept, in Unicode scalars: a few terminal lines.
    public static let maxScalars = 600

    /// `text` cut to `maxScalars`, every line break, control and bidi control a space.
    public static func oneLine(_ text: String) -> String {
        let (kept, isCut) = TextLimits.cut(text, to: maxScalars)
        var out = String.UnicodeScalarView()
        for scalar in kept.unicodeScalars {
            let strange = UnicodeControls.isControl(scalar) || UnicodeControls.isLineSeparator(scalar)
                || UnicodeControls.isBidiControl(scalar)
            out.append(strange ? " " : scalar)
        }
        return String(out) + (isCut ? "…" : "")
    }
}

/// How `xtoast doctor` prints its findings: a line each, or one JSON object (`--json`).
public enum DoctorReport {
    /// `problem  bus name: ...`, then `         do: ...` under it when there is something to do.
    public static func text(_ findings: [DoctorFinding]) -> String {
        let width = DoctorFinding.Verdict.allCases.map(\.rawValue.count).max() ?? 0
        var lines: [String] = []
        for finding in findings {
            let verdict = finding.verdict.rawValue
            lines.append(verdict + String(repeating: " ", count: width + 2 - verdict.count) + "\(finding.check): \(finding.says)")
            if let advice = finding.advice {
                lines.append(String(repeating: " ", count: width + 2) + "do: " + advice)
            }
        }
        let problems = findings.filter { $0.verdict == .problem }.count
        let warnings = findings.filter { $0.verdict == .warning }.count
        lines.append("")
        lines.append("\(problems) problem\(problems == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }

    /// `{"findings":[{"check":...,"verdict":...,"says":...,"do":...}],"problems":N,"warnings":N}`.
    public static func json(_ findings: [DoctorFinding]) -> JSON {
        let items: [JSON] = findings.map { finding in
            var members: [(String, JSON)] = [("check", .string(finding.check)), ("verdict", .string(finding.verdict.rawValue)),
                                             ("says", .string(finding.says))]
            if let advice = finding.advice { members.append(("do", .string(advice))) }
            return .object(members)
        }
        return .object([("findings", .array(items)),
                        ("problems", .number(Double(findings.filter { $0.verdict == .problem }.count))),
                        ("warnings", .number(Double(findings.filter { $0.verdict == .warning }.count)))])
    }
}

extension Doctor {
    /// A span of seconds as a person says it: `40 s`, `12 min`, `3 h 5 min`, `2 d 4 h`.
    public static func span(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "a long time" }
        let s = Int(min(max(0, seconds), 1e9).rounded())
        switch s {
        case ..<60: return "\(s) s"
        case ..<3600: return "\(s / 60) min"
        case ..<86_400: return "\(s / 3600) h" + (s % 3600 / 60 > 0 ? " \(s % 3600 / 60) min" : "")
        default: return "\(s / 86_400) d" + (s % 86_400 / 3600 > 0 ? " \(s % 86_400 / 3600) h" : "")
        }
    }

    /// `"dunst" (pid 812)`: a process's own word, quoted, as the daemon's log names it.
    static func named(_ command: String?, pid: Int32?) -> String {
        (command.map { "\"\($0)\"" } ?? "a process") + (pid.map { " (pid \($0))" } ?? "")
    }
}
