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
        #expect(board.newest(for: .any)?.message == "b")
        _ = board.takeChanges()
        #expect(board.dismissNewest(now: 3) == "2")
        #expect(board.takeChanges().events.first == .dismissed(id: "2", reason: .close))
        #expect(board.newest(for: .any)?.message == "a", "c still waits behind a")
        var empty = Board()
        #expect(empty.dismissNewest(now: 0) == nil)
    }

    @Test("invoke: the default action of the newest visible toast that has one (or the named action of the newest that has it), or of an id; errors name what there is")
    func invocation() {
        var board = Board()
        board.show(request("with", actions: ["yes", "no"], defaultAction: "yes"), owner: alice, now: 0)
        board.show(request("plain"), owner: alice, now: 1)
        board.show(request("buttons", actions: ["retry"]), owner: alice, now: 2)
        #expect(board.invocation(action: nil, id: "1").map { $0.action } == .success("yes"))
        #expect(board.invocation(action: "retry", id: nil).map { "\($0.id) \($0.action)" } == .success("3 retry"))
        #expect(board.invocation(action: nil, id: nil).map { "\($0.id) \($0.action)" } == .success("1 yes"),
                "the newest with a default action, over the newer buttons-only and plain ones")
        #expect(board.invocation(action: "no", id: nil).map { "\($0.id) \($0.action)" } == .success("1 no"))
        #expect(failure(board.invocation(action: "maybe", id: nil)) == "toast \"3\" has no action \"maybe\" (it has: retry)",
                "an action nobody has names what the newest toast with actions offers")
        #expect(failure(board.invocation(action: "maybe", id: "1")) == "toast \"1\" has no action \"maybe\" (it has: yes, no)")
        #expect(failure(board.invocation(action: nil, id: "2")) == "toast \"2\" has no default action; name one (it has none)")
        #expect(failure(board.invocation(action: nil, id: "9")) == "no toast with id \"9\"")
        var plain = Board()
        plain.show(request("plain"), owner: alice, now: 0)
        #expect(failure(plain.invocation(action: nil, id: nil)) == "no toast on screen has a default action; name an action (xtoast menu lists them)")
        #expect(failure(Board().invocation(action: nil, id: nil)) == "no toast is on screen")
    }

    /// Issue 26: with toast 1 (a default action) and toast 2 (buttons only) the invoke key
    /// chose 1 while `xtoast invoke` chose 2 and answered "toast \"2\" has no default action".
    @Test("the invoke key, xtoast invoke and the menu choose the same toast for every mix of default-action and button-only toasts")
    func keyCommandAndMenuAgree() {
        enum Kind: CaseIterable { case defaultOnly, buttonsOnly, both, plain }
        func mixes(_ n: Int) -> [[Kind]] { n == 0 ? [[]] : mixes(n - 1).flatMap { m in Kind.allCases.map { m + [$0] } } }
        for mix in (0...3).flatMap(mixes) {
            var board = Board()
            for (i, kind) in mix.enumerated() {
                let buttons = kind == .buttonsOnly || kind == .both ? ["b\(i)"] : []
                let d = kind == .defaultOnly || kind == .both ? "d\(i)" : nil
                board.show(request("t\(i)", actions: buttons, defaultAction: d), owner: alice, now: Double(i))
            }
            let label = "\(mix)"
            // The newest toast with a default action, oldest first in `mix`.
            let expected = mix.indices.last { mix[$0] == .defaultOnly || mix[$0] == .both }.map { "\($0 + 1)" }
            let key: String? = if case let .invoke(id, action, _)? = KeyAction.invoke.intent(on: board) {
                "\(id) \(action)"
            } else { nil }
            let command = try? board.invocation(action: nil, id: nil).get()
            #expect(key == expected.map { "\($0) d\(Int($0)! - 1)" }, "\(label)")
            #expect(command.map { "\($0.id) \($0.action)" } == key, "\(label)")
            if command == nil { #expect(failure(board.invocation(action: nil, id: nil))?.contains("default action") == true || mix.isEmpty, "\(label)") }
            // The menu offers that toast's default action, under its own id.
            if let expected {
                let items = board.menuItems(all: true).filter { $0.id == expected }
                #expect(items.contains { $0.choice == .action("d\(Int(expected)! - 1)") }, "\(label)")
            }
            // And what the menu shows by itself is the newest toast with anything to choose.
            let offering = mix.indices.last { mix[$0] != .plain }.map { "\($0 + 1)" }
            #expect(board.menuItems(all: false).first?.id == offering, "\(label)")
            #expect(board.newest(for: .menu)?.id == offering, "\(label)")
        }
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
        fromBus.source = .bus
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
        #expect(unread == ["timeout", "api", "overflow", "shutdown", "skipped", "suppressed", "folded", "summarized", "snoozed", "focused", "crashed"])
        #expect(board.counts == Counts(visible: 1, queued: 0, history: DismissReason.allCases.count - 1, unread: 11))
        let first = board.history[0].historyID
        let marked = board.markRead(first)
        #expect(marked && board.counts.unread == 10)
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

    @Test("the menu: the newest toast's buttons, a buttonless default action and openable links, each line after its toast's id, app and title; repeats are numbered")
    func menu() {
        var board = Board()
        var links = request(#"see <a href="https://example.org/a?x=1&amp;y=2">this</a> <a href="file:///etc/passwd">no</a>"#, markup: true)
        links.title = "Links"
        board.show(links, owner: alice, now: 0)
        var bus = request("mail", actions: ["reply"], defaultAction: "default")
        bus.title = "Mail\nnew"
        board.show(bus, owner: alice, now: 1)
        board.show(request("plain"), owner: alice, now: 2)
        #expect(board.menuItems(all: false) == [MenuItem(line: "#2 \u{B7} Mail new: Reply", id: "2", choice: .action("reply")),
                                                MenuItem(line: "#2 \u{B7} Mail new: default", id: "2", choice: .action("default"))])
        #expect(board.menuItems(all: true).map(\.line) == ["#2 \u{B7} Mail new: Reply", "#2 \u{B7} Mail new: default",
                                                           "#1 \u{B7} Links: https://example.org/a?x=1&y=2"])
        var twice = Board()
        var same = request("a", actions: ["ok"])
        same.title = "Same"
        same.app = "App"
        twice.show(same, owner: alice, now: 0)
        twice.show(same, owner: alice, now: 1)
        #expect(twice.menuItems(all: true).map(\.line) == ["#2 App \u{B7} Same: Ok", "#1 App \u{B7} Same: Ok"])
        var doubled = Board()
        var buttons = request("b", actions: ["x", "y", "z"])
        buttons.actions = [Action(id: "x", label: "Go"), Action(id: "y", label: "Go"), Action(id: "z", label: "Go (2)")]
        doubled.show(buttons, owner: alice, now: 0)
        let lines = doubled.menuItems(all: false)
        #expect(lines.map(\.line) == ["#1: Go", "#1: Go (2)", "#1: Go (2) (2)"], "one toast's repeated labels are numbered until unique")
        #expect(lines.map(\.choice) == [.action("x"), .action("y"), .action("z")])
        #expect(MenuItem(MenuItem(line: "x", id: "1", choice: .link("https://a")).json) == MenuItem(line: "x", id: "1", choice: .link("https://a")))
    }

    @Test("issue 32: a toast cannot make its line pass for another toast's; each chosen line maps back to its own toast and choice")
    func menuSpoofing() {
        var board = Board()
        var deploy = request("deploy?", actions: ["yes"])
        deploy.title = "Deploy"
        deploy.app = "CI"
        let victim = board.show(deploy, owner: alice, now: 0)
        // Newer, so listed first: its label, title, app and even its id imitate the victim's line.
        var evil = request("x", id: "\(victim) CI \u{B7} Deploy", actions: ["a", "b"])
        evil.actions = [Action(id: "a", label: "Yes"), Action(id: "b", label: "#\(victim) CI \u{B7} Deploy: Yes")]
        evil.title = "Deploy"
        evil.app = "CI"
        let spoof = board.show(evil, owner: bob, now: 1)
        var lookalike = request("y", id: "\(victim)\u{200B}", actions: ["c"])
        lookalike.app = "CI"
        lookalike.title = "Deploy"
        lookalike.actions = [Action(id: "c", label: "Yes")]
        let invisible = board.show(lookalike, owner: bob, now: 2)
        let items = board.menuItems(all: true)
        let real = "#\(victim) CI \u{B7} Deploy: Yes"
        #expect(items.filter { $0.line == real } == [MenuItem(line: real, id: victim, choice: .action("yes"))])
        #expect(!items.contains { $0.id != victim && $0.line.hasPrefix("#\(victim) ") }, "\(items.map(\.line))")
        #expect(items.first { $0.id == spoof }?.line.hasPrefix("#\(victim)%20CI%20%C2%B7%20Deploy CI") == true, "\(items.map(\.line))")
        #expect(items.first { $0.id == invisible }?.line == "#\(victim)%E2%80%8B CI \u{B7} Deploy: Yes")
        #expect(Set(items.map(\.line)).count == items.count, "every line is unique, so the printed one maps back")
        for item in items { #expect(items.first { $0.line == item.line } == item) }
    }

    @Test("a menu line's application and title are cut to a length that keeps the label in view")
    func menuPrefixLength() {
        var board = Board()
        var long = request("m", actions: ["ok"])
        long.title = String(repeating: "t", count: 4000)
        long.app = String(repeating: "a", count: 200)
        board.show(long, owner: alice, now: 0)
        let a = String(repeating: "a", count: MenuItem.maxPrefixPartCharacters - 1), t = String(repeating: "t", count: MenuItem.maxPrefixPartCharacters - 1)
        #expect(board.menuItems(all: false).map(\.line) == ["#1 \(a)\u{2026} \u{B7} \(t)\u{2026}: Ok"])
    }

    @Test("issue 32: bidi controls refuse a link, raw or percent-encoded (twice too); so does a mailto attach field in any case or position")
    func linkRefusals() {
        for bidi in ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"] {
            #expect(!Links.isOpenable("https://example.org/\(bidi)gpj.exe"), "raw \(bidi.unicodeScalars.first!.value)")
            let encoded = bidi.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            let twice = bidi.utf8.map { "%25" + String($0, radix: 16, uppercase: true) }.joined()
            #expect(!Links.isOpenable("https://example.org/\(encoded)gpj.exe"), "\(encoded)")
            #expect(!Links.isOpenable("https://example.org/\(twice)x"), "\(twice)")
            #expect(!Links.isOpenable("mailto:a@b?subject=\(encoded.lowercased())"))
        }
        for attach in ["mailto:?attach=/etc/passwd", "mailto:a@b?subject=hi&attach=~/.ssh/id_rsa", "mailto:a@b?ATTACH=x",
                       "mailto:a@b?body=x&Attachment=file:///etc/shadow", "mailto:a@b?%61ttach=x", "mailto:a@b?%2561ttach=x",
                       "mailto:a@b?subject=x;attach=y", "mailto:a@b?%20attach=y", "MAILTO:a@b?cc=c@d&AtTaCh=y"] {
            #expect(!Links.isOpenable(attach), "\(attach)")
        }
        #expect(Links.isOpenable("mailto:ann@example.org?subject=Hello%20there&body=line%20one%0D%0Aline%20two&cc=attach@example.org"))
        #expect(Links.isOpenable("https://example.org/search?q=attach=1&x=%41"), "attach is a mailto field only")
        #expect(Links.isOpenable("https://example.org/%D8%B9%D8%B1%D8%A8%D9%8A"), "right-to-left letters are not controls")
        #expect(Links.isOpenable("https://example.org/100%"), "a lone % stays")
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
