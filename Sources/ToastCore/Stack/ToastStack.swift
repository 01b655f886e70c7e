/// The toasts at one screen position: at most `maxVisible` on screen, the rest waiting in order.
///
/// Timers run only while a toast is visible, the stack is not paused (pointer over a card,
/// or a drag) and its holds do not stop them (the user is away), so no toast expires unseen
/// and hovering keeps what is left of its time. The holds (`HoldPolicy`) also say which new
/// toasts wait and which cards go back to wait.
/// Time is passed in (seconds on a monotonic clock); nothing here reads a clock.
///
/// What a toast costs does not grow with the queue: the waiting toasts are a ring (the
/// oldest dropped, the next promoted, without moving the rest), and the stack knows which of
/// its ids are visible and which wait, so adding a new toast, or finding a visible one, reads
/// no waiting entry. `work` counts the entries read in a search or moved in the queue, for
/// the tests that hold this to a bound.
public struct ToastStack: Sendable {
    /// A toast with its timer bookkeeping.
    public struct Entry: Equatable, Sendable {
        public var toast: Toast
        /// Seconds of display time left; nil when the toast never times out.
        public var remaining: Double?
        /// When the timer last started running; nil while stopped.
        var runningSince: Double?
        /// Its place in the order toasts came to the board (the board's count; 0 when a stack
        /// is used alone): a stack moved onto another takes its place among it by age.
        public internal(set) var arrival: UInt64 = 0
        /// Its place in the board's order when it came or last changed (replaced, updated,
        /// repeated): what `sort = update` orders by.
        public internal(set) var touched: UInt64 = 0
        /// It has been visible: should it wait again (`max_visible` lowered, its monitor gone)
        /// and come back, its card enters again but nobody hears `shown` twice.
        public internal(set) var hasBeenShown = false
        /// Who sent it (the board's owner), for sharing a held queue fairly between senders;
        /// nil when a stack is used alone.
        public internal(set) var sender: Owner?

        /// A sending connection: the socket connection, or on the bus (one owner) the
        /// application's own connection, by its unique name.
        struct Connection: Hashable {
            let owner: Owner
            let busName: String?
        }

        var connection: Connection? { sender.map { Connection(owner: $0, busName: toast.sender) } }

        init(_ toast: Toast, arrival: UInt64 = 0) {
            self.toast = toast
            self.arrival = arrival
            touched = arrival
            remaining = toast.timeout > 0 ? toast.timeout : nil
        }

        /// The same slot with its timer started again from `toast`'s timeout: its age and
        /// whether it was seen stay.
        func restarted(with toast: Toast) -> Entry {
            var entry = Entry(toast, arrival: arrival)
            entry.hasBeenShown = hasBeenShown
            entry.touched = touched
            entry.sender = sender
            return entry
        }

        /// The absolute time this toast times out, if its timer is running.
        public var deadline: Double? {
            guard let remaining, let runningSince else { return nil }
            return runningSince + remaining
        }

        mutating func start(_ now: Double) { if remaining != nil, runningSince == nil { runningSince = now } }

        mutating func stop(_ now: Double) {
            guard let since = runningSince, let left = remaining else { return }
            remaining = max(0, left - (now - since))
            runningSince = nil
        }
    }

    /// What a change did, so the screen can follow.
    public struct Change: Equatable, Sendable {
        /// Toasts that became visible for the first time (newly shown, or promoted from the queue).
        public var shown: [String] = []
        /// Toasts visible again after they had been shown and waited (demoted by a lower
        /// `max_visible`, or moved here from a monitor that went): their card enters again,
        /// without a second `shown`.
        public var returned: [String] = []
        /// Toasts that were queued instead of shown.
        public var queued: [String] = []
        /// Toasts that left, with why.
        public var removed: [(id: String, reason: DismissReason)] = []
        /// A toast whose content changed in place.
        public var replaced: String?
        /// The toasts of `removed`, in its order: the board ends them without looking them up.
        var removedToasts: [Toast] = []

        mutating func remove(_ toast: Toast, reason: DismissReason) {
            removed.append((toast.id, reason))
            removedToasts.append(toast)
        }

        public static func == (a: Change, b: Change) -> Bool {
            a.shown == b.shown && a.returned == b.returned && a.queued == b.queued && a.replaced == b.replaced
                && a.removed.map(\.id) == b.removed.map(\.id) && a.removed.map(\.reason) == b.removed.map(\.reason)
        }
    }

    public var maxVisible: Int
    /// Visible toasts, oldest first (the newest sits nearest the screen edge).
    public private(set) var visible: [Entry] = []
    /// The visible toasts' ids, oldest first: whether a change reached the cards at all.
    var visibleIDs: [String] { visible.map(\.toast.id) }
    /// Waiting toasts, first to be shown first.
    public private(set) var waiting = Ring<Entry>()
    /// Whether each toast here is visible (true) or waits (false).
    private var places: [String: Bool] = [:]
    /// How many waiting toasts are low urgency: a full queue drops the oldest of them, and
    /// with none there is no need to look.
    private var lowWaiting = 0
    /// Entries read while searching for one, or moved within the queue (`Ring`'s inserts and
    /// removals away from its ends): what the cost tests bound.
    public internal(set) var work = 0
    /// Whether timers are held (pointer over a card of this stack, or a drag).
    public private(set) var isPaused = false
    /// What holds this stack (do-not-disturb, fullscreen, a locker, idle), set by the board
    /// from its monitor's reasons.
    public private(set) var policy = HoldPolicy.none
    /// Whether do-not-disturb holds this stack.
    public var holdsNew: Bool { policy.reasons.contains(.doNotDisturb) }
    /// How many may wait; past it the oldest low-urgency toast (else the oldest normal one)
    /// is dropped with reason `overflow`: a low toast that comes to a queue holding no other
    /// low one is itself dropped as it arrives (`Change.removed` names it, as any other).
    /// Critical toasts are dropped (oldest first) only past twice this many.
    public var maxWaiting: Int

    public init(maxVisible: Int = 5, maxWaiting: Int = 100) {
        self.maxVisible = max(1, maxVisible)
        self.maxWaiting = max(1, maxWaiting)
    }

    public var isEmpty: Bool { visible.isEmpty && waiting.isEmpty }
    public func contains(_ id: String) -> Bool { places[id] != nil }
    /// The entry of `id` (a copy). Searched from the newest end: the toast just admitted,
    /// the one asked about most, is found first.
    public func entry(_ id: String) -> Entry? {
        switch places[id] {
        case true?: visible.last(where: { $0.toast.id == id })
        case false?: waiting.last(where: { $0.toast.id == id })
        case nil: nil
        }
    }

    /// Whether this stack's holds keep `id` back (`HoldPolicy.holdsNew`), read in place
    /// rather than through a copy of its entry; nil when it is not here.
    public func holdsBack(_ id: String) -> Bool? {
        switch places[id] {
        case true?: visible.lastIndex { $0.toast.id == id }.map { policy.holdsNew(visible[$0].toast) }
        case false?: waiting.lastIndex { $0.toast.id == id }.map { policy.holdsNew(waiting[$0].toast) }
        case nil: nil
        }
    }
    public func isVisible(_ id: String) -> Bool { places[id] == true }

    /// Where the toast with `id` is: among the visible (true) or the waiting, and its index.
    private mutating func find(_ id: String) -> (visible: Bool, index: Int)? {
        guard let isVisible = places[id] else { return nil }
        if isVisible {
            for i in visible.indices {
                work += 1
                if visible[i].toast.id == id { return (true, i) }
            }
        } else {
            for i in waiting.indices {
                work += 1
                if waiting[i].toast.id == id { return (false, i) }
            }
        }
        return nil
    }

    /// The first waiting entry that `matches`, counting what it reads.
    private mutating func firstWaiting(where matches: (Entry) -> Bool) -> Int? {
        for i in waiting.indices {
            work += 1
            if matches(waiting[i]) { return i }
        }
        return nil
    }

    // The only ways entries come and go, so that `places` and `lowWaiting` follow.

    private mutating func appendVisible(_ entry: Entry) {
        places[entry.toast.id] = true
        visible.append(entry)
    }

    private mutating func removeVisible(at i: Int) -> Entry {
        let entry = visible.remove(at: i)
        places[entry.toast.id] = nil
        work += visible.count - i
        return entry
    }

    private mutating func insertWaiting(_ entry: Entry, at i: Int) {
        places[entry.toast.id] = false
        if entry.toast.urgency == .low { lowWaiting += 1 }
        work += min(i, waiting.count - i)
        waiting.insert(entry, at: i)
    }

    private mutating func removeWaiting(at i: Int) -> Entry {
        work += min(i, waiting.count - 1 - i)
        let entry = waiting.remove(at: i)
        places[entry.toast.id] = nil
        if entry.toast.urgency == .low { lowWaiting -= 1 }
        return entry
    }

    /// After a change that moved many at once (holds, `max_visible`, a merge).
    private mutating func recount() {
        places = [:]
        for entry in visible { places[entry.toast.id] = true }
        for entry in waiting { places[entry.toast.id] = false }
        lowWaiting = waiting.lazy.filter { $0.toast.urgency == .low }.count
        work += visible.count + waiting.count
    }

    /// Adds a toast, or replaces the one with its id in place (its timer starts again; a
    /// waiting replacement is a toast not seen yet). `arrival` is its place in the board's order.
    public mutating func add(_ toast: Toast, arrival: UInt64 = 0, sender: Owner? = nil, now: Double) -> Change {
        var change = Change()
        if let (isVisible, i) = find(toast.id) {
            if isVisible {
                visible[i] = visible[i].restarted(with: toast)
                startTimer(&visible[i], now)
            } else {
                var replacement = Entry(toast, arrival: waiting[i].arrival)
                replacement.sender = sender ?? waiting[i].sender
                replaceWaiting(at: i, with: replacement)
            }
            change.replaced = toast.id
            return change
        }
        var entry = Entry(toast, arrival: arrival)
        entry.sender = sender
        if visible.count < maxVisible && !policy.holdsNew(toast) {
            startTimer(&entry, now)
            entry.hasBeenShown = true
            appendVisible(entry)
            change.shown.append(toast.id)
        } else {
            enqueue(entry)
            change.queued.append(toast.id)
            dropOverflow(into: &change)
        }
        return change
    }

    /// Critical toasts go to the front of the queue, behind earlier critical ones; others to its end.
    private mutating func enqueue(_ entry: Entry) {
        let index = entry.toast.urgency == .critical
            ? (firstWaiting { $0.toast.urgency != .critical } ?? waiting.count) : waiting.count
        insertWaiting(entry, at: index)
    }

    /// A waiting entry's content in place (its id may change: a stack tag's new toast).
    private mutating func replaceWaiting(at i: Int, with entry: Entry) {
        let old = waiting[i]
        if old.toast.urgency == .low { lowWaiting -= 1 }
        if entry.toast.urgency == .low { lowWaiting += 1 }
        places[old.toast.id] = nil
        places[entry.toast.id] = false
        waiting[i] = entry
    }

    /// Takes in the toasts of a stack that moved here (its monitor went away). Each keeps its
    /// age and whether it was seen; its timer starts again. The visible ones take their place
    /// by age among those visible here (newest nearest the edge, as if they had always been
    /// one stack); past `maxVisible` the newest of all wait at the front of the queue. The
    /// waiting ones join the queue as new toasts do (critical ones first).
    public mutating func adopt<Waiting: Sequence<Entry>>(visible moved: [Entry], waiting movedWaiting: Waiting,
                                                        now: Double) -> Change {
        var change = Change()
        let here = Set(visible.map(\.toast.id))
        var merged = visible
        for entry in moved {
            var e = entry.restarted(with: entry.toast)
            startTimer(&e, now)
            let index = merged.firstIndex { $0.arrival > e.arrival } ?? merged.count
            merged.insert(e, at: index)
        }
        var overflow: [Entry] = []
        while merged.count > maxVisible {
            var e = merged.removeLast()
            e.stop(now)
            overflow.insert(e, at: 0)
            if !here.contains(e.toast.id) { change.queued.append(e.toast.id) }
        }
        visible = merged
        waiting.insert(contentsOf: overflow, at: 0)
        recount()
        for entry in movedWaiting {
            enqueue(entry.restarted(with: entry.toast))
            change.queued.append(entry.toast.id)
        }
        dropOverflow(into: &change)
        promote(now: now, into: &change)
        return change
    }

    private mutating func dropOverflow(into change: inout Change) {
        while waiting.count > maxWaiting {
            // While do-not-disturb holds the stack, the queue is shared between senders: the
            // toast that goes is the one the sender with the most waiting would lose, so one
            // connection's flood pushes out its own toasts, not other applications' (a
            // connection cannot be forged, unlike an application's name).
            let sender = holdsNew ? busiestSender() : nil
            let mine: (Entry) -> Bool = { sender == nil || $0.connection == sender }
            // Critical toasts are kept past `maxWaiting`, but not without limit: a flood of
            // them must not grow the queue for ever, so past twice the limit the oldest goes.
            let low = lowWaiting > 0 ? firstWaiting { $0.toast.urgency == .low && mine($0) } : nil
            guard let i = low ?? firstWaiting(where: { $0.toast.urgency == .normal && mine($0) })
                ?? (sender != nil ? firstWaiting(where: { $0.toast.urgency == .low }) : nil)
                ?? (sender != nil ? firstWaiting(where: { $0.toast.urgency == .normal }) : nil)
                ?? (waiting.count > 2 * maxWaiting ? waiting.indices.first : nil) else { return }
            change.remove(removeWaiting(at: i).toast, reason: .overflow)
        }
    }

    /// The sending connection with the most toasts waiting (the earliest such, on a tie); nil
    /// when no waiting toast names one.
    private mutating func busiestSender() -> Entry.Connection? {
        var counts: [Entry.Connection: Int] = [:]
        var busiest: (connection: Entry.Connection, count: Int)?
        for entry in waiting {
            work += 1
            guard let connection = entry.connection else { continue }
            let count = counts[connection, default: 0] + 1
            counts[connection] = count
            if count > busiest?.count ?? 0 { busiest = (connection, count) }
        }
        return busiest?.connection
    }

    /// Changes a toast's content in place, keeping its slot. With `restartTimer` its timeout
    /// starts again from the toast's (new) `timeout`; otherwise the time left is kept.
    /// Puts `toast` in the place of the toast `oldID`, as a new entry whose timer starts again
    /// (a D-Bus stack tag keeps the slot, not the id). False when `oldID` is not here.
    public mutating func takeOver(_ oldID: String, with toast: Toast, now: Double) -> Bool {
        guard let (isVisible, i) = find(oldID) else { return false }
        if isVisible {
            visible[i] = visible[i].restarted(with: toast)
            startTimer(&visible[i], now)
            places[oldID] = nil
            places[toast.id] = true
        } else {
            var replacement = Entry(toast, arrival: waiting[i].arrival)
            replacement.sender = waiting[i].sender  // a stack tag is taken over by its own sender only
            replaceWaiting(at: i, with: replacement)
        }
        return true
    }

    public mutating func update(_ toast: Toast, restartTimer: Bool, now: Double) -> Bool {
        guard let (isVisible, i) = find(toast.id) else { return false }
        if isVisible {
            if restartTimer {
                visible[i] = visible[i].restarted(with: toast)
                startTimer(&visible[i], now)
            } else {
                visible[i].toast = toast
            }
        } else {
            var entry = waiting[i]
            if restartTimer { entry = entry.restarted(with: toast) } else { entry.toast = toast }
            replaceWaiting(at: i, with: entry)
        }
        return true
    }

    /// Marks a toast as changed at `stamp` (the board's order), for `sort = update`.
    public mutating func touch(_ id: String, at stamp: UInt64) {
        guard let (isVisible, i) = find(id) else { return }
        if isVisible { visible[i].touched = stamp } else {
            var entry = waiting[i]
            entry.touched = stamp
            waiting[i] = entry
        }
    }

    /// Takes new holds. Cards the holds push back go to the front of the queue, in order
    /// (their timers stop; they come back without a second `shown`); timers stop or run
    /// again as the holds say, and one that starts again after the user was away has at
    /// least `minTimeLeftAfterIdle` left; then whatever the holds no longer keep back shows
    /// (after a lock, in arrival order).
    public mutating func setPolicy(_ next: HoldPolicy, now: Double) -> Change {
        let wasIdle = policy.reasons.contains(.idle)
        let wasLocked = policy.drawsNothing
        policy = next
        var change = Change()
        var pushed: [Entry] = []
        visible.removeAll { entry in
            guard next.pushesBack(entry.toast) else { return false }
            var e = entry
            e.stop(now)
            pushed.append(e)
            return true
        }
        waiting.insert(contentsOf: pushed, at: 0)
        change.queued = pushed.map(\.toast.id)
        if wasLocked && !next.drawsNothing {
            // After unlocking, what waited shows in the order it came, critical toasts
            // included: the cards the locker took off and the toasts sent meanwhile alike.
            waiting = Ring(waiting.enumerated().sorted { ($0.element.arrival, $0.offset) < ($1.element.arrival, $1.offset) }.map(\.element))
        }
        if !pushed.isEmpty || wasLocked { recount() }
        for i in visible.indices {
            if isPaused || next.stopsTimer(visible[i].toast) {
                visible[i].stop(now)
            } else {
                if wasIdle, let left = visible[i].remaining, visible[i].runningSince == nil {
                    visible[i].remaining = max(left, ProtocolLimits.minTimeLeftAfterIdle)
                }
                visible[i].start(now)
            }
        }
        promote(now: now, into: &change)
        return change
    }

    /// Starts an entry's timer unless the pointer holds the stack or the holds stop it.
    private func startTimer(_ entry: inout Entry, _ now: Double) {
        if !isPaused && !policy.stopsTimer(entry.toast) { entry.start(now) }
    }

    /// Removes a toast (visible or waiting) and promotes the next waiting one into its place.
    public mutating func remove(_ id: String, reason: DismissReason, now: Double) -> Change {
        var change = Change()
        guard let (isVisible, i) = find(id) else { return change }
        change.remove((isVisible ? removeVisible(at: i) : removeWaiting(at: i)).toast, reason: reason)
        promote(now: now, into: &change)
        return change
    }

    /// Removes every toast, visible and waiting.
    public mutating func removeAll(reason: DismissReason) -> Change {
        var change = Change()
        for entry in visible { change.remove(entry.toast, reason: reason) }
        for entry in waiting { change.remove(entry.toast, reason: reason) }
        visible.removeAll()
        waiting.removeAll()
        recount()
        return change
    }

    /// Holds or releases every visible toast's timer, keeping the time left.
    public mutating func setPaused(_ paused: Bool, now: Double) {
        guard paused != isPaused else { return }
        isPaused = paused
        for i in visible.indices {
            if paused { visible[i].stop(now) } else { startTimer(&visible[i], now) }
        }
    }

    /// Changes how many may be visible; extra ones go back to the front of the queue.
    public mutating func setMaxVisible(_ n: Int, now: Double) -> Change {
        maxVisible = max(1, n)
        var change = Change()
        var demoted = 0
        while visible.count > maxVisible {
            var e = visible.removeFirst()
            e.stop(now)
            waiting.insert(e, at: demoted)  // oldest first, ahead of those that were already waiting
            demoted += 1
        }
        if demoted > 0 { recount() }
        promote(now: now, into: &change)
        return change
    }

    /// The earliest time a visible toast times out.
    public var nextDeadline: Double? { visible.compactMap(\.deadline).min() }

    /// Removes the toasts whose time is up at `now`, promoting waiting ones.
    public mutating func expire(now: Double) -> Change {
        var change = Change()
        while let i = visible.firstIndex(where: { ($0.deadline ?? .infinity) <= now }) {
            change.remove(removeVisible(at: i).toast, reason: .timeout)
        }
        if !change.removed.isEmpty { promote(now: now, into: &change) }
        return change
    }

    /// Shows waiting toasts, first first, while there is room: those the holds keep back
    /// stay in their place (a critical toast or a rule's `fullscreen = show` passes them).
    private mutating func promote(now: Double, into change: inout Change) {
        while visible.count < maxVisible, !waiting.isEmpty {
            let policy = policy
            guard let index = firstWaiting(where: { !policy.holdsNew($0.toast) }) else { return }
            var e = removeWaiting(at: index)
            startTimer(&e, now)
            if e.hasBeenShown { change.returned.append(e.toast.id) } else { change.shown.append(e.toast.id) }
            e.hasBeenShown = true
            appendVisible(e)
        }
    }
}
