/// One toast as the daemon holds it: what to show and for how long.
public struct Toast: Equatable, Sendable {
    public var id: String
    public var title: String
    public var message: String
    public var kind: Kind
    /// Seconds on screen once visible; 0 keeps it until dismissed.
    public var timeout: Double
    public var position: Position
    /// The card style; nil follows the configured one (so a reload restyles it).
    public var style: CardStyle?
    /// Whether `message` uses the small markup subset (`<b> <i> <u>`, entities).
    public var markup: Bool

    public init(id: String, title: String = "", message: String, kind: Kind = .info,
                timeout: Double = 4, position: Position = .topRight, style: CardStyle? = nil, markup: Bool = false) {
        self.id = id
        self.title = title
        self.message = message
        self.kind = kind
        self.timeout = timeout
        self.position = position
        self.style = style
        self.markup = markup
    }
}

/// Why a toast went away; sent to clients in `dismissed` events.
public enum DismissReason: String, Sendable, CaseIterable {
    case timeout, click, swipe, close, action, api, replaced, overflow, shutdown
}
