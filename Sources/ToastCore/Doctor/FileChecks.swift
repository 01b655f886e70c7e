/// The config file (its path and every line the parser ignored) and the history file (its
/// size and mode).
extension Doctor {
    public enum ConfigFile: Equatable, Sendable {
        /// Neither XDG_CONFIG_HOME nor HOME is set.
        case noPath
        case missing(path: String)
        case unreadable(path: String, why: String)
        /// Read; the parser's diagnostics (`FILE:LINE: message`), each an ignored line.
        case read(path: String, diagnostics: [String])
    }

    /// At most this many ignored lines are listed one by one; the rest are counted.
    static let listedDiagnostics = 20

    public static func config(_ file: ConfigFile) -> [DoctorFinding] {
        let check = "config"
        switch file {
        case .noPath:
            return [DoctorFinding(check, .warning, "neither XDG_CONFIG_HOME nor HOME is set: no config file is read; defaults apply")]
        case let .missing(path):
            return [DoctorFinding(check, .ok, "\(path) does not exist: defaults apply")]
        case let .unreadable(path, why):
            return [DoctorFinding(check, .problem, "cannot read \(path) (\(why)): defaults apply",
                                  advice: "check its permissions (chmod 600 \(path))")]
        case let .read(path, diagnostics):
            guard !diagnostics.isEmpty else { return [DoctorFinding(check, .ok, "\(path): every line is used")] }
            var findings = diagnostics.prefix(listedDiagnostics).map { line in
                DoctorFinding(check, .warning, "ignored: \(line)", advice: "fix the line, then xtoast reload (man 5 xtoast)")
            }
            if diagnostics.count > listedDiagnostics {
                findings.append(DoctorFinding(check, .warning, "\(diagnostics.count - listedDiagnostics) more lines ignored in \(path)"))
            }
            return findings
        }
    }

    public enum HistoryFile: Equatable, Sendable {
        case noPath
        case missing(path: String)
        /// Its size in bytes and its permission bits.
        case present(path: String, size: Int, mode: UInt32)
    }

    public static func history(_ file: HistoryFile) -> DoctorFinding {
        let check = "history"
        switch file {
        case .noPath:
            return DoctorFinding(check, .warning, "neither XDG_STATE_HOME nor HOME is set: history is kept in memory only")
        case let .missing(path):
            return DoctorFinding(check, .ok, "\(path) does not exist yet (made when the first toast ends)")
        case let .present(path, size, mode):
            let octal = String(mode & 0o777, radix: 8)
            let size = size < 1024 ? "\(size) bytes" : size < 1 << 20 ? "\(size / 1024) KiB" : "\(size >> 20) MiB"
            if mode & 0o077 != 0 {
                return DoctorFinding(check, .warning, "\(path): \(size), mode \(octal): others can read what your notifications said",
                                     advice: "chmod 600 \(path)")
            }
            return DoctorFinding(check, .ok, "\(path): \(size), mode \(octal)")
        }
    }
}
