/// The session bus: who holds `org.freedesktop.Notifications`, and which activation file
/// would start a server when nobody does.
extension Doctor {
    /// A process as `/proc` shows it.
    public struct ProcessFacts: Equatable, Sendable {
        public var pid: Int32
        /// `/proc/PID/comm`; nil when it could not be read.
        public var command: String?
        /// When it started, in UNIX seconds; nil when unknown.
        public var started: Double?

        public init(pid: Int32, command: String? = nil, started: Double? = nil) {
            self.pid = pid
            self.command = command
            self.started = started
        }
    }

    /// What the bus said about the name.
    public enum NameOwner: Equatable, Sendable {
        /// No session bus to ask (why, in the bus library's words).
        case noBus(String)
        /// Nobody holds the name.
        case none
        /// A connection holds it; its process, when the bus told (`GetConnectionUnixProcessID`).
        case owner(ProcessFacts?)
    }

    /// Who serves the desktop's notifications, and since when.
    public static func nameOwner(_ owner: NameOwner, now: Double) -> DoctorFinding {
        let check = "bus name"
        switch owner {
        case let .noBus(why):
            return DoctorFinding(check, .problem, "no session bus (\(why)): applications cannot send desktop notifications to anyone",
                                 advice: "start the session through dbus-run-session or dbus-launch (a display manager does it), so DBUS_SESSION_BUS_ADDRESS is set")
        case .none:
            return DoctorFinding(check, .warning, "nobody holds \(notificationsName): the next notification starts whichever server the activation file names (below), or fails",
                                 advice: "start xtoast: xtoast daemon & (or systemctl --user start xtoast.service)")
        case let .owner(process):
            let who = named(process?.command, pid: process?.pid)
            let since = process?.started.map { ", started \(span(now - $0)) ago," } ?? ""
            if process?.command == daemonCommand {
                return DoctorFinding(check, .ok, "\(who)\(since) holds \(notificationsName): desktop notifications come to xtoast")
            }
            let stop = process.map { "kill \($0.pid)" } ?? "stop it"
            let unit = process?.command.map { " (systemctl --user stop \($0).service, or \(stop))" } ?? " (\(stop))"
            return DoctorFinding(check, .problem, "\(who)\(since) holds \(notificationsName): desktop notifications go to it, not to xtoast",
                                 advice: "stop it\(unit); a running xtoast waits in the bus's queue and takes the name when it goes, and masking its activation file (below) keeps it from coming back")
        }
    }

    /// One `.service` file of the bus's activation directories.
    public struct ActivationFile: Equatable, Sendable {
        public var path: String
        /// `Name=`: the bus name it starts a server for.
        public var name: String?
        /// `Exec=`: the command the bus runs.
        public var exec: String?
        /// `SystemdService=`: the unit the bus asks systemd to start instead, where systemd runs.
        public var systemdService: String?

        public init(path: String, name: String? = nil, exec: String? = nil, systemdService: String? = nil) {
            self.path = path
            self.name = name
            self.exec = exec
            self.systemdService = systemdService
        }

        /// Reads the `[D-BUS Service]` group's keys of a file's text.
        public init(path: String, text: String) {
            self.init(path: path)
            var inGroup = false
            for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let line = raw.trimmingBlanks()
                if line.hasPrefix("[") {
                    inGroup = line == "[D-BUS Service]"
                    continue
                }
                guard inGroup, let eq = line.firstIndex(of: "=") else { continue }
                let value = String(line[line.index(after: eq)...].trimmingBlanks())
                switch line[..<eq].trimmingBlanks() {
                case "Name": name = value
                case "Exec": exec = value
                case "SystemdService": systemdService = value
                default: break
                }
            }
        }

        /// The program it starts, by its file name: `dunst` for `Exec=/usr/bin/dunst -conf x`.
        public var program: String? {
            guard let first = exec?.split(separator: " ").first else { return nil }
            return first.split(separator: "/").last.map(String.init)
        }

        /// Whether it starts xtoast (`xtoastd`, or `xtoast daemon`).
        public var startsXtoast: Bool { program == daemonCommand || program == "xtoast" }
    }

    /// The activation files that name `org.freedesktop.Notifications`, `files` in the bus's
    /// search order (`$XDG_DATA_HOME` first, then each of `$XDG_DATA_DIRS`): the bus starts the
    /// first one's server. `userDirectory` is `~/.local/share/dbus-1/services`, where a file
    /// of the same name goes first.
    public static func activation(_ files: [ActivationFile], userDirectory: String?) -> [DoctorFinding] {
        let check = "activation"
        let claiming = files.filter { $0.name == notificationsName }
        guard let first = claiming.first else {
            return [DoctorFinding(check, .warning, "no activation file names \(notificationsName): a notification sent while no xtoast runs finds no server",
                                  advice: "install xtoast's (scripts/install, or the .deb), or start xtoast daemon with the session")]
        }
        var findings: [DoctorFinding] = []
        if first.startsXtoast {
            findings.append(DoctorFinding(check, .ok, "\(first.path) starts xtoast when a notification comes and no server holds the name"))
        }
        for file in claiming where !file.startsXtoast {
            let server = file.program.map { "\"\($0)\"" } ?? "another server"
            guard file == first else {
                findings.append(DoctorFinding(check, .ok, "\(file.path) would start \(server), but \(first.path) comes before it on the bus's path"))
                continue
            }
            var ways: [String] = []
            if let unit = file.systemdService { ways.append("systemctl --user mask --now \(unit)") }
            if let userDirectory, file.path.hasPrefix(userDirectory + "/") {
                ways.append("remove \(file.path)")
            } else if let userDirectory {
                ways.append("put xtoast's activation file (org.xtoast.Notifications.service) in \(userDirectory), which the bus reads first")
            }
            findings.append(DoctorFinding(check, .problem, "\(file.path) starts \(server) when a notification comes and no server holds the name\(file.systemdService.map { " (through systemd: \($0))" } ?? "")",
                                          advice: ways.isEmpty ? "remove \(file.path)" : ways.joined(separator: "; or ")))
        }
        return findings
    }
}
