import CX11
import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 28 on the real binaries: a dunst user's card colours and stack order, read back
    /// from the X server's pixels and windows.
    @Suite struct DunstLookTests {
        typealias C = CardTests

        @Test("[colors] critical.background = #900000: a critical card's body is that red, its frame the frame colour")
        func criticalCardIsRed() throws {
            let daemon = try DaemonHarness(config: """
                [colors]
                critical.background = #900000
                critical.foreground = #FFFFFF
                critical.frame_color = #FF0000
                """)
            let probe = try XProbe()
            C.parkPointer(probe)
            _ = try daemon.show(["--timeout", "0", "--urgency", "critical", "--kind", "error", "disk full"])
            let f = try #require(try C.resting(probe, count: 1).first).frame
            let c = try C.capture(probe, f)
            let body = c.at(c.x + c.width - 8, c.y + c.height / 2)
            let frame = c.at(c.x + c.width / 2, c.y)
            #expect(colorDistance(body, 0x900000) <= 12, "body \(hex(body))")
            #expect(colorDistance(frame, 0xFF0000) <= 12, "frame \(hex(frame))")
        }

        @Test("stack = oldest_at_edge: at the top-right the first card shown stays at the top, the second goes below it")
        func oldestAtEdge() throws {
            let daemon = try DaemonHarness(config: "[general]\nstack = oldest_at_edge\n")
            let probe = try XProbe()
            C.parkPointer(probe)
            _ = try daemon.show(["--timeout", "0", "--title", "first", "one"])
            let first = try #require(try C.resting(probe, count: 1).first)
            _ = try daemon.show(["--timeout", "0", "--title", "second", "two"])
            let cards = try C.resting(probe, count: 2)
            let moved = try #require(cards.first { $0.window == first.window })
            let second = try #require(cards.first { $0.window != first.window })
            #expect(moved.frame == first.frame, "the oldest keeps its place at the edge")
            #expect(second.frame.y >= first.frame.maxY, "the new card below it: \(second.frame) under \(first.frame)")
        }
    }
}
