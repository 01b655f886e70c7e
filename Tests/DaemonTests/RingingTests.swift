@testable import Daemon
import Testing
import Sound
import ToastCore

/// Calls that ring and alarms that sound again (`Ringing`), through the service on the fake
/// screen: the ringtone repeats until an answer, the sender's close or `[calls] ring_for`;
/// an alarm sounds once a minute through a pause; a plain pause silences a call.
@Suite struct RingingTests {
    func call(_ category: String = "call.incoming", summary: String = "Alice", actions: [String] = ["accept", "Answer", "decline", ""]) -> NotifyCall {
        NotifyCall(appName: "Calls", summary: summary, actions: actions, hints: ["category": .string(category)])
    }

    func rings(_ player: RecordingPlayer, _ id: String) -> Int {
        zip(player.played, player.playedFor).filter { $0.0 == .named("phone-incoming-call") && $0.1 == id }.count
    }

    @Test("a call's ringtone repeats every 4 s until Accept is chosen: the sender hears accept, the sound stops, nothing rings on")
    func ringsUntilAnswered() throws {
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        let number = server.notify(call(), now: rig.now).id
        let id = String(number)
        #expect(rings(player, id) == 1)
        rig.wait(9)
        #expect(rings(player, id) == 3, "again at 4 s and 8 s")
        let toast = try #require(rig.service.board.toast(id))
        #expect(toast.actions.map(\.id) == ["decline", "accept"] && toast.actions.map(\.label) == ["Decline", "Answer"])
        rig.service.perform(.invoke(id: id, action: "accept"), now: rig.now)
        rig.service.settle(rig.now)
        #expect(rig.service.board.toast(id) == nil)
        #expect(player.stopped.contains(id))
        rig.wait(20)
        #expect(rings(player, id) == 3, "an answered call rings no more")
        #expect(rig.service.quiet.ringing.isEmpty)
    }

    @Test("a call rings out after [calls] ring_for: it ends expired and stays as one unread call.unanswered entry")
    func ringsOut() throws {
        var config = Config.default
        config.ringFor = 10
        let player = RecordingPlayer()
        let rig = Rig(config: config, sound: player)
        let server = DesktopNotifications(service: rig.service)
        let number = server.notify(call(), now: rig.now).id
        let id = String(number)
        rig.wait(9)
        #expect(rig.service.board.toast(id) != nil, "no timeout while it rings")
        rig.wait(2)
        #expect(rig.service.board.toast(id) == nil)
        let entries = rig.service.board.history.filter { $0.toast.id == id }
        #expect(entries.count == 1 && entries.first?.toast.category == "call.unanswered" && entries.first?.unread == true)
        #expect(player.stopped.contains(id))
        let after = player.played.count
        rig.wait(30)
        #expect(player.played.count == after)
    }

    @Test("call.ended from the same app takes the ringing card and stops its ringtone")
    func endedBySender() throws {
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        let number = server.notify(call(), now: rig.now).id
        let id = String(number)
        _ = server.notify(call("call.ended", summary: "Missed: Alice", actions: []), now: rig.now)
        rig.service.settle(rig.now)
        #expect(rig.service.board.toast(id) == nil)
        #expect(player.stopped.contains(id))
        rig.wait(10)
        #expect(rings(player, id) == 1)
    }

    @Test("a plain pause silences a call (level 90 < 100); pause --level 50 lets it ring; an alarm sounds through a pause once a minute")
    func throughDoNotDisturb() throws {
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        rig.request(#"{"op":"pause"}"#)
        let held = server.notify(call(), now: rig.now).id
        rig.wait(5)
        #expect(rings(player, String(held)) == 0)
        #expect(rig.service.board.holdsBack(String(held)))
        let alarm = server.notify(call("alarm.ringing", summary: "Wake up", actions: []), now: rig.now).id
        #expect(!rig.service.board.holdsBack(String(alarm)), "an alarm shows through a pause")
        #expect(player.played.last == .named("alarm-clock-elapsed") && player.playedFor.last == String(alarm))
        rig.wait(61)
        #expect(zip(player.played, player.playedFor).filter { $0.1 == String(alarm) }.count == 2, "once a minute")
        rig.request(#"{"op":"resume"}"#)
        rig.request(#"{"op":"pause","level":50}"#)
        let through = server.notify(call(summary: "Bob"), now: rig.now).id
        #expect(rings(player, String(through)) == 1, "level 90 rings through pause --level 50")
    }
}
