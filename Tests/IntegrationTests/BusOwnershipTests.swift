import CX11
import Foundation
import Testing
import ToastCore
import Transport

extension IntegrationOnSecondDisplay {
    /// Issues 32 and 25 on a private bus with real connections: who may act on whose
    /// notification, who may call `HandOver`, and `--replace` of a running xtoast on the
    /// same display.
    @Suite struct BusOwnershipTests {
        typealias F = FoundationTests
        typealias N = NotificationServerTests

        /// gdbus's `Notify` arguments: app, replaces_id, icon, summary, body, actions, hints, timeout.
        static func notifyArguments(replacing id: UInt32, summary: String) -> [String] {
            ["notify-test", "\(id)", "", summary, "body", "['allow', 'Allow']", "{}", "0"]
        }

        /// The id in gdbus's answer `(uint32 7,)`.
        static func id(in answer: DaemonHarness.Run) -> UInt32? {
            guard let after = answer.stdout.components(separatedBy: "uint32 ").dropFirst().first else { return nil }
            return UInt32(String(after.prefix(while: \.isNumber)))
        }

        @Test("replaces_id and CloseNotification from a second connection while the first is on the bus: a new notification, the close ignored; once it left, both act on it")
        func twoConnections() throws {
            let (bus, daemon, probe) = try N.start()
            let signals = try bus.monitor()
            let victim = try RawBusClient(address: bus.address)
            let id = try victim.notify(summary: "Pay 5 EUR?", actions: ["deny", "Deny"], expire: 0).mapError { TestFailure("\($0) \(daemon.log)") }.get()
            _ = try F.restingCards(probe, count: 1)
            let forged = try bus.call("Notify", Self.notifyArguments(replacing: id, summary: "Pay 5000 EUR?"))
            let forgedID = try #require(Self.id(in: forged), "\(forged.stdout) \(forged.stderr)")
            #expect(forgedID != id)
            _ = try F.restingCards(probe, count: 2)
            let list = try N.listing(daemon)
            #expect(list.contains("Pay 5 EUR?") && list.contains("Pay 5000 EUR?"), "the victim's card is untouched: \(list)")
            #expect(try bus.call("CloseNotification", ["\(id)"]).status == 0)
            // The forged one's sender (that gdbus process) has left: anyone may close it, the victim too.
            try victim.closeNotification(forgedID)
            try signals.wait(for: [.closed(id: forgedID, reason: 3)])
            #expect(try N.listing(daemon).contains("Pay 5 EUR?"), "a second connection's close was ignored")
            #expect(!signals.signals.contains(.closed(id: id, reason: 3)))
            // The sender leaves, as a notify-send process ends: the next process replaces in place, then closes it.
            victim.close()
            // The bus tells the daemon of the departure before it routes anything from a connection made after it.
            let again = try bus.call("Notify", Self.notifyArguments(replacing: id, summary: "Volume 45%"))
            #expect(Self.id(in: again) == id, "\(again.stdout) \(again.stderr)")
            #expect(try N.listing(daemon).contains("Volume 45%"))
            #expect(try bus.call("CloseNotification", ["\(id)"]).status == 0)
            try signals.wait(for: [.closed(id: id, reason: 3)])
        }

        @Test("HandOverChallenge from a foreign caller (gdbus) is refused with AccessDenied: the card stays, nothing is closed, the name stays")
        func foreignHandOverRefused() throws {
            let (bus, daemon, probe) = try N.start()
            let signals = try bus.monitor()
            let id = try bus.run("notify-send", ["-p", "-t", "0", "Stays"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try F.restingCards(probe, count: 1)
            let call = try bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                                             "/org/freedesktop/Notifications", "--method", "org.xtoast.Daemon.HandOverChallenge"])
            #expect(call.status != 0 && call.stderr.contains("AccessDenied"), "\(call.stdout) \(call.stderr)")
            _ = try bus.run("notify-send", ["-t", "0", "Still served"])
            _ = try F.restingCards(probe, count: 2)
            #expect(try N.listing(daemon).contains("Stays"))
            #expect(signals.signals.isEmpty, "\(signals.signals) for \(id)")
            #expect(daemon.log.contains("refused HandOverChallenge from \"/usr/bin/gdbus\""), "\(daemon.log)")
        }

        @Test("--replace on the same display with a card on screen: the card closes with reason 4, the old daemon exits 0, the new one shows the next toast, holds the keys and the history")
        func replaceOnTheSameDisplay() throws {
            let config = "[keys]\ndismiss = ctrl+space\n"
            let bus = try PrivateBus()
            let first = try DaemonHarness(config: config, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the first to own the name") { first.log.contains("serving org.freedesktop.Notifications") }
            let probe = try XProbe()
            let signals = try bus.monitor()
            let waiting = try first.startXtoast(["show", "--wait", "--timeout", "0", "Socket card"])
            let id = try bus.run("notify-send", ["-p", "-t", "0", "Bus card"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try F.restingCards(probe, count: 2)
            let started = Date()
            let second = try DaemonHarness(config: config, extraEnvironment: [
                "DBUS_SESSION_BUS_ADDRESS": bus.address, "XTOAST_SOCKET": first.socketPath,
                "XDG_STATE_HOME": first.directory.appendingPathComponent("state").path,
            ], arguments: ["--replace"])
            let old = first.process
            try waitUntil("the old daemon to exit", timeout: 8) { !old.isRunning }
            #expect(old.terminationStatus == 0, "\(first.log)")
            try signals.wait(for: [.closed(id: UInt32(id) ?? 0, reason: 4)])
            let answer = try waiting.finish()
            #expect(answer.stdout.hasSuffix("dismissed replaced\n"), "\(answer.stdout) \(answer.stderr)")
            try waitUntil("the new daemon to listen and own the name") {
                second.log.contains("listening at") && second.log.contains("serving org.freedesktop.Notifications")
            }
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed < 5, "the hand-over took \(elapsed) s")
            #expect(second.process.isRunning, "\(second.log)")
            #expect(!second.log.contains("kept by another xtoast daemon"), "the new one has the history file: \(second.log)")
            #expect(!second.log.contains("another program holds this key"), "\(second.log)")
            let history = try second.xtoast(["history"]).stdout
            #expect(history.contains("Bus card") && history.contains("Socket card"), "\(history)")
            _ = try bus.run("notify-send", ["-t", "0", "Next one"])
            try waitUntil("the new daemon to show it") { (try? N.listing(second).contains("Next one")) ?? false }
            _ = try F.restingCards(probe, count: 1)
            probe.key("ctrl+space")
            try waitUntil("the dismiss key, held by the new daemon, to close it") { probe.cards().isEmpty }
            #expect(first.log.contains("a new xtoastd asked for this display"), "\(first.log)")
        }

        @Test("handover over the socket from another program (this test, not an xtoastd) gets an error and the daemon stays")
        func foreignSocketHandOverRefused() throws {
            let daemon = try DaemonHarness()
            let client = try ProtocolClient(path: daemon.socketPath)
            let reply = try client.request(#"{"op":"handover"}"#)
            #expect(reply["ok"]?.bool == false && reply["error"]?.string?.contains("xtoastd --replace") == true, "\(reply.text)")
            #expect(try daemon.xtoast(["ping"]).status == 0)
            #expect(daemon.process.isRunning)
        }

        /// Issue 43's fork and exec: connects to the daemon, forks, and the parent execs xtoastd
        /// (its image decoder, kept alive by a full stdout pipe), while the child, once the
        /// parent's executable is xtoastd, asks for the hand-over on the inherited connection.
        static let forkAndExec = #"""
            import fcntl, json, os, socket, sys, time
            path, xtoastd, out = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3]
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            r, w = os.pipe()
            fcntl.fcntl(w, fcntl.F_SETFL, os.O_NONBLOCK)
            try:
                while True: os.write(w, b"x" * 65536)
            except BlockingIOError:
                pass
            fcntl.fcntl(w, fcntl.F_SETFL, 0)
            parent = os.getpid()
            if os.fork() == 0:
                deadline = time.time() + 5
                while time.time() < deadline and os.readlink("/proc/%d/exe" % parent) != xtoastd: time.sleep(0.01)
                time.sleep(0.2)
                s.sendall(b'{"op":"handover"}\n')
                s.settimeout(5)
                answer = s.recv(4096).decode()
                with open(out, "w") as f: f.write(json.dumps({"exe": os.readlink("/proc/%d/exe" % parent), "answer": answer}))
                os.kill(parent, 9)
                os._exit(0)
            os.dup2(w, 1)
            os.execv(xtoastd, [xtoastd, "--decode-image", "64", "5", "/nonexistent"])
            """#

        @Test("issue 43: a program that connects, forks, and execs xtoastd while its child sends handover is refused: the toast stays up and the daemon answers ping")
        func forkAndExecHandOverRefused() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            #expect(try daemon.xtoast(["show", "--timeout", "0", "stays"]).status == 0)
            _ = try F.restingCards(probe, count: 1)
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-fork-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let script = dir.appendingPathComponent("fork.py"), out = dir.appendingPathComponent("answer.json")
            try Self.forkAndExec.write(to: script, atomically: true, encoding: .utf8)
            let xtoastd = DaemonHarness.binDirectory.appendingPathComponent("xtoastd").path
            _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, daemon.socketPath, xtoastd, out.path],
                                      environment: ProcessInfo.processInfo.environment, timeout: 15)
            try waitUntil("the child's answer", timeout: 10) { FileManager.default.fileExists(atPath: out.path) }
            let result = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: String])
            #expect(result["exe"] == URL(fileURLWithPath: xtoastd).resolvingSymlinksInPath().path, "the parent ran xtoastd when its child asked: \(result)")
            #expect(result["answer"]?.contains("\"ok\":false") == true && result["answer"]?.contains("xtoastd --replace") == true,
                    "\(result)")
            #expect(try daemon.xtoast(["ping"]).status == 0)
            #expect(daemon.process.isRunning && !daemon.log.contains("handing over"), "\(daemon.log)")
            #expect(probe.cards().count == 1, "the toast stays up")
        }

        /// Issue 43's fork and exec on the bus: connects to the bus (raw D-Bus: the machine has
        /// no Python D-Bus module) and to the daemon's socket, forks, and the parent execs
        /// xtoastd (kept alive as in `forkAndExec`), so the pid the bus recorded runs xtoastd;
        /// the child then asks on the inherited bus connection (`HandOverChallenge`, or the
        /// plain `HandOver` of an xtoast older than it) and brings the nonce back on the
        /// inherited socket connection.
        static let busForkAndExec = #"""
            import fcntl, json, os, socket, struct, sys, time
            bus_path, xtoastd, out, daemon_path = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3], sys.argv[4]

            def pad(b, n): return b + b"\0" * (-len(b) % n)

            def field(code, sig, value):
                v = value.encode()
                body = bytes([len(v)]) + v + b"\0" if sig == "g" else struct.pack("<I", len(v)) + v + b"\0"
                return bytes([code, 1]) + sig.encode() + b"\0" + body

            def call(serial, path, interface, member, destination):
                fields = [field(1, "o", path), field(2, "s", interface), field(3, "s", member), field(6, "s", destination)]
                array = b"".join(pad(f, 8) for f in fields[:-1]) + fields[-1]
                return pad(b"l\1\0\1" + struct.pack("<III", 0, serial, len(array)) + array, 8)

            def recv_exact(s, n):
                data = b""
                while len(data) < n:
                    chunk = s.recv(n - len(data))
                    if not chunk: raise EOFError
                    data += chunk
                return data

            def string_at(b, pos):
                pos += -pos % 4
                n = struct.unpack_from("<I", b, pos)[0]
                return b[pos + 4:pos + 4 + n].decode(), pos + 5 + n

            def reply_to(s, serial):
                """(type, error name or None, body) of the reply to `serial`, skipping signals."""
                while True:
                    head = recv_exact(s, 16)
                    kind = head[1]
                    body_len, _, fields_len = struct.unpack_from("<III", head, 4)
                    rest = recv_exact(s, fields_len + (-(16 + fields_len) % 8) + body_len)
                    fields, body = rest[:fields_len], rest[len(rest) - body_len:]
                    pos, reply_serial, error = 0, None, None
                    while pos < len(fields):
                        pos += -pos % 8
                        code, siglen = fields[pos], fields[pos + 1]
                        sig = fields[pos + 2:pos + 2 + siglen].decode()
                        pos += 3 + siglen
                        if sig == "u":
                            pos += -pos % 4
                            value = struct.unpack_from("<I", fields, pos)[0]
                            pos += 4
                        elif sig == "g":
                            value = fields[pos + 1:pos + 1 + fields[pos]].decode()
                            pos += 2 + fields[pos]
                        else:
                            value, pos = string_at(fields, pos)
                        if code == 5: reply_serial = value
                        if code == 4: error = value
                    if kind in (2, 3) and reply_serial == serial: return kind, error, body

            b = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            b.connect(bus_path)
            b.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
            assert b.recv(4096).startswith(b"OK")
            b.sendall(b"BEGIN\r\n")
            b.sendall(call(1, "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", "org.freedesktop.DBus"))
            reply_to(b, 1)
            # The daemon's socket too, before the fork: the connection is the pid the bus recorded.
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(daemon_path)
            r, w = os.pipe()
            fcntl.fcntl(w, fcntl.F_SETFL, os.O_NONBLOCK)
            try:
                while True: os.write(w, b"x" * 65536)
            except BlockingIOError:
                pass
            fcntl.fcntl(w, fcntl.F_SETFL, 0)
            parent = os.getpid()
            if os.fork() == 0:
                result = {}
                try:
                    deadline = time.time() + 5
                    while time.time() < deadline and os.readlink("/proc/%d/exe" % parent) != xtoastd: time.sleep(0.01)
                    time.sleep(0.2)
                    result["exe"] = os.readlink("/proc/%d/exe" % parent)
                    b.settimeout(5)
                    b.sendall(call(2, "/org/freedesktop/Notifications", "org.xtoast.Daemon", "HandOverChallenge", "org.freedesktop.Notifications"))
                    kind, error, body = reply_to(b, 2)
                    if error == "org.freedesktop.DBus.Error.UnknownMethod":
                        # An xtoast older than the challenge: its plain HandOver is what the trick calls.
                        b.sendall(call(3, "/org/freedesktop/Notifications", "org.xtoast.Daemon", "HandOver", "org.freedesktop.Notifications"))
                        kind, error, body = reply_to(b, 3)
                        result["bus"] = error or "HandOver ok"
                    elif error:
                        result["bus"] = error
                    else:
                        nonce, pos = string_at(body, 0)
                        path, _ = string_at(body, pos)
                        result["bus"] = "nonce"
                        result["path"] = path
                        s.settimeout(5)
                        s.sendall(json.dumps({"op": "bushandover", "nonce": nonce}).encode() + b"\n")
                        result["answer"] = s.recv(4096).decode()
                except Exception as e:
                    result["failure"] = repr(e)
                with open(out, "w") as f: f.write(json.dumps(result))
                os.kill(parent, 9)
                os._exit(0)
            os.dup2(w, 1)
            os.execv(xtoastd, [xtoastd, "--decode-image", "64", "5", "/nonexistent"])
            """#

        @Test("issue 43: a program that connects to the bus, forks, and execs xtoastd while its child asks for the hand-over and brings the nonce to the socket is refused: no NotificationClosed, the bus card stays, the name stays")
        func busForkAndExecHandOverRefused() throws {
            let (bus, daemon, probe) = try N.start()
            let signals = try bus.monitor()
            _ = try bus.run("notify-send", ["-t", "0", "Stays"])
            _ = try F.restingCards(probe, count: 1)
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-busfork-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let script = dir.appendingPathComponent("busfork.py"), out = dir.appendingPathComponent("answer.json")
            try Self.busForkAndExec.write(to: script, atomically: true, encoding: .utf8)
            let xtoastd = DaemonHarness.binDirectory.appendingPathComponent("xtoastd").path
            let busSocket = String(bus.address.dropFirst("unix:path=".count))
            _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, busSocket, xtoastd, out.path, daemon.socketPath],
                                      environment: ProcessInfo.processInfo.environment, timeout: 15)
            try waitUntil("the child's answer", timeout: 10) { FileManager.default.fileExists(atPath: out.path) }
            let result = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: String])
            #expect(result["exe"] == URL(fileURLWithPath: xtoastd).resolvingSymlinksInPath().path, "the parent ran xtoastd when its child asked: \(result)")
            #expect(result["bus"] == "nonce" && result["path"] == daemon.socketPath, "the bus checks only the recorded pid's executable: \(result)")
            #expect(result["answer"]?.contains("\"ok\":false") == true, "\(result)")
            // A real client's call afterwards: anything the hand-over ended would have been signalled before its answer.
            _ = try bus.run("notify-send", ["-t", "0", "Still served"])
            _ = try F.restingCards(probe, count: 2)
            #expect(signals.signals.isEmpty, "\(signals.signals)")
            #expect(try N.listing(daemon).contains("Stays"))
            #expect(!daemon.log.contains("ending the notifications shown here"), "\(daemon.log)")
        }

        @Test("issue 43: a granted hand-over whose successor never takes the socket (every flock of it fails, by strace) ends nothing: the toast stays up, and after 5 s the old daemon takes the socket back and answers new clients")
        func successorThatNeverComes() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            #expect(try daemon.xtoast(["show", "--timeout", "0", "stays"]).status == 0)
            _ = try F.restingCards(probe, count: 1)
            var env = daemon.environment
            env["XTOAST_SOCKET"] = daemon.socketPath
            let xtoastd = DaemonHarness.binDirectory.appendingPathComponent("xtoastd").path
            let started = Date()
            let successor = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/strace"),
                                                  ["-f", "-o", "/dev/null", "-e", "trace=flock", "-e", "inject=flock:error=ENOLCK",
                                                   xtoastd, "--replace"], environment: env, timeout: 20)
            #expect(successor.status == 1 && successor.stderr.contains("did not let go of its lock"), "\(successor.stderr)")
            #expect(daemon.log.contains("letting go of the socket"), "the hand-over was granted: \(daemon.log)")
            #expect(probe.cards().count == 1, "the toast stays up while the successor is awaited")
            // Not "serving on" alone: the grant's own line says it ("… serving on until it has taken it").
            try waitUntil("the old daemon to take its socket back", timeout: 5) { daemon.log.contains("did not take the socket within") }
            #expect(Date().timeIntervalSince(started) >= 4.5)
            #expect(try daemon.xtoast(["ping"]).status == 0, "a new connection is answered")
            #expect(daemon.process.isRunning && probe.cards().count == 1)
        }

        @Test("--replace waits for a daemon that never answers at most 5 s, then exits 1 saying why; the socket and lock stay its")
        func replaceGivesUp() throws {
            let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-stuck-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("s.sock").path
            // A stuck daemon: it holds the lock and listens, but never reads or answers.
            let lock = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
            defer { close(lock) }
            #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
            let listener = try UnixSocket.listen(at: path)
            defer { listener.close() }
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = TestDisplay.name
            env["XTOAST_SOCKET"] = path
            env["XDG_RUNTIME_DIR"] = directory.path
            env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
            env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + directory.appendingPathComponent("no-bus").path
            let started = Date()
            let run = try DaemonHarness.run(DaemonHarness.binDirectory.appendingPathComponent("xtoastd"), ["--replace"], environment: env,
                                            timeout: 15)
            let elapsed = Date().timeIntervalSince(started)
            #expect(run.status == 1 && run.stderr.contains("did not answer the hand-over within 5 s"), "\(run.stderr)")
            #expect(elapsed >= 4.9 && elapsed < 7, "waited \(elapsed) s")
            #expect(FileManager.default.fileExists(atPath: path), "the stuck daemon's socket is left alone")
        }

        @Test("a bus name held by another program (not an xtoast) is named in the log, which says to stop it, points to xtoast doctor and does not advise --replace")
        func heldByAnotherProgram() throws {
            let bus = try PrivateBus()
            let holder = try RawBusClient(address: bus.address)
            #expect(holder.requestName("org.freedesktop.Notifications"))
            let daemon = try DaemonHarness(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            try waitUntil("the log line") { daemon.log.contains("org.freedesktop.Notifications is held by") }
            let line = daemon.log.split(separator: "\n").first { $0.contains("is held by") }.map(String.init) ?? ""
            let comm = (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            #expect(line.contains("is held by \"\(comm)\" (pid \(getpid()))") && line.contains("Stop \"\(comm)\""), "\(line)")
            #expect(line.contains("run xtoast doctor"), "\(line)")
            #expect(!line.contains("--replace"), "\(line)")
        }
    }
}
