import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 17: `shown` once per toast.
    @Suite struct StackMergeTests {
        typealias F = FoundationTests

        @Test("max_visible lowered and raised by reloads: a subscriber hears `shown` exactly once per toast")
        func shownOncePerToast() throws {
            let daemon = try DaemonHarness(config: "[general]\nmax_visible = 2\n")
            let config = daemon.directory.appendingPathComponent("config/xtoast/config")
            let probe = try XProbe()
            let subscriber = try ProtocolClient(path: daemon.socketPath)
            #expect(try subscriber.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let a = try daemon.show(["--timeout", "0", "first"])
            let b = try daemon.show(["--timeout", "0", "second"])
            _ = try F.restingCards(probe, count: 2)
            try "[general]\nmax_visible = 1\n".write(to: config, atomically: true, encoding: .utf8)
            #expect(try daemon.xtoast(["reload"]).status == 0)
            _ = try F.restingCards(probe, count: 2)  // one card and "+1 more"
            try "".write(to: config, atomically: true, encoding: .utf8)  // back to the default, 5
            #expect(try daemon.xtoast(["reload"]).status == 0)
            _ = try F.restingCards(probe, count: 2)
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            var shown: [String: Int] = [:]
            var dismissed = 0
            while dismissed < 2 {
                let event = try subscriber.nextEvent()
                switch event["event"]?.string {
                case "shown": shown[event["id"]?.string ?? "", default: 0] += 1
                case "dismissed": dismissed += 1
                default: break
                }
            }
            #expect(shown == [a: 1, b: 1], "\(shown)")
        }
    }
}
