import Testing
@testable import ToastCore

/// Issue 31: a card's links and the centre's header controls and filter, as a screen reader
/// sees them (`AccessibleTree+Controls`), and the tree built only when the host changed.
@Suite struct AccessibleControlsTests {
    static func card(_ message: String, markup: Bool = true) -> AccessibleTree.CardInput {
        AccessibleTree.CardInput(toast: Toast(id: "7", title: "Review", message: message, markup: markup),
                                 frame: Rect(x: 900, y: 16, width: 360, height: 90), focused: false)
    }

    @Test("each link in a card's message is a LINK child named by its text as drawn, described by its target, pressed to open it")
    func links() throws {
        let tree = AccessibleTree(cards: [Self.card(#"See <a href="https://example.org/pr/1">pull request &amp; notes</a> or <a href='https://x.test'>x</a>"#)])
        let card = try #require(tree[AccessibleTree.cardPath("7")])
        let links = card.children.compactMap { tree[$0] }.filter { $0.role == .link }
        #expect(links.map(\.name) == ["pull request & notes", "x"])
        #expect(links.map(\.description) == ["https://example.org/pr/1", "https://x.test"])
        // "See " is 4 characters, "pull request & notes" 20; in the message label's text, whose Hypertext lists them.
        #expect(links[0].control == .link(toast: "7", target: "https://example.org/pr/1", characters: 4..<24))
        let label = try #require(tree[AccessibleTree.cardPath("7") + "_message"])
        #expect(label.control == .hypertext(text: "See pull request & notes or x", links: links.map(\.path)))
        if case let .link(_, _, range)? = links[1].control { #expect(range == 28..<29) }
        #expect(links.allSatisfy { $0.parent == card.path && $0.states.isSuperset(of: [.showing, .focusable]) && $0.control?.isPressable == true })
        // Plain text has no links, whatever it looks like.
        let plain = AccessibleTree(cards: [Self.card(#"<a href="https://e.org">e</a>"#, markup: false)])
        #expect(plain[AccessibleTree.cardPath("7")]?.children.contains { plain[$0]?.role == .link } == false)
    }

    static let entry: HistoryEntry = {
        var toast = Toast(id: "1", title: "Alpha", message: "a")
        toast.app = "mail"
        var entry = HistoryEntry(toast: toast, reason: .timeout, ended: 1)
        entry.historyID = 1
        return entry
    }()

    static func center(_ header: AccessibleTree.CenterHeader, selection: CenterRow.ID? = nil) -> AccessibleTree {
        var input = AccessibleTree.CenterInput(frame: Rect(x: 800, y: 0, width: 400, height: 700), rows: [.entry(Self.entry)], selection: selection)
        input.header = header
        return AccessibleTree(cards: [], center: input)
    }

    @Test("the centre's header: Clear all and Do not disturb are PUSH_BUTTONs before the list, the switch CHECKED while on; the filter is an ENTRY holding the typed text")
    func header() throws {
        var header = AccessibleTree.CenterHeader()
        header.showsClear = true
        header.doNotDisturb = true
        header.quietLines = ["Do not disturb, until turned off"]
        let tree = Self.center(header)
        let panel = try #require(tree[AccessibleTree.centerPath + "_panel"])
        let children = panel.children.compactMap { tree[$0] }
        #expect(children.map(\.role) == [.pushButton, .pushButton, .list])
        #expect(children.map(\.name) == ["Clear all", "Do not disturb", "Notifications"])
        #expect(children[0].control == .clearAll && children[1].control == .doNotDisturb)
        #expect(children[1].states.contains(.checked) && children[1].description == "Do not disturb, until turned off")

        header.showsClear = false
        header.doNotDisturb = false
        header.filter = "mai"
        header.typingFilter = true
        let filtering = Self.center(header)
        let controls = try #require(filtering[AccessibleTree.centerPath + "_panel"]).children.compactMap { filtering[$0] }
        #expect(controls.map(\.role) == [.pushButton, .entry, .list])
        let entry = controls[1]
        #expect(entry.control == .filter(text: "mai") && AccessibleTree.text(of: entry) == "mai" && entry.control?.isPressable == false)
        #expect(entry.states.isSuperset(of: [.editable, .singleLine, .focused]) && !controls[0].states.contains(.checked))
        // A row selected while filtering has the focus, not the filter.
        let moved = Self.center(header, selection: .entry(HistoryKey(Self.entry)))
        #expect(moved[AccessibleTree.filterPath]?.states.contains(.focused) == false)
    }

    @Test("changes are heard: Clear all armed renames it, the switch's checked state, the filter's text typed and erased with its caret, the filter coming as a child of the panel")
    func events() {
        var announcer = AccessibleAnnouncer()
        var header = AccessibleTree.CenterHeader()
        header.showsClear = true
        _ = announcer.advance(to: Self.center(header), now: 0)
        header.clearArmed = true
        header.doNotDisturb = true
        #expect(announcer.advance(to: Self.center(header), now: 1)
                == [.nameChanged(path: AccessibleTree.clearPath, "Click again to clear"), .checked(path: AccessibleTree.doNotDisturbPath, true)])
        header.filter = ""
        header.typingFilter = true
        let panel = AccessibleTree.centerPath + "_panel"
        #expect(announcer.advance(to: Self.center(header), now: 2)
                == [.childAdded(parent: panel, index: 2, child: AccessibleTree.filterPath), .focused(path: AccessibleTree.filterPath, true)])
        header.filter = "ma"
        #expect(announcer.advance(to: Self.center(header), now: 3)
                == [.textInserted(path: AccessibleTree.filterPath, offset: 0, text: "ma"), .caretMoved(path: AccessibleTree.filterPath, offset: 2)])
        header.filter = "mé"
        #expect(announcer.advance(to: Self.center(header), now: 4)
                == [.textRemoved(path: AccessibleTree.filterPath, offset: 1, text: "a"), .textInserted(path: AccessibleTree.filterPath, offset: 1, text: "é"),
                    .caretMoved(path: AccessibleTree.filterPath, offset: 2)])
        header.filter = nil
        header.typingFilter = false
        #expect(announcer.advance(to: Self.center(header), now: 5)
                == [.childRemoved(parent: panel, index: 2, child: AccessibleTree.filterPath)])
    }

    @Test("the do-not-disturb menu, while open, is a MENU after the switch (EXPANDED) with a MENU_ITEM per choice, the highlighted one FOCUSED instead of the list's selection")
    func quietMenu() throws {
        var header = AccessibleTree.CenterHeader()
        header.quietMenuOpen = true
        header.quietChoices = [.oneHour, .untilTurnedOff]
        header.quietSelection = 1
        let tree = Self.center(header, selection: .entry(HistoryKey(Self.entry)))
        let panel = try #require(tree[AccessibleTree.centerPath + "_panel"])
        #expect(panel.children.compactMap { tree[$0]?.role } == [.pushButton, .menu, .list])
        #expect(tree[AccessibleTree.doNotDisturbPath]?.states.isSuperset(of: [.expandable, .expanded]) == true)
        let items = try #require(tree[AccessibleTree.quietMenuPath]).children.compactMap { tree[$0] }
        #expect(items.map(\.role) == [.menuItem, .menuItem] && items.map(\.name) == ["For 1 hour", "Until turned off"])
        #expect(items[1].states.contains(.focused) && !items[0].states.contains(.focused))
        #expect(items[0].control == .quietChoice(.oneHour) && items[0].control?.isPressable == true)
        #expect(!tree.nodes.values.contains { $0.role == .listItem && $0.states.contains(.focused) }, "the menu has the focus")
        #expect(tree.nodes.values.contains { $0.role == .listItem && $0.states.contains(.selected) })
    }

    @Test("the tree is built only when the host's generation moved or a held progress change is due: 1000 idle turns build nothing")
    func buildsFollowChanges() {
        var announcer = AccessibleAnnouncer()
        #expect(announcer.wantsTree(generation: 0, now: 0) == true, "the first turn builds")
        for turn in 1...1000 { #expect(announcer.wantsTree(generation: 0, now: Double(turn) / 100) == false) }
        #expect(announcer.builds == 1)
        #expect(announcer.wantsTree(generation: 1, now: 11) == true)
        #expect(announcer.builds == 2)
        // A progress change held back asks for a build once its second is up, without a change.
        func volume(_ p: Double) -> AccessibleTree {
            AccessibleTree(cards: [AccessibleTree.CardInput(toast: Toast(id: "v", title: "Volume", message: "\(Int(p * 100))%", progress: p),
                                                            frame: Rect(x: 0, y: 0, width: 10, height: 10), focused: false)])
        }
        _ = announcer.advance(to: volume(0.4), now: 11)
        #expect(announcer.advance(to: volume(0.5), now: 11.2) == [.nameChanged(path: AccessibleTree.cardPath("v") + "_message", "50%")])
        #expect(announcer.advance(to: volume(0.6), now: 11.5).isEmpty, "held")
        #expect(announcer.heldUntil == 11.2 + AccessibleAnnouncer.progressInterval)
        #expect(announcer.wantsTree(generation: 1, now: 12) == false)
        #expect(announcer.wantsTree(generation: 1, now: 11.2 + AccessibleAnnouncer.progressInterval) == true)
        #expect(announcer.builds == 3)
    }
}
