import ToastCore
import DaemonLog

/// The snooze menu beside a card (a right click on it, S in focus mode): opened as a popup
/// that holds the keyboard and pointer while it shows (as the centre's panel does), closed by
/// a choice, Escape, or a press anywhere else; a choice snoozes the card's application
/// exactly as `xtoast snooze` does (`snoozeApp`) and the card closes.
extension ToastService {
    /// Opens the menu for card `id`: at `pointer` (the right click's place), else beside the card.
    func openSnoozeMenu(_ id: String, at pointer: Point?, now: Double) {
        guard snoozing.popup == nil, !center.isOpen, let toast = board.toast(id), let card = stage.card(id) else { return }
        guard let menu = SnoozeMenu(app: SnoozeMenu.app(of: toast), on: .card(id)) else {
            return Log.info("snooze: the card names no application")
        }
        let monitor = stage.monitor(card.key).frame
        let at = pointer ?? Point(x: card.frame.x + card.frame.width / 2, y: card.frame.y + card.frame.height / 2)
        let popup = stage.snoozePopup(menu, at: at, monitor: monitor)
        guard screen.grab(.panel(popup.surface)).isEmpty else {
            popup.close()
            return Log.info("snooze menu: another client holds the keyboard or the pointer")
        }
        changeSnoozeMenu { $0.opened(popup) }
        // The grab took the pointer: the card is no longer hovered (its leave came during the
        // grab and is ignored); the menu holds its stack instead (`snoozeMenuHolds`), and an
        // enter after the menu closes hovers it again if the pointer is still there.
        stage.pointerTaken(now: now)
    }

    /// Input the router gave the open menu, as the router reads it (`InputRouter.snoozeMenuInput`).
    func handleInSnoozeMenu(_ input: InputEvent, now: Double) {
        guard let popup = snoozing.popup, let given = InputRouter.snoozeMenuInput(input) else { return }
        let outcome: SnoozeMenu.Outcome
        switch given {
        case let .key(press):
            outcome = popup.press(press)
        case let .press(root, surface):
            outcome = popup.menu.press(on: popup.target(at: root, on: surface))
        case let .hover(root, surface):
            popup.hover(popup.target(at: root, on: surface))
            return
        }
        switch outcome {
        case .open: break
        case .closed: closeSnoozeMenu()
        case let .chose(choice):
            let menu = popup.menu
            closeSnoozeMenu()
            switch menu.place {
            case let .card(id): snoozeCard(id, app: menu.app, choice: choice, now: now)
            case .center: snoozeApp(menu.app, choice: choice, now: now)
            }
        }
    }

    /// Closes the menu and lets the keyboard and pointer go (focus mode, if on, takes the
    /// keyboard back; the centre's panel, if it took them meanwhile, keeps them).
    func closeSnoozeMenu() {
        guard let popup = changeSnoozeMenu({ $0.closeMenu() }) else { return }
        popup.close()
        guard keyInput.panelGrab == nil else { return }
        screen.release(.panel(popup.surface))
        if keyInput.focus != nil { screen.grab(.focus) }
    }

    /// The stack of the card the menu is about waits while the menu is open, as a hovered
    /// one does: the card does not time out from under the choice.
    var snoozeMenuHolds: Set<StackKey> {
        guard case let .card(id)? = snoozing.popup?.menu.place, let key = board.key(of: id) else { return [] }
        return [key]
    }

    /// A fact about the screen: the popup's surface is of the old kind (a compositor came or
    /// went), its monitor may be gone, or a locker covers it: it closes.
    func snoozeMenuScreenEvent(_ input: InputEvent) {
        switch input {
        case .compositorChanged, .screenChanged: closeSnoozeMenu()
        case let .lockChanged(monitors) where !monitors.isEmpty: closeSnoozeMenu()
        default: break
        }
    }
}
