import Bus
#if canImport(Glibc)
import Glibc
#endif
import ConfigParsing
import JSONCodec
import Operations
import ToastCore
import Transport
import X11

/// `xtoastd --doctor [--json]`, which `xtoast doctor` hands over to: reads what the checks
/// need (the session bus, the X server, the daemon's socket, files) and prints the findings
/// `Doctor` makes of them. It only reads: it owns no name, starts no service, maps no window
/// and sends the daemon only questions.
enum DoctorReading {
    static let argument = "--doctor"

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.allSatisfy({ $0 == "--json" }) else {
            StandardStreams.error("xtoast doctor: unknown argument \"\(arguments.first(where: { $0 != "--json" }) ?? "")\" (it takes only --json)")
            return ExitCode.usage.rawValue
        }
        let findings = Doctor.findings(facts(), now: wallNow())
        StandardStreams.output(arguments.contains("--json") ? DoctorReport.json(findings).text : DoctorReport.text(findings))
        return ExitCode.ok.rawValue
    }

    static func facts() -> Doctor.Facts {
        let home = Environment.nonEmpty("HOME")
        let socket = DaemonQuestions.ask()
        var facts = Doctor.Facts(daemon: socket.state, nameOwner: .none)
        facts.locked = socket.locked
        facts.quiet = socket.quiet
        facts.snoozes = socket.snoozes
        facts.rules = socket.rules

        switch SessionBusProbe.open() {
        case let .failure(failure):
            facts.nameOwner = .noBus(failure.message)
            facts.accessibility = .noSessionBus
        case let .success(bus):
            facts.nameOwner = bus.owner(of: Doctor.notificationsName).map { owner in
                .owner(owner.pid.map { ProcessTable.facts(pid: $0) })
            } ?? .none
            facts.environment.systemd = bus.systemdEnvironment()
            facts.accessibility = bus.accessibilityStatus().map { .running(enabled: $0.enabled, screenReader: $0.screenReader) } ?? .notRunning
        }
        facts.environment.display = Environment.nonEmpty("DISPLAY")
        facts.environment.xauthority = Environment.nonEmpty("XAUTHORITY")

        let dataHome = Environment.nonEmpty("XDG_DATA_HOME") ?? home.map { "\($0)/.local/share" }
        facts.userServiceDirectory = dataHome.map { "\($0)/dbus-1/services" }
        facts.activationFiles = ActivationFiles.read(dataHome: dataHome, dataDirs: Environment.nonEmpty("XDG_DATA_DIRS"))

        let screen = ScreenProbe.read(display: Environment.nonEmpty("DISPLAY"))
        facts.xServer = screen.server
        facts.compositor = screen.compositor.map { Compositors.identify($0, home: home) }

        let configPath = ConfigPath.resolve(xdgConfigHome: Environment.get("XDG_CONFIG_HOME"), home: home)
        if let path = configPath {
            switch BoundedFile.read(path, maxBytes: 1 << 20) {
            case let .success(bytes):
                let (config, diagnostics) = ConfigParser.parse(String(decoding: bytes, as: UTF8.self), file: path)
                facts.shadow = config.shadow
                facts.config = .read(path: path, diagnostics: diagnostics.map(\.description))
            case .failure(.missing):
                facts.config = .missing(path: path)
            case let .failure(failure):
                facts.config = .unreadable(path: path, why: failure.reason)
            }
        }
        if let path = HistoryFile.path(xdgStateHome: Environment.get("XDG_STATE_HOME"), home: home) {
            var info = stat()
            facts.history = stat(path, &info) == 0 ? .present(path: path, size: Int(info.st_size), mode: UInt32(info.st_mode))
                : .missing(path: path)
        }
        let runtime = Environment.nonEmpty("XDG_RUNTIME_DIR")
        facts.sound = Doctor.Sound(pulse: runtime.map { isSocket("\($0)/pulse/native") } ?? false,
                                   pipewire: runtime.map { isSocket("\($0)/pipewire-0") } ?? false,
                                   canberra: libraryDirectories.contains { access("\($0)/libcanberra.so.0", R_OK) == 0 })
        return facts
    }

    /// Where Debian and other distributions put shared libraries (libcanberra is looked for, not loaded).
    static let libraryDirectories = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]

    static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    static func wallNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// The daemon's answers to `ping`, `list`, `pause --status`, `snooze --list` and `rules`, on
/// one connection to the socket the client would use.
enum DaemonQuestions {
    struct Answers {
        var state: Doctor.DaemonSocket
        var locked: [String]?
        var quiet: JSON?
        var snoozes: JSON?
        var rules: JSON?
    }

    /// A reply comes at once; a daemon silent this long is stuck.
    static let replySeconds = 5

    static func ask() -> Answers {
        let path = SocketPath.resolve(override: Environment.get("XTOAST_SOCKET"), runtimeDir: Environment.get("XDG_RUNTIME_DIR"),
                                      display: Environment.get("DISPLAY"), uid: getuid()).path
        let socket: UnixSocket
        do {
            socket = try UnixSocket.connect(to: path)
        } catch {
            return Answers(state: .silent(path: path, why: error.description))
        }
        defer { socket.close() }
        guard let peer = socket.peerProcess, peer.uid == getuid() else {
            return Answers(state: .silent(path: path, why: "the process listening there is not yours"))
        }
        socket.setReceiveTimeout(seconds: replySeconds)
        let requests: [Request] = [.ping, .list(limit: 1), .pauseStatus, .snooze(.list), .rules]
        guard socket.writeAll(requests.flatMap { $0.line + [UInt8(ascii: "\n")] }) else {
            return Answers(state: .silent(path: path, why: "it closed the connection"))
        }
        var buffer = LineBuffer(limit: 16 << 20)
        var replies: [JSON] = []
        reading: while replies.count < requests.count {
            guard case let .data(bytes) = socket.read() else { break reading }
            for case let .line(line) in buffer.append(bytes) {
                replies.append((try? JSON.parse(line)) ?? .null)
            }
        }
        guard replies.count == requests.count, replies[0]["ok"] == .bool(true) else {
            return Answers(state: .silent(path: path, why: "it did not answer within \(replySeconds) s"))
        }
        var locked: [String]?
        if case let .array(monitors)? = replies[1]["locked"] {
            locked = monitors.compactMap { if case let .string(name) = $0 { name } else { nil } }
        }
        return Answers(state: .answers(path: path, pid: peer.pid), locked: locked, quiet: replies[2], snoozes: replies[3], rules: replies[4])
    }
}

extension DaemonQuestions.Answers {
    init(state: Doctor.DaemonSocket) { self.init(state: state, locked: nil, quiet: nil, snoozes: nil, rules: nil) }
}

/// The bus's activation directories and their `.service` files, in the order the session
/// bus reads them: `$XDG_DATA_HOME`, each of `$XDG_DATA_DIRS`, then `/usr/share`.
enum ActivationFiles {
    /// A directory holds a few dozen; more are not read.
    static let maxFilesPerDirectory = 1000
    static let maxFileBytes = 64 * 1024

    static func read(dataHome: String?, dataDirs: String?) -> [Doctor.ActivationFile] {
        var roots = dataHome.map { [$0] } ?? []
        roots += (dataDirs ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        roots.append("/usr/share")
        var seen = Set<String>()
        var files: [Doctor.ActivationFile] = []
        for root in roots where root.hasPrefix("/") && seen.insert(root).inserted {
            let directory = root + "/dbus-1/services"
            for name in entries(of: directory).filter({ $0.hasSuffix(".service") }).sorted() {
                let path = directory + "/" + name
                guard case let .success(bytes) = BoundedFile.read(path, maxBytes: maxFileBytes) else { continue }
                files.append(Doctor.ActivationFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
            }
        }
        return files
    }

    /// A directory's entries, at most `maxFilesPerDirectory`. The corresponding C functions are `opendir` and `readdir`.
    static func entries(of directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while names.count < maxFilesPerDirectory, let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
