import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 20's commands on the real daemon and client: which card goes, which event its
    /// owner hears (on the socket and on a private bus), `count --follow`'s lines, `menu` with a
    /// stub menu program.
    @Suite struct CommandsTests {
        typealias F = FoundationTests

        /// A toast shown by `owner` over the socket; its id.
        /// (Events of earlier toasts that come before the reply are skipped.)
        static func show(_ owner: ProtocolClient, _ fields: String) throws -> String {
            owner.send(#"{"op":"show",\#(fields)}"#)
            var reply = try owner.next()
            while reply["ok"] == nil { reply = try owner.next() }
            return try #require(reply["id"]?.string, "\(reply.text)")
        }

        @Test("dismiss without an id closes the newest card (reason close); invoke chooses the default action of the newest with actions")
        func dismissAndInvoke() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let owner = try ProtocolClient(path: daemon.socketPath)
            let deploy = try Self.show(owner, #""message":"Deploy?","timeout":0,"actions":[{"id":"yes","label":"Deploy"}],"default_action":"yes""#)
            let plain = try Self.show(owner, #""message":"plain","timeout":0"#)
            _ = try F.restingCards(probe, count: 2)
            let refused = try daemon.xtoast(["invoke", "no-such"])
            #expect(refused.status == 1 && refused.stderr.contains(#"has no action "no-such" (it has: yes)"#), "\(refused.stderr)")

            #expect(try daemon.xtoast(["dismiss"]).status == 0)
            #expect(try owner.event("dismissed")["id"]?.string == plain)
            _ = try F.restingCards(probe, count: 1)

            #expect(try daemon.xtoast(["invoke"]).status == 0)
            let action = try owner.event("action")
            #expect(action["id"]?.string == deploy && action["action"]?.string == "yes" && action["late"] == nil)
            #expect(try owner.nextEvent() == .object([("event", .string("dismissed")), ("id", .string(deploy)), ("reason", .string("action")),
                                                      ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([]))]))
            try waitUntil("the cards to leave") { probe.cards().isEmpty }
            let none = try daemon.xtoast(["dismiss"])
            #expect(none.status == 1 && none.stderr.contains("no toast is on screen"))
        }

        @Test("restore shows the last ended toast again; a click on its button reaches the sender late, under the original id")
        func restoreAndLateAction() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            probe.movePointer(to: Point(x: 10, y: 700))
            let owner = try ProtocolClient(path: daemon.socketPath)
            let original = try Self.show(owner, #""message":"Deploy?","timeout":0.2,"actions":[{"id":"yes","label":"Deploy"},{"id":"no","label":"Later"}]"#)
            #expect(try owner.event("dismissed")["reason"]?.string == "timeout")
            try waitUntil("the card to leave") { probe.cards().isEmpty }

            let restored = try daemon.xtoast(["restore"])
            let id = restored.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(restored.status == 0 && !id.isEmpty && id != original, "\(restored.stderr)")
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""restored":true"#))
            let card = try #require(try F.restingCards(probe, count: 1).first)
            try TalkBackTests.clickFirstOfTwoButtons(probe, on: card)
            let late = try owner.nextEvent()
            probe.movePointer(to: Point(x: 10, y: 700))  // off the stack, so the next card's timer runs
            // The click's activation token (xtoast-PID-HOST-N_TIME<server time>) comes last.
            guard case let .string(token)? = late["activation_token"] else { throw TestFailure("no activation token: \(late.text)") }
            #expect(token.hasPrefix("xtoast-") && token.contains("_TIME"), "\(token)")
            #expect(late == .object([("event", .string("action")), ("id", .string(original)), ("action", .string("yes")),
                                     ("source", .string("socket")), ("app", .string("xtoast")), ("rules", .array([])),
                                     ("late", .bool(true)), ("activation_token", .string(token))]), "\(late.text)")
            try waitUntil("the restored card to leave") { probe.cards().isEmpty }
            let history = try daemon.xtoast(["history"]).stdout
            #expect(history.contains(#""id":"\#(id)""#) && history.contains(#""restored":true"#), "\(history)")

            // Once the owner has gone, a restored copy has no buttons to offer.
            // (The closed socket is readable at once: the daemon drops it before it accepts the
            // next client, whose request it reads a turn later.)
            let gone = try ProtocolClient(path: daemon.socketPath)
            let vote = try Self.show(gone, #""message":"Vote?","timeout":0.2,"actions":[{"id":"up","label":"Up"}]"#)
            #expect(try gone.event("dismissed")["reason"]?.string == "timeout")
            gone.socket.close()
            let restoredVote = try daemon.xtoast(["restore", "--id", vote])
            #expect(restoredVote.status == 0, "\(restoredVote.stderr)")
            let run = try daemon.xtoast(["invoke", "up", "--id", restoredVote.stdout.trimmingCharacters(in: .whitespacesAndNewlines)])
            #expect(run.status == 1 && run.stderr.contains("it has none"), "\(run.stderr)")
        }

        @Test("on the bus: dismiss is NotificationClosed 2, invoke ActionInvoked; a restored toast's button is ActionInvoked with the original id until the app leaves")
        func busCommands() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let signals = try bus.monitor()
            let app = try RawBusClient(address: bus.address)
            let deploy = try app.notify(summary: "Deploy?", actions: ["default", "Open", "yes", "Deploy"], expire: 0).get()
            let plain = try app.notify(summary: "Close me", expire: 0).get()
            _ = try F.restingCards(probe, count: 2)
            #expect(try daemon.xtoast(["dismiss"]).status == 0)
            try signals.wait(for: [.closed(id: plain, reason: 2)])
            #expect(try daemon.xtoast(["invoke", "yes"]).status == 0)
            try signals.wait(for: [.closed(id: plain, reason: 2), .action(id: deploy, key: "yes"), .closed(id: deploy, reason: 2)])

            // The last to end was Deploy?: restored with its buttons, its default action is
            // ActionInvoked with the original id (and the copy's own end is no bus signal).
            let restored = try daemon.xtoast(["restore"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!restored.isEmpty && restored != String(deploy))
            _ = try F.restingCards(probe, count: 1)
            #expect(try daemon.xtoast(["invoke", "--id", restored]).status == 0, "the default action")
            try signals.wait(for: [.action(id: deploy, key: "yes"), .closed(id: deploy, reason: 2), .action(id: deploy, key: "default")])
            try waitUntil("the restored card to leave") { probe.cards().isEmpty }
            #expect(signals.signals.count == 4, "\(signals.signals)")

            // The application leaves the bus: a restored copy offers nothing.
            let name = try #require(app.uniqueName)
            app.close()
            try waitUntil("\(name) to leave the bus") {
                try bus.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                      "--method", "org.freedesktop.DBus.NameHasOwner", name]).stdout.contains("false")
            }
            // A call answered after the bus dropped the name: the daemon has read NameOwnerChanged.
            #expect(try bus.call("GetServerInformation").status == 0)
            let again = try daemon.xtoast(["restore"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let run = try daemon.xtoast(["invoke", "--id", again])
            #expect(run.status == 1 && run.stderr.contains("it has none"), "\(run.stderr)")
        }

        /// Lines a background process prints, read as they come.
        final class Lines {
            let fd: Int32
            private var buffer: [UInt8] = []
            init(_ pipe: Pipe) { fd = pipe.fileHandleForReading.fileDescriptor }

            func next(timeout: Double = 5) throws -> String {
                let deadline = Date().addingTimeInterval(timeout)
                while true {
                    if let nl = buffer.firstIndex(of: 10) {
                        defer { buffer.removeFirst(nl + 1) }
                        return String(decoding: buffer[..<nl], as: UTF8.self)
                    }
                    let left = deadline.timeIntervalSinceNow
                    guard left > 0 else { throw TestFailure("no line within \(timeout) s (have \(String(decoding: buffer, as: UTF8.self)))") }
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&p, 1, Int32(left * 1000) + 1) > 0 else { continue }
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    let n = read(fd, &chunk, chunk.count)
                    guard n > 0 else { throw TestFailure("the process closed its output") }
                    buffer += chunk[0..<n]
                }
            }
        }

        @Test("count --follow prints the counts, then exactly one line per change and none when nothing changed; --format fills fields")
        func countFollow() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let follow = try daemon.startXtoast(["count", "--follow"])
            defer { follow.stop() }
            let lines = Lines(follow.out)
            #expect(try lines.next() == #"{"visible":0,"queued":0,"history":0,"unread":0}"#)
            let id = try daemon.show(["--timeout", "0", "one"])
            #expect(try lines.next() == #"{"visible":1,"queued":0,"history":0,"unread":0}"#)
            _ = try F.restingCards(probe, count: 1)
            // Changes that change no count print nothing: the next line is the next real change.
            _ = try daemon.xtoast(["update", id, "--message", "one, updated"])
            _ = try daemon.xtoast(["ping"])
            #expect(try daemon.xtoast(["pause"]).status == 0)
            _ = try daemon.show(["--timeout", "0", "two"])
            #expect(try lines.next() == #"{"visible":1,"queued":1,"history":0,"unread":0}"#)
            #expect(try daemon.xtoast(["dismiss", id]).status == 0)
            #expect(try lines.next() == #"{"visible":0,"queued":1,"history":1,"unread":1}"#, "dismissed by a call: still unread")
            #expect(try daemon.xtoast(["resume"]).status == 0)
            #expect(try lines.next() == #"{"visible":1,"queued":0,"history":1,"unread":1}"#)
            #expect(try daemon.xtoast(["dismiss"]).status == 0)
            #expect(try lines.next() == #"{"visible":0,"queued":0,"history":2,"unread":1}"#, "closed by the user: read")
            let formatted = try daemon.xtoast(["count", "--format", "{unread}/{history} new"])
            #expect(formatted.stdout == "1/2 new\n")
            #expect(try daemon.xtoast(["count"]).stdout == #"{"visible":0,"queued":0,"history":2,"unread":1}"# + "\n")
        }

        @Test("count --follow outlives a daemon restart: it waits, connects to the next daemon and prints its counts; --format prints only when its text changes")
        func countFollowAcrossARestart() throws {
            let first = try DaemonHarness()
            let state = first.directory.appendingPathComponent("state").path
            let follow = try first.startXtoast(["count", "--follow"])
            defer { follow.stop() }
            let lines = Lines(follow.out)
            #expect(try lines.next() == #"{"visible":0,"queued":0,"history":0,"unread":0}"#)
            _ = try first.show(["--timeout", "0", "before the restart"])
            #expect(try lines.next() == #"{"visible":1,"queued":0,"history":0,"unread":0}"#)
            first.stop()
            #expect(follow.process.isRunning, "count --follow exited when the daemon went away")
            // The next daemon on the same socket, with the same history: the toast the first
            // ended at shutdown is there, unread.
            let second = try DaemonHarness(extraEnvironment: ["XTOAST_SOCKET": first.socketPath, "XDG_STATE_HOME": state])
            #expect(try lines.next(timeout: 10) == #"{"visible":0,"queued":0,"history":1,"unread":1}"#)
            let formatted = try second.startXtoast(["count", "--follow", "--format", "{unread}"])
            defer { formatted.stop() }
            let unread = Lines(formatted.out)
            #expect(try unread.next() == "1")
            let id = try second.show(["--timeout", "0", "after the restart"])
            #expect(try lines.next() == #"{"visible":1,"queued":0,"history":1,"unread":1}"#)
            #expect(try second.xtoast(["dismiss", id]).status == 0)
            #expect(try lines.next() == #"{"visible":0,"queued":0,"history":2,"unread":2}"#)
            // The visible count changed twice in between; only the new unread count printed.
            #expect(try unread.next() == "2")
            second.stop()
            #expect(follow.process.isRunning && formatted.process.isRunning)
        }

        @Test("[general] menu is the menu program xtoast menu runs when none is given after --, words and all")
        func configuredMenuProgram() throws {
            let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-menu-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let seen = scratch.appendingPathComponent("argv").path
            let script = scratch.appendingPathComponent("my-rofi")
            try "#!/bin/sh\necho \"$@\" > \(seen)\ncat > /dev/null\nexit 1\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let daemon = try DaemonHarness(config: "[general]\nmenu = \(script.path) -dmenu -p 'dunst:'\n")
            let owner = try ProtocolClient(path: daemon.socketPath)
            _ = try Self.show(owner, #""message":"Deploy?","timeout":0,"actions":[{"id":"yes","label":"Deploy"}]"#)
            let run = try daemon.xtoast(["menu"])
            #expect(run.status == 1 && run.stderr.contains("nothing chosen"), "\(run.stderr)")
            #expect(try String(contentsOfFile: seen, encoding: .utf8) == "-dmenu -p dunst:\n")
        }

        @Test("menu writes the newest toast's actions to the menu program and invokes the line it prints; a non-zero exit invokes nothing")
        func menu() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            let owner = try ProtocolClient(path: daemon.socketPath)
            let input = daemon.directory.appendingPathComponent("menu-input").path
            let script = daemon.directory.appendingPathComponent("pick-second")
            try "#!/bin/sh\ncat > \(input)\nsed -n 2p \(input)\n".write(to: script, atomically: true, encoding: .utf8)
            let refuse = daemon.directory.appendingPathComponent("refuse")
            try "#!/bin/sh\ncat > /dev/null\necho Later\nexit 1\n".write(to: refuse, atomically: true, encoding: .utf8)
            for file in [script, refuse] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
            let id = try Self.show(owner, #""message":"Deploy?","timeout":0,"actions":[{"id":"yes","label":"Deploy"},{"id":"no","label":"Later"}]"#)
            _ = try F.restingCards(probe, count: 1)

            let cancelled = try daemon.xtoast(["menu", "--", refuse.path])
            #expect(cancelled.status == 1 && cancelled.stderr.contains("nothing chosen"), "\(cancelled.stderr)")
            #expect(try daemon.xtoast(["list"]).stdout.contains(#""id":"\#(id)""#), "still there")

            let chosen = try daemon.xtoast(["menu", "--", script.path])
            #expect(chosen.status == 0, "\(chosen.stderr)")
            #expect(try String(contentsOfFile: input, encoding: .utf8) == "#\(id) xtoast: Deploy\n#\(id) xtoast: Later\n", "each line names its toast")
            let action = try owner.event("action")
            #expect(action["id"]?.string == id && action["action"]?.string == "no")
            #expect(try owner.event("dismissed")["reason"]?.string == "action")
            let nothing = try daemon.xtoast(["menu", "--", script.path])
            #expect(nothing.status == 1 && nothing.stderr.contains("no toast on screen has an action or a link"))
        }
    }
}
