import Testing
import ToastCore

/// What the keyboard commands choose (newest visible, invoke, restore, the menu), late
/// actions and who can still hear them, unread and the counts.
@Suite struct BoardCommandsTests {
    let alice = Owner(.socket, 1)
    let bob = Owner(.socket, 2)
    let bus = Owner(.bus, 1)

    func request(_ message: String = "m", id: String? = nil, position: Position? = nil, actions: [String] = [],
                 defaultAction: String? = nil, markup: Bool = false, timeout: Double? = nil) -> ShowRequest {
        var r = ShowRequest(message: message, timeout: timeout, id: id, position: position)
        r.actions = actions.map { Action(id: $0, label: $0.capitalized) }
        r.defaultAction = defaultAction
        r.markup = markup
        return r
    }

    func failure<T>(_ result: Result<T, RequestError>) -> String? {
        if case let .failure(error) = result { error.message } else { nil }
    }

    @Test("newest visible is the last to arrive across stacks, not a queued one; dismiss without an id closes it (reason close)")
    func newestVisible() {
        var config = Config()
        config.maxVisible = 1
        var board = Board(config: config)
        board.show(request("a", position: .topLeft), owner: alice, now: 0)
        board.show(request("b", position: .bottomRight), owner: alice, now: 1)
        board.show(request("c", position: .topLeft), owner: alice, now: 2)  // waits behind a
        #expect(board.newestVisible()?.message == "b")
        _ = board.takeChanges()
        #expect(board.dismissNewest(now: 3) == "2")
        #expect(board.takeChanges().events.first == .dismissed(id: "2", reason: .close))
        #expect(board.newestVisible()?.message == "a", "c still waits behind a")
        var empty = Board()
        #expect(empty.dismissNewest(now: 0) == nil)
    }

    @Test("invoke: the default (or named) action of the newest visible toast with actions, or of an id; errors name what there is")
    func invocation() {
        var board = Board()
        board.show(request("with", actions: ["yes", "no"], defaultAction: "yes"), owner: alice, now: 0)
        board.show(request("plain"), owner: alice, now: 1)
        board.show(request("buttons", actions: ["retry"]), owner: alice, now: 2)
        #expect(board.invocation(action: nil, id: "1").map { $0.action } == .success("yes"))
        #expect(board.invocation(action: "retry", id: nil).map { "\($0.id) \($0.action)" } == .success("3 retry"))
        #expect(failure(board.invocation(action: nil, id: nil)) == "toast \"3\" has no default action; name one (it has: retry)")
        board.dismiss("3", reason: .close, now: 3)
        #expect(board.invocation(action: nil, id: nil).map { "\($0.id) \($0.action)" } == .success("1 yes"),
                "the newest with actions, over the newer plain one")
        #expect(failure(board.invocation(action: "maybe", id: "1")) == "toast \"1\" has no action \"maybe\" (it has: yes, no)")
        #expect(failure(board.invocation(action: nil, id: "2")) == "toast \"2\" has no default action; name one (it has none)")
        #expect(failure(board.invocation(action: nil, id: "9")) == "no toast with id \"9\"")
        var plain = Board()
        plain.show(request("plain"), owner: alice, now: 0)
        #expect(failure(plain.invocation(action: nil, id: nil)) == "no toast on screen has actions")
        #expect(failure(Board().invocation(action: nil, id: nil)) == "no toast is on screen")
    }

    @Test("restore takes the last ended toast (or the last with an id) out of history, new id, same content, restored")
    func restore() {
        var board = Board()
        board.show(request("first", id: "a"), owner: alice, now: 0)
        board.show(request("second", id: "b"), owner: alice, now: 0)
        board.dismiss("a", reason: .timeout, now: 1)
        board.dismiss("b", reason: .timeout, now: 2)
        #expect(board.restore(id: "a", owner: bob, now: 3) == .success("1"))
        #expect(board.toast("1")?.message == "first" && board.toast("1")?.restored == true && board.toast("1")?.timeout == 0)
        #expect(board.listing(now: 3).text.contains(#""restored":true"#))
        #expect(board.history.map(\.toast.id) == ["b"], "taken out of history")
        #expect(board.restore(id: nil, owner: bob, now: 3).map { board.toast($0)?.message } == .success("second"))
        #expect(board.restore(id: nil, owner: bob, now: 3) == .failure(RequestError("history is empty")))
        #expect(board.restore(id: "zz", owner: bob, now: 3) == .failure(RequestError("no toast with id \"zz\" in history")))
        _ = board.takeChanges()
        board.dismiss("1", reason: .click, now: 4)
        #expect(board.takeChanges().deliveries.map(\.json.text)
                == [#"{"event":"dismissed","id":"1","reason":"click","source":"socket","app":"","rules":[],"restored":true}"#])
        #expect(board.history.last?.toast.restored == true)
    }

    @Test("a restored toast's button reaches the original owner under the original id, late; without a listener it has no buttons")
    func lateActionsFromARestoredToast() {
        var board = Board()
        board.show(request("deploy?", id: "d", actions: ["yes"], defaultAction: "yes"), owner: alice, now: 0)
        board.show(request("vote?", id: "v", actions: ["up"]), owner: bob, now: 0)
        board.dismiss("d", reason: .timeout, now: 1)
        board.dismiss("v", reason: .timeout, now: 1)
        board.forget(bob)
        #expect(board.history.map { $0.listener?.owner } == [alice, nil])

        guard case let .success(restoredVote) = board.restore(id: "v", owner: alice, now: 2) else { return #expect(Bool(false)) }
        #expect(board.toast(restoredVote)?.actions == [] && board.toast(restoredVote)?.defaultAction == nil, "bob cannot hear")

        guard case let .success(restored) = board.restore(id: "d", owner: bob, now: 2) else { return #expect(Bool(false)) }
        #expect(board.toast(restored)?.actions.map(\.id) == ["yes"])
        _ = board.takeChanges()
        board.choose("yes", on: restored, now: 3)
        let changes = board.takeChanges()
        #expect(changes.deliveries.first == .init(event: .action(id: "d", action: "yes"), recipients: [alice], source: .socket,
                                                  app: nil, late: true))
        #expect(changes.deliveries.first?.json.text == #"{"event":"action","id":"d","action":"yes","source":"socket","app":"","rules":[],"late":true}"#)
        #expect(changes.events.last == .dismissed(id: restored, reason: .action))
    }

    @Test("the restored toast's buttons go when the original owner leaves while it is on screen")
    func buttonsGoWithTheOwner() {
        var board = Board()
        board.show(request("deploy?", id: "d", actions: ["yes"]), owner: alice, now: 0)
        board.dismiss("d", reason: .timeout, now: 1)
        guard case let .success(restored) = board.restore(id: nil, owner: bob, now: 2) else { return #expect(Bool(false)) }
        _ = board.takeChanges()
        board.forget(alice)
        #expect(board.toast(restored)?.actions == [] && board.toast(restored)?.lateListener == nil)
        #expect(board.takeChanges().restyled.map(\.id) == [restored])
    }

    @Test("late actions on history entries (the centre): to the listener while it can hear, bus names that leave stop them")
    func lateActionOnHistory() {
        var board = Board()
        var fromBus = Toast(request("mail", actions: ["open"]), id: "", config: .default)
        fromBus.source = .dbus
        fromBus.sender = ":1.42"
        board.show(fromBus, owner: bus, now: 0)
        board.show(request("job", actions: ["log"]), owner: alice, now: 0)
        board.dismissAll(reason: .timeout, now: 1)
        _ = board.takeChanges()
        let mail = board.history[0], job = board.history[1]
        #expect(mail.listener == Listener(id: "1", owner: bus, busName: ":1.42") && mail.historyID != job.historyID)
        let refused = board.lateAction("nope", on: job.historyID, now: 2)
        #expect(!refused, "not one of its actions")
        let sent = board.lateAction("log", on: job.historyID, now: 2)
        #expect(sent)
        #expect(board.takeChanges().deliveries == [.init(event: .action(id: "2", action: "log"), recipients: [alice], source: .socket, late: true)])
        #expect(board.history[1].unread == false, "acting on it reads it")
        board.busNameLeft(":1.41")
        #expect(board.history[0].listener != nil, "another name")
        board.busNameLeft(":1.42")
        let unheard = board.lateAction("open", on: mail.historyID, now: 3)
        #expect(board.history[0].listener == nil && !unheard)
        #expect(board.takeChanges().deliveries.isEmpty)
    }

    @Test("the centre's edits are marked for the file: a removal, markAllRead, a late action that read an entry; no-ops are not")
    func historyEdits() {
        var board = Board()
        board.show(request("a", actions: ["x"]), owner: alice, now: 0)
        board.show(request("b"), owner: alice, now: 0)
        board.dismissAll(reason: .timeout, now: 1)
        #expect(!board.takeChanges().historyEdited, "entries going in are appends, not edits")
        board.removeHistory { _ in false }
        #expect(!board.takeChanges().historyEdited)
        board.followCounts(bob)
        board.lateAction("x", on: board.history[0].historyID, now: 2)
        #expect(board.takeChanges().historyEdited)
        board.markAllRead()
        let read = board.takeChanges()
        #expect(read.historyEdited && read.counts?.unread == 0 && board.history.allSatisfy { !$0.unread })
        board.markAllRead()
        #expect(!board.takeChanges().historyEdited, "nothing left to read")
        board.removeHistory { $0.toast.message == "b" }
        #expect(board.takeChanges().historyEdited && board.history.map(\.toast.message) == ["a"])
    }

    @Test("unread: ended without a click, swipe, close or action (and not replaced); visible toasts are not counted")
    func unread() {
        var board = Board()
        for reason in DismissReason.allCases where reason != .dropped {
            let id = board.show(request(reason.rawValue), owner: alice, now: 0)
            board.dismiss(id, reason: reason, now: 1)
        }
        board.show(request("on screen"), owner: alice, now: 2)
        let unread = board.history.filter(\.unread).map(\.toast.message)
        #expect(unread == ["timeout", "api", "overflow", "shutdown", "skipped", "suppressed"])
        #expect(board.counts == Counts(visible: 1, queued: 0, history: DismissReason.allCases.count - 1, unread: 6))
        let first = board.history[0].historyID
        let marked = board.markRead(first)
        #expect(marked && board.counts.unread == 5)
        #expect(board.historyAnswer(limit: nil, now: 2, wallNow: 100).text.contains(#""unread":false"#))
    }

    @Test("count followers hear the counts once per change, not when nothing changed, and not once they are gone")
    func followCounts() {
        var config = Config()
        config.maxVisible = 1
        var board = Board(config: config)
        board.followCounts(alice)
        #expect(board.takeChanges().counts == nil, "they already have the counts from the reply")
        board.show(request("a"), owner: bob, now: 0)
        board.show(request("b"), owner: bob, now: 0)
        let changes = board.takeChanges()
        #expect(changes.counts == Counts(visible: 1, queued: 1) && changes.countFollowers == [alice], "two shows, one line")
        board.setDoNotDisturb(true, now: 1)
        #expect(board.takeChanges().counts == nil)
        board.dismiss("1", reason: .timeout, now: 2)
        #expect(board.takeChanges().counts == Counts(visible: 0, queued: 1, history: 1, unread: 1), "do-not-disturb holds b")
        board.forget(alice)
        board.dismiss("2", reason: .click, now: 3)
        #expect(board.takeChanges().counts == nil)
    }

    @Test("counts as JSON, read back, and --format fills known fields only")
    func countsText() {
        let counts = Counts(visible: 2, queued: 0, history: 7, unread: 3)
        #expect(counts.json.text == #"{"visible":2,"queued":0,"history":7,"unread":3}"#)
        #expect(Counts(counts.json) == counts)
        #expect(Counts(.object([("visible", .number(1))])) == nil)
        #expect(counts.formatted("{unread} new / {history}") == "3 new / 7")
        #expect(counts.formatted("{nope} {unread}{") == "{nope} 3{")
    }

    @Test("the menu: the newest toast's buttons, a buttonless default action and openable links; --all prefixes titles, repeats get the id")
    func menu() {
        var board = Board()
        var links = request(#"see <a href="https://example.org/a?x=1&amp;y=2">this</a> <a href="file:///etc/passwd">no</a>"#, markup: true)
        links.title = "Links"
        board.show(links, owner: alice, now: 0)
        var bus = request("mail", actions: ["reply"], defaultAction: "default")
        bus.title = "Mail\nnew"
        board.show(bus, owner: alice, now: 1)
        board.show(request("plain"), owner: alice, now: 2)
        #expect(board.menuItems(all: false) == [MenuItem(line: "Reply", id: "2", choice: .action("reply")),
                                                MenuItem(line: "default", id: "2", choice: .action("default"))])
        #expect(board.menuItems(all: true).map(\.line) == ["Mail new: Reply", "Mail new: default", "Links: https://example.org/a?x=1&y=2"])
        var twice = Board()
        var same = request("a", actions: ["ok"])
        same.title = "Same"
        twice.show(same, owner: alice, now: 0)
        twice.show(same, owner: alice, now: 1)
        #expect(twice.menuItems(all: true).map(\.line) == ["Same: Ok", "Same: Ok (1)"])
        #expect(MenuItem(MenuItem(line: "x", id: "1", choice: .link("https://a")).json) == MenuItem(line: "x", id: "1", choice: .link("https://a")))
    }

    @Test("links: hrefs in order, once, entities decoded; only http, https and mailto without spaces or controls open")
    func links() {
        #expect(Links.targets(in: #"<a href="https://a">x</a> <A HREF='mailto:b@c'>y</a> <a href="https://a">again</a> <a>none</a>"#)
                == ["https://a"], "tag names are case-sensitive as the sanitizer's")
        #expect(Links.targets(in: #"<a href='mailto:b@c'>y</a><a href=" http://x/&lt; ">z</a>"#) == ["mailto:b@c", "http://x/<"])
        #expect(Links.isOpenable("HTTPS://example.org") && Links.isOpenable("mailto:a@b"))
        #expect(!Links.isOpenable("file:///etc/passwd") && !Links.isOpenable("javascript:alert(1)") && !Links.isOpenable("nolink"))
        #expect(!Links.isOpenable("https://a b") && !Links.isOpenable("https://a\nb"))
        let red = RGBA(r: 255, g: 0, b: 0)
        let spans = MarkupSanitizer.sanitize(#"a &amp; <b><a href="https://x">li</b>nk</a><br/>é <a href="mailto:m">m</a> <a>none</a>"#,
                                             linkColor: red, hoveredLink: 1)
        // Plain text: "a & link\né m none": the link's bytes run across the re-nested <b>.
        #expect(spans.links == [.init(target: "https://x", bytes: 4..<8), .init(target: "mailto:m", bytes: 12..<13)])
        #expect(spans.markup.contains(##"<span underline="double" foreground="#ff0000">m</span>"##), "the hovered one")
        #expect(spans.markup.components(separatedBy: #"underline="single""#).count == 4, "the others, split by <b> and the href-less one")
        #expect(Links.targets(in: String(repeating: #"<a href="https://x/"#, count: 1) + String(repeating: "y", count: 3000) + #"">z</a>"#) == [])
    }
}
