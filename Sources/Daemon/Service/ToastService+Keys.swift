import ToastCore
import DaemonLog

/// The keyboard's side of the service: the `[keys]` grabs, focus mode, and the one place
/// every user intent (the pointer's and the keys') is carried out.
struct KeyInput {
    var focus: KeyboardFocus?
    /// Whether the keys held now are the set for a visible card; nil: hold them again (at
    /// start and after a reload).
    var grabbedForVisibleCard: Bool?
    /// Focus mode was asked for while another client held the keyboard (a window manager's
    /// own key grab lasts until its key is released): the grab is tried again (`GrabRetry`).
    var grabRetry: GrabRetry?
    /// The centre's panel whose keyboard and pointer are held, and the retry while another
    /// client holds them: the same rule as focus mode's.
    var panelGrab: SurfaceID?
    var panelRetry: GrabRetry?
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

    /// The next time something here is due: the focus idle timeout or a grab retry.
    var nextDeadline: Double? { [focus?.deadline, grabRetry?.next, panelRetry?.next].compactMap { $0 }.min() }
}

extension ToastService {
    // MARK: Keys

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
        let problems = screen.grab(.keys(board.config.keys.grabbed(cardVisible: visible)))
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
        // A reply field open has the focus: focus mode takes the keyboard when it closes.
        if reply == nil { grabFocusKeyboard(now: now) }
        stage.showFocus(keyInput.focus, board: board)
    }

    /// Takes the keyboard, or tries again shortly while another client holds it (`GrabRetry`).
    func grabFocusKeyboard(now: Double) {
        if screen.grab(.focus).isEmpty { return keyInput.grabRetry = nil }
        let next: GrabRetry? = if let retry = keyInput.grabRetry { retry.refused(at: now) } else { GrabRetry(refusedAt: now) }
        guard let next else {
            Log.info("focus: another program holds the keyboard; focus mode ends")
            return endFocus()
        }
        keyInput.grabRetry = next
    }

    func endFocus() {
        guard keyInput.focus != nil else { return }
        keyInput.focus = nil
        keyInput.grabRetry = nil
        screen.release(.focus)
        stage.showFocus(nil, board: board)
    }

    /// Due work: focus mode's idle timeout, a keyboard grab to try again.
    func advanceKeys(now: Double) {
        if let focus = keyInput.focus, focus.deadline <= now { endFocus() }
        if let retry = keyInput.grabRetry, retry.next <= now, reply == nil { grabFocusKeyboard(now: now) }
    }

    /// The cards changed: the ring follows (a card that went passes it on); with no card
    /// left focus mode ends.
    func followFocus() {
        guard var focus = keyInput.focus else { return }
        guard focus.follow(cards: stage.facts(board: board)) else { return endFocus() }
        keyInput.focus = focus
        stage.showFocus(focus, board: board)
    }

    // MARK: The centre's grab

    /// The centre's panel holds the keyboard and pointer while it is open, and only then:
    /// taken when it opens, tried again by the rule focus mode follows (`GrabRetry`) while
    /// another client holds them (the panel closes when that gives up: open without the
    /// keyboard it would show under another client's grab and take no keys, Escape
    /// included), let go of the moment it closes.
    func followCenterGrab(now: Double) {
        guard center.isOpen, let surface = center.surface else {
            keyInput.panelRetry = nil
            if let held = keyInput.panelGrab {
                screen.release(.panel(held))
                keyInput.panelGrab = nil
            }
            return
        }
        guard keyInput.panelGrab != surface else { return }
        if let retry = keyInput.panelRetry, retry.next > now { return }
        if screen.grab(.panel(surface)).isEmpty {
            if keyInput.panelRetry != nil { Log.info("the centre has the keyboard") }
            keyInput.panelGrab = surface
            keyInput.panelRetry = nil
            center.hasKeyboard = true
            return
        }
        let next: GrabRetry? = if let retry = keyInput.panelRetry { retry.refused(at: now) } else { GrabRetry(refusedAt: now) }
        keyInput.panelRetry = next
        if next == nil {
            Log.info("the centre could not take the keyboard: another client holds it; closed")
            center.close(now: now)
            followCenterGrab(now: now)
        }
    }

    /// Space in focus mode holds every stack's timers.
    var focusHoldsTimers: Bool { keyInput.focus?.holdsTimers ?? false }
}
