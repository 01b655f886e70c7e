/// Repeats on the board: a toast the admission found identical to a live one
/// (`Admission.Action.repeatOf`) becomes an alias of that card.
///
/// Each alias is the caller's own id: `update`, `dismiss` and a bus `replaces_id` or
/// `CloseNotification` with it act on the card; what the card hears (`shown`, `updated`,
/// `dismissed`) the alias hears too, under its id and by its owner; so when the card ends,
/// every alias gets its one `dismissed` (on the bus, its `NotificationClosed`).
extension Board {
    /// The card an id stands for: itself, or the card a repeat's alias names.
    public func cardID(for id: String) -> String { repeats.card(for: id) }

    /// Counts a repeat on the live card `cardID`: the count goes up, the card repaints with
    /// `×N`, its timer starts again and it keeps its place. Returns the repeat's id (the
    /// next automatic one, an alias of the card), or nil when `cardID` is not live. The
    /// owner hears `shown` at once if the card is visible, else when it shows.
    public mutating func repeatToast(_ cardID: String, owner: Owner, now: Double) -> String? {
        let cardID = repeats.card(for: cardID)
        guard let key = key(of: cardID), var toast = toast(cardID) else { return nil }
        let alias = generateID()
        repeats.add(alias, to: cardID)
        owners[alias] = owner
        toast.count += 1
        setLive(toast, at: key, restartTimer: true, now: now)
        touch(cardID, at: key)
        if isVisible(cardID) {
            pending.restyled.append((cardID, false))
            pending.recounted.insert(cardID)
            pending.stacks.insert(key)
            deliver(.shown(id: alias), toast: toast)
        }
        return alias
    }

    /// Bounded: past `RepeatAliases.maxPerCard` aliases (a digest's folded toasts, echoes,
    /// which count nothing, so `Repeats.maxCount` does not bound them) a card's oldest alias
    /// ends early, with `overflow` (a digest's with `folded`); the count on the card stays.
    /// Unbounded, the digest card of a 100,000-`Notify` flood held 90,000 echoes, and its end
    /// sent 90,000 events in one 385 ms turn.
    /// `toast` is the card's, as the caller has it.
    mutating func boundAliases(of cardID: String, toast: Toast) {
        guard repeats.aliasCount(of: cardID) > RepeatAliases.maxPerCard else { return }
        while repeats.aliasCount(of: cardID) > RepeatAliases.maxPerCard, let oldest = repeats.oldestAlias(of: cardID) {
            repeats.remove(oldest)
            deliver(.dismissed(id: oldest, reason: toast.digest == nil ? .overflow : .folded), toast: toast)
            owners.removeValue(forKey: oldest)
        }
    }

    /// A toast with its own id takes an alias's id (`show`, `skip` with an explicit id): the
    /// alias stops standing for its card, which counts one less; its owner hears `dismissed`
    /// with `replaced`, as for any toast whose id a new one takes.
    mutating func detachRepeat(_ alias: String, now: Double) {
        let echo = repeats.isEcho(alias)
        guard repeats.isAlias(alias), let cardID = repeats.remove(alias), let key = key(of: cardID),
              var toast = toast(cardID) else { return }
        // An echo (`sameAs`) never added to the count.
        if !echo { toast.count = max(1, toast.count - 1) }
        setLive(toast, at: key, restartTimer: false, now: now)
        if isVisible(cardID) {
            pending.restyled.append((cardID, false))
            pending.stacks.insert(key)
        }
        deliver(.dismissed(id: alias, reason: .replaced), toast: toast)
        owners.removeValue(forKey: alias)
    }

    /// The card ended and its aliases heard it (`deliver`): they are forgotten.
    mutating func endRepeats(of cardID: String) {
        for alias in repeats.removeCard(cardID) { owners.removeValue(forKey: alias) }
    }
}

extension ToastEvent {
    /// The same event for another id (a repeat's alias).
    func naming(_ id: String) -> ToastEvent {
        switch self {
        case .shown: .shown(id: id)
        case .updated: .updated(id: id)
        case let .action(_, action): .action(id: id, action: action)
        case let .dismissed(_, reason): .dismissed(id: id, reason: reason)
        case let .replied(_, text): .replied(id: id, text: text)
        }
    }
}
