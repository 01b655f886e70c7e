@testable import ConfigParsing
@testable import Daemon
import DaemonLog
import Foundation
@testable import JSONCodec
import Testing
@testable import ToastCore

/// Issue 30: do-not-disturb with an end, schedules and the applications' inhibitions, wired
/// through the service on the fake screen. The rig's wall clock starts at Tuesday
/// 2023-11-14 22:30:00 UTC, and its zone is UTC.
@Suite struct QuietWiringTests {
    func status(_ rig: Rig) -> JSON? {
        guard case let .ok(_, extra) = rig.request(#"{"op":"pause","status":true}"#) else { return nil }
        return .object(extra)
    }

    @Test("pause --for 90s: toasts wait, the reply and --status say until when, and at its end they show in order")
    func pauseForAWhile() throws {
        let rig = Rig()
        let reply = rig.request(#"{"op":"pause","for":"90s"}"#)
        #expect(reply == .ok(id: nil, extra: [("until", .number((rig.wallNow + 90).rounded()))]))
        rig.show(#""message":"one","timeout":0"#)
        rig.show(#""message":"two","timeout":0"#)
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
        let s = try #require(status(rig))
        #expect(s["inhibited"] == .bool(true) && s["level"] == .number(100) && s["until"] == .number((rig.wallNow + 89).rounded()))
        #expect(item(s["sources"], 0)?["by"] == .string("user"))
        #expect(rig.service.nextTimeout.map { abs($0 - (rig.now + 89)) < 0.01 } == true, "the pause's end is on the timer list")
        rig.wait(88)
        #expect(rig.output.live.isEmpty)
        rig.wait(2)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1"), .shown(id: "2")])
        #expect(status(rig)?["inhibited"] == .bool(false))
        #expect(rig.service.quietDeadline == nil)
    }

    @Test("a suspend: the wall clock jumps past the end while the monotonic clock stood still; the first wake ends it")
    func wallClockJump() {
        let rig = Rig()
        rig.request(#"{"op":"pause","for":"1h"}"#)
        rig.show(#""message":"held","timeout":0"#)
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
        rig.wallShift.seconds = 2 * 3600
        rig.wait(0.1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(!rig.service.board.doNotDisturb)
    }

    @Test("--level: a rule's override_pause_level lets toasts through up to it; critical ones pass plain pause")
    func levels() {
        var config = Config.default
        config.rules = ConfigParser.parse("[rule chat]\nmatch app = chat\noverride_pause_level = 60\n", file: "t").config.rules
        let rig = Rig(config: config)
        rig.request(#"{"op":"pause","level":50}"#)
        rig.show(#""message":"chat","app":"chat","timeout":0"#)
        rig.show(#""message":"mail","app":"mail","timeout":0"#)
        rig.wait(1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        rig.request(#"{"op":"pause"}"#)
        rig.show(#""message":"chat again","app":"chat","timeout":0"#)
        rig.show(#""message":"fire","urgency":"critical""#)
        rig.wait(1)
        #expect(rig.sink.heard(by: rig.alice).last == .shown(id: "4"))
        #expect(rig.surface(showing: "chat again") == nil)
        rig.request(#"{"op":"resume"}"#)
        #expect(rig.sink.heard(by: rig.alice).suffix(2) == [.shown(id: "2"), .shown(id: "3")])
    }

    @Test("a schedule holds from its start to its end; its boundary is the one timer; allow lets calls through")
    func schedule() throws {
        var config = Config.default
        config.quietSchedules = [try QuietSchedule.parse("tue 22:00-23:00")]
        config.quietSchedules[0].allow = [.calls]
        let rig = Rig(config: config)
        #expect(rig.service.board.doNotDisturb)
        #expect(rig.service.quietDeadline.map { abs($0.wall - (rig.wallNow + 1800)) < 0.01 } == true)
        let server = DesktopNotifications(service: rig.service)
        _ = server.notify(NotifyCall(summary: "news"), now: rig.now)
        _ = server.notify(NotifyCall(summary: "Ann calls", hints: ["category": .string("call.incoming")]), now: rig.now)
        rig.wait(1)
        #expect(rig.surface(showing: "Ann calls") != nil && rig.surface(showing: "news") == nil)
        let s = try #require(status(rig))
        #expect(item(s["sources"], 0)?["every"] == .string("tue 22:00-23:00") && item(s["sources"], 0)?["allow"] == .array([.string("calls")]))
        rig.wait(1800)
        #expect(rig.surface(showing: "news") != nil)
        #expect(!rig.service.board.doNotDisturb)
    }

    @Test("200 notifications from one app in one instant: the digest card repaints at most once before the next frame; the frame shows its count and the newest text, and its grown height moves the card above it")
    func digestRepaintsOnceAFrame() throws {
        var config = Config.default
        config.maxVisible = 6
        let rig = Rig(config: config)
        let server = DesktopNotifications(service: rig.service)
        for n in 0..<6 { _ = server.notify(NotifyCall(appName: "chat", summary: "m\(n)"), sender: ":1.5", now: rig.now) }
        rig.wait(1)
        let (_, digest) = try #require(rig.surface(showing: "chat: 1 more"))
        let heightBefore = digest.size.height
        let before = digest.paints
        let long = String(repeating: "a long line that wraps on the card ", count: 4)
        for n in 0..<200 { _ = server.notify(NotifyCall(appName: "chat", summary: n == 199 ? long : "m\(n + 6)"), sender: ":1.5", now: rig.now) }
        #expect(digest.paints - before <= 1, "painted \(digest.paints - before) times for 200 folds")
        rig.wait(1)
        let (_, after) = try #require(rig.surface(showing: "chat: 201 more"))
        #expect(after.size.height > heightBefore, "the newest text's height reached the card")
        #expect(digest.paints - before < 40, "painted \(digest.paints - before) times")
        // The stack was laid out again: no two cards overlap.
        let frames = rig.restingFrames.sorted { $0.y < $1.y }
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.y + a.height <= b.y, "\(a) overlaps \(b)") }
    }

    @Test("Inhibit: Inhibited turns on (and the bus is told), toasts wait, --status names the app and its reason; leaving the bus ends it")
    func inhibitions() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        var changes: [Bool] = []
        rig.service.onInhibitedChanged = { changes.append($0) }
        let cookie = try server.inhibit(desktopEntry: "zoom", reason: "Screen sharing", hints: [:], caller: ":1.9", now: rig.now).get()
        #expect(server.inhibited && changes == [true])
        rig.show(#""message":"held","timeout":0"#)
        rig.wait(1)
        #expect(rig.output.live.isEmpty)
        let s = try #require(status(rig))
        #expect(item(s["sources"], 0)?["desktop_entry"] == .string("zoom") && item(s["sources"], 0)?["reason"] == .string("Screen sharing"))
        #expect(item(s["sources"], 0)?["cookie"] == .number(Double(cookie)))
        #expect(!server.uninhibit(cookie, caller: ":1.10", now: rig.now), "only its caller gives it back")
        server.nameLeft(":1.9", now: rig.now)
        #expect(!server.inhibited && changes == [true, false])
        rig.wait(1)
        #expect(rig.sink.heard(by: rig.alice) == [.shown(id: "1")])
        #expect(throws: QuietProblem.self) { try server.inhibit(desktopEntry: "", reason: "", hints: [:], caller: ":1.9", now: rig.now).get() }
        #expect(server.capabilities.contains("inhibitions"))
    }

    @Test("a timeout hint ends an inhibition by itself; UnInhibit ends one at once")
    func inhibitionTimeout() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        _ = try server.inhibit(desktopEntry: "obs", reason: "Recording", hints: ["timeout": .int(30)], caller: ":1.2", now: rig.now).get()
        let other = try server.inhibit(desktopEntry: "zoom", reason: "", hints: [:], caller: ":1.3", now: rig.now).get()
        #expect(server.uninhibit(other, caller: ":1.3", now: rig.now))
        #expect(server.inhibited)
        rig.wait(29)
        #expect(server.inhibited)
        rig.wait(2)
        #expect(!server.inhibited)
    }

    @Test("the user's pause is kept across a restart in a 0600 state file; one whose end passed meanwhile is over")
    func keptAcrossRestarts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-quiet-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quiet").path
        let first = Rig()
        first.service.keepQuiet(in: QuietStore(path: path), now: first.now)
        first.request(#"{"op":"pause","for":"1h","level":70}"#)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let second = Rig()
        second.service.keepQuiet(in: QuietStore(path: path), now: second.now)
        #expect(second.service.board.doNotDisturb && second.service.quiet.user?.level == 70)
        second.request(#"{"op":"resume"}"#)
        #expect(!FileManager.default.fileExists(atPath: path))
        // A pause that ended while no daemon ran.
        try QuietState.UserPause(level: 100, until: 1_000, since: 500).line.write(toFile: path, atomically: false, encoding: .utf8)
        let third = Rig()
        third.service.keepQuiet(in: QuietStore(path: path), now: third.now)
        #expect(!third.service.board.doNotDisturb && !FileManager.default.fileExists(atPath: path))
        // A damaged file is dropped.
        try "garbage".write(toFile: path, atomically: false, encoding: .utf8)
        let fourth = Rig()
        fourth.service.keepQuiet(in: QuietStore(path: path), now: fourth.now)
        #expect(!fourth.service.board.doNotDisturb && !FileManager.default.fileExists(atPath: path))
    }

    @Test("a saved pause past 366 days ahead (\"until\":99999999999) is not restored, holds no toast, and its file goes with one log line (issue 43)")
    func farPauseFileIgnored() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-quiet-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quiet").path
        try #"{"level":100,"since":1700000000,"until":99999999999}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let rig = Rig()
        let capture = LogCapture()
        Log.$capture.withValue(capture) { rig.service.keepQuiet(in: QuietStore(path: path), now: rig.now) }
        #expect(!rig.service.board.doNotDisturb && rig.service.quiet.user == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(capture.logged.filter { $0.contains("past 366 days") }.count == 1, "\(capture.logged)")
        rig.show(#""message":"shown","timeout":0"#)
        #expect(rig.surface(showing: "shown") != nil)
    }

    @Test("a flood of Inhibit and UnInhibit from a bus client logs at most 20 lines and one saying the rest are counted; the count follows as the window ends (issue 43)")
    func inhibitionFloodLogBounded() throws {
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service)
        let capture = LogCapture()
        try Log.$capture.withValue(capture) {
            for i in 0..<5_000 {
                let now = rig.now + Double(i) * 0.001
                let cookie = try server.inhibit(desktopEntry: "flood", reason: "x", hints: [:], caller: ":1.9", now: now).get()
                #expect(server.uninhibit(cookie, caller: ":1.9", now: now))
            }
            rig.service.logRoom.windowsEnded(now: rig.now + 9)
            #expect(capture.logged.count == LogRoom.lines + 1, "\(capture.logged.count) lines")
            rig.service.logRoom.windowsEnded(now: rig.now + 10.5)
        }
        let lines = capture.logged
        #expect(lines.count == LogRoom.lines + 2, "\(lines.suffix(3))")
        #expect(lines[LogRoom.lines] == "xtoastd: more than \(LogRoom.lines) inhibition lines in 10 s: the rest are counted, not logged")
        #expect(lines.last == "xtoastd: \(10_000 - LogRoom.lines) more inhibition lines were not logged")
    }

    /// Where `text` is drawn on the open centre's panel, on the screen.
    func spot(_ rig: Rig, _ text: String) throws -> (SurfaceID, Point) {
        let (id, surface) = try #require(rig.surface(showing: "\"Notifications\""))
        let scene = try #require(surface.scene)
        let origin = try #require(scene.ops.compactMap { op -> Point? in
            if case let .text(block, origin, _) = op, block.text.hasPrefix(text) { return origin }
            return nil
        }.first, "\(text) in \(scene)")
        return (id, Point(x: surface.origin.x + origin.x + 5, y: surface.origin.y + origin.y + 5))
    }

    @Test("the centre's switch opens a menu; For 1 hour pauses until then; the switch says so and turns it off")
    func centerMenu() throws {
        let rig = Rig()
        rig.request(#"{"op":"center","action":"open"}"#)
        rig.wait(1)
        let (id, toggle) = try spot(rig, "Do not disturb")
        rig.click(id, at: toggle)
        #expect(!rig.service.board.doNotDisturb)
        // At 22:30 "this evening" is not offered.
        #expect(rig.surface(showing: "\"Notifications\"").map { !"\($0.surface.scene!)".contains("Until this evening") } == true)
        _ = try spot(rig, "Until tomorrow morning")
        let (_, hour) = try spot(rig, "For 1 hour")
        rig.click(id, at: hour)
        #expect(rig.service.board.doNotDisturb)
        #expect(rig.service.quiet.user?.until.map { abs($0 - (rig.wallNow + 3600)) < 1 } == true)
        rig.wait(0.5)
        _ = try spot(rig, "Do not disturb, until 23:30")
        let (_, on) = try spot(rig, "Do not disturb")
        rig.click(id, at: on)
        #expect(!rig.service.board.doNotDisturb)
    }
}
