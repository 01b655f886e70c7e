import Testing
@testable import ToastCore

/// Issue 31: what a screen reader sees of the cards (`AccessibleTree`) and hears of their
/// changes (`AccessibleAnnouncer`).
@Suite struct AccessibleTreeTests {
    static let frame = Rect(x: 900, y: 16, width: 360, height: 90)

    static func card(_ id: String, title: String = "Deploy?", message: String = "Build 214 passed", markup: Bool = false,
                     app: String? = nil, actions: [Action] = [], progress: Double? = nil, focused: Bool = false) -> AccessibleTree.CardInput {
        var toast = Toast(id: id, title: title, message: message, markup: markup, actions: actions, progress: progress)
        toast.app = app
        return AccessibleTree.CardInput(toast: toast, frame: frame, focused: focused)
    }

    @Test("a card is a NOTIFICATION named by its title (or its app), with LABEL children for title and message (as plain text) and PUSH_BUTTON children")
    func cardObjects() throws {
        let tree = AccessibleTree(cards: [Self.card("7", message: "Build <b>214</b> &amp; tests", markup: true,
                                                    actions: [Action(id: "yes", label: "Deploy"), Action(id: "no", label: "Not now")],
                                                    focused: true),
                                          Self.card("8", title: "", message: "", app: "mailer")])
        #expect(tree.root.role == .application && tree.root.name == "xtoast")
        #expect(tree.root.children == [AccessibleTree.cardPath("7"), AccessibleTree.cardPath("8")])
        let card = try #require(tree[AccessibleTree.cardPath("7")])
        #expect(card.role == .notification && card.name == "Deploy?")
        #expect(card.states.isSuperset(of: [.showing, .visible, .focused]) && card.extents == Self.frame)
        let children = card.children.compactMap { tree[$0] }
        #expect(children.map(\.role) == [.label, .label, .pushButton, .pushButton])
        #expect(children.map(\.name) == ["Deploy?", "Build 214 & tests", "Deploy", "Not now"])
        #expect(children[2].press == AccessibleTree.Press(toast: "7", action: "yes"))
        #expect(children.allSatisfy { $0.parent == card.path && $0.states.contains(.showing) })
        // Orca 43 reads a notification's unrelated labels, then its description: the message
        // is in one label and nowhere else, so it is said once (issue 49).
        #expect(card.description.isEmpty)
        #expect(tree.nodes.values.filter { $0.name.contains("Build 214") || $0.description.contains("Build 214") }.map(\.path)
                == [card.path + "_message"])
        let untitled = try #require(tree[AccessibleTree.cardPath("8")])
        #expect(untitled.name == "mailer" && untitled.children.isEmpty && !untitled.states.contains(.focused))
    }

    @Test("an object path holds only [A-Za-z0-9_] whatever the id")
    func paths() {
        let path = AccessibleTree.cardPath("a/b c-é")
        #expect(path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "\(path)")
        #expect(path != AccessibleTree.cardPath("a/b c-e"))
    }

    @Test("a card showing, then ending: ChildrenChanged and showing 1 from it, then showing 0 and ChildrenChanged remove on the root")
    func showAndEnd() {
        var announcer = AccessibleAnnouncer()
        let path = AccessibleTree.cardPath("1")
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("1")]), now: 0)
                == [.childAdded(parent: "root", index: 0, child: path), .showing(path: path, true)])
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("1")]), now: 0.1).isEmpty, "no change, no event")
        #expect(announcer.advance(to: AccessibleTree(), now: 0.2)
                == [.showing(path: path, false), .childRemoved(parent: "root", index: 0, child: path)])
    }

    @Test("an update in place is a PropertyChange of the card's or its labels' name; progress-driven changes go out at most once a second, the last one kept")
    func progressThrottle() {
        var announcer = AccessibleAnnouncer()
        let path = AccessibleTree.cardPath("v")
        _ = announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Volume", message: "40%", progress: 0.4)]), now: 0)
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Volume", message: "45%", progress: 0.45)]), now: 0.1)
                == [.nameChanged(path: path + "_message", "45%")])
        // Within the second: held, and the published tree keeps the words announced.
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Volume", message: "50%", progress: 0.5)]), now: 0.3).isEmpty)
        #expect(announcer.heldUntil == 1.1)
        #expect(announcer.published[path + "_message"]?.name == "45%")
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Volume", message: "55%", progress: 0.55)]), now: 0.6).isEmpty)
        // The second is up: the latest value goes out once.
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Volume", message: "55%", progress: 0.55)]), now: 1.1)
                == [.nameChanged(path: path + "_message", "55%")])
        #expect(announcer.heldUntil == nil)
        // A change of words alone (no progress) is never held.
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("v", title: "Muted", message: "55%", progress: 0.55)]), now: 1.2)
                == [.nameChanged(path: path, "Muted"), .nameChanged(path: path + "_title", "Muted")])
    }

    @Test("focus mode moving onto a card is StateChanged focused")
    func focus() {
        var announcer = AccessibleAnnouncer()
        let path = AccessibleTree.cardPath("1")
        _ = announcer.advance(to: AccessibleTree(cards: [Self.card("1")]), now: 0)
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("1", focused: true)]), now: 1) == [.focused(path: path, true)])
        #expect(announcer.advance(to: AccessibleTree(cards: [Self.card("1")]), now: 2) == [.focused(path: path, false)])
    }
}

/// The centre as a screen reader walks it.
@Suite struct AccessibleCenterTests {
    static func entry(_ id: String, _ title: String, historyID: UInt64, app: String = "mail") -> HistoryEntry {
        var toast = Toast(id: id, title: title, message: "about \(title)")
        toast.app = app
        var entry = HistoryEntry(toast: toast, reason: .timeout, ended: Double(historyID))
        entry.historyID = historyID
        return entry
    }

    @Test("WINDOW > PANEL > LIST > LIST_ITEM, one item per entry and per group; the selection is SELECTED and FOCUSED, and moving it is a focus event")
    func structureAndFocus() throws {
        let a = Self.entry("1", "Alpha", historyID: 1), b = Self.entry("2", "Bravo", historyID: 2)
        let rows: [CenterRow] = [.group(app: "mail", count: 2, collapsed: false, newest: b), .entry(b), .entry(a)]
        let frame = Rect(x: 812, y: 30, width: 420, height: 770)
        func tree(_ selection: CenterRow.ID?) -> AccessibleTree {
            AccessibleTree(cards: [], center: AccessibleTree.CenterInput(frame: frame, rows: rows, selection: selection))
        }
        let open = tree(nil)
        #expect(open.root.children == [AccessibleTree.centerPath])
        let window = try #require(open[AccessibleTree.centerPath])
        let panel = try #require(open[window.children[0]])
        // The header's controls come before the list (AccessibleControlsTests).
        let list = try #require(panel.children.compactMap { open[$0] }.first { $0.role == .list })
        #expect([window.role, panel.role, list.role] == [.window, .panel, .list] && window.extents == frame)
        let items = list.children.compactMap { open[$0] }
        #expect(items.map(\.role) == [.listItem, .listItem, .listItem])
        #expect(items.map(\.name) == ["mail", "Bravo", "Alpha"] && items[0].description == "2 notifications")
        #expect(items[1].description == "about Bravo" && !items.contains { $0.states.contains(.focused) })

        var announcer = AccessibleAnnouncer()
        #expect(announcer.advance(to: open, now: 0) == [.childAdded(parent: "root", index: 0, child: "center"), .showing(path: "center", true),
                                                        .windowActive(path: "center", true)])
        let first = tree(.group("mail"))
        #expect(first[items[0].path]?.states.isSuperset(of: [.selected, .focused]) == true)
        #expect(announcer.advance(to: first, now: 1) == [.focused(path: items[0].path, true)])
        #expect(announcer.advance(to: tree(.entry(HistoryKey(b))), now: 2)
                == [.focused(path: items[0].path, false), .focused(path: items[1].path, true)])
        #expect(announcer.advance(to: AccessibleTree(), now: 3)
                == [.windowActive(path: "center", false), .showing(path: "center", false),
                    .childRemoved(parent: "root", index: 0, child: "center")])
    }
}
