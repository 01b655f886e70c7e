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
        let centerInput = center.isOpen
            ? AccessibleTree.CenterInput(frame: center.frame, rows: center.rows, selection: center.state.selection) : nil
        return AccessibleTree(cards: cards, center: centerInput)
    }

    func editReply(_ edit: ReplyEdit, toast: String) {
        service.editReply(edit, on: toast, now: now())
    }

    func press(_ press: AccessibleTree.Press) {
        if press.action == ReplyOptions.actionKey, service.board.toast(press.toast)?.reply != nil {
            return service.perform(.openReply(id: press.toast), now: now())
        }
        guard service.board.toast(press.toast)?.actions.contains(where: { $0.id == press.action }) == true else { return }
        service.perform(.invoke(id: press.toast, action: press.action), now: now())
    }
}
