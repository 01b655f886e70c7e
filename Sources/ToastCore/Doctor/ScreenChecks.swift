/// The X server, the compositor (and, for picom, what its config does to xtoast's cards),
/// and a locker or screen saver in front of them.
extension Doctor {
    /// What opening `$DISPLAY` gave.
    public enum XServer: Equatable, Sendable {
        case noDisplay
        case unreachable(display: String)
        case server(display: String, vendor: String, release: Int)
    }

    public static func xServer(_ server: XServer) -> DoctorFinding {
        switch server {
        case .noDisplay:
            return DoctorFinding("X server", .problem, "DISPLAY is not set: xtoast has no screen to draw on",
                                 advice: "run xtoast doctor from a terminal of the X session, or export DISPLAY=:0")
        case let .unreachable(display):
            return DoctorFinding("X server", .problem, "cannot open display \(display)",
                                 advice: "check that the X server runs and that XAUTHORITY names its cookie (xdpyinfo -display \(display))")
        case let .server(display, vendor, release):
            return DoctorFinding("X server", .ok, "\(display): \(vendor) \(release)")
        }
    }

    /// Who owns `_NET_WM_CM_Sn`, as far as it could be told.
    public struct Compositor: Equatable, Sendable {
        /// The owner window's `WM_CLASS` or `_NET_WM_NAME`, else its process's command name.
        public var name: String?
        public var pid: Int32?
        /// picom's config file and its text, when the compositor is picom and one was found.
        public var picomConfig: (path: String, text: String)?

        public init(name: String? = nil, pid: Int32? = nil, picomConfig: (path: String, text: String)? = nil) {
            self.name = name
            self.pid = pid
            self.picomConfig = picomConfig
        }

        public static func == (a: Compositor, b: Compositor) -> Bool {
            a.name == b.name && a.pid == b.pid && a.picomConfig?.path == b.picomConfig?.path && a.picomConfig?.text == b.picomConfig?.text
        }
    }

    /// `compositor`: nil when nobody owns the selection. `shadow` is xtoast's own `shadow` key.
    public static func compositor(_ compositor: Compositor?, shadow: ShadowMode) -> [DoctorFinding] {
        let check = "compositor"
        guard let compositor else {
            return [DoctorFinding(check, .ok, "none: cards are shaped windows, without translucency or shadows")]
        }
        let who = compositor.name.map { "\"\($0)\"" + (compositor.pid.map { " (pid \($0))" } ?? "") } ?? "unknown"
        var findings = [DoctorFinding(check, .ok, "\(who) owns the compositor selection (_NET_WM_CM_Sn): cards are translucent, with rounded corners")]
        let isPicom = compositor.name.map { ["picom", "compton"].contains($0.lowercased()) } ?? false
        guard isPicom else { return findings }
        guard let (path, text) = compositor.picomConfig else {
            findings.append(DoctorFinding("picom", .ok, "no config file found: picom's defaults draw no shadows"
                                          + (shadow == .compositor ? " (xtoast's shadow = compositor: cards have none)" : "")))
            return findings
        }
        findings += picom(PicomConfig(text), path: path, shadow: shadow)
        return findings
    }

    /// What picom's config does to xtoast's cards: override-redirect windows of type
    /// `notification`, `WM_CLASS` `xtoast`/`Xtoast`, named `xtoast`.
    static func picom(_ config: PicomConfig, path: String, shadow: ShadowMode) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let shadowed = config.flag("shadow") == true && !config.names("shadow-exclude").contains(where: PicomConfig.matchesCards)
        switch (shadowed, shadow) {
        case (true, .own), (true, ShadowMode.none):
            findings.append(DoctorFinding("picom", .warning, "\(path) shadows xtoast's cards (shadow = true, no shadow-exclude names them) while xtoast's shadow = \(shadow.rawValue): \(shadow == .own ? "both shadows show" : "they get picom's")",
                                          advice: "add \"window_type = 'notification'\" to shadow-exclude in \(path), or set shadow = compositor in xtoast's config"))
        case (false, .compositor):
            findings.append(DoctorFinding("picom", .ok, "\(path) draws no shadow on xtoast's cards, and xtoast's shadow = compositor leaves it to picom: cards have none"))
        default:
            findings.append(DoctorFinding("picom", .ok, "\(path) \(shadowed ? "shadows" : "does not shadow") xtoast's cards, as xtoast's shadow = \(shadow.rawValue) expects"))
        }
        for entry in config.names("opacity-rule") where PicomConfig.matchesCards(entry) {
            findings.append(DoctorFinding("picom", .warning, "\(path): opacity-rule \"\(entry)\" sets the cards' opacity",
                                          advice: "remove it, unless the cards should be that transparent"))
        }
        return findings
    }

    /// What the daemon says is locked: monitors behind a locker or the screen saver; nil when
    /// no daemon answered.
    public static func locker(_ locked: [String]?) -> DoctorFinding {
        guard let locked else {
            return DoctorFinding("locker", .ok, "cannot tell without a running daemon")
        }
        guard !locked.isEmpty else {
            return DoctorFinding("locker", .ok, "no locker or screen saver covers a monitor")
        }
        return DoctorFinding("locker", .warning, "a locker or the screen saver covers \(locked.joined(separator: ", ")): toasts wait until it goes",
                             advice: "unlock; a summary card then stands for what waited")
    }
}

/// picom's libconfig file, read as far as the doctor needs: `key = true;` flags and the
/// strings of `key = [ "...", ... ];` lists, comments (`#`, `//`) left out.
struct PicomConfig {
    private var flags: [String: Bool] = [:]
    private var lists: [String: [String]] = [:]

    init(_ text: String) {
        var key: String?
        var list: [String]?
        for raw in text.split(separator: "\n").prefix(20_000) {
            var line = Substring(raw)
            if let hash = Self.commentStart(line) { line = line[..<hash] }
            if var open = list {
                open += Self.strings(line)
                list = open
                if line.contains("]"), let name = key {
                    lists[name] = open
                    list = nil
                    key = nil
                }
                continue
            }
            guard let eq = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let name = String(line[..<eq].trimmingBlanks())
            let value = line[line.index(after: eq)...].trimmingBlanks()
            if value.hasPrefix("[") {
                if value.contains("]") { lists[name] = Self.strings(value) } else { key = name; list = Self.strings(value) }
            } else if value.hasPrefix("true") {
                flags[name] = true
            } else if value.hasPrefix("false") {
                flags[name] = false
            }
        }
    }

    func flag(_ key: String) -> Bool? { flags[key] }
    func names(_ key: String) -> [String] { lists[key] ?? [] }

    /// Whether a condition names xtoast's cards: their class, name or window type.
    static func matchesCards(_ condition: String) -> Bool {
        let c = condition.lowercased()
        return c.contains("xtoast") || c.contains("notification")
    }

    /// The double-quoted strings of a line.
    private static func strings(_ line: Substring) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { i, part in
            i % 2 == 1 ? String(part) : nil
        }
    }

    /// Where a comment starts, outside a string.
    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var inString = false
        var previous: Character = " "
        for i in line.indices {
            let c = line[i]
            if c == "\"" { inString.toggle() }
            if !inString, c == "#" || (c == "/" && previous == "/") { return c == "#" ? i : line.index(before: i) }
            previous = c
        }
        return nil
    }
}
