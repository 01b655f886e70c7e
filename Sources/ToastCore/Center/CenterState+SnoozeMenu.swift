/// The centre's snooze menu: "Mute APP for 1 hour / until tomorrow / always" for an entry's
/// or a group's application, opened by a right click on it or S on the selected row. While it
/// is open it has the keys (`SnoozeMenu.press`) and a click anywhere on the panel but a
/// choice closes it; a choice is `CenterCommand.snoozeApp`, what `xtoast snooze` does.
extension CenterState {
    /// The application row `row` stands for ("" for an entry without a name or desktop entry).
    static func app(of row: CenterRow) -> String {
        switch row {
        case let .group(app, _, _, _): app
        case let .entry(entry): SnoozeMenu.app(of: entry.toast)
        }
    }

    /// Opens the menu on `target`'s row (an entry, its × or button, or a group) at `point`
    /// (panel coordinates; nil: under the selected row). False when it names no application.
    @discardableResult
    public mutating func openSnoozeMenu(on target: CenterTarget?, rows: [CenterRow], at point: Point?) -> Bool {
        let id: CenterRow.ID? = switch target {
        case let .entry(key)?, let .remove(key)?: .entry(key)
        case let .group(app)?: .group(app)
        case let .action(_, historyID)?: rows.first { if case let .entry(e) = $0 { e.historyID == historyID } else { false } }?.id
        default: nil
        }
        guard let id, let row = rows.first(where: { $0.id == id }), let menu = SnoozeMenu(app: Self.app(of: row), on: .center) else {
            return false
        }
        closeQuietMenu()
        snoozeMenu = menu
        snoozeMenuAt = point
        return true
    }

    /// S on the selected row.
    mutating func openSnoozeMenuOnSelection(rows: [CenterRow]) {
        guard let i = selectedIndex(in: rows), let menu = SnoozeMenu(app: Self.app(of: rows[i]), on: .center) else { return }
        closeQuietMenu()
        snoozeMenu = menu
        snoozeMenuAt = nil
    }

    /// A key while the menu is open.
    mutating func pressInSnoozeMenu(_ key: KeyPress) -> CenterCommand? {
        guard var menu = snoozeMenu else { return nil }
        let outcome = menu.press(key)
        snoozeMenu = menu
        return finish(outcome, app: menu.app)
    }

    /// A click while the menu is open: a choice, else the menu closes and the click does
    /// nothing more (a click on its box between rows keeps it).
    mutating func clickInSnoozeMenu(_ target: CenterTarget) -> CenterCommand? {
        guard let menu = snoozeMenu else { return nil }
        let inMenu: SnoozeMenu.Target? = switch target {
        case let .snoozeChoice(choice): .choice(choice)
        case .snoozeMenuBox: .box
        default: nil
        }
        return finish(menu.press(on: inMenu), app: menu.app)
    }

    /// The pointer moved over `target`: a choice lights. True when the menu changed.
    public mutating func hoverInSnoozeMenu(_ target: CenterTarget?) -> Bool {
        guard var menu = snoozeMenu, case let .snoozeChoice(choice)? = target else { return false }
        let changed = menu.hover(.choice(choice))
        snoozeMenu = menu
        return changed
    }

    private mutating func finish(_ outcome: SnoozeMenu.Outcome, app: String) -> CenterCommand? {
        switch outcome {
        case .open: return nil
        case .closed:
            closeSnoozeMenu()
            return nil
        case let .chose(choice):
            closeSnoozeMenu()
            return .snoozeApp(app, choice)
        }
    }

    public mutating func closeSnoozeMenu() {
        snoozeMenu = nil
        snoozeMenuAt = nil
    }
}
