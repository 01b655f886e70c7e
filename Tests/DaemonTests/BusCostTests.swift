@testable import Daemon
import Testing
import ToastCore

/// Issue 27: what one `Notify` costs does not grow with how many came before. Counted, not
/// timed: the ids the server's bookkeeping looks at.
@Suite struct BusCostTests {
    @Test("5,000 Notify calls with a full queue (the clock stands still, so nothing times out; the oldest end as more come): the server's sweeps of ended ids look at a few per call, not all of them")
    func sweepsAreAmortized() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let calls = 5000
        for i in 0..<calls {
            let id = server.notify(NotifyCall(appName: "app \(i % 50)", summary: "n \(i)"), sender: ":1.\(i % 50)", now: rig.now).id
            #expect(id != 0)
        }
        // A sweep every call looked at every live and queued id: about 500,000 here.
        #expect(server.idsSwept <= 4 * calls, "\(server.idsSwept) ids looked at for \(calls) calls")
        // And what is live still ends on a hand-over (the sweeps lose nothing).
        let live = server.notify(NotifyCall(summary: "still here"), sender: ":1.7", now: rig.now).id
        _ = server.handOver(from: PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd"),
                            own: PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd"), now: rig.now)
        #expect(rig.service.board.toast(String(live)) == nil)
    }
}
