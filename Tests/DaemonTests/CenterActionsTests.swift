@testable import Daemon
import Foundation
import JSONCodec
import Testing
import ToastCore

/// The centre's late actions, unread and the history file's edits, on the fake screen: buttons
/// while the sender listens, a click or Enter as the default action, opening reads every
/// entry, and removals and unread surviving a restart.
@Suite struct CenterActionsTests {
    @Test("an entry's buttons show while its socket sender is connected; a click is the action, late, under the original id; they go when it leaves")
    func buttonsWhileTheSenderListens() throws {
        let rig = Rig(config: Rig.ungrouped)
        let id = rig.show(#""title":"Deploy?","timeout":0.1,"actions":[{"id":"go","label":"Go"}]"#)
        rig.wait(1)
        #expect(rig.service.board.history.last?.reason == .timeout)
        rig.openCenter()
        let (panelID, _) = try #require(rig.centerPanel)
        let go = try #require(rig.placeInCenter(of: "Go"), "the button is drawn")
        rig.click(panelID, at: go)
        let late = try #require(rig.sink.lateLines.last)
        #expect(late.owners.first == rig.alice)
        #expect(late.line.text == #"{"event":"action","id":"\#(id)","action":"go","source":"socket","app":"xtoast","rules":[],"late":true,"activation_token":"xtoast-42-rig-1_TIME2"}"#)
        #expect(rig.service.center.isOpen, "the entry stays, the panel too")

        rig.service.forget(rig.alice, now: rig.now)
        #expect(rig.placeInCenter(of: "Go") == nil, "nobody hears it now: no button")
        #expect(rig.placeInCenter(of: "Deploy?") != nil)
    }

    @Test("a click on an entry's body is its default action, late (a bus app hears ActivationToken, then ActionInvoked with the original id); without a listener it expands")
    func bodyClickIsTheDefaultAction() throws {
        let rig = Rig(config: Rig.ungrouped)
        let server = DesktopNotifications(service: rig.service)
        let b = server.notify(NotifyCall(summary: "open me", actions: ["default", "Open"], expireTimeout: 100), sender: ":1.7", now: rig.now).id
        rig.wait(1)
        rig.openCenter()
        let (panelID, _) = try #require(rig.centerPanel)
        rig.click(panelID, at: try #require(rig.placeInCenter(of: "open me")))
        let signals = rig.sink.heard(by: DesktopNotifications.owner).compactMap(NotificationMapping.signal(for:))
        #expect(signals.last == .actionInvoked(id: b, key: "default"))
        // The late action's token comes first, its _TIME the click's server time (the rig's 2).
        let token = rig.sink.busSignals.dropLast().last
        if case let .activationToken(id, value)? = token {
            #expect(id == b && value.hasPrefix("xtoast-") && value.hasSuffix("_TIME2"), "\(value)")
        } else {
            Issue.record("no ActivationToken before the late ActionInvoked: \(rig.sink.busSignals)")
        }
        #expect(rig.service.center.state.expandedEntries.isEmpty)

        server.nameLeft(":1.7", now: rig.now)
        let heard = rig.sink.deliveries.count
        rig.click(panelID, at: try #require(rig.placeInCenter(of: "open me")))
        #expect(rig.sink.deliveries.count == heard, "the app left: nothing sent")
        #expect(rig.service.center.state.expandedEntries.count == 1, "it expands instead")
    }

    @Test("Enter on the selected entry is its default action, late, while its sender listens")
    func enterIsTheDefaultAction() throws {
        let rig = Rig(config: Rig.ungrouped)
        let id = rig.show(#""title":"Build","timeout":0.1,"actions":[{"id":"log","label":"Log"}],"default_action":"log""#)
        rig.wait(1)
        rig.openCenter()
        rig.input(.key(KeyStroke(key: "Down")))
        rig.input(.key(KeyStroke(key: "Return", serverTime: 515)))
        #expect(rig.sink.lateLines.map(\.line.text) == [#"{"event":"action","id":"\#(id)","action":"log","source":"socket","app":"xtoast","rules":[],"late":true,"activation_token":"xtoast-42-rig-1_TIME515"}"#])
    }

    @Test("opening the centre reads every entry: count drops to 0 unread and a follower hears it; the header still says how many were new")
    func openingReads() throws {
        let rig = Rig(config: Rig.ungrouped)
        rig.show(#""title":"one","timeout":0.1"#)
        rig.show(#""title":"two","timeout":0.1"#)
        rig.wait(1)
        rig.request(#"{"op":"count","follow":true}"#, from: rig.bob)
        let unread = { () -> JSON? in
            guard case let .ok(_, extra) = rig.request(#"{"op":"count"}"#) else { return nil }
            return extra.first { $0.0 == "unread" }?.1
        }
        #expect(unread() == .number(2))
        rig.openCenter()
        #expect(unread() == .number(0))
        #expect(rig.sink.sent.last?.line.text == #"{"event":"count","visible":0,"queued":0,"history":2,"unread":0}"#)
        #expect(rig.sink.sent.last?.owners == [rig.bob])
        #expect(rig.placeInCenter(of: "2 new") != nil)
        // A toast that ends while the panel is open is read too.
        rig.request(#"{"op":"center","action":"close"}"#)
        let three = rig.show(#""title":"three","timeout":0"#)
        rig.openCenter()
        rig.request(#"{"op":"dismiss","id":"\#(three)"}"#)
        let ended = try #require(rig.service.board.history.last)
        #expect(ended.toast.title == "three" && ended.reason == .api && !ended.unread)
    }

    @Test("the centre key toggles the panel: grabbed with no card on screen, and it closes the panel that holds the keyboard")
    func centerKey() throws {
        var config = Rig.ungrouped
        config.keys[.center] = KeyChord([.super], "n")
        let rig = Rig(config: config)
        #expect(rig.output.grabbedKeys[.center] == KeyChord([.super], "n"))
        rig.input(.key(KeyStroke(key: "n", modifiers: .super, bound: .center)))
        #expect(rig.service.center.isOpen)
        rig.wait(1)
        rig.input(.key(KeyStroke(key: "n", modifiers: .super, bound: .center)))
        #expect(!rig.service.center.isOpen)
    }
}

/// The centre's edits reach the history file: removed entries stay gone and unread stays as
/// it was after a restart.
@Suite struct CenterPersistenceTests {
    @Test("Delete removes an entry from the file at the end of the turn, unread survives a restart, Clear all empties the file")
    func editsSurviveARestart() throws {
        let dir = try HistoryStoreTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("xtoast/history").path
        let wall = 1_700_000_000.0
        let rig = Rig(config: Rig.ungrouped)
        rig.service.keepHistory(in: HistoryStore(path: path, wallNow: { wall + rig.now }), now: rig.now)
        rig.show(#""title":"kept","timeout":0.1"#)
        rig.show(#""title":"removed","timeout":0.1"#)
        rig.wait(1)
        #expect(try HistoryStoreTests.lines(path).count == 2)
        rig.openCenter()
        rig.input(.key(KeyStroke(key: "Down")))
        rig.input(.key(KeyStroke(key: "Delete")))
        #expect(rig.service.board.history.map(\.toast.title) == ["kept"])
        #expect(rig.service.historyStore?.rewriteDue == true, "written at the end of the turn, not inside it")
        rig.service.writeHistory(now: rig.now)
        rig.request(#"{"op":"center","action":"close"}"#)
        rig.show(#""title":"unseen","timeout":0.1"#)
        rig.wait(1)
        rig.service.writeHistory(now: rig.now)
        #expect(rig.service.historyStore?.waitUntilWritten() == true, "rewrites run on the writer's thread")
        let records = try HistoryStoreTests.lines(path).map { try HistoryRecord.decode(Array($0.utf8)) }
        #expect(records.map(\.toast.title) == ["kept", "unseen"] && records.map(\.unread) == [false, true])
        rig.service.shutdown(now: rig.now)

        // The next daemon reads what the first left.
        let next = Rig(config: Rig.ungrouped)
        // A child another test forks just then may hold the file's lock until it execs: try
        // again until it is free (within a deadline), as HistoryStoreTests does.
        let deadline = Date().addingTimeInterval(5)
        repeat { next.service.keepHistory(in: HistoryStore(path: path, wallNow: { wall + 5000 }), now: next.now) }
            while next.service.historyStore?.isSaving != true && Date() < deadline
        #expect(next.service.board.history.map(\.toast.title) == ["kept", "unseen"])
        guard case let .ok(_, extra) = next.request(#"{"op":"count"}"#) else { return #expect(Bool(false)) }
        #expect(extra.first { $0.0 == "unread" }?.1 == .number(1))

        next.request(#"{"op":"center","action":"open"}"#)
        next.wait(1)
        next.input(.key(KeyStroke(key: "c", modifiers: .shift, text: "C")))
        next.service.writeHistory(now: next.now)
        #expect(next.service.historyStore?.waitUntilWritten() == true)
        #expect(next.service.board.history.isEmpty)
        #expect(try HistoryStoreTests.lines(path).isEmpty)
        next.service.shutdown(now: next.now)
    }
}
