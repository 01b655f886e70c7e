/// Where each live toast is, and what finds one without reading every stack: its stack by
/// id, the toasts that hold a stack tag, those a repeat can collapse into (by `Repeats.Key`,
/// a hash), and how many critical bus toasts are live. The board keeps it in step with its
/// stacks (`Board.change`, `Board.setLive`), so admitting, showing and ending a toast cost
/// the same with none or hundreds live.
///
///     index.set(toast, at: key)           // shown, queued, or changed in place
///     index.key(of: "7")                  // its stack, one hash away
///     index.repeatable(Repeats.Key(t))    // the ids t may collapse into
struct LiveIndex: Sendable {
    /// A stack tag as admission looks it up: the same tag, source and application.
    struct Tag: Hashable, Sendable {
        var tag: String
        var source: ToastSource
        var app: String?
    }

    private struct Place: Equatable, Sendable {
        var key: StackKey
        var tag: Tag?
        var repeatKey: Repeats.Key?
        var criticalBus: Bool
    }

    private var places: [String: Place] = [:]
    private var tagged: [Tag: [String]] = [:]
    private var repeatable: [Repeats.Key: [String]] = [:]
    /// Live critical toasts from the bus (`NotificationLimits.maxLiveCritical`).
    private(set) var criticalBus = 0

    func key(of id: String) -> StackKey? { places[id]?.key }
    func isCriticalBus(_ id: String) -> Bool { places[id]?.criticalBus ?? false }
    var count: Int { places.count }

    /// The live toasts with this stack tag (usually one).
    func holding(_ tag: Tag) -> [String] { tagged[tag] ?? [] }

    /// The live toasts that a toast with this key repeats and that can count one more.
    func repeatable(_ key: Repeats.Key) -> [String] { repeatable[key] ?? [] }

    /// `toast` is live at `key`: new there, moved there, or changed in place.
    mutating func set(_ toast: Toast, at key: StackKey) {
        let place = Place(key: key, tag: toast.stackTag.map { Tag(tag: $0, source: toast.source, app: toast.app) },
                          repeatKey: toast.collapsesRepeats && toast.count < Repeats.maxCount ? Repeats.Key(toast) : nil,
                          criticalBus: toast.source == .bus && toast.urgency == .critical)
        // Changed in place with the same place (a repeat's count, a timer restarted): the
        // buckets stand as they are, and their keys need no hashing again.
        if places[toast.id] == place { return }
        remove(toast.id)
        places[toast.id] = place
        if let tag = place.tag { tagged[tag, default: []].append(toast.id) }
        if let repeatKey = place.repeatKey { repeatable[repeatKey, default: []].append(toast.id) }
        if place.criticalBus { criticalBus += 1 }
    }

    /// The toast with `id` is not live any more.
    mutating func remove(_ id: String) {
        guard let place = places.removeValue(forKey: id) else { return }
        if let tag = place.tag { Self.drop(id, from: &tagged, at: tag) }
        if let repeatKey = place.repeatKey { Self.drop(id, from: &repeatable, at: repeatKey) }
        if place.criticalBus { criticalBus -= 1 }
    }

    /// One lookup: a key is hashed whole (a repeat's holds the toast's texts), and a flood of
    /// distinct toasts drops a bucket of one for each toast that ends.
    private static func drop<K: Hashable>(_ id: String, from buckets: inout [K: [String]], at key: K) {
        guard let i = buckets.index(forKey: key) else { return }
        buckets.values[i].removeAll { $0 == id }
        if buckets.values[i].isEmpty { buckets.remove(at: i) }
    }
}

/// What admission asks of the live toasts, answered from the index.
extension Board {
    /// The first live toast (in the board's order: stack by stack, visible then waiting) with
    /// this stack tag, source and application that `mayTake` allows.
    public func stackTagHolder(_ tag: String, source: ToastSource, app: String?, where mayTake: (String) -> Bool) -> String? {
        first(of: live.holding(.init(tag: tag, source: source, app: app)).filter(mayTake))
    }

    /// The live toast `toast` repeats that can count one more (`Repeats`), the first in the
    /// board's order; nil when `toast` does not collapse.
    public func repeatOriginal(of toast: Toast) -> String? {
        guard toast.collapsesRepeats else { return nil }
        return first(of: live.repeatable(Repeats.Key(toast)))
    }

    /// Live critical toasts from the bus, not counting `besides` (a toast about to be replaced).
    public func liveCriticalBus(besides id: String?) -> Int {
        live.criticalBus - (id.map { live.isCriticalBus(cardID(for: $0)) ? 1 : 0 } ?? 0)
    }

    /// The first of `ids` in the board's order (`liveToasts`'): a stack's place, then visible
    /// before waiting, then its place in line. Only a tie needs the stacks read.
    private func first(of ids: [String]) -> String? {
        guard ids.count > 1 else { return ids.first }
        return ids.min { order($0) < order($1) }
    }

    private func order(_ id: String) -> (String, Int, Int, Int) {
        guard let key = live.key(of: id), let stack = stacks(key) else { return ("", Int.max, Int.max, Int.max) }
        if let i = stack.visible.firstIndex(where: { $0.toast.id == id }) { return (key.monitor, key.position.order, 0, i) }
        return (key.monitor, key.position.order, 1, stack.waiting.firstIndex { $0.toast.id == id } ?? Int.max)
    }
}

extension Board {
    /// The id of the newest visible toast (`visibleNewestFirst.first`), without sorting or
    /// copying the visible cards: the keys ask after every change.
    public var newestVisibleID: String? {
        var newest: (arrival: UInt64, id: String)?
        for key in keys {
            guard let stack = stacks(key) else { continue }
            for entry in stack.visible where newest.map({ entry.arrival > $0.arrival }) ?? true {
                newest = (entry.arrival, entry.toast.id)
            }
        }
        return newest?.id
    }
}
