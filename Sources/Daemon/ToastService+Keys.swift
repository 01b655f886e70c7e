import ToastCore

/// The keyboard's side of the service: the `[keys]` grabs, focus mode, and the one place
/// every user intent (the pointer's and the keys') is carried out.
struct KeyInput {
    var focus: KeyboardFocus?
    /// Whether the keys held now are the set for a visible card; nil: hold them again (at
    /// start and after a reload).
    var grabbedForVisibleCard: Bool?
    /// Focus mode was asked for while another client held the keyboard (a window manager's
    /// own key grab lasts until its key is released): the grab is tried again at `next`,
    /// until `until`.
    var grabRetry: (next: Double, until: Double)?
    /// The grab problems logged since the config was last read: a key another client holds
    /// is tried again (`refused`), but said once.
    var reported: Set<String> = []
    /// Some key could not be held at the last try (another program held it, or the screen
    /// knows no such key). It is tried again when a card that would need it comes (a new
    /// newest card) and when the bus name is acquired (the server before, dunst, has gone
    /// with its grabs): never on a timer.
    var refused = false
    /// The newest visible card at the last try, so each new card tries a refused key once.
    var newestCard: String?

    /// How long focus mode waits for the keyboard another client holds, and how often it
    /// asks: a window manager lets go when the key that ran `xtoast focus` comes up.
    static let grabPatience = 1.0
    static let grabRetryInterval = 0.05

    /// The next time something here is due: the focus idle timeout or a grab retry.
    var nextDeadline: Double? { [focus?.deadline, grabRetry?.next].compactMap { $0 }.min() }
}

extension ToastService {
    // MARK: Keys

    /// A key press: in focus mode the focus keys first (any key keeps focus mode alive),
    /// then a bound key's action. A key held with Ctrl, Alt or Super is no focus key: with
    /// the keyboard taken, a bound `ctrl+space` must still be the dismiss key, not Space.
    func pressed(_ stroke: KeyStroke, now: Double) {
        let cards = stage.facts(board: board)
        if var focus = keyInput.focus {
            focus.touch(now: now)
            keyInput.focus = focus
            if stroke.modifiers.isDisjoint(with: [.control, .alt, .super]),
               let intent = focus.intent(forKey: stroke.key, cards: cards) { return perform(intent, now: now) }
        }
        if let intent = stroke.bound?.intent(cards: cards) { perform(intent, now: now) }
    }

    /// Holds the bound keys that apply now: those that need a card only while one is
    /// visible. Asks the screen only when that set changes.
    func updateKeyGrabs() {
        let newest = board.newestVisibleID
        let visible = newest != nil
        let newCard = newest != nil && newest != keyInput.newestCard
        keyInput.newestCard = newest
        guard keyInput.grabbedForVisibleCard != visible || (keyInput.refused && newCard) else { return }
        grabKeys(visible: visible)
    }

    /// Tries the keys another program held once more, now (the bus name was acquired: the
    /// server that held it has gone).
    func retryRefusedKeys() {
        guard keyInput.refused, let visible = keyInput.grabbedForVisibleCard else { return }
        grabKeys(visible: visible)
    }

    /// Asks the screen to hold the keys that apply now; the ones it already holds stay.
    private func grabKeys(visible: Bool) {
        if keyInput.grabbedForVisibleCard == nil { keyInput.reported = [] }
        keyInput.grabbedForVisibleCard = visible
        let problems = stage.output.grabKeys(board.config.keys.grabbed(cardVisible: visible))
        keyInput.refused = !problems.isEmpty
        for problem in problems where keyInput.reported.insert(problem).inserted {
            Log.info(problem)
        }
    }

    // MARK: Focus mode

    /// `xtoast focus`: an error when no card is visible.
    func focusRequest(now: Double) -> Reply {
        guard !board.visibleNewestFirst.isEmpty else { return .error("no toast is visible") }
        startFocus(now: now)
        return .ok(id: keyInput.focus?.card)
    }

    func startFocus(now: Double) {
        guard keyInput.focus == nil, let focus = KeyboardFocus(cards: stage.facts(board: board), now: now) else { return }
        keyInput.focus = focus
        grabKeyboard(now: now, patience: KeyInput.grabPatience)
        stage.showFocus(keyInput.focus, board: board)
    }

    /// Takes the keyboard, or tries again shortly while another client holds it.
    private func grabKeyboard(now: Double, patience: Double) {
        if stage.output.grabKeyboard() {
            keyInput.grabRetry = nil
        } else if patience > 0 {
            keyInput.grabRetry = (now + KeyInput.grabRetryInterval, keyInput.grabRetry?.until ?? now + patience)
        } else {
            Log.info("focus: another program holds the keyboard; focus mode ends")
            endFocus()
        }
    }

    func endFocus() {
        guard keyInput.focus != nil else { return }
        keyInput.focus = nil
        keyInput.grabRetry = nil
        stage.output.ungrabKeyboard()
        stage.showFocus(nil, board: board)
    }

    /// Due work: focus mode's idle timeout, a keyboard grab to try again.
    func advanceKeys(now: Double) {
        if let focus = keyInput.focus, focus.deadline <= now { endFocus() }
        if let retry = keyInput.grabRetry, retry.next <= now {
            grabKeyboard(now: now, patience: retry.until - now)
        }
    }

    /// A press off the cards (focus mode's pointer grab reports it on no card's surface) ends focus mode.
    func pressedOffCards(_ surface: SurfaceID) {
        guard keyInput.focus != nil, stage.card(on: surface) == nil else { return }
        endFocus()
    }

    /// The cards changed: the ring follows (a card that went passes it on); with no card
    /// left focus mode ends.
    func followFocus() {
        guard var focus = keyInput.focus else { return }
        guard focus.follow(cards: stage.facts(board: board)) else { return endFocus() }
        keyInput.focus = focus
        stage.showFocus(focus, board: board)
    }

    /// Space in focus mode holds every stack's timers.
    var focusHoldsTimers: Bool { keyInput.focus?.holdsTimers ?? false }
}
