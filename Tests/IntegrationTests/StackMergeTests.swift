import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 17: `shown` once per toast, and a removed monitor's cards in their place by age.
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

        @Test("after --delmonitor the moved cards take their place by age on the primary monitor: newest at the top")
        func movedCardsByAge() throws {
            let display = try PrivateDisplay(size: "3840x1080")
            try display.setMonitors(["*LEFT 1920x1080+0+0", "RIGHT 1920x1080+1920+0"])
            let daemon = try DaemonHarness(display: display.name)
            let probe = try XProbe(display.name)
            // One, two and three lines: the cards' heights tell them apart.
            _ = try daemon.show(["--timeout", "0", "--monitor", "RIGHT", "oldest"])
            _ = try daemon.show(["--timeout", "0", "middle\nmiddle"])
            _ = try daemon.show(["--timeout", "0", "--monitor", "RIGHT", "newest\nnewest\nnewest"])
            let before = try F.restingCards(probe, count: 3).map(\.frame)
            try display.run("xrandr", ["--delmonitor", "RIGHT"])
            try waitUntil("the moved cards to rest on LEFT") {
                let cards = probe.cardsOnScreen()
                return cards.count == 3 && cards.allSatisfy { $0.frame.maxX == 1920 - 16 }
            }
            let after = try F.restingCards(probe, count: 3).map(\.frame).sorted { $0.y < $1.y }
            let heights = Set(before.map(\.height))
            #expect(heights.count == 3, "three different heights: \(before)")
            #expect(after.map(\.height) == heights.sorted(by: >), "newest (tallest) at the top, oldest at the bottom: \(after)")
            #expect(after.first?.y == 16)
        }
    }
}
