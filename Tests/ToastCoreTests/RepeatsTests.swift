@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Repeats: identical toasts collapse into one card that counts them; each caller keeps an id
/// of its own (an alias) that works for `update` and `dismiss`, and hears its own events.
@Suite struct RepeatsTests {
    let alice = Owner(.socket, 1), bob = Owner(.socket, 2), bus = Owner(.bus, 1)

    func notify(_ summary: String = "New message", body: String = "hi", app: String = "chat",
                actions: [Action] = [], tag: String = "", replaces: String? = nil, image: RawImage? = nil) -> Submission {
        var request = ShowRequest(message: body, title: summary, kind: .info)
        request.app = app
        request.urgency = .normal
        request.actions = actions
        var submission = Submission(request, source: .bus)
        submission.stackTag = tag
        submission.replacesID = replaces
        submission.image = image
        return submission
    }

    /// Admits as the service does, returning the caller's id.
    @discardableResult
    func admit(_ submission: Submission, on board: inout Board, owner: Owner, now: Double = 0) -> String {
        let decision = Admission.decide(submission, board: board)
        switch decision.action {
        case .show, .supersede: return board.show(decision.toast, owner: owner, now: now)
        case let .replace(id): return board.replace(id, with: decision.toast, now: now) ? id : ""
        case let .takeOver(id): return board.takeOver(id, with: decision.toast, owner: owner, now: now) ?? ""
        case .skipDisplay, .drop, .snooze, .focused, .suppress, .intoCenter, .keepInCenter, .fold, .sameAs: return ""
        case let .repeatOf(id): return board.repeatToast(id, owner: owner, now: now) ?? ""
        }
    }

    @Test("three identical notifications: one card counting 3, three ids, the card keeps its place and its timer starts again")
    func threeMakeOne() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus, now: 0)
        admit(notify("Other"), on: &board, owner: bus, now: 0)
        _ = board.takeChanges()
        let second = admit(notify(), on: &board, owner: bus, now: 3)
        let third = admit(notify(), on: &board, owner: bus, now: 3.5)
        #expect(Set([first, second, third]).count == 3)
        #expect(board.liveToasts.count == 2, "no card of their own")
        #expect(board.toast(first)?.count == 3)
        #expect(board.view(of: board.key(of: first)!).fromEdge.map(\.title) == ["Other", "New message"], "kept its place")
        #expect(board.nextDeadline == 4, "Other's, at 4; the repeated card's restarted at 3.5 (until 7.5)")
        board.expire(now: 7)
        #expect(board.toast(first) != nil)
        let changes = board.takeChanges()
        #expect(changes.restyled.map(\.id).contains(first), "the card repaints with ×N")
        #expect(changes.entered.isEmpty, "no card enters")
        board.expire(now: 7.5)
        #expect(board.toast(first) == nil)
    }

    @Test("each alias hears shown once and dismissed once when the card ends; on the bus each id is closed")
    func eventsPerAlias() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus)
        _ = board.takeChanges()
        let second = admit(notify(), on: &board, owner: bus)
        let third = admit(notify(), on: &board, owner: bus)
        #expect(board.takeChanges().events == [.shown(id: second), .shown(id: third)])
        let dismissed = board.dismiss(first, reason: .click, now: 1)
        #expect(dismissed)
        let events = board.takeChanges().events
        #expect(events == [.dismissed(id: first, reason: .click), .dismissed(id: second, reason: .click),
                           .dismissed(id: third, reason: .click)])
        #expect(events.compactMap(NotificationMapping.signal(for:)) == [first, second, third].map {
            .notificationClosed(id: UInt32($0)!, reason: 2)
        })
        #expect(board.owner(of: second) == nil && board.toast(second) == nil, "the aliases are gone with the card")
        let again = board.dismiss(second, reason: .api, now: 2)
        #expect(!again)
    }

    @Test("an alias works for update and dismiss: both act on the card, and each id hears what the card hears")
    func aliasUpdateAndDismiss() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: alice)
        let second = admit(notify(), on: &board, owner: bob)
        _ = board.takeChanges()
        guard case .success = board.update(UpdateRequest(id: second, message: "edited"), now: 1) else {
            Issue.record("update through the alias failed")
            return
        }
        #expect(board.toast(first)?.message == "edited")
        let updated = board.takeChanges().deliveries
        #expect(updated.map(\.event) == [.updated(id: first), .updated(id: second)])
        #expect(updated.map(\.recipients) == [[alice], [bob]], "each id by its own owner")
        let dismissed = board.dismiss(second, reason: .api, now: 2)
        #expect(dismissed)
        #expect(board.takeChanges().events == [.dismissed(id: first, reason: .api), .dismissed(id: second, reason: .api)])
    }

    @Test("an alias of a queued card hears shown when the card shows; a waiting repeat is counted too")
    func queuedCard() {
        var board = Board()
        board.setDoNotDisturb(true, now: 0)
        let first = admit(notify(), on: &board, owner: bus)
        let second = admit(notify(), on: &board, owner: bus)
        #expect(!board.isVisible(first) && board.toast(first)?.count == 2)
        #expect(!board.takeChanges().events.contains(.shown(id: second)))
        board.setDoNotDisturb(false, now: 1)
        #expect(board.takeChanges().events == [.shown(id: first), .shown(id: second)])
    }

    @Test("never merged: an explicit id, a stack tag, replaces_id, actions, another app or source, other content, stack_duplicates = no")
    func notMerged() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus)
        #expect(Admission.decide(notify(), board: board).action == .repeatOf(id: first))
        #expect(Admission.decide(notify(actions: [Action(id: "open", label: "Open")]), board: board).action == .show)
        #expect(Admission.decide(notify(tag: "chat"), board: board).action == .show)
        #expect(Admission.decide(notify(replaces: "99"), board: board).action == .show, "a replaces_id of a gone toast")
        #expect(Admission.decide(notify(app: "mail"), board: board).action == .show)
        #expect(Admission.decide(notify(body: "hi!"), board: board).action == .show)
        var socket = Submission(ShowRequest(message: "hi", title: "New message", kind: .info), source: .socket)
        socket.request.app = "chat"
        #expect(Admission.decide(socket, board: board).action == .show)
        socket.request.id = "build"
        admit(socket, on: &board, owner: alice)
        socket.request.id = nil
        #expect(Admission.decide(socket, board: board).action == .show, "the live one has its caller's id")
        var off = Config()
        off.stackDuplicates = false
        board.reconfigure(off, now: 0)
        #expect(Admission.decide(notify(), board: board).action == .show)
    }

    @Test("compared after the rules: two toasts a rule makes identical collapse; pictures compare by their pixels")
    func afterRulesAndPictures() {
        let parsed = ConfigParser.parse("[rule same]\nmatch app = chat\nicon = mail-unread\n", file: "test")
        var board = Board(config: parsed.config)
        let first = admit(notify(), on: &board, owner: bus)
        var other = notify()
        other.request.icon = "user-avatar"
        #expect(Admission.decide(other, board: board).action == .repeatOf(id: first), "the rule replaced both icons")

        var plain = Board()
        let red = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [255, 0, 0])
        var blue = red
        blue.pixels = PixelBytes([0, 0, 255])
        let pictured = admit(notify(image: red), on: &plain, owner: bus)
        #expect(Admission.decide(notify(image: red), board: plain).action == .repeatOf(id: pictured))
        #expect(Admission.decide(notify(image: blue), board: plain).action == .show)
        #expect(Admission.decide(notify(), board: plain).action == .show)

        // A picture past maxDigestBytes is not hashed: it keeps a card of its own.
        let side = 600
        let large = RawImage(width: side, height: side, rowstride: side * 4, hasAlpha: true, bitsPerSample: 8, channels: 4,
                             bytes: [UInt8](repeating: 7, count: side * side * 4))
        let shownLarge = Admission.decide(notify("Large", image: large), board: plain)
        #expect(!shownLarge.toast.collapsesRepeats && shownLarge.toast.imageDigest == nil)
    }

    @Test("a replaces_id naming an alias replaces the card's content in place, keeping its count and the caller's id")
    func replaceThroughAlias() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus)
        let second = admit(notify(), on: &board, owner: bus)
        let decision = Admission.decide(notify("Edited", replaces: second), board: board)
        #expect(decision.action == .replace(id: second))
        #expect(admit(notify("Edited", replaces: second), on: &board, owner: bus) == second)
        #expect(board.toast(first)?.title == "Edited" && board.toast(first)?.count == 2)
    }

    @Test("a toast shown with an alias's id takes it: the alias ends with replaced and the card counts one less")
    func explicitIDTakesAlias() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus)
        let second = admit(notify(), on: &board, owner: bus)
        _ = board.takeChanges()
        board.show(ShowRequest(message: "mine", id: second), owner: alice, now: 1)
        let changes = board.takeChanges()
        #expect(changes.events.first == .dismissed(id: second, reason: .replaced))
        #expect(board.toast(first)?.count == 1 && board.toast(second)?.message == "mine")
        let dismissed = board.dismiss(first, reason: .api, now: 2)
        #expect(dismissed)
        #expect(board.takeChanges().events == [.dismissed(id: first, reason: .api)], "the old alias is no longer the card's")
    }

    @Test("list shows each card's count; automatic ids never reuse a live alias")
    func listingAndIDs() {
        var board = Board()
        let first = admit(notify(), on: &board, owner: bus)
        let second = admit(notify(), on: &board, owner: bus)
        guard case let .array(items)? = board.listing(now: 0)["toasts"] else {
            Issue.record("no toasts")
            return
        }
        #expect(items.count == 1 && items.first?["count"] == .number(2) && items.first?["id"] == .string(first))
        let next = board.show(ShowRequest(message: "next"), owner: alice, now: 0)
        #expect(next != second && next != first)
    }
}
