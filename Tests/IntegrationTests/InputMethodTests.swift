import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Text through the X input method, typed with XTest into the centre's filter: a compose
    /// sequence through Xlib's own method (`XCOMPOSEFILE`), Japanese through IBus's XIM
    /// server (anthy), one started after the daemon, and one that goes away. What the filter
    /// matched is read from the pixels: the list's ink with one entry left against all.
    @Suite struct InputMethodTests {
        static let ibusInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/ibus-daemon")
            && FileManager.default.isExecutableFile(atPath: "/usr/libexec/ibus-x11")
            && FileManager.default.isExecutableFile(atPath: "/usr/libexec/ibus-engine-anthy")
        static let xmodmapInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/xmodmap")

        /// A UTF-8 locale, as a desktop session has; XIM needs one.
        static let locale = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]

        /// The panel: the one xtoast window as tall as the screen.
        func panel(_ probe: XProbe) -> XProbe.CardWindow? { probe.cards().first { $0.frame.height == 800 } }

        /// Ink of the list (entries' titles and messages, below the header with its filter's
        /// box) in the theme's text colour.
        func listInk(_ probe: XProbe, _ frame: Rect) throws -> Int {
            let c = try probe.capture(x: Int(frame.x), y: Int(frame.y) + 125, width: Int(frame.width), height: 600)
            return c.pixels.filter { colorDistance($0, Palette.dark.text) < 40 }.count
        }

        /// The header's pixels, where the filter's box shows what is typed.
        func header(_ probe: XProbe, _ frame: Rect) throws -> [UInt32] {
            try probe.capture(x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: 120).pixels
        }

        /// Three toasts into the history, the centre open and resting; its frame.
        func openCentre(_ screen: OwnScreen, titles: [String]) throws -> Rect {
            let (daemon, probe) = (screen.daemon, screen.probe)
            for (i, title) in titles.enumerated() {
                _ = try daemon.show(["--timeout", "0.05", "--title", title, "--app", "app\(i)", "entry number \(i)"])
            }
            try waitUntil("the toasts to end") { probe.cards().isEmpty }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            var resting: XProbe.CardWindow?
            try waitUntil("the panel to rest") {
                let now = panel(probe)
                defer { resting = now }
                return now != nil && now == resting && now?.frame.maxX == 1280
            }
            let frame = try #require(resting).frame
            try waitUntil("the entries to show") { try listInk(probe, frame) > 300 }
            return frame
        }

        /// Starts typing the filter ("/") and waits for its box, so what follows is text.
        func startFilter(_ probe: XProbe, _ frame: Rect) throws {
            let before = try header(probe, frame)
            probe.key("slash")
            try waitUntil("the filter's box to show") { try header(probe, frame) != before }
        }

        /// Types `keys` and waits for the list to settle at a new ink: the last two reads the same.
        func typeAndSettle(_ probe: XProbe, _ frame: Rect, _ keys: [String]) throws -> Int {
            let before = try listInk(probe, frame)
            for key in keys { probe.key(key) }
            var last = -1, same = 0
            var ink = before
            try waitUntil("the list to settle after \(keys)", timeout: 10) {
                ink = try listInk(probe, frame)
                same = ink == last ? same + 1 : 0
                last = ink
                return ink != before && same >= 3
            }
            return ink
        }

        @Test("a compose sequence from XCOMPOSEFILE (Multi_key e apostrophe) types é into the filter: only the entry with é stays; a 69-byte one too",
              .enabled(if: xmodmapInstalled, "xmodmap (x11-xserver-utils) maps a key to Multi_key"))
        func composeIntoFilter() throws {
            // The second commits 69 bytes: more than the first buffer (`XBufferOverflow`, asked again).
            let long = Array(repeating: "crème", count: 10).joined(separator: " ")
            let (screen, dir) = try composeScreen("<Multi_key> <e> <apostrophe> : \"é\" eacute\n<Multi_key> <c> <c> : \"\(long)\"\n")
            defer { try? FileManager.default.removeItem(at: dir) }
            let probe = screen.probe
            let frame = try openCentre(screen, titles: ["Café crème", "Green tea", "Espresso"])
            try startFilter(probe, frame)
            let all = try listInk(probe, frame)
            let composed = try typeAndSettle(probe, frame, ["Multi_key", "e", "apostrophe"])
            #expect(composed > 0, "an entry matches é (none would match e')")
            #expect(composed * 2 < all, "one entry of three: \(composed) of \(all)")
            // The same as "caf" typed with plain keys: the one entry, Café crème.
            probe.key("Escape")
            try startFilter(probe, frame)
            let plain = try typeAndSettle(probe, frame, ["c", "a", "f"])
            #expect(abs(plain - composed) * 10 <= plain, "é shows what caf shows: \(composed) against \(plain)")
            // Xlib's own method is closed when the filter is left, and opened again for the next.
            probe.key("Escape")
            try startFilter(probe, frame)
            let again = try typeAndSettle(probe, frame, ["Multi_key", "e", "apostrophe"])
            #expect(abs(again - composed) * 10 <= composed, "é again: \(again) against \(composed)")
            probe.key("Escape")
            try startFilter(probe, frame)
            let longer = try typeAndSettle(probe, frame, ["Multi_key", "c", "c"])
            #expect(abs(longer - composed) * 10 <= composed, "crème ×10 shows Café crème: \(longer) against \(composed)")
            #expect(screen.daemon.log.contains("input method: Xlib's own"), "\(screen.daemon.log)")
        }

        @Test("in the C locale, with XMODIFIERS naming a server that does not run (Xlib's own serves), plain keys still type into the filter")
        func plainKeysWithoutMethod() throws {
            let screen = try OwnScreen(extraEnvironment: ["LANG": "C", "LC_ALL": "C", "XMODIFIERS": "@im=nothing-runs-here"])
            let probe = screen.probe
            let frame = try openCentre(screen, titles: ["Café crème", "Green tea", "Espresso"])
            try startFilter(probe, frame)
            let all = try listInk(probe, frame)
            let one = try typeAndSettle(probe, frame, ["t", "e", "a"])
            #expect(one > 0 && one * 2 < all, "only Green tea: \(one) of \(all)")
            #expect(screen.daemon.log.contains("input method: Xlib's own"), "\(screen.daemon.log)")
            probe.key("Escape")
            try waitUntil("the filter to go") { try listInk(probe, frame) > one }
            probe.key("Escape")
            try waitUntil("the panel to close") { panel(probe) == nil }
        }

        @Test("a server that holds its selection but never answers (hung) does not stall the daemon: it starts, and plain keys type")
        func hungServer() throws {
            // The test's own window holds @server=hung and is listed in XIM_SERVERS, as a real
            // server's is; the probe's connection never answers its SelectionRequest.
            let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XMODIFIERS": "@im=hung"]) { $1 },
                                       before: { probe in
                                           let d = probe.display
                                           let owner = XCreateSimpleWindow(d, probe.root, 0, 0, 1, 1, 0, 0, 0)
                                           let selection = XInternAtom(d, "@server=hung", 0)
                                           XSetSelectionOwner(d, selection, owner, UInt(CurrentTime))
                                           var atoms: [Atom] = [selection]
                                           atoms.withUnsafeMutableBytes { bytes in
                                               _ = XChangeProperty(d, probe.root, XInternAtom(d, "XIM_SERVERS", 0), XA_ATOM, 32, PropModeReplace,
                                                                   bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
                                           }
                                           XSync(d, 0)
                                       })
            let probe = screen.probe
            try waitUntil("the daemon to ask the server") { screen.daemon.log.contains("asked hung") }
            let frame = try openCentre(screen, titles: ["Café crème", "Green tea", "Espresso"])
            try startFilter(probe, frame)
            let all = try listInk(probe, frame)
            let one = try typeAndSettle(probe, frame, ["t", "e", "a"])
            #expect(one > 0 && one * 2 < all, "only Green tea: \(one) of \(all)")
            #expect(!screen.daemon.log.contains("input method: hung"), "\(screen.daemon.log)")
        }

        /// IBus's daemon with its XIM server on `display`, in a home of its own, with anthy as
        /// the engine. Run in the foreground (not `--daemonize`) so the test holds its process.
        final class IBus {
            let process = Process()
            let environment: [String: String]
            let home: URL

            init(display: String) throws {
                home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-ibus-\(UUID().uuidString.prefix(8))")
                // anthy starts in hiragana (its default is Latin, which a user switches from
                // with Ctrl+J): GSettings from a key file of the test's own.
                let settings = home.appendingPathComponent(".config/glib-2.0/settings")
                try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
                try "[org/freedesktop/ibus/engine/anthy/common]\ninput-mode=0\n"
                    .write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
                // /usr/bin first: the anthy engine runs `python3` and needs Debian's (with gi).
                environment = ["PATH": "/usr/bin:/bin", "DISPLAY": display, "HOME": home.path,
                               "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
                               "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
                               "XDG_RUNTIME_DIR": home.path, "GSETTINGS_BACKEND": "keyfile",
                               "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + home.appendingPathComponent("no-bus").path,
                               "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
                process.executableURL = URL(fileURLWithPath: "/usr/bin/ibus-daemon")
                process.arguments = ["--xim", "--panel", "disable", "--cache", "refresh"]
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
            }

            func ibus(_ args: [String]) throws -> DaemonHarness.Run {
                try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/ibus"), args, environment: environment)
            }

            /// Waits for anthy to be the engine (the bus answers, the engine's list is read).
            func useAnthy() throws {
                try waitUntil("IBus to take anthy", timeout: 30) {
                    guard process.isRunning else { throw TestFailure("ibus-daemon exited \(process.terminationStatus)") }
                    _ = try ibus(["engine", "anthy"])
                    return try ibus(["engine"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "anthy"
                }
            }

            func stop() {
                if process.isRunning {
                    _ = try? ibus(["exit"])
                    let deadline = Date().addingTimeInterval(5)
                    while process.isRunning, Date() < deadline { usleep(20_000) }
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                    process.waitUntilExit()
                }
            }

            deinit {
                stop()
                try? FileManager.default.removeItem(at: home)
            }
        }

        /// A screen whose daemon types compose sequences from a file of `rules` through Xlib's
        /// own method (`XCOMPOSEFILE`; `XMODIFIERS` cleared, so no server), with keycode 135
        /// mapped to Multi_key first. The file's folder is the caller's to remove.
        func composeScreen(_ rules: String) throws -> (OwnScreen, URL) {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-compose-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let compose = dir.appendingPathComponent("Compose")
            try rules.write(to: compose, atomically: true, encoding: .utf8)
            let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XCOMPOSEFILE": compose.path, "XMODIFIERS": ""]) { $1 },
                                       before: { probe in
                                           _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/xmodmap"), ["-e", "keycode 135 = Multi_key"],
                                                                     environment: ["DISPLAY": String(cString: XDisplayString(probe.display))])
                                       })
            return (screen, dir)
        }

        /// A screen whose daemon types through IBus's XIM server with anthy, started before the
        /// daemon as a session does; the caller stops the returned IBus.
        func ibusScreen() throws -> (OwnScreen, IBus) {
            var ibus: IBus?
            do {
                let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XMODIFIERS": "@im=ibus"]) { $1 },
                                           before: { probe in
                                               let started = try IBus(display: String(cString: XDisplayString(probe.display)))
                                               ibus = started
                                               try started.useAnthy()
                                               try waitUntil("IBus's XIM server") { ibusServes(probe) }
                                           })
                try waitUntil("the daemon to use IBus") { screen.daemon.log.contains("input method: ibus") }
                return (screen, ibus!)
            } catch {
                ibus?.stop()
                throw error
            }
        }

        /// Whether IBus's XIM server owns its selection on the probe's display.
        func ibusServes(_ probe: XProbe) -> Bool {
            XGetSelectionOwner(probe.display, XInternAtom(probe.display, "@server=ibus", 0)) != 0
        }

        @Test("IBus with anthy in hiragana (XMODIFIERS=@im=ibus): / still starts the filter, romaji nihon then Enter types にほん, Escape still leaves",
              .enabled(if: ibusInstalled, "ibus and ibus-anthy are not installed (scripts/lib/common.sh lists them)"))
        func ibusJapanese() throws {
            // The server first, as in a session that starts IBus before the daemon.
            let (screen, ibus) = try ibusScreen()
            defer { ibus.stop() }
            let probe = screen.probe
            let frame = try openCentre(screen, titles: ["にほん", "Tokyo tower", "Osaka castle"])
            try startFilter(probe, frame)
            let all = try listInk(probe, frame)
            let typed = try typeAndSettle(probe, frame, ["n", "i", "h", "o", "n", "Return"])
            #expect(typed > 0, "an entry matches にほん (none would match nihon)")
            #expect(typed * 2 < all, "one entry of three: \(typed) of \(all)")
            // Keys IBus does not take still reach the panel: Escape leaves the filter, then closes.
            probe.key("Escape")
            try waitUntil("the filter to go") { try listInk(probe, frame) > typed }
            probe.key("Escape")
            try waitUntil("the panel to close") { panel(probe) == nil }
        }

        @Test("IBus started after the daemon is picked up (the instantiate callback); gone again, plain keys still type",
              .enabled(if: ibusInstalled, "ibus and ibus-anthy are not installed (scripts/lib/common.sh lists them)"))
        func ibusStartedLater() throws {
            let screen = try OwnScreen(extraEnvironment: Self.locale.merging(["XMODIFIERS": "@im=ibus"]) { $1 })
            let (daemon, probe) = (screen.daemon, screen.probe)
            try waitUntil("the daemon to wait for IBus") { daemon.log.contains("input method: waiting for ibus to start") }
            #expect(!daemon.log.contains("input method: ibus"))
            let ibus = try IBus(display: screen.display.name)
            defer { ibus.stop() }
            try ibus.useAnthy()
            try waitUntil("IBus's XIM server") { ibusServes(probe) }
            // The daemon hears of it from the root window's XIM_SERVERS, without any input of its own.
            try waitUntil("the daemon to use IBus", timeout: 15) { daemon.log.contains("input method: ibus") }
            let frame = try openCentre(screen, titles: ["にほん", "Tokyo tower", "Osaka castle"])
            try startFilter(probe, frame)
            let all = try listInk(probe, frame)
            let typed = try typeAndSettle(probe, frame, ["n", "i", "h", "o", "n", "Return"])
            #expect(typed > 0 && typed * 2 < all, "only にほん: \(typed) of \(all)")
            // Not at once: IBus drops keys still in flight when the filter lets go of it (docs/trust.md, Limits).
            probe.key("Escape")
            try waitUntil("the filter to go") { try listInk(probe, frame) > typed }
            probe.key("Escape")
            try waitUntil("the panel to close") { panel(probe) == nil }

            // IBus goes away: the daemon lets go of it (the destroy callback) and keys still type.
            ibus.stop()
            try waitUntil("the daemon to let IBus go", timeout: 15) { daemon.log.contains("went away") }
            #expect(try daemon.xtoast(["center", "open"]).status == 0)
            try waitUntil("the panel to show") { panel(probe) != nil }
            try waitUntil("the entries to show") { try listInk(probe, frame) > 300 }
            try startFilter(probe, frame)
            let plain = try typeAndSettle(probe, frame, ["t", "o", "k"])
            #expect(plain > 0 && plain * 2 < all, "only Tokyo tower: \(plain) of \(all)")
            #expect(daemon.process.isRunning)
        }
    }
}
