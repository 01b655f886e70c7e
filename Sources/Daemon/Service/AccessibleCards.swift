import Accessibility
import ToastCore

/// The daemon's side of `AccessibilityBus`: the cards on screen, as ToastCore's
/// `AccessibleTree` builds them, and a screen reader's button press carried out as a click on
/// that button would be. Built only while a screen reader's bus is connected.
final class AccessibleCards: AccessibilityHost {
    private unowned let service: ToastService
    private let now: () -> Double

    init(service: ToastService, now: @escaping () -> Double) {
        self.service = service
        self.now = now
    }

    /// The visible toasts whose cards are on screen and not leaving, newest first, and the
    /// centre while it is open.
    func accessibleTree() -> AccessibleTree {
        let focused = service.keyInput.focus?.card
        let cards = service.board.visibleNewestFirst.compactMap { toast -> AccessibleTree.CardInput? in
            guard let card = service.stage.card(toast.id), !card.isLeaving else { return nil }
            let reply = service.reply.flatMap { $0.id == toast.id ? $0.field : nil }
            return AccessibleTree.CardInput(toast: toast, frame: card.frame, focused: focused == toast.id, reply: reply)
        }
        let center = service.center
        var centerInput: AccessibleTree.CenterInput?
        if center.isOpen {
            var input = AccessibleTree.CenterInput(frame: center.frame, rows: center.rows, selection: center.state.selection)
            input.header = header(now: now())
            centerInput = input
        }
        return AccessibleTree(cards: cards, center: centerInput)
    }

    func editReply(_ edit: ReplyEdit, toast: String) {
        service.editReply(edit, on: toast, now: now())
    }

    /// The centre's header as `CenterLayout` draws it.
    private func header(now: Double) -> AccessibleTree.CenterHeader {
        let center = service.center, state = center.state, quiet = center.quietView()
        var header = AccessibleTree.CenterHeader()
        header.showsClear = !center.rows.isEmpty || state.filter != nil
        header.clearArmed = state.isClearArmed(now: now)
        header.doNotDisturb = quiet.user
        header.quietLines = quiet.lines
        header.filter = state.filter
        header.typingFilter = state.isTypingFilter
        header.quietMenuOpen = state.quietMenuOpen
        header.quietChoices = state.quietMenuOpen ? quiet.choices : []
        header.quietSelection = state.quietMenuSelection
        return header
    }

    /// The one place that decides the tree may have moved, derived from what the tree is
    /// built of rather than told: the board's changes, the cards' frames (`Stage.moves`), the
    /// focused card, the open reply field and the centre's compositions. Never changes on an
    /// idle turn.
    var treeGeneration: Int {
        var marks = Hasher()
        marks.combine(service.board.changesTaken)
        marks.combine(service.stage.moves)
        marks.combine(service.keyInput.focus?.card)
        marks.combine(service.reply?.field)
        marks.combine(service.center.compositions)
        return marks.finalize()
    }

    func press(_ press: AccessibleTree.Press) {
        if press.action == ReplyOptions.actionKey, service.board.toast(press.toast)?.reply != nil {
            return service.perform(.openReply(id: press.toast), now: now())
        }
        guard service.board.toast(press.toast)?.actions.contains(where: { $0.id == press.action }) == true else { return }
        service.perform(.invoke(id: press.toast, action: press.action), now: now())
    }

    /// A link opens as a click on its text does (`openLink`); "Clear all" takes a click (the
    /// first arms it); the do-not-disturb switch turns as Shift+D turns it.
    func activate(_ control: AccessibleTree.Control) {
        let now = now()
        switch control {
        case let .link(id, target, _):
            guard let toast = service.board.toast(id), service.stage.card(id) != nil, Links.targets(of: toast).contains(target) else { return }
            service.openLink(target, of: id, now: now)
        case .clearAll:
            if service.center.press(.clearAll, board: service.board, now: now) == .clearAll {
                service.board.removeHistory { _ in true }
                service.center.repaint(board: service.board, now: now)
            }
        case .doNotDisturb:
            guard service.center.isOpen else { return }
            service.toggleQuiet(now: now)
            service.center.repaint(board: service.board, now: now)
        case let .quietChoice(choice):
            guard service.center.state.quietMenuOpen,
                  service.center.press(.quietChoice(choice), board: service.board, now: now) == .pauseFor(choice) else { return }
            service.pauseFromCenter(choice, now: now)
            service.center.repaint(board: service.board, now: now)
        case .filter, .hypertext, .quietMenu:
            return
        }
        service.settle(now)
    }
}
