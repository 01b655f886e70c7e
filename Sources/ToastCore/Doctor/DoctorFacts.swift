import JSONCodec

/// Everything `xtoast doctor` read, gathered by `xtoastd --doctor` (the bus, the X server,
/// files, the daemon's replies); `findings` turns it into the lines it prints, in this order.
extension Doctor {
    public struct Facts: Equatable, Sendable {
        public var daemon: DaemonSocket
        public var nameOwner: NameOwner
        /// The bus's activation files, in its search order.
        public var activationFiles: [ActivationFile]
        public var userServiceDirectory: String?
        public var environment: ActivationEnvironment
        public var xServer: XServer
        /// Nil when nobody owns the compositor selection (or there is no X server).
        public var compositor: Compositor?
        /// xtoast's `shadow` key, as the config file sets it.
        public var shadow: ShadowMode
        /// The daemon's replies; nil each when no daemon answered.
        public var locked: [String]?
        public var quiet: JSON?
        public var snoozes: JSON?
        public var rules: JSON?
        public var sound: Sound
        public var accessibility: AccessibilityBus
        public var config: ConfigFile
        public var history: HistoryFile

        public init(daemon: DaemonSocket, nameOwner: NameOwner, activationFiles: [ActivationFile] = [],
                    userServiceDirectory: String? = nil,
                    environment: ActivationEnvironment = ActivationEnvironment(systemd: nil, display: nil, xauthority: nil),
                    xServer: XServer = .noDisplay, compositor: Compositor? = nil, shadow: ShadowMode = .compositor,
                    locked: [String]? = nil, quiet: JSON? = nil, snoozes: JSON? = nil, rules: JSON? = nil,
                    sound: Sound = Sound(pulse: false, pipewire: false, canberra: false),
                    accessibility: AccessibilityBus = .notRunning, config: ConfigFile = .noPath, history: HistoryFile = .noPath) {
            self.daemon = daemon
            self.nameOwner = nameOwner
            self.activationFiles = activationFiles
            self.userServiceDirectory = userServiceDirectory
            self.environment = environment
            self.xServer = xServer
            self.compositor = compositor
            self.shadow = shadow
            self.locked = locked
            self.quiet = quiet
            self.snoozes = snoozes
            self.rules = rules
            self.sound = sound
            self.accessibility = accessibility
            self.config = config
            self.history = history
        }
    }

    /// Every check, `now` in UNIX seconds.
    public static func findings(_ facts: Facts, now: Double) -> [DoctorFinding] {
        var findings = [daemon(facts.daemon), nameOwner(facts.nameOwner, now: now)]
        findings += activation(facts.activationFiles, userDirectory: facts.userServiceDirectory)
        findings.append(activationEnvironment(facts.environment))
        findings.append(xServer(facts.xServer))
        if case .server = facts.xServer { findings += compositor(facts.compositor, shadow: facts.shadow) }
        findings.append(locker(facts.locked))
        findings += quiet(facts.quiet, now: now)
        findings += snoozes(facts.snoozes, now: now)
        findings += rules(facts.rules, now: now)
        findings.append(sound(facts.sound))
        findings.append(accessibility(facts.accessibility))
        findings += config(facts.config)
        findings.append(history(facts.history))
        return findings
    }
}
