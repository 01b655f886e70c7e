/// What the keyboard commands (`xtoast dismiss`, `invoke`, `restore`, `menu`) choose, and
/// late actions: decided here so a key binding, the socket and the notification centre
/// agree on "the newest toast".
extension Board {
    // MARK: Choosing

    /// `xtoast dismiss` without an id: the newest visible toast ends as if the user had closed
    /// it (reason `close`). Its id; nil when nothing is on screen.
    public mutating func dismissNewest(now: Double) -> String? {
        guard let id = newest(for: .any)?.id else { return nil }
        dismiss(id, reason: .close, now: now)
        return id
    }

    /// What `xtoast invoke [ACTION] [--id ID]` chooses: the toast `id` (visible, waiting, or
    /// kept open in the centre), or else the newest visible one that has `action`, or without
    /// one its default action (`newest(for:)`, as the invoke key chooses). The error names
    /// what there is to choose instead.
    public func invocation(action: String?, id: String?) -> Result<(id: String, action: String), RequestError> {
        let toast: Toast
        if let id {
            guard let found = self.toast(id) ?? kept(id)?.toast else { return .failure(RequestError("no toast with id \"\(id)\"")) }
            toast = found
        } else {
            let purpose: NewestPurpose = action.map { .action($0) } ?? .defaultAction
            // An action no toast has is refused naming what the newest toast with actions offers.
            let offering = action == nil ? nil : newest { !$0.actions.isEmpty || $0.defaultAction != nil }
            guard let found = newest(for: purpose) ?? offering else {
                return .failure(RequestError(purpose.noneMessage(anyVisible: newest(for: .any) != nil)))
            }
            toast = found
        }
        let available = toast.actions.map(\.id) + (toast.defaultAction.map { d in toast.actions.contains { $0.id == d } ? [] : [d] } ?? [])
        let offered = available.isEmpty ? "it has none" : "it has: \(available.joined(separator: ", "))"
        if let action {
            guard available.contains(action) else {
                return .failure(RequestError("toast \"\(toast.id)\" has no action \"\(action)\" (\(offered))"))
            }
            return .success((toast.id, action))
        }
        guard let d = toast.defaultAction else {
            return .failure(RequestError("toast \"\(toast.id)\" has no default action; name one (\(offered))"))
        }
        return .success((toast.id, d))
    }

    // MARK: Restoring

    /// The history entry `restore` brings back: the most recently ended one, or the most
    /// recent with toast id `id`.
    public func restorable(id: String?) -> Result<HistoryEntry, RequestError> {
        guard let entry = history.last(where: { id == nil || $0.toast.id == id }) else {
            return .failure(RequestError(id.map { "no toast with id \"\($0)\" in history" } ?? "history is empty"))
        }
        return .success(entry)
    }

    /// `xtoast restore`: takes the entry out of history and shows its toast again as a new
    /// toast of `owner`'s, with a new id, its original content and `"restored":true`; it stays
    /// until dismissed (timeout 0, as dunst's history-pop: the user asked to read it). Its
    /// buttons stay only while the original sender can hear them (the entry's `listener`),
    /// and reach it under the original id, late. Returns the new id.
    public mutating func restore(id: String?, owner: Owner, monitor: String = "", now: Double) -> Result<String, RequestError> {
        if case let .failure(error) = restorable(id: id) { return .failure(error) }
        guard let i = history.lastIndex(where: { id == nil || $0.toast.id == id }) else { return .failure(RequestError("history is empty")) }
        return .success(restore(at: i, owner: owner, monitor: monitor, now: now))
    }

    /// The centre's Reply on an entry (`CenterCommand.reply`): its toast comes back as
    /// `restore` brings it (a kept one as itself), so that its reply field can open on the
    /// card and its reply reach the sender late under the original id. Nil, and nothing
    /// changed, when no entry has that number, or its toast had no reply, or its sender no
    /// longer listens (decided from the board now: it may have left since the panel drew).
    /// The user asked for the card: it shows through do-not-disturb and a fullscreen window
    /// (as a critical toast does), so the field has a card to open on.
    public mutating func restoreToReply(historyID: UInt64, owner: Owner, monitor: String = "", now: Double) -> String? {
        guard let i = history.index(ofHistoryID: historyID), CenterContent.offersReply(history[i]) else { return nil }
        return restore(at: i, owner: owner, monitor: monitor, asked: true, now: now)
    }

    /// `asked`: shown through quiet and fullscreen (the centre's Reply).
    mutating func restore(at i: Int, owner: Owner, monitor: String, asked: Bool = false, now: Double) -> String {
        func shown(_ toast: Toast) -> Toast {
            guard asked else { return toast }
            var toast = toast
            toast.overridePauseLevel = QuietState.fullLevel
            toast.fullscreen = .show
            return toast
        }
        if history[i].kept, let (entry, keeper) = reopenKept(history[i].toast.id) {
            // Still open: it comes back as itself, its sender still listening, until dismissed.
            var toast = entry.toast
            toast.timeout = 0
            return present(shown(toast), owner: keeper, monitor: monitor, now: now)
        }
        let entry = history.remove(at: i)
        // The entry leaves the file too: the restored toast goes back in when it ends, once.
        pending.historyEdited = true
        var toast = entry.toast
        toast.id = ""
        toast.restored = true
        toast.timeout = 0
        toast.lateListener = entry.listener
        if entry.listener == nil {
            toast.actions = []
            toast.defaultAction = nil
            toast.reply = nil  // nobody would hear it
        }
        return present(shown(toast), owner: owner, monitor: monitor, now: now)
    }

    // MARK: Late actions

    /// The user chose `action` on an ended toast (the centre's buttons): its sender hears it
    /// under the toast's original id with `"late":true` (the bus: `ActionInvoked`), and the
    /// entry is read. False, and nothing sent, when no entry has that number, its sender can
    /// no longer hear (`HistoryEntry.listener` is nil) or the toast had no such action.
    /// `activationToken` goes with the event (the click or key in the centre that chose it).
    @discardableResult
    public mutating func lateAction(_ action: String, on historyID: UInt64, activationToken: String? = nil, now: Double) -> Bool {
        guard let i = history.index(ofHistoryID: historyID), let listener = history[i].listener else { return false }
        let toast = history[i].toast
        guard toast.actions.contains(where: { $0.id == action }) || toast.defaultAction == action else { return false }
        if history[i].kept {
            chooseKept(action, at: i, activationToken: activationToken)
            return true
        }
        if history[i].unread { pending.historyEdited = true }
        history[i].unread = false
        deliverLate(action, to: listener, toast: toast, activationToken: activationToken)
        return true
    }

    /// Marks every history entry read (the centre is open: all it lists has been seen); `count`
    /// followers hear the new unread count.
    public mutating func markAllRead() {
        // From the newest back, until none is left unread: once the centre has marked
        // everything, only what ended since is unread, at the end.
        var i = history.count
        while history.unreadCount > 0, i > 0 {
            i -= 1
            guard history[i].unread else { continue }
            history[i].unread = false
            pending.historyEdited = true
        }
    }

    /// A bus application left the bus (its unique name has no owner any more): nothing of its
    /// can hear a late action now, and its live toasts end when they time out rather than
    /// stay open in the centre (`Board+Kept`) for nobody.
    public mutating func busNameLeft(_ name: String) {
        dropListeners { $0.busName == name }
        senderLeft(name)
        for toast in liveToasts where toast.sender == name && toast.keepsOpen {
            guard let key = key(of: toast.id) else { continue }
            var unkept = toast
            unkept.keepsOpen = false
            setLive(unkept, at: key, restartTimer: false, now: 0)
        }
    }

    /// Forgets the listeners that `gone` matches: in history (a kept toast nobody can hear
    /// now ends, with `timeout`), and on restored toasts still live, whose buttons go (their
    /// cards repaint without them).
    public mutating func dropListeners(_ gone: (Listener) -> Bool) {
        for i in history.indices where history.listenerCount > 0 && history[i].listener.map(gone) == true {
            if history[i].kept { endKept(at: i, reason: .timeout) }
            history[i].listener = nil
        }
        for toast in liveToasts where toast.lateListener.map(gone) == true {
            guard let key = key(of: toast.id) else { continue }
            var stripped = toast
            stripped.lateListener = nil
            stripped.actions = []
            stripped.defaultAction = nil
            stripped.reply = nil
            setLive(stripped, at: key, restartTimer: false, now: 0)
            if isVisible(toast.id) {
                pending.restyled.append((toast.id, false))
                pending.stacks.insert(key)
            }
        }
    }

    /// The action event for a toast that has ended (or a restored copy of it): to its
    /// listener and the subscribers, under the original id, marked late.
    mutating func deliverLate(_ action: String, to listener: Listener, toast: Toast?, activationToken: String? = nil) {
        var recipients = [listener.owner]
        recipients += subscribers.filter { $0 != listener.owner }.sorted()
        var delivery = BoardChanges.Delivery(event: .action(id: listener.id, action: action), recipients: recipients,
                                             source: toast?.source, app: toast?.app, rules: toast?.rules ?? [], late: true,
                                             activationToken: activationToken)
        delivery.interface = toast?.interface
        delivery.desktopEntry = toast.flatMap { $0.desktopEntry.isEmpty ? nil : $0.desktopEntry }
        pending.deliveries.append(delivery)
    }
}
