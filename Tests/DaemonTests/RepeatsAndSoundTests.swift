import ConfigParsing
@testable import Daemon
import Testing
import Glibc
import Sound
import ToastCore

/// Plays nothing; remembers what it was asked to play and to stop.
final class RecordingPlayer: SoundPlayer {
    var canPlay = true
    var played: [Sound] = []
    /// The toast each sound was played for, in order.
    var playedFor: [String] = []
    /// Each `stop`: a toast's id, or nil for every sound.
    var stopped: [String?] = []
    func play(_ sound: Sound, for toast: String) {
        played.append(sound)
        playedFor.append(toast)
    }
    func stop(_ toast: String?) { stopped.append(toast) }
}

/// Repeats and sounds through the service, on the fake screen.
@Suite struct RepeatsAndSoundTests {
    @Test("three identical shows: one card drawn with ×3, three ids; each owner hears its own shown and one dismissed")
    func threeShowsOneCard() throws {
        let rig = Rig()
        let ids = [rig.show(from: rig.alice), rig.show(from: rig.bob), rig.show(from: rig.alice)]
        rig.wait(1)
        #expect(Set(ids).count == 3)
        #expect(rig.output.live.count == 1)
        #expect(rig.surface(showing: "\u{00D7}3") != nil)
        #expect(rig.sink.heard(by: rig.bob) == [.shown(id: ids[1])])
        #expect(rig.request(#"{"op":"dismiss","id":"\#(ids[1])"}"#) == .ok(id: ids[1]))
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: ids[0]), .shown(id: ids[2]),
                                                  .dismissed(id: ids[0], reason: .api), .dismissed(id: ids[2], reason: .api)])
        #expect(rig.sink.heard(by: rig.bob) == [.shown(id: ids[1]), .dismissed(id: ids[1], reason: .api)])
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
    }

    @Test("50 repeats in one instant repaint the card at most once before the next frame (not 50 times), and the frame shows ×51")
    func repeatsRepaintOnceAFrame() throws {
        let rig = Rig()
        rig.show()
        rig.wait(1)
        let (_, surface) = try #require(rig.surface(showing: "hello"))
        let before = surface.paints
        for _ in 0..<50 { rig.show() }
        #expect(surface.paints - before <= 1, "painted \(surface.paints - before) times for 50 repeats")
        rig.wait(0.1)
        #expect(rig.surface(showing: "\u{00D7}51") != nil)
        #expect(surface.paints - before < 10, "painted \(surface.paints - before) times")
    }

    @Test("list shows the count; with stack_duplicates = no every show is a card")
    func listAndOff() throws {
        let rig = Rig()
        rig.show()
        rig.show()
        guard case let .ok(_, members) = rig.request(#"{"op":"list"}"#) else { throw TestFailure("no list") }
        let toasts = members.first { $0.0 == "toasts" }?.1
        #expect(item(toasts, 0)?["count"] == .number(2) && item(toasts, 1) == nil)
        var config = Config()
        config.stackDuplicates = false
        let off = Rig(config: config)
        off.show()
        off.show()
        off.wait(1)
        #expect(off.output.live.count == 2)
    }

    func notify(_ hints: [String: HintValue], summary: String = "Ping", urgency: Int64 = 1) -> NotifyCall {
        var hints = hints
        hints["urgency"] = .byte(UInt8(urgency))
        return NotifyCall(appName: "chat", summary: summary, hints: hints)
    }

    @Test("a bus toast's sound-name plays once when it arrives; not for its repeat, nor under suppress-sound or do-not-disturb")
    func sounds() {
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        _ = server.notify(notify(["sound-name": .string("message-new-instant")]), now: rig.now)
        #expect(player.played == [.named("message-new-instant")])
        _ = server.notify(notify(["sound-name": .string("message-new-instant")]), now: rig.now)
        #expect(player.played.count == 1, "a repeat is silent")
        _ = server.notify(notify(["sound-name": .string("bell"), "suppress-sound": .bool(true)], summary: "Quiet"), now: rig.now)
        #expect(player.played.count == 1)
        rig.request(#"{"op":"pause"}"#)
        _ = server.notify(notify(["sound-name": .string("bell")], summary: "Later"), now: rig.now)
        _ = server.notify(notify(["sound-name": .string("bell")], summary: "Critical", urgency: 2), now: rig.now)
        #expect(player.played.count == 1, "do-not-disturb silences even critical toasts")
        rig.request(#"{"op":"resume"}"#)
        rig.wait(1)
        #expect(player.played.count == 1, "what waited shows silently")
    }

    @Test("issue 32: do-not-disturb and dismiss --all stop every sound; a toast the user or its sender ends stops its own; one that times out or is pushed out does not")
    func soundsStop() {
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        _ = server.notify(notify(["sound-name": .string("bell")], summary: "A"), now: rig.now)
        let a = player.playedFor.last ?? ""
        #expect(rig.service.board.toast(a) != nil, "a sound is played for the toast it came with")
        #expect(rig.request(#"{"op":"dismiss","id":"\#(a)"}"#) == .ok(id: a))
        #expect(player.stopped == [a])
        _ = server.notify(notify(["sound-name": .string("bell")], summary: "B"), now: rig.now)
        var before = player.stopped.count
        #expect(rig.request(#"{"op":"dismiss","all":true}"#) == .ok(id: nil))
        #expect(player.stopped[before...].contains(nil), "dismiss --all stops every sound, not only its toasts': \(player.stopped)")
        let stops = player.stopped.count
        var short = notify(["sound-name": .string("bell")], summary: "C")
        short.expireTimeout = 1000
        _ = server.notify(short, now: rig.now)
        rig.wait(2)
        #expect(rig.service.board.liveToasts.isEmpty && player.stopped.count == stops, "a toast that timed out lets its sound play out")
        rig.request(#"{"op":"pause"}"#)
        #expect(player.stopped.count == stops + 1 && player.stopped.last == .some(nil), "do-not-disturb stops every sound")
        rig.request(#"{"op":"pause"}"#)
        rig.request(#"{"op":"resume"}"#)
        #expect(player.stopped.count == stops + 1, "only turning it on stops them")
        _ = server.notify(notify(["sound-name": .string("bell")], summary: "D"), now: rig.now)
        let d = player.playedFor.last ?? ""
        rig.service.perform(.dismiss(id: d, reason: .close), now: rig.now)
        rig.service.settle(rig.now)
        #expect(player.stopped.last == .some(d), "closed by the user: its sound stops")
        before = player.stopped.count
        rig.service.perform(.dismissAll, now: rig.now)
        #expect(player.stopped[before...].contains(nil), "the dismiss_all key stops every sound")
    }

    @Test("a rule's sound plays for a script's toast; sound = none silences a bus toast's own; rules --test names a repeat")
    func ruleSound() {
        let parsed = ConfigParser.parse("""
            [rule scripts ping]
            match source = socket
            sound = bell
            [rule mute chat]
            match app = chat
            sound = none
            """, file: "test")
        let player = RecordingPlayer()
        let rig = Rig(config: parsed.config, sound: player)
        let first = rig.show()
        #expect(player.played == [.named("bell")])
        _ = DesktopNotifications(service: rig.service).notify(notify(["sound-name": .string("message-new-instant")]), now: rig.now)
        #expect(player.played == [.named("bell")], "the rule silenced chat")
        guard case let .ok(_, members) = rig.request(#"{"op":"test","message":"hello"}"#) else {
            Issue.record("no report")
            return
        }
        #expect(members.first { $0.0 == "action" }?.1 == .string("repeat"))
        #expect(members.first { $0.0 == "repeats" }?.1 == .string(first))
    }

    @Test("GetCapabilities lists sound only while the player can play and [sound] enabled is on")
    func capabilities() {
        let player = RecordingPlayer()
        player.canPlay = false
        let rig = Rig(sound: player)
        let server = DesktopNotifications(service: rig.service)
        #expect(!server.capabilities.contains("sound"))
        player.canPlay = true
        #expect(server.capabilities.contains("sound"))
        var off = Config()
        off.soundEnabled = false
        let quiet = RecordingPlayer()
        let silent = Rig(config: off, sound: quiet)
        #expect(!DesktopNotifications(service: silent.service).capabilities.contains("sound"))
    }

    @Test("a sound file is opened without blocking and only if it is a regular file within the cap")
    func soundFileCheck() throws {
        let fifo = "/tmp/xtoast-sound-fifo-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        guard case let .failure(error) = CanberraPlayer.openChecked(fifo) else { throw TestFailure("a FIFO was accepted") }
        #expect(error.reason == "not a regular file")
        guard case .failure = CanberraPlayer.openChecked("/nonexistent.oga") else { throw TestFailure("a missing file was accepted") }
        guard case let .success(fd) = CanberraPlayer.openChecked("/usr/share/sounds/freedesktop/stereo/bell.oga") else {
            throw TestFailure("the theme's bell was refused")
        }
        close(fd)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
