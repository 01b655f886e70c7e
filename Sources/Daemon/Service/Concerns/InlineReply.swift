import ToastCore

/// The inline reply (issue 29): the one open field (`ReplySession`) and its caret's next
/// blink. It takes the reply intents the router decides with the time, and answers what the
/// service carries out (`Effect`): draw the field again, close it, send its text, ask the
/// screen for a paste.
struct InlineReply {
    /// The open field, if any.
    private(set) var session: ReplySession?
    /// When the caret next turns on or off while the field is open.
    private var blinkDeadline: Double?

    /// When the field next needs the service: its idle timeout or the caret's next blink.
    var nextDeadline: Double? {
        guard let session else { return nil }
        return [session.deadline, blinkDeadline].compactMap { $0 }.min()
    }

    /// What the service does after the field took an intent.
    enum Effect: Equatable {
        /// Not this field's (another toast's, or nothing to send).
        case none
        /// The field changed: it is drawn again.
        case redraw
        /// The field closes unsent.
        case close
        /// The field closes and `text` goes to the toast's sender (with an activation token
        /// for `serverTime`, the key's or click's that sent it).
        case submit(String, serverTime: UInt?)
        /// The screen is asked for `selection`'s text as of `serverTime`; it arrives as `insertReply`.
        case askPaste(ReplySession.Selection, serverTime: UInt)
    }

    /// Opens the field on toast `id` (the service closes another one open first).
    mutating func open(_ id: String, now: Double, serverTime: UInt) {
        session = ReplySession(id: id, now: now, serverTime: serverTime)
        blinkDeadline = nil
    }

    /// Closes the field: the session that was open, nil when none was.
    mutating func close() -> ReplySession? {
        defer {
            session = nil
            blinkDeadline = nil
        }
        return session
    }

    /// A reply intent at `now` (`openReply` is the service's: it needs the card).
    mutating func take(_ intent: UserIntent, now: Double) -> Effect {
        guard var open = session else { return .none }
        let effect: Effect
        switch intent {
        case let .submitReply(id, serverTime) where id == open.id:
            return open.submission.map { .submit($0, serverTime: serverTime) } ?? .none
        case let .cancelReply(id) where id == open.id:
            return .close
        case let .editReply(id, press) where id == open.id:
            open.apply(press, now: now)
            effect = .redraw
        case let .pasteReply(id, selection, serverTime) where id == open.id:
            open.askPaste(now: now)
            // The selection as it was at the key or click that asked (ICCCM), else at the field's opening.
            effect = .askPaste(selection, serverTime: serverTime ?? open.openedAt)
        case let .insertReply(id, text) where id == open.id:
            open.paste(text, now: now)
            effect = .redraw
        default:
            return .none
        }
        session = open
        return effect
    }

    /// A press in toast `id`'s field put the caret at `caret` (characters, where the card's
    /// text has it), or a drag from that press moved it there (`dragging`: the selection
    /// reaches from the press). `.redraw`, or `.none` when that field is not open.
    mutating func pointer(at caret: Int, on id: String, dragging: Bool, now: Double) -> Effect {
        guard var open = session, open.id == id else { return .none }
        if dragging { open.drag(to: caret, now: now) } else { open.press(at: caret, now: now) }
        session = open
        return .redraw
    }

    /// The button held in toast `id`'s field went up; false when that field is not open.
    mutating func endDrag(on id: String) -> Bool {
        guard var open = session, open.id == id else { return false }
        open.endDrag()
        session = open
        return true
    }

    /// A screen reader's edit of toast `id`'s field (`EditableText`), as typing would be;
    /// false when that field is not open.
    mutating func edit(_ edit: ReplyEdit, on id: String, now: Double) -> Bool {
        guard var open = session, open.id == id else { return false }
        open.edit(edit, now: now)
        session = open
        return true
    }

    /// The field as it is drawn at `now` (its caret on or off by the blink, `halfPeriod`), and
    /// the next blink set from it; nil when no field is open.
    mutating func look(now: Double, halfPeriod: Double?) -> ReplyLook? {
        guard let session else { return nil }
        blinkDeadline = session.nextBlink(after: now, halfPeriod: halfPeriod)
        return ReplyLook(field: session.field, caretVisible: session.caretVisible(now: now, halfPeriod: halfPeriod))
    }

    /// What is due at `now`: the field gives up after `ReplySession.idleTimeout` without
    /// typing (`close`), or the caret blinks (`redraw`).
    func due(now: Double) -> Effect {
        guard let session else { return .none }
        if session.isExpired(now: now) { return .close }
        if let due = blinkDeadline, due <= now + 0.001 { return .redraw }
        return .none
    }
}
