@testable import Daemon
import Testing
import ToastCore

/// A full queue on the fake screen: every accepted toast ends exactly once, whatever its
/// urgency, with do-not-disturb on or off (a low toast arriving at a queue of normal ones
/// used to get an id and vanish, unheard and unrecorded).
@Suite struct QueueOverflowTests {
    func ends(_ rig: Rig) -> [String: Int] {
        var ends: [String: Int] = [:]
        for d in rig.sink.deliveries { if case let .dismissed(id, _) = d.event { ends[id, default: 0] += 1 } }
        return ends
    }

    /// Issue 43: the held queue is shared per sending connection, so a low toast from another
    /// sender is held and the flooding sender's oldest overflows instead.
    @Test("do-not-disturb and one sender's 100 waiting: another's low toast waits, the flood's oldest overflows")
    func fullQueueFromOneSender() {
        let rig = Rig()
        rig.request(#"{"op":"pause"}"#)
        let flood = (0..<100).map { i in rig.show(#""message":"waiting \#(i)""#, from: rig.bob) }
        let low = rig.show(#""message":"low","urgency":"low""#)
        #expect(rig.sink.heard(by: rig.alice).isEmpty)
        #expect(rig.sink.heard(by: rig.bob) == [.dismissed(id: flood[0], reason: .overflow)])
        #expect(rig.service.board.history.last?.toast.id == flood[0])
        #expect(rig.service.board.owner(of: low) == rig.alice, "the low toast still waits")
    }

    @Test("do-not-disturb and 100 waiting from the same sender: a low toast from the socket and one from the bus end at once with overflow, and are kept")
    func lowAtFullQueue() {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        rig.request(#"{"op":"pause"}"#)
        for i in 0..<50 { rig.show(#""message":"waiting \#(i)""#, from: rig.alice) }
        for i in 0..<50 {
            _ = server.notify(NotifyCall(appName: "app \(i)", summary: "waiting \(i)"), sender: ":1.7", now: rig.now)
        }
        let low = rig.show(#""message":"low","urgency":"low""#)
        #expect(rig.sink.heard(by: rig.alice) == [.dismissed(id: low, reason: .overflow)])
        let bus = server.notify(NotifyCall(summary: "low over the bus", hints: ["urgency": .byte(0)]), sender: ":1.7", now: rig.now).id
        let closed = rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
        #expect(closed == [.notificationClosed(id: bus, reason: 4)])
        #expect(rig.service.board.history.suffix(2).map(\.toast.id) == [low, String(bus)])
        #expect(rig.service.board.history.suffix(2).allSatisfy { $0.reason == .overflow })
        guard case let .error(message) = rig.request(#"{"op":"dismiss","id":"\#(low)"}"#) else {
            Issue.record("the low toast is still live")
            return
        }
        #expect(message.contains("no toast"))
    }

    @Test("a burst of 200 without do-not-disturb, every 17th low: every toast ends exactly once")
    func burst() {
        let rig = Rig()
        var ids: [String] = []
        for i in 0..<200 {
            ids.append(rig.show(#""message":"burst \#(i)","urgency":"\#(i % 17 == 0 ? "low" : "normal")","timeout":0.5"#))
        }
        rig.wait(60)
        let ends = ends(rig)
        #expect(ids.filter { ends[$0] != 1 } == [], "each ends once")
        #expect(rig.service.board.liveToasts.isEmpty)
    }
}
