/// Repeats (`[general] stack_duplicates`): a toast identical to a live one (visible or
/// queued) adds no card; the live card counts it (`×N`), starts its timer again and keeps
/// its place, and the caller gets an id of its own, an alias of the card.
///
///     Repeats.isCandidate(toast, callerID: nil, replaces: false, config: config)   // true
///     board.repeatOriginal(of: toast)                                              // "3"
///
/// Only toasts nobody tracks collapse: one with an id of its caller's, a stack tag, a
/// `replaces_id` or actions (buttons or a default action) is someone's handle on a card of
/// its own, so neither it nor a toast like it is ever merged.
public enum Repeats {
    /// Whether a toast the admission made may collapse into, or collect, repeats. `callerID`
    /// is the id its caller gave (nil: the board numbers it); `replaces` whether it came with
    /// a `replaces_id` (live or not: its sender keeps track of its ids).
    public static func isCandidate(_ toast: Toast, callerID: String?, replaces: Bool, config: Config) -> Bool {
        config.stackDuplicates && callerID == nil && !replaces && toast.stackTag == nil
            && toast.actions.isEmpty && toast.defaultAction == nil
    }

    /// Whether `toast` repeats `live`: both may collapse, and they come from the same source
    /// and application and look the same on a card (title, message, urgency, kind, icon and
    /// its pixels, markup, progress), as the rules left them.
    public static func isRepeat(_ toast: Toast, of live: Toast) -> Bool {
        toast.collapsesRepeats && live.collapsesRepeats && Key(toast) == Key(live)
    }

    /// What makes a toast a repeat of another: the board finds a live toast's repeats by it
    /// (a hash) rather than by comparing every live toast.
    public struct Key: Hashable, Sendable {
        var source: ToastSource
        var app: String?
        var title: String
        var origin: String?
        var message: String
        var urgency: Urgency
        var kind: Kind
        var icon: String?
        var imageDigest: UInt64?
        var markup: Bool
        var progress: Double?
        var position: Position
        var color: UInt32?
        var cardColors: CardColors?
        var style: CardStyle?

        public init(_ toast: Toast) {
            source = toast.source
            app = toast.app
            title = toast.title
            origin = toast.origin
            message = toast.message
            urgency = toast.urgency
            kind = toast.kind
            icon = toast.icon
            imageDigest = toast.imageDigest
            markup = toast.markup
            progress = toast.progress
            position = toast.position
            color = toast.color
            cardColors = toast.cardColors
            style = toast.style
        }
    }

    /// The most a card counts: each repeat is an alias the board keeps until the card ends,
    /// so a sender repeating itself for ever cannot grow it without bound. A repeat past it
    /// starts a card of its own (which counts the next ones).
    public static let maxCount = 99

    /// The first live toast (in the board's order) that `toast` repeats and that can count one more.
    public static func original(of toast: Toast, among live: [Toast]) -> Toast? {
        guard toast.collapsesRepeats else { return nil }
        return live.first { $0.count < maxCount && isRepeat(toast, of: $0) }
    }

    /// The largest `image-data` a toast may carry and still collapse (a 512×512 RGBA picture;
    /// avatars and app icons are far smaller): past it, hashing the pixels on every arrival
    /// would cost more than a card, so such a toast keeps a card of its own.
    public static let maxDigestBytes = 1 << 20

    /// A 64-bit FNV-1a digest of an image's size, layout and pixels: two repeats with the same
    /// avatar compare equal without the board keeping the pixels. Nil past `maxDigestBytes`.
    public static func digest(_ image: RawImage) -> UInt64? {
        guard image.pixels.count <= maxDigestBytes else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let header = [image.width, image.height, image.channels, image.hasAlpha ? 1 : 0].map { UInt64(truncatingIfNeeded: $0) }
        for number in header {
            hash ^= number
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in image.pixels.buffer {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// The ids that stand for another toast's card: each repeat's own id, an alias of the card
/// it collapsed into. The board's bookkeeping (`Board.repeatToast`); the aliases of a card
/// are kept in the order they came.
public struct RepeatAliases: Equatable, Sendable {
    /// Aliases (repeats, echoes, a digest's folded toasts) one card answers for at once;
    /// past it the oldest ends early (`Board.boundAliases`).
    public static let maxPerCard = 500

    private var cardOf: [String: String] = [:]
    private var aliasesOf: [String: AliasQueue] = [:]
    /// Aliases that are echoes (`Admission.Action.sameAs`): they add to no count, so ending
    /// one alone takes nothing off it.
    private var echoes: Set<String> = []

    public init() {}

    public func isEcho(_ id: String) -> Bool { echoes.contains(id) }

    /// The card `id` stands for: itself unless it is an alias.
    public func card(for id: String) -> String { cardOf[id] ?? id }
    public func isAlias(_ id: String) -> Bool { cardOf[id] != nil }
    public func aliases(of card: String) -> [String] { aliasesOf[card]?.elements ?? [] }
    /// How many aliases `card` has, and its oldest: without a copy of the list, which a
    /// caller holding it while an alias goes would force (500 strings a fold in a flood).
    func aliasCount(of card: String) -> Int { aliasesOf[card]?.count ?? 0 }
    func oldestAlias(of card: String) -> String? { aliasesOf[card]?.first }

    mutating func add(_ alias: String, to card: String, echo: Bool = false) {
        if echo { echoes.insert(alias) }
        cardOf[alias] = card
        aliasesOf[card, default: AliasQueue()].append(alias)
    }

    /// Forgets one alias; returns its card.
    @discardableResult
    mutating func remove(_ alias: String) -> String? {
        guard let card = cardOf.removeValue(forKey: alias) else { return nil }
        echoes.remove(alias)
        aliasesOf[card]?.remove(alias)
        if aliasesOf[card]?.count == 0 { aliasesOf[card] = nil }
        return card
    }

    /// Forgets a card's aliases (it ended); returns them.
    mutating func removeCard(_ card: String) -> [String] {
        let aliases = aliasesOf.removeValue(forKey: card)?.elements ?? []
        for alias in aliases {
            cardOf[alias] = nil
            echoes.remove(alias)
        }
        return aliases
    }
}

/// One card's aliases, oldest first. The oldest goes most often (a digest past
/// `Digest.maxAliases` ends one on every fold), so it leaves by moving a start index rather
/// than by shifting the other 499 down; the spent front is dropped once it is half the array.
struct AliasQueue: Equatable, Sendable {
    private var items: [String] = []
    private var start = 0

    var count: Int { items.count - start }
    var first: String? { start < items.count ? items[start] : nil }
    var elements: [String] { Array(items[start...]) }

    mutating func append(_ alias: String) { items.append(alias) }

    /// Removes `alias` if it is here: at once when it is the oldest, else by a search.
    mutating func remove(_ alias: String) {
        if first == alias {
            start += 1
            if start == items.count {
                items.removeAll(keepingCapacity: true)
                start = 0
            } else if start >= 32, start * 2 >= items.count {
                items.removeFirst(start)
                start = 0
            }
        } else if let i = items[start...].firstIndex(of: alias) {
            items.remove(at: i)
        }
    }

    static func == (a: AliasQueue, b: AliasQueue) -> Bool { a.items[a.start...] == b.items[b.start...] }
}
