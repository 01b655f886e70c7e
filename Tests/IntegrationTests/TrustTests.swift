import Foundation
import Testing
import ToastCore
import Transport

extension Integration {
    /// Issue 12, the daemon's side: nothing a client does (or the X server's death) loses
    /// replies or events, blocks others, or lets another user in.
    @Suite struct TrustTests {
        typealias F = FoundationTests

        var xtoastd: URL { DaemonHarness.binDirectory.appendingPathComponent("xtoastd") }

        @Test("a client that half-closes after its request still gets its reply and its toast's events; a last line without a newline counts")
        func halfClose() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let client = try ProtocolClient(path: daemon.socketPath)
            client.sendBytes(Array(#"{"op":"show","message":"half","timeout":0.3}"#.utf8))  // no newline
            shutdown(client.socket.fd, Int32(SHUT_WR))
            #expect(try client.next()["ok"]?.bool == true)
            #expect(try client.event("shown")["id"] != nil)
            #expect(try client.event("dismissed")["reason"]?.string == "timeout")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
        }

        @Test("a regular file at XTOAST_SOCKET is refused and left alone; a stale socket is replaced")
        func neverUnlinksAFile() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-trust-\(UUID().uuidString.prefix(6))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("notes.txt")
            try "precious".write(to: file, atomically: true, encoding: .utf8)
            let env = ["DISPLAY": TestDisplay.name, "XTOAST_SOCKET": file.path, "PATH": "/usr/bin:/bin"]
            let r = try DaemonHarness.run(xtoastd, [], environment: env, timeout: 10)
            #expect(r.status == 1 && r.stderr.contains("is not a socket"), "\(r.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "precious")
            // A socket nobody listens on (a daemon that died) is taken over.
            let stale = dir.appendingPathComponent("s.sock").path
            let listener = try UnixSocket.listen(at: stale)
            listener.close()
            let daemon = try DaemonHarness(extraEnvironment: ["XTOAST_SOCKET": stale])
            #expect(try daemon.xtoast(["ping"]).status == 0)
        }

        @Test("one daemon per socket: a second one started beside it exits 1 naming the lock, and removes nothing")
        func oneDaemonPerSocket() throws {
            let daemon = try DaemonHarness()
            let r = try DaemonHarness.run(xtoastd, [], environment: daemon.environment, timeout: 10)
            #expect(r.status == 1 && r.stderr.contains("another xtoast daemon is running"), "\(r.stderr)")
            #expect(try daemon.xtoast(["ping"]).status == 0, "the first daemon's socket is still there")
        }

        @Test("the client refuses a socket served by another user, before sending anything (exit 3)")
        func clientChecksThePeer() throws {
            let dir = "/tmp/xtoast-peer-\(UUID().uuidString.prefix(6))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let path = dir + "/evil.sock"
            // A listener run as nobody, which would answer anything with a forged action.
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            server.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3", "-c", """
                import socket, os
                s = socket.socket(socket.AF_UNIX); s.bind('\(path)'); os.chmod('\(path)', 0o777); s.listen(4)
                while True:
                    c, _ = s.accept()
                    c.sendall(b'{"ok":true}\\n{"event":"action","id":"1","action":"yes"}\\n')
                """]
            server.standardError = FileHandle.nullDevice
            try server.run()
            defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
            try waitUntil("the impostor to listen") { FileManager.default.fileExists(atPath: path) }
            let client = DaemonHarness.binDirectory.appendingPathComponent("xtoast")
            let r = try DaemonHarness.run(client, ["show", "--wait", "2FA code 123456"],
                                          environment: ["XTOAST_SOCKET": path, "PATH": "/usr/bin:/bin"], timeout: 10)
            #expect(r.status == 3 && r.stderr.contains("refusing") && r.stderr.contains("uid"), "\(r.status) \(r.stderr)")
            #expect(!r.stdout.contains("action"))
        }

        @Test("a client writing thousands of requests gets every reply; meanwhile another client's ping is answered promptly")
        func fastWriterIsFair() throws {
            let daemon = try DaemonHarness()
            let flood = try ProtocolClient(path: daemon.socketPath)
            let count = 20_000
            let lines = Array(repeating: #"{"op":"ping"}"#, count: count).joined(separator: "\n") + "\n"
            // Written from another thread: the daemon must answer while the writer is still writing.
            let bytes = Array(lines.utf8)
            let fd = flood.socket.fd
            let writer = Thread { _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            writer.start()
            let other = try ProtocolClient(path: daemon.socketPath)
            var worst = 0.0
            for _ in 0..<20 {
                let start = Date()
                #expect(try other.request(#"{"op":"ping"}"#)["ok"]?.bool == true)
                worst = max(worst, Date().timeIntervalSince(start))
            }
            #expect(worst < 1, "the slowest ping took \(worst) s during the flood")
            var replies = 0
            while replies < count {
                guard try flood.next(timeout: 10)["ok"]?.bool == true else { break }
                replies += 1
            }
            #expect(replies == count)
        }

        @Test("past 256 connections a new one gets a line saying so; the daemon carries on")
        func connectionCap() throws {
            let daemon = try DaemonHarness()
            var held: [ProtocolClient] = []
            for _ in 0..<256 { held.append(try ProtocolClient(path: daemon.socketPath)) }
            _ = try held[255].request(#"{"op":"ping"}"#)
            let refused = try ProtocolClient(path: daemon.socketPath)
            #expect(try refused.next()["error"]?.string?.contains("too many connections") == true)
            held.removeAll()
            try waitUntil("a connection to be accepted again") {
                (try? ProtocolClient(path: daemon.socketPath).request(#"{"op":"ping"}"#)["ok"]?.bool) == true
            }
        }

        @Test("when the X server dies, --wait clients hear 'dismissed shutdown', the socket goes, and the daemon exits 1")
        func xServerDies() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let waiting = try daemon.startXtoast(["show", "--wait", "--timeout", "0", "still here"])
            do {
                // Closed before the server dies: Xlib ends any process whose server vanishes.
                let probe = try XProbe(display.name)
                try waitUntil("the card") { !probe.cards().isEmpty }
            }
            display.kill()
            let r = try waiting.finish(timeout: 10)
            #expect(r.status == 4 && r.stdout.contains("dismissed shutdown"), "\(r.status) \(r.stdout) \(r.stderr)")
            try waitUntil("the daemon to exit") { !daemon.process.isRunning }
            #expect(daemon.process.terminationStatus == 1)
            #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
            #expect(daemon.log.contains("lost the connection to the X server"), "\(daemon.log)")
        }

        @Test("the X server dies while the daemon shuts down (a session ending): it exits 0, never crashes (it once read a freed object)")
        func serverDiesDuringShutdown() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            // A subscriber that never reads, with more events queued than its socket holds:
            // shutdown then gives it half a second to read, and the server dies meanwhile.
            let deaf = try ProtocolClient(path: daemon.socketPath)
            #expect(try deaf.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let sender = try ProtocolClient(path: daemon.socketPath)
            // Ids near their 128-byte limit: 3000 dismissed events are about 500 KB, more than
            // a Unix socket's buffers hold, and less than the 2 MiB a reader may fall behind.
            let pad = String(repeating: "x", count: 110)
            for n in 0..<3000 { sender.send(#"{"op":"show","id":"\#(pad)\#(n)","message":"flood","timeout":0}"#) }
            _ = try sender.request(#"{"op":"dismiss","all":true}"#)
            kill(daemon.process.processIdentifier, SIGTERM)
            try waitUntil("the last events to wait for their reader") { daemon.log.contains("up to 0.5 s to read") }
            display.kill()
            try waitUntil("the daemon to exit") { !daemon.process.isRunning }
            #expect(daemon.process.terminationReason == .exit, "ended by a signal: \(daemon.log)")
            #expect(daemon.process.terminationStatus == 0, "\(daemon.process.terminationStatus): \(daemon.log.suffix(2000))")
            #expect(!daemon.log.contains("Fatal error"), "\(daemon.log)")
            #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
            _ = deaf
        }

        @Test("a FIFO as the config file: reload answers at once with a warning, and the old settings stay")
        func configFIFO() throws {
            let daemon = try DaemonHarness()
            let config = daemon.directory.appendingPathComponent("config/xtoast/config")
            try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: config)
            #expect(mkfifo(config.path, 0o600) == 0)
            let start = Date()
            let r = try daemon.xtoast(["reload"])
            #expect(Date().timeIntervalSince(start) < 2)
            #expect(r.status == 0 && r.stderr.contains("not a regular file"), "\(r.stderr)")
            #expect(try daemon.xtoast(["ping"]).status == 0)
        }

        @Test("out of descriptors (EMFILE), the daemon does not spin: it waits for a client to leave, then accepts again")
        func outOfDescriptors() throws {
            let daemon = try DaemonHarness()
            let pid = daemon.process.processIdentifier
            let limit = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/prlimit"), ["--pid", String(pid), "--nofile=32:32"],
                                              environment: ["PATH": "/usr/bin:/bin"])
            #expect(limit.status == 0, "\(limit.stderr)")
            var held: [ProtocolClient] = []
            for _ in 0..<40 { if let c = try? ProtocolClient(path: daemon.socketPath) { held.append(c) } }
            /// The daemon's CPU time so far, in clock ticks (utime + stime from /proc).
            func cpu() throws -> Int {
                let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
            }
            try waitUntil("the daemon to log that it cannot accept") { daemon.log.contains("cannot accept") }
            let before = try cpu()
            usleep(1_000_000)  // the measurement itself: a second of what the daemon does meanwhile
            let spent = try cpu() - before
            #expect(spent < 30, "the daemon used \(spent) ticks of CPU in a second while out of descriptors")
            held.removeAll()
            try waitUntil("a ping to be answered again") {
                (try? ProtocolClient(path: daemon.socketPath).request(#"{"op":"ping"}"#)["ok"]?.bool) == true
            }
        }

        @Test("inputs that once crashed the daemon: a 3,000-character word in a capsule and under <u>, a 2,000-line message expanded")
        func onceCrashed() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let word = String(repeating: "W", count: 3000)
            _ = try daemon.show(["--timeout", "0", "--style", "capsule", word])
            _ = try daemon.show(["--timeout", "0", "--markup", "<u>\(word)</u>"])
            let lines = (1...2000).map { "line \($0)" }.joined(separator: "\n")
            _ = try daemon.show(["--timeout", "0", "--position", "bottom-left", lines])
            let cards = try F.restingCards(probe, count: 3)
            let tall = try #require(cards.first { $0.frame.x == 16 })
            probe.click(at: Point(x: tall.frame.x + 40, y: tall.frame.y + 20))
            try waitUntil("the long card to expand and rest") {
                guard let c = probe.cardsOnScreen().first(where: { $0.frame.x == 16 }) else { return false }
                return c.frame.height > tall.frame.height + 100
            }
            let expanded = try #require(try F.restingCards(probe, count: 3).first { $0.frame.x == 16 })
            #expect(expanded.frame.y >= 0 && expanded.frame.maxY <= 800, "it fits the screen: \(expanded.frame)")
            #expect(try daemon.xtoast(["ping"]).status == 0)
            #expect(daemon.process.isRunning)
        }
    }
}
