import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 17: what one client's requests can make the daemon hold for it.
    @Suite struct ReplyBoundsTests {
        /// The daemon's resident memory and its peak so far, in KiB (`/proc/PID/status`).
        static func memory(_ pid: Int32) throws -> (rss: Int, peak: Int) {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            func field(_ name: String) -> Int {
                let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
                return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            return (field("VmRSS"), field("VmHWM"))
        }

        @Test("150 history requests in one write, replies unread: the daemon's peak memory grows by less than 24 MiB (by 2 here; it took every reply at once before, 238 MiB with 20 KB messages, 915 MiB in the audit), another client is answered within a second, and reading then gets all 150 replies in order")
        func historyFlood() throws {
            let daemon = try DaemonHarness()
            let pid = daemon.process.processIdentifier
            // 100 entries of 8 KB messages (history keeps 512 characters of each), made while
            // do-not-disturb keeps them off the screen (nothing is drawn): each `history` reply
            // is then up to 60 KB.
            let filler = try ProtocolClient(path: daemon.socketPath)
            #expect(try filler.request(#"{"op":"pause"}"#)["ok"]?.bool == true)
            let message = String(repeating: "m", count: 8_000)
            // Each its own (numbered): identical toasts would collapse into one card (stack_duplicates).
            for i in 0..<100 {
                #expect(try filler.request(#"{"op":"show","message":"\#(i) \#(message)"}"#)["ok"]?.bool == true)
            }
            #expect(try filler.request(#"{"op":"dismiss","all":true}"#)["ok"]?.bool == true)
            let before = try Self.memory(pid)

            // Each request asks for a different number of entries, so the replies' order shows.
            let limits = (0..<150).map { $0 % 100 + 1 }
            let flood = try ProtocolClient(path: daemon.socketPath)
            let requests = limits.map { #"{"op":"history","limit":\#($0)}"# }.joined(separator: "\n") + "\n"
            #expect(requests.utf8.count < 8192, "one write, one read")
            flood.sendBytes(Array(requests.utf8))
            let other = try ProtocolClient(path: daemon.socketPath)
            for _ in 0..<5 {
                let start = Date()
                other.send(#"{"op":"ping"}"#)
                #expect(try other.next(timeout: 60)["ok"]?.bool == true)
                #expect(Date().timeIntervalSince(start) < 1, "a ping took \(Date().timeIntervalSince(start)) s behind the flood")
            }
            let after = try Self.memory(pid)
            let grown = (after.peak - before.peak) >> 10
            #expect(grown < 24, "the daemon's peak resident memory grew by \(grown) MiB (\(before) -> \(after) KiB)")

            // Now read: every reply, in order, each with the entries it asked for (one `{` per
            // entry and one for the reply; the messages hold none).
            var counts: [Int] = []
            var braces = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = Date().addingTimeInterval(30)
            while counts.count < limits.count, Date() < deadline {
                var fd = pollfd(fd: flood.socket.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&fd, 1, 1000) > 0 else { continue }
                let n = chunk.withUnsafeMutableBytes { read(flood.socket.fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                chunk.withUnsafeBytes { raw in
                    var at = raw.baseAddress!
                    let end = at + n
                    while at < end {
                        let newline = memchr(at, 0x0A, end - at).map { UnsafeRawPointer($0) } ?? end
                        var brace = at
                        while brace < newline, let found = memchr(brace, 0x7B, newline - brace) {
                            braces += 1
                            brace = UnsafeRawPointer(found) + 1
                        }
                        if newline < end {
                            counts.append(braces - 1)
                            braces = 0
                        }
                        at = newline + 1
                    }
                }
            }
            #expect(counts == limits)
            #expect(try flood.request(#"{"op":"ping"}"#)["ok"]?.bool == true, "the flooding client is still served")
        }
    }
}
