import Testing
@testable import ToastCore

/// `[quiet] burst`: per-application limits on bus toasts, the digest card past them, and one
/// toast sent twice within 100 ms.
@Suite struct BurstsTests {
    let bus = Owner(.bus, 1)

    func notify(_ summary: String = "New message", body: String = "hi", app: String = "chat", entry: String = "",
                origin: String = "", critical: Bool = false, actions: [Action] = [], tag: String = "",
                replaces: String? = nil) -> Submission {
        var request = ShowRequest(message: body, title: summary, kind: .info)
        request.app = app
        request.urgency = critical ? .critical : .normal
        request.actions = actions
        var submission = Submission(request, source: .bus)
        submission.desktopEntry = entry
        submission.origin = origin
        submission.stackTag = tag
        submission.replacesID = replaces
        return submission
    }

    func admit(_ submission: Submission, on board: inout Board, now: Double) -> (id: String, action: Admission.Action) {
        let decision = Admission.decide(submission, board: board, now: now)
        return (board.carryOut(decision, owner: bus, now: now), decision.action)
    }

    func closed(_ changes: BoardChanges) -> [String: DismissReason] {
        var ended: [String: DismissReason] = [:]
        for delivery in changes.deliveries where delivery.recipients.contains(bus) {
            if case let .dismissed(id, reason) = delivery.event { ended[id] = reason }
        }
        return ended
    }

    @Test("the bucket per app: 5 in 10 s show, the 6th folds; 10 s after the first, one more shows")
    func bucket() {
        var bursts = Bursts()
        let limit = BurstLimit.standard
        for n in 0..<5 {
            #expect(!bursts.isOver("chat", limit: limit, now: Double(n)))
            bursts.record("chat", fingerprint: n, id: "\(n)", counts: true, digest: nil, limit: limit.count, now: Double(n))
        }
        #expect(bursts.isOver("chat", limit: limit, now: 5))
        #expect(!bursts.isOver("mail", limit: limit, now: 5), "another app has its own")
        #expect(bursts.isOver("chat", limit: limit, now: 9.99))
        #expect(!bursts.isOver("chat", limit: limit, now: 10), "the first one left the window")
    }

    @Test("the table is bounded: past maxApps the least recently heard app is forgotten")
    func bounded() {
        var bursts = Bursts()
        for n in 0..<(Bursts.maxApps + 50) {
            bursts.record("app \(n)", fingerprint: 0, id: "\(n)", counts: true, digest: nil, limit: 5, now: 0)
        }
        #expect(bursts.count == Bursts.maxApps)
        #expect(bursts.sameToast("app 0", fingerprint: 0, now: 0) == nil, "the oldest went")
        #expect(bursts.sameToast("app \(Bursts.maxApps + 49)", fingerprint: 0, now: 0) != nil)
    }

    @Test("30 from one app in one second: 5 cards and one digest counting 25 with the newest text; each folded id is its own, in history, and all 30 end when the digest ends")
    func digest() throws {
        var board = Board(config: { var c = Config.default; c.maxVisible = 10; return c }())
        var ids: [String] = []
        for n in 0..<30 { ids.append(admit(notify("Message \(n)", body: "text \(n)"), on: &board, now: Double(n) / 30).id) }
        #expect(Set(ids).count == 30, "each its own id")
        #expect(ids.allSatisfy { (UInt32($0) ?? 0) > 0 })
        #expect(board.liveToasts.count == 6)
        let digest = try #require(board.liveToasts.first { $0.digest != nil })
        #expect(digest.title == "chat: 25 more")
        #expect(digest.message == "text 29")
        #expect(board.history.filter { $0.reason == .folded }.count == 25, "folded ones are in history at once")
        #expect(board.history.filter { $0.reason == .folded }.allSatisfy { $0.unread })
        // A second app is not limited by the first.
        let other = admit(notify("Hello", app: "mail"), on: &board, now: 1)
        #expect(other.action == .show)
        _ = board.takeChanges()
        board.expire(now: 20)
        let ended = closed(board.takeChanges())
        #expect(ended.count == 31)
        #expect(ids.prefix(5).allSatisfy { ended[$0] == .timeout })
        #expect(ids.suffix(25).allSatisfy { ended[$0] == .folded }, "\(ended)")
        #expect(board.liveToasts.isEmpty)
    }

    @Test("the digest ending by a click ends every folded toast with folded, bus reason 2; one folded toast closed alone leaves the rest")
    func digestEnds() throws {
        var board = Board()
        var ids: [String] = []
        for n in 0..<8 { ids.append(admit(notify("M\(n)"), on: &board, now: 0.01 * Double(n)).id) }
        let digest = try #require(board.liveToasts.first { $0.digest != nil })
        #expect(digest.title == "chat: 3 more")
        _ = board.takeChanges()
        board.dismiss(ids[6], reason: .api, now: 1)
        #expect(board.toast(digest.id)?.title == "chat: 2 more")
        #expect(closed(board.takeChanges()) == [ids[6]: .api])
        board.dismiss(digest.id, reason: .click, now: 2)
        let ended = closed(board.takeChanges())
        #expect(ended == [ids[5]: .folded, ids[7]: .folded], "the digest itself is nobody's: no bus signal of its own")
        #expect(NotificationMapping.closedReason(.folded) == 2)
        #expect(!board.history.contains { $0.toast.digest != nil }, "the digest is not history")
    }

    @Test("never folded: critical, actions, a replaces_id, a stack tag, a socket toast; the app key takes the desktop entry and a web origin")
    func exempt() {
        var board = Board(config: { var c = Config.default; c.maxVisible = 50; return c }())
        for n in 0..<5 { _ = admit(notify("M\(n)"), on: &board, now: 0) }
        #expect(admit(notify("crit", critical: true), on: &board, now: 0.1).action == .show)
        #expect(admit(notify("ask", actions: [Action(id: "open", label: "Open")]), on: &board, now: 0.1).action == .show)
        #expect(admit(notify("tagged", tag: "vol"), on: &board, now: 0.1).action == .show)
        #expect(admit(notify("re", replaces: "999"), on: &board, now: 0.1).action == .show)
        var socket = notify("socket")
        socket.source = .socket
        #expect(admit(socket, on: &board, now: 0.1).action == .show)
        #expect(admit(notify("one more"), on: &board, now: 0.2).action == .fold(into: nil))
        // Web apps in one browser are told apart; the entry names the app over its name.
        for n in 0..<5 { _ = admit(notify("W\(n)", app: "Firefox", origin: "web.whatsapp.com"), on: &board, now: 0.3) }
        #expect(admit(notify("X", app: "Firefox", origin: "mail.example.org"), on: &board, now: 0.3).action == .show)
        let folded = Admission.decide(notify("W5", app: "Firefox", origin: "web.whatsapp.com"), board: board, now: 0.4)
        #expect(folded.action == .fold(into: nil))
        #expect(folded.burst?.app.label == "web.whatsapp.com")
        #expect(BurstApp(app: "Slack", desktopEntry: "com.slack.Slack", origin: "").key == "com.slack.Slack")
        // Without the time (xtoast rules --test with no daemon) or with burst = off, nothing folds.
        #expect(Admission.decide(notify("M"), board: board).action == .show)
        var off = Config.default
        off.quiet.burst = nil
        board.reconfigure(off, now: 1)
        #expect(Admission.decide(notify("M"), board: board, now: 1).action == .show)
    }

    @Test("one toast sent twice within 100 ms is one toast: one card, two ids, both end with it; at 100 ms it is two")
    func sameToastTwice() {
        var board = Board(config: { var c = Config.default; c.stackDuplicates = false; return c }())
        let first = admit(notify(), on: &board, now: 0)
        let second = admit(notify(), on: &board, now: 0.04)
        #expect(second.action == .sameAs(id: first.id))
        #expect(second.id != first.id)
        #expect(board.liveToasts.count == 1)
        #expect(board.toast(first.id)?.count == 1, "not counted as a repeat")
        #expect(admit(notify(), on: &board, now: 0.2).action == .show)
        _ = board.takeChanges()
        board.dismiss(first.id, reason: .click, now: 1)
        let ended = closed(board.takeChanges())
        #expect(ended[first.id] == .click && ended[second.id] == .click)
    }

    @Test("echoes and repeats agree: within 100 ms of the first send it is one toast (no ×N), later sends count ×N, an echo of a repeat counts nothing, echoes are bounded")
    func echoesAndRepeats() {
        var board = Board(config: .default)  // stack_duplicates = yes
        let first = admit(notify(), on: &board, now: 0)
        #expect(admit(notify(), on: &board, now: 0.04).action == .sameAs(id: first.id))
        // The window runs from the first send: 80 ms after it is still the same toast.
        #expect(admit(notify(), on: &board, now: 0.08).action == .sameAs(id: first.id))
        #expect(board.toast(first.id)?.count == 1, "echoes show no ×2")
        // 120 ms after the first (40 ms after the last echo) it is a second notification.
        let repeated = admit(notify(), on: &board, now: 0.12)
        #expect(repeated.action == .repeatOf(id: first.id))
        #expect(board.toast(first.id)?.count == 2)
        // An echo of the repeat is an echo of the card, not a third.
        #expect(admit(notify(), on: &board, now: 0.15).action == .sameAs(id: first.id))
        #expect(board.toast(first.id)?.count == 2)
        #expect(board.liveToasts.count == 1)
        // Past `maxEchoes` within the window, a further send counts again (bounded aliases).
        let again = admit(notify(), on: &board, now: 1)
        #expect(again.action == .repeatOf(id: first.id))
        for i in 0..<Bursts.maxEchoes {
            #expect(admit(notify(), on: &board, now: 1.001 + Double(i) * 0.001).action == .sameAs(id: first.id))
        }
        #expect(admit(notify(), on: &board, now: 1.05).action == .repeatOf(id: first.id))
        #expect(board.toast(first.id)?.count == 4)
        // Every id ends with the card.
        _ = board.takeChanges()
        board.dismiss(first.id, reason: .click, now: 2)
        #expect(closed(board.takeChanges()).count == 1 + 3 + 3 + Bursts.maxEchoes)
    }

    @Test("one app sending the same notification every millisecond for 6 s (folds, repeats and echoes, 6,000 ids): no card answers for more than maxPerCard ids at once, an echo ended early hears overflow or folded once, and once all is dismissed every id has ended exactly once")
    func echoesAreBoundedPerCard() {
        var board = Board(config: .default)
        var ids: [String] = []
        var ends: [String: Int] = [:]
        func collect() {
            for delivery in board.takeChanges().deliveries where delivery.recipients.contains(bus) {
                if case let .dismissed(id, reason) = delivery.event {
                    ends[id, default: 0] += 1
                    if reason != .timeout { #expect([.overflow, .folded, .api].contains(reason), "\(id): \(reason)") }
                }
            }
        }
        for n in 0..<6000 {
            let now = Double(n) * 0.001
            ids.append(admit(notify(), on: &board, now: now).id)
            collect()
            if n % 500 == 499 {
                for card in Set(ids.map(board.cardID(for:))) {
                    #expect(board.repeats.aliasCount(of: card) <= RepeatAliases.maxPerCard)
                }
            }
        }
        #expect(ends.values.allSatisfy { $0 == 1 })
        #expect(ends.count > 1000, "\(ends.count) ended early: the echoes past the bound")
        board.dismissAll(reason: .api, now: 10)
        collect()
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { ends[$0] == 1 }, "\(ids.filter { ends[$0] != 1 }.prefix(5)) did not end exactly once")
    }

    @Test("an echo leaving alone takes nothing off the card's ×N")
    func echoLeavesCount() {
        var board = Board(config: .default)
        let first = admit(notify(), on: &board, now: 0)
        _ = admit(notify(), on: &board, now: 0.5)
        let echo = admit(notify(), on: &board, now: 0.52)
        #expect(echo.action == .sameAs(id: first.id))
        #expect(board.toast(first.id)?.count == 2)
        board.detachRepeat(echo.id, now: 1)
        #expect(board.toast(first.id)?.count == 2)
    }

    @Test("burst parses COUNT per DURATION and off, within bounds")
    func parse() throws {
        let standard = try BurstLimit.parse("5 per 10s"), minute = try BurstLimit.parse("20 per 1m")
        let short = try BurstLimit.parse("3 per 500ms"), off = try BurstLimit.parse("off")
        #expect(standard == .standard)
        #expect(minute == BurstLimit(count: 20, seconds: 60))
        #expect(short == BurstLimit(count: 3, seconds: 0.5))
        #expect(off == nil)
        for bad in ["0 per 10s", "101 per 1s", "5 per 0s", "5 per 2h", "5 every 10s", "five per 10s", "5 per 1e400s", "5 per nans"] {
            #expect(throws: ConfigProblem.self, "\(bad)") { _ = try BurstLimit.parse(bad) }
        }
        #expect(BurstLimit.standard.text == "5 per 10s")
    }

    @Test("a digest answers for at most maxAliases folded toasts at once: past it the oldest end early with folded")
    func aliasesBounded() {
        var board = Board(config: { var c = Config.default; c.historyKeep = 10; return c }())
        var ids: [String] = []
        let total = 5 + Digest.maxAliases + 20
        for n in 0..<total { ids.append(admit(notify("M\(n)"), on: &board, now: 0.001 * Double(n)).id) }
        let ended = closed(board.takeChanges())
        #expect(ended.count == 20, "the 20 oldest folded ended early")
        #expect(ids[5..<25].allSatisfy { ended[$0] == .folded })
        #expect(board.repeats.aliases(of: board.cardID(for: ids[total - 1])).count == Digest.maxAliases)
        #expect(board.liveToasts.first { $0.digest != nil }?.title == "chat: \(Digest.maxAliases + 20) more")
    }

    @Test("a digest that folds 1,200 past its bound keeps exactly its newest maxAliases, oldest first, and each folded toast visible in a fold's changes is marked recounted (its card repaints once a frame)")
    func aliasesStayInOrderPastTheBound() {
        var board = Board(config: { var c = Config.default; c.historyKeep = 10; c.maxVisible = 6; return c }())
        var ids: [String] = []
        let total = 5 + Digest.maxAliases + 1200
        for n in 0..<total {
            ids.append(admit(notify("M\(n)"), on: &board, now: 0.001 * Double(n)).id)
            if n == 6 { #expect(board.takeChanges().recounted == [board.cardID(for: ids[6])]) }
        }
        let card = board.cardID(for: ids[total - 1])
        #expect(board.repeats.aliases(of: card) == Array(ids[(total - Digest.maxAliases)...]))
        // The sender closes one from the middle, then the oldest: both leave, the rest keep their order.
        let middle = ids[total - 100], oldest = ids[total - Digest.maxAliases]
        _ = board.takeChanges()
        #expect(board.repeats.remove(middle) == card && board.repeats.remove(oldest) == card)
        #expect(board.repeats.aliases(of: card) == Array(ids[(total - Digest.maxAliases + 1)...]).filter { $0 != middle })
    }

    @Test("a card's alias queue: the oldest leaves at once, one from the middle by a search, equal by what it holds whatever its spent front")
    func aliasQueue() {
        var queue = AliasQueue(), fresh = AliasQueue()
        for n in 0..<100 { queue.append("a\(n)") }
        for n in 0..<60 { queue.remove("a\(n)") }
        queue.remove("a70")
        queue.remove("nobody")
        #expect(queue.count == 39 && queue.first == "a60")
        for n in 60..<100 where n != 70 { fresh.append("a\(n)") }
        #expect(queue == fresh && queue.elements == fresh.elements)
        for n in 60..<100 { queue.remove("a\(n)") }
        #expect(queue.count == 0 && queue.first == nil && queue == AliasQueue())
    }
}
