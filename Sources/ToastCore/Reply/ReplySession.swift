/// The one reply field open now (at most one at a time): which toast it answers, what is
/// typed, and when it gives up. The daemon keeps one of these while a field is open; every
/// decision about it (what a key or click means, when it times out, whether the caret shows)
/// is made here, from the time the daemon passes in.
public struct ReplySession: Equatable, Sendable {
    /// Seconds without typing before the field closes by itself (and the toast's timer runs again).
    public static let idleTimeout = 60.0
    /// Seconds a paste's text may take to come from the selection's owner: an answer later
    /// than that (an owner that hung, then woke) is dropped rather than typed into whatever
    /// the user has written since. Owners answer in milliseconds.
    public static let pasteTimeout = 2.0

    /// The toast it answers.
    public let id: String
    public private(set) var field: ReplyField
    /// When it opened or was last typed in: the caret's blink starts on from here, and the
    /// idle timeout counts from it.
    public private(set) var lastInput: Double
    /// The X server time of the click or key that opened it (the focus is taken with it).
    public let openedAt: UInt
    /// When the paste waiting for its text was asked for; nil when none waits.
    public private(set) var pasteAskedAt: Double?
    /// Where a press in the field put the caret, while its button is held: a drag selects
    /// from here (and the router gives the pointer's moves and release to the field, not the
    /// cards). nil while no button is held in the field.
    public private(set) var dragAnchor: Int?

    public init(id: String, now: Double, serverTime: UInt, text: String = "") {
        self.id = id
        field = ReplyField(text)
        lastInput = now
        openedAt = serverTime
    }

    /// When the field closes unless the user types first.
    public var deadline: Double { lastInput + Self.idleTimeout }

    /// The field gave up: 60 s without typing.
    public func isExpired(now: Double) -> Bool { now >= deadline }

    /// Which selection a paste reads: Ctrl+V the clipboard, the middle button the primary one.
    public enum Selection: String, Equatable, Sendable {
        case clipboard = "CLIPBOARD"
        case primary = "PRIMARY"
    }

    /// What a key means to the open field: an edit (carried out by `apply`), Enter's
    /// submit, Escape's cancel, Ctrl+V's paste.
    public func intent(for given: KeyPress, serverTime: UInt) -> UserIntent? {
        let press = Self.controlLetter(given)
        if press.command, press.key == .text, press.text.lowercased() == "v" {
            return .pasteReply(id: id, selection: .clipboard, serverTime: serverTime)
        }
        var copy = field
        switch copy.apply(press) {
        case .submit: return .submitReply(id: id, serverTime: serverTime)
        case .cancel: return .cancelReply(id: id)
        case .edited: return .editReply(id: id, given)
        case .ignored: return nil
        }
    }

    /// Carries out an edit: the key goes to the field, and the idle timeout starts again.
    @discardableResult
    public mutating func apply(_ press: KeyPress, now: Double) -> ReplyField.Outcome {
        lastInput = now
        return field.apply(Self.controlLetter(press))
    }

    /// Ctrl+letter as the letter: the screen's lookup types Ctrl+V as U+0016, and the field's
    /// shortcuts (Ctrl+A, Ctrl+V) are named by their letters.
    static func controlLetter(_ press: KeyPress) -> KeyPress {
        guard press.command, press.key == .text, press.text.unicodeScalars.count == 1, let s = press.text.unicodeScalars.first,
              (1...26).contains(s.value), let letter = Unicode.Scalar(s.value + 96) else { return press }
        var named = press
        named.text = String(Character(letter))
        return named
    }

    /// A paste was asked for (Ctrl+V, the middle button): its text is awaited until
    /// `pasteTimeout` (a new one replaces it).
    public mutating func askPaste(now: Double) {
        lastInput = now
        pasteAskedAt = now
    }

    /// A paste's text arrived (already bounded by the screen to `ReplyField.maxBytes`): typed
    /// at the caret if it was asked for within `pasteTimeout`, else dropped (`.ignored`).
    @discardableResult
    public mutating func paste(_ text: String, now: Double) -> ReplyField.Outcome {
        guard let asked = pasteAskedAt else { return .ignored }
        pasteAskedAt = nil
        guard now - asked <= Self.pasteTimeout else { return .ignored }
        lastInput = now
        return field.insert(text)
    }

    /// Replaces the whole text (assistive technology's `SetTextContents`).
    public mutating func setText(_ text: String, now: Double) {
        lastInput = now
        field = ReplyField(text)
    }

    /// A press in the field put the caret at `caret` (characters): until its button goes up
    /// (`endDrag`), moving the pointer selects from there (`drag(to:now:)`).
    public mutating func press(at caret: Int, now: Double) {
        lastInput = now
        field.select(from: caret, to: caret)
        dragAnchor = field.caret
    }

    /// The pointer moved, its button held since `press`: the selection reaches from the press
    /// to `caret`. Without a press held, nothing.
    public mutating func drag(to caret: Int, now: Double) {
        guard let dragAnchor else { return }
        lastInput = now
        field.select(from: dragAnchor, to: caret)
    }

    /// The press's button went up: the caret and selection stay.
    public mutating func endDrag() { dragAnchor = nil }

    /// An edit from assistive technology (`EditableText`): as typing, it starts the timeout again.
    public mutating func edit(_ edit: ReplyEdit, now: Double) {
        lastInput = now
        field = field.applying(edit)
    }

    /// What Enter sends: the text unless it is only blanks; nil: nothing to send.
    public var submission: String? {
        field.string.allSatisfy(\.isWhitespace) ? nil : field.string
    }

    /// Whether the caret is drawn at `now`: on for `halfPeriod` after each keystroke, then
    /// off and on by turns (nil: it does not blink).
    public func caretVisible(now: Double, halfPeriod: Double?) -> Bool {
        guard let halfPeriod, halfPeriod > 0, halfPeriod.isFinite else { return true }
        let elapsed = max(0, now - lastInput)
        guard elapsed.isFinite, elapsed < Self.idleTimeout * 2 else { return true }
        return Int((elapsed / halfPeriod).rounded(.down)) % 2 == 0
    }

    /// When the caret next turns on or off; nil when it does not blink.
    public func nextBlink(after now: Double, halfPeriod: Double?) -> Double? {
        guard let halfPeriod, halfPeriod > 0, halfPeriod.isFinite else { return nil }
        let elapsed = max(0, now - lastInput)
        return lastInput + ((elapsed / halfPeriod).rounded(.down) + 1) * halfPeriod
    }
}

extension Board {
    /// The stacks whose timers wait now: those the pointer is on (`pointer`), focus mode's
    /// card's, and the open reply field's, which stops its toast's timer until it closes;
    /// every stack while focus mode's Space holds them all (`holdAll`).
    public func heldStacks(pointer: Set<StackKey>, focusedCard: String?, replyCard: String?, holdAll: Bool) -> Set<StackKey> {
        if holdAll { return Set(keys) }
        return pointer.union([focusedCard, replyCard].compactMap { $0.flatMap { key(of: $0) } })
    }
}
