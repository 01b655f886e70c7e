/// The daemon on its socket, the sound server toasts' sounds play through, and the
/// accessibility bus screen readers read the toasts on.
extension Doctor {
    public enum DaemonSocket: Equatable, Sendable {
        /// Answered `ping`; the pid is the socket's peer.
        case answers(path: String, pid: Int32?)
        case silent(path: String, why: String)
    }

    public static func daemon(_ socket: DaemonSocket) -> DoctorFinding {
        switch socket {
        case let .answers(path, pid):
            return DoctorFinding("daemon", .ok, "\(named(daemonCommand, pid: pid)) answers at \(path)")
        case let .silent(path, why):
            return DoctorFinding("daemon", .problem, "no xtoast daemon answers at \(path) (\(why))",
                                 advice: "start it: xtoast daemon & (or systemctl --user start xtoast.service); its log says why it stopped (journalctl --user -u xtoast)")
        }
    }

    public struct Sound: Equatable, Sendable {
        /// `$XDG_RUNTIME_DIR/pulse/native` (PulseAudio, or PipeWire's pulse server) is a socket.
        public var pulse: Bool
        /// `$XDG_RUNTIME_DIR/pipewire-0` is a socket.
        public var pipewire: Bool
        /// libcanberra, which plays the sounds, can be found.
        public var canberra: Bool

        public init(pulse: Bool, pipewire: Bool, canberra: Bool) {
            self.pulse = pulse
            self.pipewire = pipewire
            self.canberra = canberra
        }
    }

    public static func sound(_ sound: Sound) -> DoctorFinding {
        guard sound.canberra else {
            return DoctorFinding("sound", .warning, "libcanberra is not installed: toasts play no sound",
                                 advice: "apt-get install libcanberra0 (only if you want sounds)")
        }
        guard sound.pulse || sound.pipewire else {
            return DoctorFinding("sound", .warning, "no sound server socket in XDG_RUNTIME_DIR (pulse/native, pipewire-0): sounds go to ALSA directly, or nowhere",
                                 advice: "start PipeWire or PulseAudio with the session (only if you want sounds)")
        }
        return DoctorFinding("sound", .ok, sound.pipewire ? "PipeWire" + (sound.pulse ? " (with its pulse server)" : "") : "PulseAudio")
    }

    public enum AccessibilityBus: Equatable, Sendable {
        case noSessionBus
        /// Nobody owns `org.a11y.Bus`.
        case notRunning
        /// `org.a11y.Status`' `IsEnabled` and `ScreenReaderEnabled`.
        case running(enabled: Bool, screenReader: Bool)
    }

    public static func accessibility(_ bus: AccessibilityBus) -> DoctorFinding {
        let check = "accessibility"
        switch bus {
        case .noSessionBus:
            return DoctorFinding(check, .ok, "no session bus: screen readers cannot read the toasts")
        case .notRunning:
            return DoctorFinding(check, .ok, "no accessibility bus (org.a11y.Bus): screen readers cannot read the toasts",
                                 advice: "only for a screen reader: install at-spi2-core and start Orca")
        case let .running(enabled, screenReader):
            guard enabled || screenReader else {
                return DoctorFinding(check, .ok, "the accessibility bus runs, switched off (IsEnabled false): xtoast publishes nothing to it")
            }
            return DoctorFinding(check, .ok, "the accessibility bus runs and is enabled\(screenReader ? " with a screen reader" : ""): the toasts are published to it")
        }
    }
}
