import CX11
import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Issue 25: the lockers Debian packages, run as a user would (a test user with a
    /// password: xscreensaver refuses root), each on an Xvfb of its own; compositors started
    /// and restarted while toasts show (their overlay window is no locker); a screenshot
    /// overlay (slop) holds nothing; a card crossing a monitor's edge casts no shadow there.
    @Suite struct LockersTests {
        typealias F = FoundationTests
        static let user = "xtoastlock"
        static let password = "xtoast-lock-test"
        static let isRoot = getuid() == 0

        /// Creates the test user with its password when it is missing (the tests run as root).
        static func ensureUser() throws {
            let env = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
            if try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/id"), [user], environment: env).status == 0 { return }
            let made = try DaemonHarness.run(URL(fileURLWithPath: "/usr/sbin/useradd"), ["-m", "-s", "/bin/sh", user], environment: env)
            guard made.status == 0 else { throw TestFailure("useradd \(user): \(made.stderr)") }
            let set = try DaemonHarness.run(URL(fileURLWithPath: "/usr/sbin/chpasswd"), [], stdin: "\(user):\(password)\n", environment: env)
            guard set.status == 0 else { throw TestFailure("chpasswd: \(set.stderr)") }
        }

        /// Starts `command` on `display` in a session of its own (so `stop` ends it and every
        /// child it started), as the test user when `asUser`.
        static func start(_ display: PrivateDisplay, _ command: [String], asUser: Bool) throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            // `--wait`: setsid forks (the test's child leads a process group already), and
            // stays until the session it made ends, so `stop` finds that session as its child.
            let env = ["DISPLAY=\(display.name)", "PATH=/usr/bin:/bin", "HOME=\(asUser ? "/home/\(user)" : "/root")"]
            p.arguments = ["--wait"] + (asUser ? ["runuser", "-u", user, "--", "env", "-i"] + env + command : ["env", "-i"] + env + command)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }

        /// Ends what `start` started: every process of the session it made (xscreensaver's
        /// graphics process leads a group of its own there), and those of the test user that
        /// left it for a session of their own but still name its display (xsecurelock's
        /// helpers), each by its id, with SIGKILL (a process spawned from a test thread may
        /// have SIGTERM blocked); then waits for it.
        static func stop(_ p: Process) {
            let pid = p.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            let sessions = Set(children.split(separator: " ").compactMap { Int32($0) })
            let display = p.arguments?.first { $0.hasPrefix("DISPLAY=") }
            let uid = try? DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/id"), ["-u", user], environment: [:]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let other = Int32(entry), other != getpid() else { continue }
                // The session is the sixth field of /proc/N/stat (the fourth after the name in
                // parentheses: state, parent, group, session).
                let stat = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)) ?? ""
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                let session = fields.count > 3 ? Int32(fields[3]) : nil
                let status = (try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)) ?? ""
                let owner = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first.map(String.init)
                let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/environ")))
                    .map { $0.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } } ?? []
                let strayHelper = owner != nil && owner == uid && display.map(environment.contains) == true
                if session.map(sessions.contains) == true || strayHelper { kill(other, SIGKILL) }
            }
            kill(pid, SIGKILL)
            // With a deadline rather than `waitUntilExit`, which was seen to wait on after the
            // process had gone.
            try? waitUntil("\(p.arguments?.last ?? "the locker") to end", timeout: 5) { !p.isRunning }
        }

        /// The whole story with one locker: a card up is taken off when it locks, a critical
        /// toast sent meanwhile is never mapped, `center open` is refused and maps nothing,
        /// and once it has gone both toasts show.
        func holdsWhileLocked(_ name: String, lock: (PrivateDisplay) throws -> [Process]) throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            _ = try daemon.show(["--timeout", "0", "before the lock"])
            _ = try F.restingCards(probe, count: 1)
            let lockers = try lock(display)
            defer { lockers.forEach(Self.stop) }
            try waitUntil("\(name) to lock: the card up taken off", timeout: 15) {
                daemon.log.contains("a locker covers") && probe.cards().isEmpty
            }
            _ = try daemon.show(["--timeout", "0", "--urgency", "critical", "one-time code 123456"])
            let refused = try daemon.xtoast(["center", "open"])
            #expect(refused.status != 0, "center open under \(name): \(refused.stdout)")
            let end = Date().addingTimeInterval(1.5)
            var checks = 0
            while Date() < end {
                #expect(probe.cards().isEmpty, "a surface of xtoast is mapped over \(name)")
                checks += 1
                usleep(20_000)
            }
            #expect(checks > 10)
            lockers.reversed().forEach(Self.stop)
            _ = try F.restingCards(probe, count: 2, timeout: 10)
        }

        @Test("i3lock (as the test user): cards off, nothing mapped, center open refused; gone, both toasts show",
              .enabled(if: isRoot, "the lockers run as a test user, which only root can create and switch to"))
        func i3lockAsUser() throws {
            try Self.ensureUser()
            try holdsWhileLocked("i3lock") { [try Self.start($0, ["i3lock", "-n", "-c", "0000ff"], asUser: true)] }
        }

        @Test("xsecurelock (as the test user, drawing in the Composite overlay window): the same",
              .enabled(if: isRoot, "the lockers run as a test user, which only root can create and switch to"))
        func xsecurelock() throws {
            try Self.ensureUser()
            try holdsWhileLocked("xsecurelock") { [try Self.start($0, ["xsecurelock"], asUser: true)] }
        }

        @Test("xsecurelock under picom (the overlay window already mapped by the compositor): the keyboard probe finds it",
              .enabled(if: isRoot, "the lockers run as a test user, which only root can create and switch to"))
        func xsecurelockUnderPicom() throws {
            try Self.ensureUser()
            try holdsWhileLocked("xsecurelock under picom") { display in
                let picom = try Self.start(display, ["picom", "--backend", "xrender"], asUser: false)
                let probe = try XProbe(display.name)
                try waitUntil("picom to run") { probe.compositorRunning }
                usleep(300_000)
                return [picom, try Self.start(display, ["xsecurelock"], asUser: true)]
            }
        }

        @Test("slock (a window with no name at all: only the keyboard probe tells): the same",
              .enabled(if: isRoot, "slock reads the password file as root and then runs as nobody"))
        func slock() throws {
            // Debian's slock carries file capabilities (cap_dac_override, cap_sys_resource),
            // which a container's bounding set may refuse (exec fails with EPERM); a copy
            // without them, run as root, locks the same way (it drops to nobody itself).
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("slock-\(getpid())")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/bin/slock"), to: copy)
            defer { try? FileManager.default.removeItem(at: copy) }
            try holdsWhileLocked("slock") { [try Self.start($0, [copy.path], asUser: false)] }
        }

        @Test("xscreensaver (as the test user, xscreensaver-command -lock): the same",
              .enabled(if: isRoot, "xscreensaver refuses root: it runs as a test user, which only root can create"))
        func xscreensaver() throws {
            try Self.ensureUser()
            try holdsWhileLocked("xscreensaver") { display in
                let saver = try Self.start(display, ["xscreensaver", "-no-splash"], asUser: true)
                var locked = false
                try waitUntil("xscreensaver to lock", timeout: 10) {
                    let run = try DaemonHarness.run(URL(fileURLWithPath: "/usr/sbin/runuser"),
                                                    ["-u", Self.user, "--", "env", "DISPLAY=\(display.name)", "HOME=/home/\(Self.user)",
                                                     "xscreensaver-command", "-lock"], environment: ["PATH": "/usr/bin:/bin"])
                    locked = run.status == 0
                    if !locked { usleep(200_000) }
                    return locked
                }
                return [saver]
            }
        }

        @Test("slop (a screenshot overlay over the screen holding the keyboard) holds nothing: toasts show while it runs")
        func slop() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            let slop = try Self.start(display, ["slop"], asUser: false)
            defer { Self.stop(slop) }
            try waitUntil("slop's window to be viewable") { probe.viewableWindow(className: "slop") != nil }
            _ = try daemon.show(["--timeout", "0", "while picking an area"])
            _ = try F.restingCards(probe, count: 1)
            #expect(!daemon.log.contains("a locker covers"), "\(daemon.log)")
        }

        @Test("a compositor started and restarted while toasts flow: every toast shows as a card, none is held",
              arguments: [["picom", "--backend", "xrender"], ["xcompmgr", "-c"]])
        func compositorRestarts(_ command: [String]) throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            var compositor: Process?
            defer { compositor.map(Self.stop) }
            for round in 0..<6 {
                if let running = compositor { Self.stop(running) }
                compositor = try Self.start(display, command, asUser: false)
                // Sent at once, while the compositor is still coming up (and maps its overlay).
                let id = try daemon.show(["--timeout", "0", "toast \(round)"])
                try waitUntil("toast \(round) to show as a card under \(command[0])", timeout: 5) {
                    try probe.cards().count == 1 && daemon.xtoast(["list"]).stdout.contains(#""state":"visible""#)
                }
                usleep(200_000)
                #expect(probe.cards().count == 1, "toast \(round) stayed up")
                _ = try daemon.xtoast(["dismiss", id])
                try waitUntil("toast \(round) to go") { probe.cards().isEmpty }
            }
            #expect(!daemon.log.contains("a locker covers"), "\(daemon.log)")
        }

        @Test("under picom with shadows, _COMPTON_SHADOW is 0 while a card crosses the seam between two monitors, gone once inside")
        func shadowOffAcrossTheSeam() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let picom = try Self.start(display, ["picom", "--backend", "xrender", "--shadow"], asUser: false)
            defer { Self.stop(picom) }
            let probe = try XProbe(display.name)
            try waitUntil("picom to run") { probe.compositorRunning }
            let daemon = try DaemonHarness(display: display.name)
            _ = try daemon.show(["--timeout", "0", "entering from the seam"])
            var crossing = 0
            let deadline = Date().addingTimeInterval(0.8)
            while Date() < deadline {
                for card in probe.cards() where card.frame.x < 1920 && card.frame.maxX > 1920 {
                    let shadow = probe.cardinal(card.window, "_COMPTON_SHADOW")
                    // The frame read again after the property: the card moves between requests.
                    guard probe.cards().first(where: { $0.window == card.window })?.frame == card.frame else { continue }
                    crossing += 1
                    #expect(shadow == 0, "a card across the seam at \(card.frame) has _COMPTON_SHADOW \(String(describing: shadow))")
                }
            }
            #expect(crossing >= 2, "saw the card across the seam \(crossing) times")
            let card = try #require(try F.restingCards(probe, count: 1).first)
            #expect(probe.cardinal(card.window, "_COMPTON_SHADOW") == nil, "at rest inside its monitor the compositor's shadow is back")
        }
    }
}
