/// The one store of live toasts: every stack, who owns each toast, what holds each monitor
/// (do-not-disturb, a fullscreen window, a locker, the user away), the ids, and the history
/// of ended toasts.
///
/// Requests go in with the time (`now`, seconds on a monotonic clock); what they changed
/// piles up until `takeChanges()`: cards to create, repaint, lay out or send away, and
/// events addressed to owners and subscribers. Every toast that was accepted gets exactly
/// one `dismissed`, always its last event. Nothing here reads a clock or touches a screen.
public struct Board: Sendable {
    /// The board's fields, in one box: a copy of the board (the service passes it to the stage
    /// and the centre on every change, and Swift copies a class's stored struct to pass it) is one
    /// retain rather than one per string, array and dictionary of the board and its config
    /// (callgrind on a flooded daemon: about a quarter of its instructions). Still a value:
    /// a board that shares its box copies it before it changes (`makeUnique`).
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        /// The whole struct at once, so a field added later cannot be left out of a copy.
        func copy() -> Storage { Storage(fields) }
    }
    /// What the box holds.
    struct Fields: Sendable {
        var config: Config
        var stacks: [StackKey: ToastStack] = [:]
        var live: LiveIndex = LiveIndex()
        var work = 0
        var owners: [String: Owner] = [:]
        var subscribers: Set<Owner> = []
        var globalHolds: Set<HoldReason> = []
        var monitorHolds: [String: Set<HoldReason>] = [:]
        var history: HistoryLog = HistoryLog()
        var nextHistoryID: UInt64 = 1
        var countFollowers: Set<Owner> = []
        var lastCounts: Counts?
        var nextID: UInt64 = 1
        var arrivals: UInt64 = 0
        var pending: BoardChanges = BoardChanges()
        var repeats: RepeatAliases = RepeatAliases()
        var departedSenders: Set<String> = []
        var bursts = Bursts()
        var snoozedApps: Set<String> = []
        var quietSnoozed = QuietSnoozed()
        var room: [String: Int] = [:]
    }
    private var storage: Storage
    /// Copies the box when another board shares it, so changes stay this board's own.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    public private(set) var config: Config {
        get { storage.fields.config }
        _modify { makeUnique(); yield &storage.fields.config }
    }
    private var stacks: [StackKey: ToastStack] {
        get { storage.fields.stacks }
        _modify { makeUnique(); yield &storage.fields.stacks }
    }
    /// Each live toast's stack, and what admission looks up among the live (`LiveIndex`).
    private(set) var live: LiveIndex {
        get { storage.fields.live }
        _modify { makeUnique(); yield &storage.fields.live }
    }
    /// Entries read in a search or moved in a queue, in every stack and in the history, and
    /// live toasts examined as candidates (a stack tag's, a repeat's): what the cost tests
    /// bound per operation, whatever the load.
    public internal(set) var work: Int {
        get { storage.fields.work }
        _modify { makeUnique(); yield &storage.fields.work }
    }
    /// Who showed each live toast (and each repeat's alias).
    var owners: [String: Owner] {
        get { storage.fields.owners }
        _modify { makeUnique(); yield &storage.fields.owners }
    }
    /// Owners that asked for every event (`subscribe`).
    public private(set) var subscribers: Set<Owner> {
        get { storage.fields.subscribers }
        _modify { makeUnique(); yield &storage.fields.subscribers }
    }
    /// Reasons that hold every monitor (do-not-disturb, the user away, a screen saver). The
    /// board is the only writer of holds: each stack keeps its monitor's as a `HoldPolicy`,
    /// set here when the stack is made and whenever a reason or the config changes.
    public private(set) var globalHolds: Set<HoldReason> {
        get { storage.fields.globalHolds }
        _modify { makeUnique(); yield &storage.fields.globalHolds }
    }
    /// Reasons that hold one monitor (a fullscreen window on it, a locker covering it).
    public private(set) var monitorHolds: [String: Set<HoldReason>] {
        get { storage.fields.monitorHolds }
        _modify { makeUnique(); yield &storage.fields.monitorHolds }
    }
    /// New toasts wait (critical ones excepted) while this is on.
    public var doNotDisturb: Bool { globalHolds.contains(.doNotDisturb) }
    /// What do-not-disturb lets through now (`QuietState.status`'s gate): its level, the
    /// schedules' `allow`.
    public private(set) var quiet = QuietGate.off
    /// The last ended toasts, oldest first, within `config.historyKeep` and `historyKeepDays`
    /// (`Board+History`); what the history file holds, once the daemon has restored it.
    public internal(set) var history: HistoryLog {
        get { storage.fields.history }
        _modify { makeUnique(); yield &storage.fields.history }
    }
    /// The next `HistoryEntry.historyID`.
    var nextHistoryID: UInt64 {
        get { storage.fields.nextHistoryID }
        _modify { makeUnique(); yield &storage.fields.nextHistoryID }
    }
    /// Owners that follow the counts (`count --follow`), and the counts they last heard.
    var countFollowers: Set<Owner> {
        get { storage.fields.countFollowers }
        _modify { makeUnique(); yield &storage.fields.countFollowers }
    }
    var lastCounts: Counts? {
        get { storage.fields.lastCounts }
        _modify { makeUnique(); yield &storage.fields.lastCounts }
    }
    /// The one counter for automatic ids, whichever source asks (socket or bus); from 1, after
    /// the largest id a restored history holds (`restoreHistory`).
    var nextID: UInt64 {
        get { storage.fields.nextID }
        _modify { makeUnique(); yield &storage.fields.nextID }
    }
    /// How many toasts have come so far: each stack entry's age, so stacks that merge (a
    /// monitor went away) keep their cards in order.
    private var arrivals: UInt64 {
        get { storage.fields.arrivals }
        _modify { makeUnique(); yield &storage.fields.arrivals }
    }
    /// Cards each monitor holds (`setRoom`), for `max_visible = 0`.
    private var room: [String: Int] {
        get { storage.fields.room }
        _modify { makeUnique(); yield &storage.fields.room }
    }
    var pending: BoardChanges {
        get { storage.fields.pending }
        _modify { makeUnique(); yield &storage.fields.pending }
    }
    /// The ids of repeats, aliases of the cards they collapsed into (`Board+Repeats`).
    public internal(set) var repeats: RepeatAliases {
        get { storage.fields.repeats }
        _modify { makeUnique(); yield &storage.fields.repeats }
    }
    /// Bus senders (unique names) of live toasts that have left the bus (`Board+BusSenders`):
    /// their toasts are anyone's to replace or close. Only names a live toast still carries.
    var departedSenders: Set<String> {
        get { storage.fields.departedSenders }
        _modify { makeUnique(); yield &storage.fields.departedSenders }
    }

    /// Each application's recent bus toasts and digest card (`[quiet] burst`, `Board+Digest`).
    public internal(set) var bursts: Bursts {
        get { storage.fields.bursts }
        _modify { makeUnique(); yield &storage.fields.bursts }
    }

    /// The applications snoozed now (`Snoozes.active`, lowercased names): the admission sends
    /// their toasts to history. The daemon keeps the snoozes on the wall clock and sets this.
    public var snoozedApps: Set<String> {
        get { storage.fields.snoozedApps }
        _modify { makeUnique(); yield &storage.fields.snoozedApps }
    }

    /// The snoozed toasts that came during the quiet time now on: the summary counts them.
    var quietSnoozed: QuietSnoozed {
        get { storage.fields.quietSnoozed }
        _modify { makeUnique(); yield &storage.fields.quietSnoozed }
    }

    /// Whether a quiet time (do-not-disturb, a lock) holds any monitor.
    var isQuiet: Bool {
        !globalHolds.isDisjoint(with: HoldReason.quiet) || monitorHolds.values.contains { !$0.isDisjoint(with: HoldReason.quiet) }
    }

    public init(config: Config = .default) { storage = Storage(Fields(config: config)) }

    // MARK: Reading

    /// The live toast with this id; for a repeat's alias, the card's toast.
    public func toast(_ id: String) -> Toast? {
        let id = repeats.card(for: id)
        return live.key(of: id).flatMap { stacks[$0]?.entry(id)?.toast }
    }

    public func key(of id: String) -> StackKey? { live.key(of: id) }
    public func isVisible(_ id: String) -> Bool { live.key(of: id).flatMap { stacks[$0]?.isVisible(id) } ?? false }
    public func owner(of id: String) -> Owner? { owners[id] }

    /// Every live id `owner` showed (cards, queued toasts and repeats' aliases), in no order:
    /// O(live), for the rare moment all of them end at once (the bus name is lost).
    public func ids(ownedBy owner: Owner) -> [String] { owners.compactMap { $0.value == owner ? $0.key : nil } }

    /// Whether the toast `id` (or the card a repeat's alias names) is kept back by its stack's
    /// holds (`HoldPolicy.holdsNew`: do-not-disturb, a fullscreen window, a locker) rather than
    /// shown or waiting for room; true when it is not live (it went to history or into the
    /// centre). What its arrival sound asks (`SoundChoice`).
    public func holdsBack(_ id: String) -> Bool {
        let id = cardID(for: id)
        return key(of: id).flatMap { stacks[$0]?.holdsBack(id) } ?? true
    }

    /// What holds `monitor` now. The user being away does not count where a fullscreen
    /// window is up: someone watches a video without touching anything.
    public func holds(on monitor: String) -> Set<HoldReason> {
        var reasons = globalHolds.union(monitorHolds[monitor] ?? [])
        if reasons.contains(.fullscreen) { reasons.remove(.idle) }
        return reasons
    }

    /// The holds of `monitor` with the settings that say what each does.
    public func policy(on monitor: String) -> HoldPolicy {
        HoldPolicy(reasons: holds(on: monitor), fullscreen: config.fullscreen, lock: config.lock, quiet: quiet)
    }
    /// One stack's toasts and timers, for the answers.
    func stacks(_ key: StackKey) -> ToastStack? { stacks[key] }

    /// Every stack that holds a toast, in a stable order. Asked several times after every
    /// change: `withStack` drops a stack that empties, so the keys need no filtering (a
    /// filter copied the dictionary and retained every stack's arrays each time).
    public var keys: [StackKey] {
        assert(stacks.values.allSatisfy { !$0.isEmpty }, "an empty stack was kept")
        return stacks.keys.sorted { ($0.monitor, $0.position.order) < ($1.monitor, $1.position.order) }
    }

    /// What a stack shows: its visible toasts from the edge outward, and how many
    /// wait behind them for the "+N more" card (nil when no such card shows: nothing waits,
    /// or do-not-disturb shows nothing new, not even how much is waiting).
    public struct StackView: Equatable, Sendable {
        /// In the order `[general] sort` and `stack` say (`StackOrder`): newest first by default.
        public var fromEdge: [Toast]
        public var more: Int?
    }

    public func view(of key: StackKey) -> StackView {
        guard let stack = stacks[key] else { return StackView(fromEdge: [], more: nil) }
        let waiting = stack.waiting.count
        return StackView(fromEdge: StackOrder(sort: config.sort, direction: config.stack).fromEdge(stack.visible).map(\.toast),
                         more: waiting == 0 || !stack.policy.showsWaitingCount ? nil : waiting)
    }

    /// The earliest time a visible toast times out.
    public var nextDeadline: Double? { stacks.values.compactMap(\.nextDeadline).min() }

    /// Whether the changes not taken yet put new cards on screen, or change anything at all:
    /// the daemon asks the screen about a locker before such cards map.
    public var pendingEntries: (entered: Bool, any: Bool) { (!pending.entered.isEmpty, !pending.isEmpty) }

    /// Takes what changed since the last call.
    public mutating func takeChanges() -> BoardChanges {
        defer { pending = BoardChanges() }
        noteCounts()
        if !pending.isEmpty { changesTaken &+= 1 }
        return pending
    }

    /// How many non-empty sets of changes were taken: what follows the board (a screen
    /// reader's tree) knows from it that the board moved, without being told.
    public private(set) var changesTaken = 0

    // MARK: Showing

    /// Puts a toast the admission placed (`Admission.Action.show`, `.supersede`) on a card:
    /// mechanics only, every policy is the admission's. A live, kept or repeat's toast with its
    /// id ends with `replaced` (`endReplaced`) and the new one (the new owner's) takes its slot
    /// when it is at the same place. An empty id gets the next automatic one. Returns the id.
    @discardableResult
    public mutating func show(_ made: Toast, owner: Owner, monitor: String = "", now: Double) -> String {
        var toast = made
        let id = assignID(&toast)
        let key = StackKey(monitor: monitor, position: toast.position)
        if let updates = endReplaced(id, keepingSlotIn: key, now: now) { toast.updates = updates }
        owners[id] = owner
        arrivals += 1
        let change = change(key, now: now, arriving: toast) { [arrivals] in $0.add(toast, arrival: arrivals, sender: owner, now: now) }
        if change.replaced != nil {
            pending.restyled.append((id, true))
            pending.stacks.insert(key)
            if isVisible(id) { deliver(.shown(id: id), toast: toast) }
        }
        return id
    }

    /// Shows a toast that comes from no submission (a restore, a kept toast reopened, tests
    /// and tools) where `Admission.placement` puts it: a fullscreen hold may suppress it.
    @discardableResult
    public mutating func present(_ toast: Toast, owner: Owner, monitor: String = "", now: Double) -> String {
        if case .suppress = Admission.placement(of: toast, on: monitor, board: self) {
            return skip(toast, reason: .suppressed, owner: owner, now: now)
        }
        return show(toast, owner: owner, monitor: monitor, now: now)
    }

    /// Replaces a live toast's content in place and silently: it keeps its id, its owner and
    /// its slot, sends no `dismissed`, and its timer starts again (the D-Bus `replaces_id`).
    /// Subscribers and the owner hear `updated`. A kept toast (`Board+Kept`) is live again, its
    /// card entering on `monitor`. False when no toast has that id.
    public mutating func replace(_ given: String, with made: Toast, monitor: @autoclosure () -> String = "",
                                 now: Double) -> Bool {
        let id = cardID(for: given)
        if let (entry, owner) = reopenKept(id) {
            var toast = made
            toast.id = id
            toast.position = entry.toast.position
            toast.updates = Self.updates(after: entry.toast)
            present(toast, owner: owner, monitor: monitor(), now: now)
            deliver(.updated(id: id), toast: toast)
            return true
        }
        guard let key = key(of: id), let old = toast(id) else { return false }
        var toast = made
        toast.id = id
        toast.count = old.count
        toast.updates = Self.updates(after: old)
        // A replacement stays where its card is; moving stacks is what `show` with an id is for.
        toast.position = old.position
        setLive(toast, at: key, restartTimer: true, now: now)
        touch(id, at: key)
        pending.restyled.append((id, true))
        pending.stacks.insert(key)
        deliver(.updated(id: id), toast: toast)
        return true
    }

    /// Shows a toast in the place of a live one, under its own id or the next automatic one
    /// (`assignID`, as for `show`): the old one ends with `replaced` and its card, without
    /// leaving, shows the new toast (which does not enter). The stack tag
    /// (`x-dunst-stack-tag`, a rule's `stack_tag`), as volume and brightness pop-ups expect.
    /// Nil when `oldID` is not live.
    public mutating func takeOver(_ oldID: String, with made: Toast, owner: Owner, now: Double) -> String? {
        guard let key = key(of: oldID), let old = toast(oldID) else { return nil }
        let wasVisible = isVisible(oldID)
        var toast = made
        let id = assignID(&toast)
        toast.updates = Self.updates(after: old)
        // A caller's id that another toast has: that one ends, as for `show`; the taken-over
        // toast itself ends below, whatever its id.
        if id != oldID, let updates = endReplaced(id, now: now) { toast.updates = max(toast.updates, updates) }
        toast.position = old.position
        _ = withStack(key) { $0.takeOver(oldID, with: toast, now: now) }
        touch(toast.id, at: key)
        live.remove(oldID)
        live.set(toast, at: key)
        end(old, reason: .replaced, now: now, cardLeaves: false, intoHistory: false)
        owners[id] = owner
        if wasVisible {
            pending.renamed.append((oldID, id))
            pending.restyled.append((id, true))
            deliver(.shown(id: id), toast: toast)
        }
        pending.stacks.insert(key)
        return id
    }

    /// A toast that gets no card ends at once: a rule keeps it off the screen (`skipped`: into
    /// history unless transient; `dropped`: not even there) or a fullscreen hold sends it to
    /// history (`suppressed`). Its owner and the subscribers hear only `dismissed`. A live
    /// toast with its id ends with `replaced` first, as for `show`. Returns the id (an empty
    /// one gets the next automatic id).
    @discardableResult
    public mutating func skip(_ made: Toast, reason: DismissReason, owner: Owner, now: Double) -> String {
        var toast = made
        let id = assignID(&toast)
        if let updates = endReplaced(id, now: now) { toast.updates = updates }
        if reason == .dropped { toast.transient = true }
        owners[id] = owner
        end(toast, reason: reason, now: now, cardLeaves: false)
        return id
    }

    /// A toast that came while the notification centre is open goes straight into it: its owner
    /// and the subscribers hear `shown` (its entry appeared) and then `dismissed` with reason
    /// `center`; it is kept in history (unless transient), and no card shows. Returns the id.
    @discardableResult
    public mutating func intoCenter(_ made: Toast, owner: Owner, now: Double) -> String {
        var toast = made
        let id = assignID(&toast)
        if let updates = endReplaced(id, now: now) { toast.updates = updates }
        owners[id] = owner
        deliver(.shown(id: id), toast: toast)
        end(toast, reason: .center, now: now, cardLeaves: false)
        return id
    }

    /// The id a toast of its own takes (`show`, `takeOver`, `skip`, the centre's): its own,
    /// or the next automatic one when it has none.
    mutating func assignID(_ toast: inout Toast) -> String {
        if toast.id.isEmpty { toast.id = generateID() }
        return toast.id
    }

    /// A new toast takes `id`: whatever had it ends with `replaced`, once. A repeat's alias
    /// stops standing for its card, a kept toast ends, and a live one's card leaves, unless
    /// it is in `slot`, the stack the new toast enters, whose card the new one takes over.
    /// A live or kept toast is the same notification as the new one (`replacedInPlace`): it
    /// leaves no history entry of its own, and the new toast's `updates` is returned; nil when
    /// no live or kept toast had the id.
    @discardableResult
    mutating func endReplaced(_ id: String, keepingSlotIn slot: StackKey? = nil, now: Double) -> Int? {
        detachRepeat(id, now: now)
        var updates: Int?
        if let i = keptIndex(id) {
            updates = Self.updates(after: history[i].toast)
            endKept(at: i, reason: .replaced)
            history.remove(at: i)
        }
        guard let old = key(of: id), let toast = toast(id) else { return updates }
        if old == slot {
            end(toast, reason: .replaced, now: now, cardLeaves: false, intoHistory: false)
        } else {
            change(old, now: now, intoHistory: false) { $0.remove(id, reason: .replaced, now: now) }
        }
        return Self.updates(after: toast)
    }

    /// Removes history entries (the centre's ×, a swipe, "Clear all"); live toasts are untouched,
    /// kept ones among the entries end with `close` (the user put them away).
    public mutating func removeHistory(where remove: (HistoryEntry) -> Bool) {
        let count = history.count
        endKept(in: history.filter(remove), reason: .close)
        history.removeAll(where: remove)
        if history.count != count { pending.historyEdited = true }
    }

    /// Every live toast, visible and waiting, stack by stack.
    public var liveToasts: [Toast] {
        keys.flatMap { key in stacks[key].map { ($0.visible + $0.waiting).map(\.toast) } ?? [] }
    }

    /// The next automatic id: decimal, from 1, never one that is live.
    mutating func generateID() -> String {
        while true {
            let id = String(nextID)
            nextID = nextID == UInt64(UInt32.max) ? 1 : nextID + 1
            if key(of: id) == nil, !repeats.isAlias(id), keptIndex(id) == nil { return id }
        }
    }

    // MARK: Changing

    /// Carries out an update the admission decided: the toast changes in place, keeping its
    /// slot, and its owner and the subscribers hear `updated`. False when it is no longer live.
    @discardableResult
    public mutating func update(_ decision: Admission.UpdateDecision, now: Double) -> Bool {
        let toast = decision.toast
        guard let key = key(of: toast.id) else { return false }
        setLive(toast, at: key, restartTimer: decision.restartTimer, now: now)
        touch(toast.id, at: key)
        if isVisible(toast.id) {
            pending.restyled.append((toast.id, false))
            pending.stacks.insert(key)
        }
        deliver(.updated(id: toast.id), toast: toast)
        return true
    }

    /// Ends a toast (visible, waiting or kept open in the centre); the next waiting one takes
    /// its place. False when no toast has that id.
    @discardableResult
    public mutating func dismiss(_ given: String, reason: DismissReason, now: Double) -> Bool {
        // A toast folded into a digest ends alone.
        if repeats.isAlias(given), toast(given)?.digest != nil {
            unfold(given, reason: reason, now: now)
            return true
        }
        let id = cardID(for: given)
        if let i = keptIndex(id) {
            endKept(at: i, reason: reason)
            return true
        }
        guard let key = key(of: id) else { return false }
        change(key, now: now) { $0.remove(id, reason: reason, now: now) }
        return true
    }

    /// Ends every toast, visible and waiting, and with `kept` those kept open in the centre
    /// (`dismiss --all`, shutdown; the user's dismiss-all key clears the cards only).
    public mutating func dismissAll(reason: DismissReason, kept: Bool = true, now: Double) {
        for key in keys { change(key, now: now) { $0.removeAll(reason: reason) } }
        guard kept else { return }
        for i in history.indices where history[i].kept { endKept(at: i, reason: reason) }
    }

    /// The user chose an action: the owner hears `action`, then the toast ends with `action`
    /// (a resident toast stays until the user or its timeout ends it). `activationToken` goes
    /// with the event when a click or key of the user's chose it.
    @discardableResult
    public mutating func choose(_ action: String, on id: String, activationToken: String? = nil, now: Double) -> Bool {
        if key(of: id) == nil, let i = keptIndex(id) {
            chooseKept(action, at: i, activationToken: activationToken)
            return true
        }
        guard key(of: id) != nil else { return false }
        // A restored toast's buttons are its original's: the sender hears that id, late.
        if let listener = toast(id)?.lateListener {
            deliverLate(action, to: listener, toast: toast(id), activationToken: activationToken)
        } else {
            deliver(.action(id: id, action: action), toast: toast(id), activationToken: activationToken)
        }
        if toast(id)?.resident == true { return true }
        return dismiss(id, reason: .action, now: now)
    }

    /// The user opened one of toast `id`'s links (a click on it, the menu, `xtoast invoke
    /// --link`): it ends as the user's click, by the rule a chosen action follows (`choose`):
    /// a resident toast stays. False when it did not end.
    @discardableResult
    public mutating func linkOpened(on id: String, now: Double) -> Bool {
        if toast(id)?.resident == true { return false }
        return dismiss(id, reason: .click, now: now)
    }

    /// The user sent `text` from a visible toast's reply field: its owner hears `reply` (a bus
    /// toast's sender only: `Delivery.destination`), with the activation token of the key or
    /// click that sent it, and the toast ends as chosen (closed with reason 2), resident or
    /// not. False when no such toast is up, or it offers no reply.
    @discardableResult
    public mutating func reply(_ text: String, on id: String, activationToken: String? = nil, now: Double) -> Bool {
        guard key(of: id) != nil, let toast = toast(id), toast.reply != nil else { return false }
        let cut = ReplyField.cut(text, to: ReplyField.maxBytes)
        // A restored toast's reply is its original's, late: its sender hears the id it knows.
        let late = toast.lateListener
        let heardID = late?.id ?? id
        var recipients = late.map { [$0.owner] } ?? owners[id].map { [$0] } ?? []
        recipients += subscribers.filter { !recipients.contains($0) }.sorted()
        var delivery = BoardChanges.Delivery(event: .replied(id: heardID, text: cut), recipients: recipients, source: toast.source,
                                             app: toast.app, rules: toast.rules, late: late != nil, restored: toast.restored && late == nil,
                                             activationToken: activationToken)
        delivery.destination = late?.busName ?? toast.sender
        delivery.interface = toast.interface
        delivery.desktopEntry = toast.desktopEntry.isEmpty ? nil : toast.desktopEntry
        pending.deliveries.append(delivery)
        return dismiss(id, reason: .action, now: now)
    }

    /// Quiet as `QuietState` decides it: toasts the gate no longer keeps back show, in order,
    /// and those it newly keeps back wait (cards already up stay).
    public mutating func setQuiet(_ gate: QuietGate, now: Double) {
        quiet = gate
        setHold(.doNotDisturb, gate.isActive, now: now)
    }

    /// Turns one reason on or off for one monitor, or for all of them (nil: do-not-disturb,
    /// the user away, a screen saver). Every stack then follows its monitor's holds: cards
    /// they push back wait, timers stop or run again, and what they no longer keep back
    /// shows, in order.
    public mutating func setHold(_ reason: HoldReason, _ on: Bool, monitor: String? = nil, now: Double) {
        if let monitor {
            var reasons = monitorHolds[monitor] ?? []
            if on { reasons.insert(reason) } else { reasons.remove(reason) }
            monitorHolds[monitor] = reasons.isEmpty ? nil : reasons
        } else if on {
            globalHolds.insert(reason)
        } else {
            globalHolds.remove(reason)
        }
        applyHolds(now: now)
    }

    /// Sets exactly the monitors one reason holds (the screen reports every monitor a
    /// fullscreen window or a locker covers at once), releasing it elsewhere.
    public mutating func setHold(_ reason: HoldReason, monitors: Set<String>, now: Double) {
        for monitor in Set(monitorHolds.keys).union(monitors) {
            var reasons = monitorHolds[monitor] ?? []
            if monitors.contains(monitor) { reasons.insert(reason) } else { reasons.remove(reason) }
            monitorHolds[monitor] = reasons.isEmpty ? nil : reasons
        }
        applyHolds(now: now)
    }

    /// Gives every stack whose monitor's holds changed its new policy. When a quiet time (do-
    /// not-disturb, a lock) ends with more than `[quiet] summary_over` toasts it held back,
    /// critical ones aside, those end with `summarized` and one `QuietSummary` card shows
    /// after the held critical ones.
    private mutating func applyHolds(now: Double) {
        let keys = stacks.keys.sorted(by: { ($0.monitor, $0.position.order) < ($1.monitor, $1.position.order) })
        var released: [(key: StackKey, toast: Toast)] = []
        for key in keys {
            guard let stack = stacks[key] else { continue }
            let old = stack.policy, new = policy(on: key.monitor)
            guard old != new, !old.reasons.isDisjoint(with: HoldReason.quiet) else { continue }
            for entry in stack.waiting where !entry.hasBeenShown && entry.toast.urgency != .critical
                && entry.toast.summary == nil && old.holdsNew(entry.toast) && !new.holdsNew(entry.toast) {
                released.append((key, entry.toast))
            }
        }
        var summary: (key: StackKey, QuietSummary)?
        // Snoozed toasts that came meanwhile are in history already: once no quiet is left,
        // the summary (if one shows for what waited) counts them too.
        let snoozed = isQuiet ? QuietSnoozed() : quietSnoozed
        if !isQuiet { quietSnoozed = QuietSnoozed() }
        if released.count + snoozed.apps.count > config.quiet.summaryOver, let key = released.first?.key {
            let firstID = snoozed.firstHistoryID ?? nextHistoryID
            for (key, toast) in released { change(key, now: now) { $0.remove(toast.id, reason: .summarized, now: now) } }
            summary = (key, QuietSummary(apps: snoozed.apps + released.map { $0.toast.app ?? "" }, firstHistoryID: firstID))
        }
        for key in keys {
            let policy = policy(on: key.monitor)
            guard stacks[key]?.policy != policy else { continue }
            change(key, now: now) { $0.setPolicy(policy, now: now) }
        }
        if let (key, quiet) = summary {
            show(quiet.toast(position: key.position, timeout: 0), owner: .board, monitor: key.monitor, now: now)
        }
    }

    /// Ends the toasts whose time is up.
    public mutating func expire(now: Double) {
        for key in keys {
            change(key, now: now) { $0.expire(now: now) }
        }
    }

    /// Pauses or resumes the timers of one stack (the pointer is over one of its cards, or
    /// drags one), keeping what each has left: a pause, not a hold (`setHold`), since its
    /// cards stay on screen.
    public mutating func setPaused(_ key: StackKey, _ paused: Bool, now: Double) {
        // Asked for every stack after every change, and almost always already so.
        guard let isPaused = stacks[key]?.isPaused, isPaused != paused else { return }
        withStack(key) { $0.setPaused(paused, now: now) }
    }

    /// Monitors went away: their stacks' toasts join the stacks at the same positions on
    /// `fallback`, each card in its place by age among those already there (each starts its
    /// timer again; those that do not fit wait). Moved, not shown anew: only a toast that
    /// had never been visible hears `shown`, when it first is. A toast that was visible and
    /// now waits is still live; its card goes quietly until it is promoted.
    public mutating func gather(keeping monitors: Set<String>, onto fallback: String, now: Double) {
        for key in keys where !monitors.contains(key.monitor) {
            guard let old = stacks.removeValue(forKey: key) else { continue }
            let target = StackKey(monitor: fallback, position: key.position)
            for entry in old.visible { live.set(entry.toast, at: target) }
            for entry in old.waiting { live.set(entry.toast, at: target) }
            change(target, now: now) { $0.adopt(visible: old.visible, waiting: old.waiting, now: now) }
            // Both stacks lay out again: the moved cards go to their new places, and those
            // that now wait leave the old one.
            pending.stacks.formUnion([key, target])
        }
    }

    /// New settings: defaults apply to later toasts; `max_visible` applies at once.
    public mutating func reconfigure(_ config: Config, now: Double) {
        self.config = config
        for key in keys { change(key, now: now) { [limit = visibleLimit(on: key.monitor)] in $0.setMaxVisible(limit, now: now) } }
        applyHolds(now: now)
        boundHistory(now: now)
    }

    // MARK: Owners

    public mutating func subscribe(_ owner: Owner) { subscribers.insert(owner) }

    /// An owner went away: its toasts stay, nobody hears of them but subscribers.
    public mutating func forget(_ owner: Owner) {
        subscribers.remove(owner)
        countFollowers.remove(owner)
        owners = owners.filter { $0.value != owner }
        if owner.source == .socket { dropListeners { $0.owner == owner } }
    }

    // MARK: Bookkeeping

    /// Runs `body` on the stack in place: the dictionary's is the only copy, so changing it
    /// copies none of its entries.
    mutating func withStack<R>(_ key: StackKey, _ body: (inout ToastStack) -> R) -> R {
        if stacks[key] == nil {
            var s = ToastStack(maxVisible: visibleLimit(on: key.monitor))
            // An empty stack has nothing to promote, so the time does not matter.
            _ = s.setPolicy(policy(on: key.monitor), now: 0)
            stacks[key] = s
        }
        // One access to the dictionary for the work, its count and whether it emptied: each
        // lookup hashes the key, and each read of a stack out of it retains its arrays.
        // Unwrapped: the stack was made just above when there was none.
        let (result, done, emptied) = Self.run(body, on: &stacks[key]!)
        work += done
        if emptied { stacks[key] = nil }
        return result
    }

    private static func run<R>(_ body: (inout ToastStack) -> R, on stack: inout ToastStack) -> (R, work: Int, emptied: Bool) {
        let before = stack.work
        let result = body(&stack)
        return (result, stack.work - before, stack.isEmpty)
    }

    /// A live toast changed (replaced, updated, repeated): it counts as the newest for
    /// `sort = update`, and its stack lays out again.
    /// Only under `sort = update`: otherwise nothing reads it, and finding the entry again
    /// would cost each change a search of the stack.
    mutating func touch(_ id: String, at key: StackKey) {
        guard config.sort == .update else { return }
        arrivals += 1
        withStack(key) { [arrivals] in $0.touch(id, at: arrivals) }
        pending.stacks.insert(key)
    }

    /// How many cards each monitor's stacks show under `max_visible = 0` (`StackRoom`), from
    /// the daemon's work areas; they apply at once.
    public mutating func setRoom(_ room: [String: Int], now: Double) {
        guard room != self.room else { return }
        self.room = room
        guard config.maxVisible == 0 else { return }
        for key in keys { change(key, now: now) { [limit = visibleLimit(on: key.monitor)] in $0.setMaxVisible(limit, now: now) } }
    }

    /// A stack's `max_visible`: the config's, or with 0 what its monitor holds.
    func visibleLimit(on monitor: String) -> Int {
        config.maxVisible > 0 ? config.maxVisible : room[monitor] ?? Self.roomUnknown
    }

    /// Cards shown under `max_visible = 0` before the daemon has said what a monitor holds.
    static let roomUnknown = 5

    /// A live toast's content changes in place (`ToastStack.update`), and the index follows.
    mutating func setLive(_ toast: Toast, at key: StackKey, restartTimer: Bool, now: Double) {
        _ = withStack(key) { $0.update(toast, restartTimer: restartTimer, now: now) }
        live.set(toast, at: key)
    }

    /// Runs one stack operation and turns what it did into card changes and events.
    @discardableResult
    /// A toast is announced (`shown`) once, the first time it is visible; one that comes back
    /// after waiting only enters again. `arriving` is the toast the operation adds: a full
    /// queue may drop it at once (a low-urgency toast behind normal ones), and it ends as any
    /// other the queue drops. The toasts that left come with the change (`removedToasts`), so
    /// nothing keeps a copy of the stack from before.
    /// `intoHistory` false: what it removes was replaced in place, and leaves no entry.
    private mutating func change(_ key: StackKey, now: Double, arriving: Toast? = nil, intoHistory: Bool = true,
                                 _ body: (inout ToastStack) -> ToastStack.Change) -> ToastStack.Change {
        let visibleBefore = stacks[key]?.visibleIDs ?? []
        let change = withStack(key, body)
        for (toast, (id, reason)) in zip(change.removedToasts, change.removed) {
            live.remove(id)
            if staysOpen(toast, reason: reason) {
                keepOpen(toast, now: now)
            } else {
                end(toast, reason: reason, now: now, intoHistory: intoHistory)
            }
        }
        if let arriving, stacks[key]?.contains(arriving.id) == true { live.set(arriving, at: key) }
        for id in change.shown {
            pending.entered.append(id)
            deliver(.shown(id: id), toast: toast(id))
        }
        pending.entered += change.returned
        if !change.shown.isEmpty || !change.returned.isEmpty || (stacks[key]?.visibleIDs ?? []) != visibleBefore {
            pending.stacks.insert(key)
        } else if !change.removed.isEmpty || !change.queued.isEmpty {
            pending.waiting.insert(key)
        }
        return change
    }

    /// The last of a toast: its card leaves (unless a toast with its id takes it over), its owner and the subscribers hear `dismissed`,
    /// and it goes into the history, unless it was replaced in place (`intoHistory` false: the
    /// toast that replaced it will be its entry).
    mutating func end(_ toast: Toast, reason: DismissReason, now: Double, cardLeaves: Bool = true, intoHistory: Bool = true) {
        if cardLeaves { pending.left.append((toast.id, reason)) }
        deliver(.dismissed(id: toast.id, reason: reason), toast: toast)
        let owner = owners.removeValue(forKey: toast.id)
        endRepeats(of: toast.id)
        // A transient toast (or one a rule keeps out) leaves no trace.
        guard !toast.transient, intoHistory else { return }
        // Who can still hear it: its owner, while there is one (a restored toast's, the original's).
        let listener = toast.restored ? toast.lateListener
            : owner.map { Listener(id: toast.id, owner: $0, busName: toast.sender) }
        guard let kept = keepInHistory(toast, reason: reason, now: now, listener: listener) else { return }
        pending.kept.append(kept)
    }

    /// `toast` is the event's, so its line can name its source, application and rules.
    mutating func deliver(_ event: ToastEvent, toast: Toast?, activationToken: String? = nil) {
        var recipients = owners[event.id].map { [$0] } ?? []
        recipients += subscribers.filter { !recipients.contains($0) }.sorted()
        var delivery = BoardChanges.Delivery(event: event, recipients: recipients, source: toast?.source, app: toast?.app,
                                             rules: toast?.rules ?? [], restored: toast?.restored ?? false,
                                             activationToken: activationToken)
        delivery.interface = toast?.interface
        delivery.desktopEntry = toast.flatMap { $0.desktopEntry.isEmpty ? nil : $0.desktopEntry }
        pending.deliveries.append(delivery)
        // What the card hears, each repeat's alias hears too, under its own id; a digest's
        // folded toasts end `folded`, however the digest ended.
        for alias in repeats.aliases(of: event.id) {
            var heard = event.naming(alias)
            if toast?.digest != nil, case .dismissed = event { heard = .dismissed(id: alias, reason: .folded) }
            deliver(heard, toast: toast)
        }
    }
}
