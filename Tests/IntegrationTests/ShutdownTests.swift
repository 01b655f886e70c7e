import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 17: a daemon that is going away takes its socket down first, so nobody connects
    /// to it while it gives its last readers their events.
    @Suite struct ShutdownTests {
        /// A subscriber that never reads, with more events queued than socket buffers hold
        /// (about 500 KB), so the daemon's last half second of draining is spent waiting for it.
        static func deafSubscriber(_ daemon: DaemonHarness) throws -> ProtocolClient {
            let deaf = try ProtocolClient(path: daemon.socketPath)
            #expect(try deaf.request(#"{"op":"subscribe"}"#)["ok"]?.bool == true)
            let sender = try ProtocolClient(path: daemon.socketPath)
            let pad = String(repeating: "x", count: 110)
            for n in 0..<3000 { sender.send(#"{"op":"show","id":"\#(pad)\#(n)","message":"flood","timeout":0}"#) }
            _ = try sender.request(#"{"op":"ping"}"#)
            return deaf
        }

        /// While the daemon drains (it is still running), connecting fails and the socket is gone.
        static func expectNoConnectionDuringDrain(_ daemon: DaemonHarness) throws {
            try waitUntil("the last events to wait for their reader") { daemon.log.contains("up to 0.5 s to read") }
            let connected = (try? ProtocolClient(path: daemon.socketPath)) != nil
            let socketThere = FileManager.default.fileExists(atPath: daemon.socketPath)
            let draining = daemon.process.isRunning
            #expect(draining, "the drain ended before the test looked; nothing was checked")
            #expect(!connected, "a client connected to a daemon that was going away")
            #expect(!socketThere)
            try waitUntil("the daemon to exit") { !daemon.process.isRunning }
        }

        @Test("at SIGTERM the socket goes before the drain: connecting during it fails")
        func socketGoesBeforeTheDrain() throws {
            let daemon = try DaemonHarness()
            let deaf = try Self.deafSubscriber(daemon)
            kill(daemon.process.processIdentifier, SIGTERM)
            try Self.expectNoConnectionDuringDrain(daemon)
            #expect(daemon.process.terminationStatus == 0)
            _ = deaf
        }

        @Test("when the X server goes, the socket goes before the drain: connecting during it fails")
        func socketGoesBeforeTheDrainOnXLoss() throws {
            let display = try PrivateDisplay(size: "1280x800")
            let daemon = try DaemonHarness(display: display.name)
            let deaf = try Self.deafSubscriber(daemon)
            display.kill()
            try Self.expectNoConnectionDuringDrain(daemon)
            #expect(daemon.process.terminationStatus == 1)
            _ = deaf
        }
    }
}
