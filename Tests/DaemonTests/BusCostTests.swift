@testable import Daemon
import Operations
import Testing
import ToastCore

/// Issue 27: what one `Notify` costs does not grow with how many came before. The server
/// keeps no set of the ids it issued (sweeping one as it doubled stalled a bus flood's frames
/// by up to 13 ms): the board's owners say which toasts are the bus's when they all end.
@Suite struct BusCostTests {
    @Test("5,000 Notify calls from 50 applications with a full queue (the clock stands still, so nothing times out; the oldest end as more come), then a hand-over: every live bus toast, card, queued or repeat, ends, and none is left to the bus")
    func handOverEndsEveryLiveBusToast() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let calls = 5000
        var ids: [String] = []
        for i in 0..<calls {
            // Every tenth call repeats the one before: a repeat's alias is the bus's too.
            let summary = i % 10 == 9 ? "n \(i - 1)" : "n \(i)"
            let id = server.notify(NotifyCall(appName: "app \(i % 50)", summary: summary), sender: ":1.\(i % 50)", now: rig.now).id
            #expect(id != 0)
            ids.append(String(id))
        }
        let live = rig.service.board.ids(ownedBy: DesktopNotifications.owner)
        #expect(live.count > 100, "\(live.count) live bus ids before the hand-over")
        #expect(Set(live).isSubset(of: Set(ids)))
        // A socket toast is not the bus's: it stays.
        let script = rig.show(#""message":"from a script""#)
        _ = server.handOver(from: PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd"),
                            own: PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd"), now: rig.now)
        #expect(rig.service.board.ids(ownedBy: DesktopNotifications.owner).isEmpty)
        #expect(ids.allSatisfy { rig.service.board.owner(of: $0) == nil })
        #expect(rig.service.board.toast(script) != nil)
    }
}
