/// The systemd user manager's environment, which a D-Bus-activated xtoast starts with (its
/// activation file names `SystemdService=`).
extension Doctor {
    public struct ActivationEnvironment: Equatable, Sendable {
        /// The manager's `Environment` (`NAME=value` lines); nil when no systemd user manager
        /// answers on the bus.
        public var systemd: [String]?
        /// This shell's `DISPLAY` and `XAUTHORITY`, what the daemon is expected to use.
        public var display: String?
        public var xauthority: String?

        public init(systemd: [String]?, display: String?, xauthority: String?) {
            self.systemd = systemd
            self.display = display
            self.xauthority = xauthority
        }
    }

    static let importEnvironment = "dbus-update-activation-environment --systemd DISPLAY XAUTHORITY (in ~/.xsessionrc, ~/.xinitrc or the window manager's start-up)"

    public static func activationEnvironment(_ facts: ActivationEnvironment) -> DoctorFinding {
        let check = "activation environment"
        guard let environment = facts.systemd else {
            return DoctorFinding(check, .ok, "cannot tell: no systemd user manager on the bus; an activated xtoast gets the bus's own environment")
        }
        func value(_ name: String) -> String? {
            environment.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
        }
        guard let display = value("DISPLAY") else {
            return DoctorFinding(check, .problem, "DISPLAY is not in the systemd user manager's environment: an xtoast started by D-Bus activation or xtoast.service finds no screen",
                                 advice: importEnvironment)
        }
        if let ours = facts.display, ours != display {
            return DoctorFinding(check, .warning, "the systemd user manager has DISPLAY=\(display), this shell \(ours): an activated xtoast draws on \(display)",
                                 advice: importEnvironment + ", from the session on the display you use")
        }
        if facts.xauthority != nil, value("XAUTHORITY") == nil {
            return DoctorFinding(check, .warning, "DISPLAY=\(display) is in the systemd user manager's environment, XAUTHORITY is not: an activated xtoast may be refused by the X server",
                                 advice: importEnvironment)
        }
        return DoctorFinding(check, .ok, "the systemd user manager has DISPLAY=\(display)\(value("XAUTHORITY") == nil ? "" : " and XAUTHORITY"): an activated xtoast finds the screen")
    }
}
