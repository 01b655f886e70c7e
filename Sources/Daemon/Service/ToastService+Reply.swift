import ToastCore
import DaemonLog

/// The inline reply (issue 29): the one open field, carried out as `ReplySession` and the
/// router decide. The field takes the keyboard's focus while it is open (`Grab.reply`; focus
/// mode's grab waits meanwhile), stops its toast's timer, and closes on Enter
/// (sent), Escape, a press elsewhere or 60 s without typing.
extension ToastService {
    /// Carries out a reply intent (others are not its own).
    func performReply(_ intent: UserIntent, now: Double) {
        switch intent {
        case let .openReply(id, serverTime): openReply(id, serverTime: serverTime, now: now)
        case let .submitReply(id, serverTime):
            guard let session = reply, session.id == id else { return }
            guard let text = session.submission else { return }
            closeReply(now: now)
            board.reply(text, on: id, activationToken: activationToken(serverTime), now: now)
        case let .cancelReply(id):
            guard reply?.id == id else { return }
            closeReply(now: now)
        case let .editReply(id, press):
            guard var session = reply, session.id == id else { return }
            session.apply(press, now: now)
            reply = session
            showReply(now: now)
        case let .pasteReply(id, selection, serverTime):
            guard var session = reply, session.id == id, let card = stage.card(id) else { return }
            session.askPaste(now: now)
            reply = session
            // The selection as it was at the key or click that asked (ICCCM), else at the field's opening.
            screen.requestPaste(selection, for: card.surface, serverTime: serverTime ?? session.openedAt)
        case let .selectReply(id, from, to):
            guard var session = reply, session.id == id else { return }
            session.select(from: from, to: to, now: now)
            reply = session
            showReply(now: now)
        case let .insertReply(id, text):
            guard var session = reply, session.id == id else { return }
            session.paste(text, now: now)
            reply = session
            showReply(now: now)
        default: break
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
        guard var session = reply, session.id == id else { return }
        session.edit(edit, now: now)
        reply = session
        showReply(now: now)
        settle(now)
    }

    /// Opens `id`'s field (closing another one open: at most one at a time).
    private func openReply(_ id: String, serverTime: UInt?, now: Double) {
        if reply?.id == id { return }
        guard let toast = board.toast(id), toast.reply != nil, let card = stage.card(id), !card.isLeaving else { return }
        if reply != nil { closeReply(now: now) }
        let session = ReplySession(id: id, now: now, serverTime: serverTime ?? 0)
        reply = session
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
        guard let session = reply else { return }
        reply = nil
        blinkDeadline = nil
        accessibleGeneration &+= 1  // the ENTRY goes, the Reply button comes back
        screen.release(.reply(SurfaceID(0), serverTime: 0))
        // Back to focus mode's keys, if it is still on (the field had the focus meanwhile).
        if keyInput.focus != nil { grabFocusKeyboard(now: now) }
        stage.showReply(nil, on: session.id, board: board, now: now)
    }

    /// Draws the open field as it is now (its caret on or off by the blink).
    func showReply(now: Double) {
        guard let session = reply else { return }
        let half = board.config.caretHalfPeriod
        let look = ReplyLook(field: session.field, caretVisible: session.caretVisible(now: now, halfPeriod: half))
        blinkDeadline = session.nextBlink(after: now, halfPeriod: half)
        // What a screen reader reads of it changed (a blink alone changes nothing it reads).
        if stage.card(session.id)?.appearance.reply?.field != session.field { accessibleGeneration &+= 1 }
        stage.showReply(look, on: session.id, board: board, now: now)
    }

    /// When the field next needs the service: its idle timeout or the caret's next blink.
    var replyDeadline: Double? {
        guard let session = reply else { return nil }
        return [session.deadline, blinkDeadline].compactMap { $0 }.min()
    }

    /// Due work: the field gives up after 60 s without typing; the caret blinks. A toast that
    /// ended (or whose card left) closes its field.
    func advanceReply(now: Double) {
        guard let session = reply else { return }
        if session.isExpired(now: now) || board.toast(session.id) == nil || stage.card(session.id) == nil {
            return closeReply(now: now)
        }
        if let due = blinkDeadline, due <= now + 0.001 { showReply(now: now) }
    }
}
