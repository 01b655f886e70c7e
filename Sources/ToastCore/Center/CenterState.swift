/// What can be clicked on the panel, as `CenterLayout` laid it out.
public enum CenterTarget: Equatable, Sendable {
    case clearAll
    case doNotDisturb
    /// A choice of the do-not-disturb menu (open after a click on the switch while it is off).
    case quietChoice(QuietChoice)
    case group(String)
    case entry(HistoryKey)
    case remove(HistoryKey)
    /// An entry's action button (shown while its sender can hear it): the action's id and
    /// the entry's `HistoryEntry.historyID`.
    case action(String, historyID: UInt64)
    /// An entry's Reply button (its toast had a reply field and its sender listens).
    case reply(historyID: UInt64)
    /// A choice of the snooze menu (open on an entry's or a group's app), and the menu's box.
    case snoozeChoice(SnoozeChoice)
    case snoozeMenuBox
}

/// The panel's own state, apart from what the board holds: where the list is scrolled, the
/// selected row, the filter, which groups and entries are open, and the "Clear all" guard.
/// Keys and clicks change it here, without a screen, and say what the daemon must do.
public struct CenterState: Equatable, Sendable {
    public var scroll = CenterScroll.top
    public var selection: CenterRow.ID?
    /// The selection's row index when last seen, so a removed row's neighbour takes it.
    var selectionIndex = 0
    /// The filter typed after `/` (nil: none); while `isTypingFilter`, every key is text.
    public var filter: String?
    public var isTypingFilter = false
    public var expandedGroups: Set<String> = []
    public var expandedEntries: Set<HistoryKey> = []
    /// Until when a second click on "Clear all" clears: the first only arms it.
    public var clearArmedUntil: Double?
    /// The do-not-disturb switch's menu is open (1 hour, 4 hours, …).
    public var quietMenuOpen = false
    /// The menu's highlighted choice (an index into the choices offered), when the keyboard
    /// opened it or moved in it: Up and Down move it, Enter takes it.
    public var quietMenuSelection: Int?
    /// The snooze menu, open on an entry's or a group's application (`CenterState+SnoozeMenu`),
    /// and where it opened (panel coordinates; nil: under the selected row).
    public var snoozeMenu: SnoozeMenu?
    public var snoozeMenuAt: Point?

    public init() {}

    /// How long "Clear all" stays armed after its first click.
    public static let clearGuard = 3.0
    /// Scalars a filter holds: more than anything worth typing into a search box.
    public static let maxFilterScalars = 64

    /// Whether the second click of "Clear all" would clear at `now`.
    public func isClearArmed(now: Double) -> Bool { clearArmedUntil.map { now < $0 } ?? false }

    /// The selected row's index in `rows`, if it is there.
    public func selectedIndex(in rows: [CenterRow]) -> Int? {
        guard let selection else { return nil }
        return rows.firstIndex { $0.id == selection }
    }

    /// After the list changed (entries came, went, were filtered): a selection whose row has
    /// gone passes to the row now at its place, and the scroll stays within the list.
    public mutating func follow(_ rows: [CenterRow], viewport: Double, height: (Int) -> Double) {
        if selection != nil {
            if let i = selectedIndex(in: rows) {
                selectionIndex = i
            } else if rows.isEmpty {
                selection = nil
            } else {
                selectionIndex = min(selectionIndex, rows.count - 1)
                selection = rows[selectionIndex].id
            }
        }
        scroll = scroll.keptAboveEnd(count: rows.count, viewport: viewport, height: height)
    }

    public mutating func toggleExpanded(_ key: HistoryKey) {
        if expandedEntries.remove(key) == nil { expandedEntries.insert(key) }
    }

    /// A key pressed while the panel is open. Shift+C and Shift+D act only outside the filter,
    /// where typing them is text; Escape first leaves (and clears) the filter, then closes.
    /// `r` on an entry that offers Reply answers it late (`CenterCommand.reply`).
    /// Shift+Q opens the do-not-disturb menu from the keyboard (as a click on the switch
    /// does); while it is open the menu has the keys (`pressInQuietMenu`). `quietChoices` are
    /// the choices it offers now (`QuietChoice.offered`).
    public mutating func press(_ key: KeyPress, rows: [CenterRow], viewport: Double, now: Double,
                               height: (Int) -> Double, quietChoices: [QuietChoice] = QuietChoice.allCases) -> CenterCommand? {
        if quietMenuOpen { return pressInQuietMenu(key, choices: quietChoices) }
        if snoozeMenu != nil { return pressInSnoozeMenu(key) }
        if isTypingFilter {
            switch key.key {
            case .escape:
                filter = nil
                isTypingFilter = false
                return nil
            case .enter:
                isTypingFilter = false
                if filter?.isEmpty == true { filter = nil }
                return nil
            case .backspace:
                if var text = filter, !text.isEmpty {
                    text.removeLast()
                    filter = text
                }
                return nil
            case .text, .space, .digit:
                guard !key.command, !key.text.isEmpty, key.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "\u{7F}" }) else { return nil }
                let text = (filter ?? "") + key.text
                guard text.unicodeScalars.count <= Self.maxFilterScalars else { return nil }
                filter = text
                scroll = .top
                selection = nil
                return nil
            default:
                break  // the arrows and the page keys still move through what matches
            }
        }
        switch key.key {
        case .escape:
            if filter != nil {
                filter = nil
                return nil
            }
            return .close
        case .text where !key.command:
            switch key.text {
            case "/":
                isTypingFilter = true
                filter = filter ?? ""
            case "C" where key.shift: return .clearAll
            case "D" where key.shift: return .toggleDoNotDisturb
            case "M" where key.shift:
                guard let i = selectedIndex(in: rows) else { return nil }
                switch rows[i] {
                case let .group(app, _, _, _): return app.isEmpty ? nil : .snoozeApp(app, .oneHour)
                case let .entry(entry):
                    let app = entry.toast.app.flatMap { $0.isEmpty ? nil : $0 } ?? entry.toast.desktopEntry
                    return app.isEmpty ? nil : .snoozeApp(app, .oneHour)
                }
            case "r", "R":
                // Reply on the selected entry, as `r` opens a focused card's field.
                guard let i = selectedIndex(in: rows), case let .entry(entry) = rows[i], CenterContent.offersReply(entry) else { return nil }
                return .reply(historyID: entry.historyID)
            case "s" where !key.shift:
                openSnoozeMenuOnSelection(rows: rows)
            case "Q" where key.shift:
                quietMenuOpen = true
                quietMenuSelection = quietChoices.isEmpty ? nil : 0
            default: break
            }
            return nil
        case .delete:
            guard let i = selectedIndex(in: rows), case let .entry(entry) = rows[i] else { return nil }
            return .remove(HistoryKey(entry))
        case .enter:
            guard let i = selectedIndex(in: rows) else { return nil }
            switch rows[i] {
            case let .group(app, _, _, _):
                toggleGroup(app)
                return nil
            case let .entry(entry): return .activate(entry)
            }
        case .up, .down, .pageUp, .pageDown, .home, .end:
            move(key.key, rows: rows, viewport: viewport, height: height)
            return nil
        case .backspace, .text, .left, .right, .tab, .space, .digit:
            return nil
        }
    }

    /// A key while the do-not-disturb menu is open: Up and Down move the highlight (it stops
    /// at the ends), Enter takes the highlighted choice, a digit 1-9 takes that choice at once,
    /// Escape (or any other key) closes the menu and does nothing else.
    mutating func pressInQuietMenu(_ key: KeyPress, choices: [QuietChoice]) -> CenterCommand? {
        let last = choices.count - 1
        switch key.key {
        case .down, .tab:
            guard last >= 0 else { break }
            quietMenuSelection = min(last, (quietMenuSelection ?? -1) + 1)
            return nil
        case .up:
            guard last >= 0 else { break }
            quietMenuSelection = max(0, min(last, (quietMenuSelection ?? 1) - 1))
            return nil
        case .home where last >= 0:
            quietMenuSelection = 0
            return nil
        case .end where last >= 0:
            quietMenuSelection = last
            return nil
        case .enter:
            if let i = quietMenuSelection, choices.indices.contains(i) {
                closeQuietMenu()
                return .pauseFor(choices[i])
            }
        case let .digit(n) where n >= 1 && n <= choices.count:
            closeQuietMenu()
            return .pauseFor(choices[n - 1])
        default: break
        }
        closeQuietMenu()
        return nil
    }

    mutating func closeQuietMenu() {
        quietMenuOpen = false
        quietMenuSelection = nil
    }

    public mutating func toggleGroup(_ app: String) {
        if expandedGroups.remove(app) == nil { expandedGroups.insert(app) }
    }

    /// Moves the selection (the first key selects the top row) and scrolls it into view.
    mutating func move(_ key: KeyPress.Key, rows: [CenterRow], viewport: Double, height: (Int) -> Double) {
        guard !rows.isEmpty else { return }
        let current = selectedIndex(in: rows)
        let page = max(1, scroll.visibleRows(count: rows.count, viewport: viewport, height: height).count - 1)
        var target: Int
        switch key {
        case .down: target = current.map { $0 + 1 } ?? 0
        case .up: target = current.map { $0 - 1 } ?? 0
        case .pageDown: target = (current ?? 0) + page
        case .pageUp: target = (current ?? 0) - page
        case .home: target = 0
        case .end: target = rows.count - 1
        default: return
        }
        target = max(0, min(rows.count - 1, target))
        selection = rows[target].id
        selectionIndex = target
        if key == .end { scroll = CenterScroll.end(count: rows.count, viewport: viewport, height: height) }
        if key == .home { scroll = .top }
        scroll = scroll.revealing(target, count: rows.count, viewport: viewport, height: height)
    }

    /// A click on one of the panel's targets.
    /// `userQuiet`: the user's own do-not-disturb is on, so the switch turns it off; off, the
    /// switch opens its menu, and a choice there turns it on.
    public mutating func click(_ target: CenterTarget, rows: [CenterRow], now: Double, userQuiet: Bool = false) -> CenterCommand? {
        if snoozeMenu != nil { return clickInSnoozeMenu(target) }
        let menuWasOpen = quietMenuOpen
        closeQuietMenu()
        switch target {
        case .clearAll:
            if isClearArmed(now: now) {
                clearArmedUntil = nil
                return .clearAll
            }
            clearArmedUntil = now + Self.clearGuard
            return nil
        case .doNotDisturb:
            if userQuiet { return .toggleDoNotDisturb }
            quietMenuOpen = !menuWasOpen
            return nil
        case let .quietChoice(choice):
            return .pauseFor(choice)
        case .snoozeChoice, .snoozeMenuBox:
            return nil  // only while the snooze menu is open (above)
        case let .group(app):
            toggleGroup(app)
            select(.group(app), in: rows)
            return nil
        case let .remove(key):
            return .remove(key)
        case let .action(action, historyID):
            return .lateAction(action, historyID: historyID)
        case let .reply(historyID):
            return .reply(historyID: historyID)
        case let .entry(key):
            select(.entry(key), in: rows)
            guard let row = rows.first(where: { $0.id == .entry(key) }), case let .entry(entry) = row else { return nil }
            return .activate(entry)
        }
    }

    private mutating func select(_ id: CenterRow.ID, in rows: [CenterRow]) {
        selection = id
        if let i = rows.firstIndex(where: { $0.id == id }) { selectionIndex = i }
    }
}
