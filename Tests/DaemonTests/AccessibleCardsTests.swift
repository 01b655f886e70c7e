@testable import Daemon
import Testing
import ToastCore

/// Issue 31: the daemon's side of the accessible tree. It is built only when something a
/// screen reader sees may have changed (never on an idle turn), and a screen reader's press
/// on a link or a centre header control does what a click does.
@Suite struct AccessibleCardsTests {
    /// Runs the loop's publish step as `AccessibilityBus.publish` does: a build only when the
    /// host's generation moved (or a held change is due).
    static func publish(_ host: AccessibleCards, _ announcer: inout AccessibleAnnouncer, now: Double) -> AccessibleTree? {
        guard announcer.wantsTree(generation: host.treeGeneration, now: now) else { return nil }
        let tree = host.accessibleTree()
        _ = announcer.advance(to: tree, now: now)
        return tree
    }

    @Test("1000 idle loop turns with a card and the centre open build no tree; a new toast, a key in the centre and a card's frames each do")
    func idleTurnsBuildNothing() throws {
        let rig = Rig()
        rig.show(#""title":"Build","message":"passed","timeout":0"#)
        let old = rig.show(#""title":"Old","message":"news","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(old)"}"#)
        rig.wait(1)
        rig.openCenter()
        let host = AccessibleCards(service: rig.service, now: { rig.now })
        var announcer = AccessibleAnnouncer()
        let first = try #require(Self.publish(host, &announcer, now: rig.now))
        #expect(first.root.children.count == 2, "the card and the centre: \(first.root.children)")
        for _ in 0..<1000 {
            rig.wait(0.005)
            #expect(Self.publish(host, &announcer, now: rig.now) == nil)
        }
        #expect(announcer.builds == 1, "idle turns built \(announcer.builds - 1) trees")

        rig.key(KeyStroke(key: "Down"))
        let moved = try #require(Self.publish(host, &announcer, now: rig.now), "a key in the centre")
        #expect(moved.nodes.values.contains { $0.role == .listItem && $0.states.contains(.focused) })
        rig.key(KeyStroke(key: "Escape"))
        rig.wait(1)
        rig.show(#""title":"Second","message":"card","timeout":0"#)
        #expect(Self.publish(host, &announcer, now: rig.now) != nil, "a new toast")
        // Its slide in is frames: each may move its extents, so each builds; once still, none.
        var framesBuilt = 0
        for _ in 0..<200 {
            rig.wait(0.005)
            if Self.publish(host, &announcer, now: rig.now) != nil { framesBuilt += 1 }
        }
        #expect(framesBuilt > 0 && rig.service.stage.nextFrame == nil)
        let settled = announcer.builds
        for _ in 0..<100 {
            rig.wait(0.005)
            _ = Self.publish(host, &announcer, now: rig.now)
        }
        #expect(announcer.builds == settled)
    }

    @Test("pressing the centre's Do not disturb turns it on and off; Clear all pressed twice clears the history, as two clicks do")
    func headerControls() throws {
        let rig = Rig()
        let id = rig.show(#""title":"Old","message":"news","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        rig.wait(1)
        rig.openCenter()
        let host = AccessibleCards(service: rig.service, now: { rig.now })
        var tree = host.accessibleTree()
        #expect(tree[AccessibleTree.clearPath]?.name == "Clear all")
        #expect(tree[AccessibleTree.doNotDisturbPath]?.states.contains(.checked) == false)

        host.activate(.doNotDisturb)
        #expect(rig.service.board.doNotDisturb)
        tree = host.accessibleTree()
        #expect(tree[AccessibleTree.doNotDisturbPath]?.states.contains(.checked) == true)
        host.activate(.doNotDisturb)
        #expect(!rig.service.board.doNotDisturb)

        #expect(!rig.service.board.history.isEmpty)
        host.activate(.clearAll)
        #expect(!rig.service.board.history.isEmpty, "the first press arms it")
        #expect(host.accessibleTree()[AccessibleTree.clearPath]?.name == "Click again to clear")
        host.activate(.clearAll)
        #expect(rig.service.board.history.isEmpty)
    }

    @Test("Shift+Q opens the do-not-disturb menu: a MENU with the offered choices, the highlighted one focused; pressing a choice turns do-not-disturb on for that long and closes it")
    func quietMenuChoices() throws {
        let rig = Rig()
        let id = rig.show(#""title":"Old","message":"news","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        rig.wait(1)
        rig.openCenter()
        let host = AccessibleCards(service: rig.service, now: { rig.now })
        #expect(host.accessibleTree()[AccessibleTree.quietMenuPath] == nil)
        rig.key(KeyStroke(key: "q", modifiers: .shift, text: "Q"))
        let tree = host.accessibleTree()
        let items = try #require(tree[AccessibleTree.quietMenuPath]).children.compactMap { tree[$0] }
        #expect(items.map(\.name) == rig.service.center.quietView().choices.map(\.label) && !items.isEmpty)
        #expect(items.first?.states.contains(.focused) == true)
        host.activate(.quietChoice(.oneHour))
        #expect(rig.service.board.doNotDisturb)
        #expect(!rig.service.center.state.quietMenuOpen)
        #expect(host.accessibleTree()[AccessibleTree.quietMenuPath] == nil)
        // A choice pressed while the menu is closed does nothing.
        rig.key(KeyStroke(key: "d", modifiers: .shift, text: "D"))
        #expect(!rig.service.board.doNotDisturb)
        host.activate(.quietChoice(.fourHours))
        #expect(!rig.service.board.doNotDisturb)
    }

    @Test("the filter typed after / is an ENTRY whose text is what was typed")
    func filterEntry() throws {
        let rig = Rig()
        let id = rig.show(#""title":"Mail","message":"news","timeout":0"#)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        rig.wait(1)
        rig.openCenter()
        let host = AccessibleCards(service: rig.service, now: { rig.now })
        #expect(host.accessibleTree()[AccessibleTree.filterPath] == nil)
        for key in ["slash", "m", "a"] { rig.key(KeyStroke(key: key, text: key == "slash" ? "/" : key)) }
        let entry = try #require(host.accessibleTree()[AccessibleTree.filterPath])
        #expect(entry.role == .entry && AccessibleTree.text(of: entry) == "ma" && entry.states.contains(.focused))
    }

    @Test("issue 43: a 64 MiB SetTextContents or InsertText on the open field costs what its 4 KiB do: cut before it is cleaned, so what lies past the bound never reaches the field")
    func hugeTextEditIsCutFirst() throws {
        let rig = Rig()
        let id = rig.show(#""message":"where?","timeout":0,"reply":"""#)
        rig.wait(1.5)
        let host = AccessibleCards(service: rig.service, now: { rig.now })
        rig.service.perform(.openReply(id: id), now: rig.now)  // as a screen reader's press on Reply does
        #expect(rig.service.reply?.id == id)
        // Controls the cleaner drops, then text: had the cleaner seen all 64 MiB, "late" would be typed.
        let hidden = String(repeating: "\u{1}", count: 64 << 20) + "late"
        host.editReply(.setText(hidden), toast: id)
        #expect(rig.service.reply?.field.isEmpty == true)
        host.editReply(.setText("on way"), toast: id)
        host.editReply(.insert(hidden, at: 2), toast: id)
        #expect(rig.service.reply?.field.string == "on way")
        host.editReply(.setText(String(repeating: "é", count: 32 << 20)), toast: id)
        #expect(rig.service.reply?.field.byteCount == ReplyField.maxBytes)
        // What a screen reader reads back is what the field holds.
        let entry = try #require(host.accessibleTree().nodes.values.first { $0.role == .entry })
        #expect(entry.text?.text.utf8.count == ReplyField.maxBytes)
    }
}
