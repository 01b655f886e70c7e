@testable import Daemon
import Testing
import ToastCore

/// Issue 48 item 2, as the loop hands it to the service: the screen's `.activeWindowChanged`
/// is kept with the service's clock, and a `Notify` whose sender process owns that window
/// gets no card once it has been active for 1 s; before that, and from another process, it shows.
@Suite struct FocusedAppWiringTests {
    @Test("the active window's news is timed on arrival: its own process's Notify shows within 1 s, goes quiet after it; another's shows")
    func activeWindowNews() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let chat = SenderProcess(pid: 4242)
        rig.input(.activeWindowChanged(ActiveWindow(window: 0x1200007, pids: [4242], appIDs: ["chat", "Chat"])))
        rig.wait(0.5)
        _ = server.notify(NotifyCall(appName: "Chat", summary: "Early"), sender: ":1.7", process: chat, now: rig.now)
        rig.wait(1)
        let quiet = server.notify(NotifyCall(appName: "Chat", summary: "Quiet"), sender: ":1.7", process: chat, now: rig.now).id
        _ = server.notify(NotifyCall(appName: "Mail", summary: "Mail"), sender: ":1.8", process: SenderProcess(pid: 5000), now: rig.now)
        rig.wait(1)
        #expect(rig.surface(showing: "Early") != nil && rig.surface(showing: "Mail") != nil)
        #expect(rig.surface(showing: "Quiet") == nil)
        let entry = try #require(rig.service.board.history.last)
        #expect(entry.toast.id == String(quiet) && entry.reason == .focused && entry.unread)
    }
}
