import ToastCore
import DaemonLog

/// The inline reply (issue 29): the one open field, carried out as `InlineReply` and the
/// router decide. The field takes the keyboard's focus while it is open (`Grab.reply`; focus
/// mode's grab waits meanwhile), stops its toast's timer, and closes on Enter
/// (sent), Escape, a press elsewhere or 60 s without typing.
extension ToastService {
    /// Carries out a reply intent (others are not its own).
    func performReply(_ intent: UserIntent, now: Double) {
        switch intent {
        case let .openReply(id, serverTime): return openReply(id, serverTime: serverTime, now: now)
        case .placeReplyCaret, .dragReplyCaret, .endReplyDrag: return pointReply(intent, now: now)
        default: break
        }
        // A paste is asked for the card's surface: none, nothing is asked.
        if case let .pasteReply(id, _, _) = intent, stage.card(id) == nil { return }
        carryOut(changeReply { $0.take(intent, now: now) }, now: now)
    }

    /// The pointer in the open field, as the router decided it: a press puts the caret where
    /// the card's text has that point (`Stage.replyCaret`) and holds the pointer, so a drag
    /// selects rather than swipes, until the button goes up.
    private func pointReply(_ intent: UserIntent, now: Double) {
        switch intent {
        case let .placeReplyCaret(id, at, serverTime):
            guard let card = stage.card(id), let caret = stage.replyCaret(id, at: at) else { return }
            let effect = changeReply { $0.pointer(at: caret, on: id, dragging: false, now: now) }
            guard effect != .none else { return }
            screen.grab(.drag(card.surface, serverTime: serverTime))
            carryOut(effect, now: now)
        case let .dragReplyCaret(id, to):
            guard let caret = stage.replyCaret(id, at: to) else { return }
            carryOut(changeReply { $0.pointer(at: caret, on: id, dragging: true, now: now) }, now: now)
        case let .endReplyDrag(id, serverTime):
            guard changeReply({ $0.endDrag(on: id) }) else { return }
            screen.release(.drag(stage.card(id)?.surface ?? SurfaceID(0), serverTime: serverTime))
        default:
            break
        }
    }

    /// What the field decided, carried out.
    private func carryOut(_ effect: InlineReply.Effect, now: Double) {
        switch effect {
        case .none: break
        case .redraw: showReply(now: now)
        case .close: closeReply(now: now)
        case let .submit(text, serverTime):
            guard let id = reply?.id else { return }
            closeReply(now: now)
            board.reply(text, on: id, activationToken: activationToken(serverTime), now: now)
        case let .askPaste(selection, serverTime):
            guard let session = reply, let card = stage.card(session.id) else { return }
            screen.requestPaste(selection, for: card.surface, serverTime: serverTime)
        }
    }

    /// The centre's Reply on an entry: its toast comes back as a card (`Board.restoreToReply`;
    /// the restored toast's reply reaches its sender late, under the original id), the panel
    /// closes as for a late action that raises something, and the card's field opens.
    func replyFromCenter(_ historyID: UInt64, serverTime: UInt?, now: Double) {
        guard let id = board.restoreToReply(historyID: historyID, owner: Self.keyOwner, monitor: chooseMonitor(nil).name, now: now) else {
            return Log.info("reply: the entry's sender no longer listens")
        }
        center.close(now: now)
        settle(now)  // the card is on the stage now, and the centre's grab gone
        openReply(id, serverTime: serverTime, now: now)
    }

    /// A screen reader's edit of the open field (`EditableText`), as typing would be.
    func editReply(_ edit: ReplyEdit, on id: String, now: Double) {
        guard changeReply({ $0.edit(edit, on: id, now: now) }) else { return }
        showReply(now: now)
        settle(now)
    }

    /// Opens `id`'s field (closing another one open: at most one at a time).
    private func openReply(_ id: String, serverTime: UInt?, now: Double) {
        if reply?.id == id { return }
        guard let toast = board.toast(id), toast.reply != nil, let card = stage.card(id), !card.isLeaving else { return }
        if reply != nil { closeReply(now: now) }
        changeReply { $0.open(id, now: now, serverTime: serverTime ?? 0) }
        // The card takes the input focus, as for a click. Focus mode's keyboard grab reports
        // every key to the root window, where no input method reads them (a compose sequence
        // or IBus would type nothing into the field), so it lets go while the field is open
        // and takes the keyboard again when the field closes.
        if keyInput.focus != nil { screen.release(.focus) }
        let problems = screen.grab(.reply(card.surface, serverTime: serverTime ?? 0))
        for problem in problems { logRoom.info(\.requests, "reply: \(problem)", now: now) }
        showReply(now: now)
    }

    /// Closes the open field, unsent or sent: the focus goes back, the card shows its button again.
    func closeReply(now: Double) {
        guard let session = changeReply({ $0.close() }) else { return }
        // A press held in the field lets go of the pointer with it (its release is no longer the field's).
        if session.dragAnchor != nil { screen.release(.drag(stage.card(session.id)?.surface ?? SurfaceID(0), serverTime: 0)) }
        screen.release(.reply(SurfaceID(0), serverTime: 0))
        // Back to focus mode's keys, if it is still on (the field had the focus meanwhile).
        if keyInput.focus != nil { grabFocusKeyboard(now: now) }
        stage.showReply(nil, on: session.id, board: board, now: now)
    }

    /// Draws the open field as it is now (its caret on or off by the blink).
    func showReply(now: Double) {
        let half = board.config.caretHalfPeriod
        guard let id = reply?.id, let look = changeReply({ $0.look(now: now, halfPeriod: half) }) else { return }
        stage.showReply(look, on: id, board: board, now: now)
    }

    /// Due work: the field gives up after 60 s without typing; the caret blinks. A toast that
    /// ended (or whose card left) closes its field.
    func advanceReply(now: Double) {
        guard let session = reply else { return }
        if board.toast(session.id) == nil || stage.card(session.id) == nil { return closeReply(now: now) }
        carryOut(inlineReply.due(now: now), now: now)
    }
}
