@testable import Daemon
import Testing
import Operations
@testable import ToastCore

/// Issue 44: each concern's decisions on their own, the time passed in, no service and no
/// screen. The wall clock starts at Tuesday 2023-11-14 22:13:20 UTC.
@Suite struct ConcernTests {
    let wall = 1_700_000_000.0

    @Test("Quiet: a pause with an end is decided, due on the wall clock, and ends by itself; the bus hears only changes")
    func quietPause() {
        var quiet = Quiet(schedules: [], sharing: [], zone: .utc)
        #expect(quiet.nextDeadline == nil && !quiet.isDue(wallNow: wall))
        quiet.pause(level: QuietState.fullLevel, until: wall + 90, wallNow: wall)
        let paused = quiet.decide(now: 10, wallNow: wall)
        #expect(paused.status.inhibited && paused.inhibited == true && paused.pauseLevel == QuietState.fullLevel && !paused.pauseEnded)
        #expect(quiet.nextDeadline == 100, "the monotonic time the wall-clock end stood for")
        #expect(quiet.deadline?.wall == wall + 90)
        let again = quiet.decide(now: 11, wallNow: wall + 1)
        #expect(again.inhibited == nil && again.pauseLevel == nil, "nothing changed: the bus hears nothing")
        #expect(!quiet.isDue(wallNow: wall + 89) && quiet.isDue(wallNow: wall + 90))
        let ended = quiet.decide(now: 100, wallNow: wall + 90)
        #expect(ended.pauseEnded && ended.inhibited == false && ended.pauseLevel == 0)
        #expect(quiet.user == nil && quiet.nextDeadline == nil && quiet.wallNow == wall + 90)
    }

    @Test("Quiet: an application's inhibition holds until it leaves the bus; resume ends only the user's pause")
    func quietInhibitAndResume() {
        var quiet = Quiet(schedules: [], sharing: [], zone: .utc)
        let resumedNothing = quiet.resume()
        #expect(!resumedNothing, "no pause to end")
        guard case .success = quiet.inhibit(desktopEntry: "player", reason: "film", caller: ":1.5", timeout: nil, wallNow: wall) else {
            Issue.record("the inhibition was refused")
            return
        }
        let inhibited = quiet.decide(now: 0, wallNow: wall)
        #expect(inhibited.inhibited == true)
        quiet.pause(level: QuietState.fullLevel, until: nil, wallNow: wall)
        let resumed = quiet.resume()
        #expect(resumed && quiet.user == nil)
        let held = quiet.decide(now: 1, wallNow: wall + 1)
        #expect(held.status.inhibited && held.inhibited == nil, "the application still asks for quiet")
        let strangerLeft = quiet.callerLeft(":1.9")
        let ownerLeft = quiet.callerLeft(":1.5")
        #expect(!strangerLeft && ownerLeft)
        let free = quiet.decide(now: 2, wallNow: wall + 2)
        #expect(free.inhibited == false)
    }

    @Test("Quiet: sounds stop once when do-not-disturb turns on, and the shared screen changes only when its windows do")
    func quietSoundsAndSharing() {
        var quiet = Quiet(schedules: [], sharing: [], zone: .utc)
        let first = quiet.silences(doNotDisturb: true)
        let second = quiet.silences(doNotDisturb: true)
        let off = quiet.silences(doNotDisturb: false)
        #expect(first && !second && !off)
        let same = quiet.share([])
        let shared = quiet.share(["Zoom Meeting"])
        let again = quiet.share(["Zoom Meeting"])
        #expect(!same && shared && !again)
        let decision = quiet.decide(now: 0, wallNow: wall)
        #expect(decision.status.inhibited, "a shared screen holds quiet")
    }

    @Test("Snoozing: a snooze holds its application back until its wall-clock end, then ends by itself")
    func snoozeEnds() {
        var snoozing = Snoozing()
        guard case .success = snoozing.snooze("Slack", until: wall + 3600, wallNow: wall) else {
            Issue.record("the snooze was refused")
            return
        }
        let now = snoozing.decide(now: 5, wallNow: wall)
        #expect(now.active == ["slack"] && !now.ended)
        #expect(snoozing.nextDeadline == 3605 && snoozing.deadline?.wall == wall + 3600)
        #expect(!snoozing.isDue(wallNow: wall + 3599) && snoozing.isDue(wallNow: wall + 3600))
        let later = snoozing.decide(now: 3605, wallNow: wall + 3600)
        #expect(later.active.isEmpty && later.ended && snoozing.nextDeadline == nil)
        let cleared = snoozing.clear("Slack")
        #expect(!cleared, "it ended already")
    }

    @Test("Snoozing: a cleared snooze is gone at once; the config path is where 'always' writes")
    func snoozeClear() {
        var snoozing = Snoozing()
        _ = snoozing.snooze("Mail", until: wall + 60, wallNow: wall)
        let cleared = snoozing.clear("Mail")
        let decision = snoozing.decide(now: 0, wallNow: wall)
        #expect(cleared && decision.active.isEmpty && snoozing.nextDeadline == nil)
        #expect(snoozing.configPath == nil)
        snoozing.writeRules(to: "/tmp/xtoast-config")
        #expect(snoozing.configPath == "/tmp/xtoast-config")
        let menu = snoozing.closeMenu()
        #expect(menu == nil, "no menu was open")
    }

    @Test("InlineReply: typing, the caret's blink, the idle timeout and sending, with the time passed in")
    func replyField() {
        var reply = InlineReply()
        let closed = reply.take(.cancelReply(id: "1"), now: 0)
        #expect(reply.nextDeadline == nil && closed == .none && reply.due(now: 0) == .none)
        reply.open("1", now: 10, serverTime: 7)
        #expect(reply.nextDeadline == 10 + ReplySession.idleTimeout)
        let other = reply.take(.editReply(id: "2", KeyPress(.text, text: "x")), now: 11)
        #expect(other == .none, "another toast's field")
        let typed = reply.take(.editReply(id: "1", KeyPress(.text, text: "h")), now: 20)
        #expect(typed == .redraw)
        let sent = reply.take(.submitReply(id: "1", serverTime: 9), now: 20)
        #expect(sent == .submit("h", serverTime: 9))
        let look = reply.look(now: 20, halfPeriod: 0.5)
        #expect(look?.field.string == "h" && look?.caretVisible == true)
        #expect(reply.nextDeadline == 20.5, "the caret's next blink")
        #expect(reply.due(now: 20.4) == .none && reply.due(now: 20.5) == .redraw)
        let paste = reply.take(.pasteReply(id: "1", selection: .primary), now: 30)
        #expect(paste == .askPaste(.primary, serverTime: 7), "asked as of the field's opening when no input said when")
        #expect(reply.due(now: 30 + ReplySession.idleTimeout) == .close, "60 s after the last input")
        let session = reply.close()
        #expect(session?.id == "1" && reply.session == nil && reply.nextDeadline == nil)
    }

    @Test("InlineReply: a field with only blanks sends nothing; Escape closes it")
    func replyBlank() {
        var reply = InlineReply()
        reply.open("1", now: 0, serverTime: 0)
        _ = reply.take(.editReply(id: "1", KeyPress(.text, text: " ")), now: 1)
        let sent = reply.take(.submitReply(id: "1"), now: 2)
        let escaped = reply.take(.cancelReply(id: "1"), now: 3)
        #expect(sent == .none && escaped == .close)
    }

    @Test("Continuity: the hand-over is granted only to the same program of the same user, and can fail back")
    func handOver() {
        var continuity = Continuity()
        let own = PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd")
        let anonymous = continuity.handOver(to: nil, own: own)
        let stranger = continuity.handOver(to: PeerIdentity(uid: 1000, executable: "/usr/bin/python3"), own: own)
        #expect(!anonymous && !stranger && !continuity.handingOver, "refused: no identity, another program")
        let granted = continuity.handOver(to: own, own: own)
        #expect(granted && continuity.handingOver)
        continuity.handOverFailed()
        #expect(!continuity.handingOver, "the successor did not take the socket: serving on")
        let crashed = continuity.takeCrashedBusIDs()
        #expect(crashed.isEmpty)
    }
}
