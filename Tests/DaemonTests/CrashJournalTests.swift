import ConfigParsing
@testable import Daemon
import Foundation
import Testing
import ToastCore

/// The crash journal (issue 49, item 2): the live toasts are written beside the history at the
/// end of each turn that changed them, only the live ones, within the bound; a daemon started
/// after a kill restores them as `[center] restore_after_crash` says; a clean stop leaves none.
@Suite(.serialized) struct CrashJournalTests {
    /// A daemon with its history (and so its journal) in `dir`.
    static func rig(_ dir: URL, mode: CrashRestore = .center, config base: Config = Config()) -> Rig {
        var config = base
        config.restoreAfterCrash = mode
        let deadline = Date().addingTimeInterval(5)
        while true {
            let rig = Rig(config: config)
            rig.service.keepHistory(in: HistoryStore(path: dir.appendingPathComponent("xtoast/history").path, wallNow: { rig.wallNow }),
                                    now: rig.now)
            // A child another test forks just then holds a copy of the lock until it execs.
            if rig.service.liveJournal != nil || Date() >= deadline { return rig }
        }
    }

    static func journal(_ dir: URL) -> String { dir.appendingPathComponent("xtoast/live").path }

    static func journaled(_ dir: URL) -> [Toast] {
        guard let data = FileManager.default.contents(atPath: journal(dir)) else { return [] }
        return LiveJournal.parse(Array(data)).toasts
    }

    /// Three toasts up, as in the issue: a critical one, one that asked for no timeout, one
    /// with a button and a timeout.
    static func showThree(_ rig: Rig) -> [String] {
        [rig.show(#""message":"disk full","urgency":"critical""#),
         rig.show(#""title":"Build","message":"still running","timeout":0"#),
         rig.show(#""message":"deploy?","timeout":30,"actions":[{"id":"yes","label":"Yes"}]"#)]
    }

    /// The daemon is killed: nothing ends, nothing is written but what the turns wrote; its
    /// lock goes with the process.
    static func kill(_ rig: Rig) { rig.service.historyStore?.release() }

    @Test("the journal holds each live toast once its turn ends (id, source, app, text, kind, urgency, actions, timeout), mode 0600, and only the live ones")
    func journalFollowsTheLive() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        #expect(rig.service.liveJournal != nil)
        let ids = Self.showThree(rig)
        #expect(Self.journaled(dir).isEmpty, "written at the end of the turn, not inside the request")
        rig.service.writeHistory(now: rig.now)
        let toasts = Self.journaled(dir)
        #expect(toasts.map(\.id) == ids)
        #expect(toasts.map(\.message) == ["disk full", "still running", "deploy?"])
        #expect(toasts.map(\.urgency) == [.critical, .normal, .normal])
        #expect(toasts[1].title == "Build" && toasts[1].timeout == 0 && toasts[2].timeout == 30)
        #expect(toasts[2].actions == [Action(id: "yes", label: "Yes")] && toasts.allSatisfy { $0.source == .socket })
        let attributes = try FileManager.default.attributesOfItem(atPath: Self.journal(dir))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        rig.request(#"{"op":"dismiss","id":"\#(ids[0])"}"#)
        rig.wait(LiveJournalStore.interval)
        rig.service.writeHistory(now: rig.now)
        #expect(Self.journaled(dir).map(\.id) == Array(ids.dropFirst()), "an ended toast leaves the journal")

        rig.service.shutdown(now: rig.now)
        #expect(!FileManager.default.fileExists(atPath: Self.journal(dir)), "a clean stop leaves nothing to restore")
        let next = Self.rig(dir)
        #expect(!next.service.board.history.contains { $0.reason == .crashed })
    }

    @Test("a flood's turns write the journal at most once per interval: a change within it waits for the loop's deadline, then is written")
    func journalInterval() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        let first = rig.show(#""message":"one","timeout":0"#)
        rig.service.writeHistory(now: rig.now)
        #expect(Self.journaled(dir).map(\.id) == [first])
        let second = rig.show(#""message":"two","timeout":0"#)
        rig.service.writeHistory(now: rig.now)
        #expect(Self.journaled(dir).map(\.id) == [first], "the next write waits for the interval")
        let due = try #require(rig.service.liveJournal?.nextDeadline)
        #expect(abs(due - (rig.now + LiveJournalStore.interval)) < 0.01)
        #expect(try #require(rig.service.nextTimeout) <= due, "the loop wakes for it")
        rig.wait(LiveJournalStore.interval)
        rig.service.writeHistory(now: rig.now)
        #expect(Self.journaled(dir).map(\.id) == [first, second])
        #expect(rig.service.liveJournal?.nextDeadline == nil, "nothing waits: no wakeup")
    }

    @Test("a toast that ended after the journal's last write is not restored (the history file says it ended and it was heard), nor closed again on the bus; an older toast of the same --id is no such proof")
    func endedSinceTheJournal() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        // The next daemon starts a minute after this one.
        rig.wallShift.seconds = -60
        rig.show(#""id":"build","message":"old build","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"build"}"#)
        rig.wait(1)
        let server = DesktopNotifications(service: rig.service)
        let busID = server.notify(NotifyCall(appName: "mail", summary: "New mail", expireTimeout: 0), now: rig.now).id
        let ended = rig.show(#""message":"ends before the kill","timeout":0"#)
        let live = rig.show(#""id":"build","message":"new build","timeout":0"#)
        rig.service.writeHistory(now: rig.now)
        #expect(Set(Self.journaled(dir).map(\.id)) == ["\(busID)", ended, live])
        // Both end within the interval after that write; the kill comes before the next one.
        rig.request(#"{"op":"dismiss","id":"\#(ended)"}"#)
        server.close(busID, now: rig.now)
        rig.service.writeHistory(now: rig.now)
        Self.kill(rig)

        let next = Self.rig(dir)
        let crashed = next.service.board.history.filter { $0.reason == .crashed }
        #expect(crashed.map(\.toast.message) == ["new build"])
        #expect(next.service.takeCrashedBusIDs().isEmpty, "the bus heard it close once")
    }

    @Test("a transient toast (a rule's skip = history) is not journaled: history never keeps it")
    func transientNotJournaled() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let parsed = ConfigParser.parse("[rule quiet]\nmatch app = Quiet\nskip = history\n", file: "config")
        #expect(parsed.diagnostics.isEmpty)
        let rig = Self.rig(dir, config: parsed.config)
        rig.show(#""message":"psst","app":"Quiet","timeout":0"#)
        rig.show(#""message":"kept","timeout":0"#)
        rig.service.writeHistory(now: rig.now)
        #expect(Self.journaled(dir).map(\.message) == ["kept"])
    }

    @Test("the journal keeps the newest toasts within its bound, and each line within the history's")
    func journalBound() {
        let toasts = (0..<50).map { Toast(id: "\($0 + 10)", message: String(repeating: "m", count: 400)) }
        let all = LiveJournal.text(toasts, wallNow: 1_700_000_000)
        let lineBytes = all.count / 50
        let cut = LiveJournal.text(toasts, wallNow: 1_700_000_000, maxBytes: lineBytes * 10)
        #expect(cut.count <= lineBytes * 10)
        #expect(LiveJournal.parse(cut).toasts.map(\.id) == (50..<60).map { "\($0)" })
        // A message past the history's limit is cut as history cuts it.
        let long = LiveJournal.text([Toast(id: "1", message: String(repeating: "\u{2028}", count: 20_000))], wallNow: 0)
        #expect(long.count <= HistoryLimits.maxLineBytes && LiveJournal.parse(long).toasts.first?.message.unicodeScalars.count == HistoryLimits.messageScalars)
        #expect(LiveJournal.parse(Array("{\"v\":1}\nnot json\n".utf8)).damaged == 2)
    }

    @Test("after a kill, restore_after_crash = center brings every live toast back as an unread centre entry with its buttons, ended crashed")
    func restoreCenter() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        let ids = Self.showThree(rig)
        rig.service.writeHistory(now: rig.now)
        Self.kill(rig)

        let next = Self.rig(dir, mode: .center)
        let crashed = next.service.board.history.filter { $0.reason == .crashed }
        #expect(crashed.map(\.toast.id) == ids)
        #expect(crashed.allSatisfy { $0.unread })
        #expect(crashed.last?.toast.actions == [Action(id: "yes", label: "Yes")])
        #expect(next.service.board.liveToasts.isEmpty)
        // A new toast's id goes on after theirs.
        #expect(next.show() == "\((ids.compactMap { Int($0) }.max() ?? 0) + 1)")
    }

    @Test("a bus toast restored into the centre keeps its buttons, and a click there goes to the bus under its id")
    func busButtonsAfterCrash() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        let server = DesktopNotifications(service: rig.service)
        let id = server.notify(NotifyCall(appName: "mail", summary: "New mail", actions: ["open", "Open"], expireTimeout: 0), now: rig.now).id
        rig.service.writeHistory(now: rig.now)
        Self.kill(rig)

        let next = Self.rig(dir)
        #expect(next.service.takeCrashedBusIDs() == [id])
        let entry = try #require(next.service.board.history.last)
        #expect(entry.reason == .crashed && CenterContent.buttons(of: entry) == [Action(id: "open", label: "Open")])
        #expect(entry.listener == Listener(id: "\(id)", owner: DesktopNotifications.owner))
    }

    @Test("restore_after_crash = cards shows the critical toast and the one without timeout as cards again, the rest in the centre")
    func restoreCards() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        _ = Self.showThree(rig)
        rig.service.writeHistory(now: rig.now)
        Self.kill(rig)

        let next = Self.rig(dir, mode: .cards)
        #expect(next.service.board.liveToasts.map(\.message) == ["disk full", "still running"])
        #expect(next.service.board.history.filter { $0.reason == .crashed }.map(\.toast.message) == ["deploy?"])
    }

    @Test("restore_after_crash = no keeps them in history, read, ended crashed")
    func restoreNo() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Self.rig(dir)
        _ = Self.showThree(rig)
        rig.service.writeHistory(now: rig.now)
        Self.kill(rig)

        let next = Self.rig(dir, mode: .no)
        let crashed = next.service.board.history.filter { $0.reason == .crashed }
        #expect(crashed.map(\.toast.message) == ["disk full", "still running", "deploy?"])
        #expect(!crashed.contains { $0.unread })
        #expect(next.service.board.liveToasts.isEmpty)
    }
}
