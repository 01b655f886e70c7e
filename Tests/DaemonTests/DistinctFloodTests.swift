@testable import Daemon
import Foundation
import Testing
import ToastCore
import Transport

/// Issue 46: a flood of toasts each with its own message, most of which queue behind full
/// cards and overflow before they are ever shown. What such a toast costs is counted here:
/// its history line goes into the file with the turn's others in one write, and nothing walks
/// the screen's cards for it while a frame is due anyway.
@Suite struct DistinctFloodTests {
    /// The history file's writes, counted (the writer's `write`, as the disk sees it).
    final class WriteCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var writes: Int { lock.withLock { count } }
        var write: HistoryWriter.WriteCall {
            { [self] fd, bytes in
                lock.withLock { count += 1 }
                return HistoryWriter.systemWrite(fd, bytes)
            }
        }
    }

    @Test("400 distinct toasts in one turn, 295 of them overflowing unshown: their history lines are written in one write, before anyone could hear of them, and the file holds each")
    func overflowsAreWrittenOncePerTurn() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let disk = WriteCounter()
        let rig = HistoryDurabilityTests.rig(path, write: disk.write)
        let ids = (0..<400).map { rig.show(#""message":"flood \#($0)","timeout":60"#) }
        let overflowed = rig.sink.deliveries.compactMap { d -> String? in
            if case let .dismissed(id, .overflow) = d.event { id } else { nil }
        }
        #expect(overflowed.count == 295 && overflowed == Array(ids[5..<300]), "the oldest waiting overflow, in order")
        #expect(disk.writes == 0, "held while the turn answers requests")
        // What the daemon does before any client's queue is written or a signal is sent.
        rig.service.writeHeldHistory()
        #expect(disk.writes == 1)
        #expect(rig.service.historyStore?.waitUntilWritten() == true)
        let written = try HistoryStoreTests.lines(path).map { try HistoryRecord.decode(Array($0.utf8)).toast.id }
        #expect(written == overflowed)
        rig.service.writeHistory(now: rig.now)
        #expect(disk.writes == 1, "nothing left for the turn's end")
    }

    @Test("the clients' queues are written after what must be on disk first (Clients.beforeWriting), the bus's signals too (EventRouter.beforeSending)")
    func outputWaitsForTheHistory() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[1]) }
        let clients = Clients()
        let connection = clients.add(UnixSocket(fd: fds[0]))
        var order: [String] = []
        clients.beforeWriting = {
            var buffer = [UInt8](repeating: 0, count: 16)
            order.append(recv(fds[1], &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 ? "after the client read" : "history")
        }
        connection.send(reply: Reply.ok(id: "1").json)
        #expect(connection.flush(now: 0))
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(recv(fds[1], &buffer, buffer.count, 0) > 0)
        #expect(order == ["history"])
        let router = EventRouter(clients: clients)
        router.beforeSending = { order.append("history") }
        router.bus = { _ in order.append("signal") }
        router.deliver(BoardChanges.Delivery(event: .dismissed(id: "1", reason: .overflow), recipients: [DesktopNotifications.owner]))
        #expect(order == ["history", "history", "signal"])
        clients.remove(connection)
    }

    @Test("300 distinct toasts queued in one instant behind 5 entering cards walk the cards for frames not once while their frame is due")
    func queuedToastsDoNotWalkTheCards() {
        let rig = Rig()
        for i in 0..<5 { rig.show(#""message":"on screen \#(i)","timeout":60"#) }
        let before = rig.service.stage.cardWalks
        for i in 0..<300 { rig.show(#""message":"waiting \#(i)","timeout":60"#) }
        #expect(rig.service.stage.cardWalks - before == 0, "a frame is due: the cards entering move")
        rig.wait(1)
        #expect(rig.service.stage.nextFrame == nil, "and the frames stop once the cards rest")
    }
}
