/// The fields a rule's `match` lines can test.
public enum RuleField: String, CaseIterable, Sendable {
    case app
    case desktopEntry = "desktop_entry"
    /// The title.
    case summary
    /// The message.
    case body
    case icon
    case category
    /// `low`, `normal` or `critical`.
    case urgency
    case kind
    /// `socket` or `dbus`.
    case source
    case stackTag = "stack_tag"
    /// `yes` or `no`.
    case transient

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The field's place in `allCases`, without searching it.
    var ordinal: Int {
        switch self {
        case .app: 0
        case .desktopEntry: 1
        case .summary: 2
        case .body: 3
        case .icon: 4
        case .category: 5
        case .urgency: 6
        case .kind: 7
        case .source: 8
        case .stackTag: 9
        case .transient: 10
        }
    }
}

/// What the rules see of a toast: its fields as text, before the rules change them.
///
/// The admission step fills it from a submission; a field the toast lacks is the empty text
/// (so `match category = ""` finds toasts without a category). Rules that set `kind`,
/// `urgency`, `icon`, `default_icon`, `stack_tag` or `transient` change it, and later rules
/// see the change (as in dunst).
///
/// Matching reads at most `RuleLimits.fieldBytes` bytes of each field (`RuleLimits.matchedBodyBytes`
/// of the body): a field is cut there, at a character boundary, when the subject is made, so
/// no pattern's cost grows with a 64 KiB socket message. The summary and body are the text the
/// card shows (`TextSanitizer`: no NUL or other control, CRLF as a newline), so nothing a
/// card shows as `ab` can be sent as `a\0b` to slip past `match body ~ ab`.
public struct RuleSubject: Equatable, Sendable {
    public var app: String { didSet { app = Self.bounded(app, RuleLimits.fieldBytes) } }
    public var desktopEntry: String { didSet { desktopEntry = Self.bounded(desktopEntry, RuleLimits.fieldBytes) } }
    public var summary: String { didSet { summary = Self.shown(summary, RuleLimits.fieldBytes) } }
    public var body: String { didSet { body = Self.shown(body, RuleLimits.matchedBodyBytes) } }
    /// An icon name, path or URI; empty when the toast has none.
    public var icon: String { didSet { icon = Self.bounded(icon, RuleLimits.fieldBytes) } }
    public var category: String { didSet { category = Self.bounded(category, RuleLimits.fieldBytes) } }
    public var urgency: Urgency
    public var kind: Kind
    public var source: ToastSource
    /// Empty when the toast has none.
    public var stackTag: String { didSet { stackTag = Self.bounded(stackTag, RuleLimits.fieldBytes) } }
    public var transient: Bool
    /// The toast carries its own pixels (`image-data`): it has an icon though `icon` is empty,
    /// so `default_icon` leaves it alone.
    public var hasImage: Bool

    public init(app: String = "", desktopEntry: String = "", summary: String = "", body: String = "",
                icon: String = "", category: String = "", urgency: Urgency = .normal, kind: Kind = .info,
                source: ToastSource = .socket, stackTag: String = "", transient: Bool = false, hasImage: Bool = false) {
        self.app = Self.bounded(app, RuleLimits.fieldBytes)
        self.desktopEntry = Self.bounded(desktopEntry, RuleLimits.fieldBytes)
        self.summary = Self.shown(summary, RuleLimits.fieldBytes)
        self.body = Self.shown(body, RuleLimits.matchedBodyBytes)
        self.icon = Self.bounded(icon, RuleLimits.fieldBytes)
        self.category = Self.bounded(category, RuleLimits.fieldBytes)
        self.urgency = urgency
        self.kind = kind
        self.source = source
        self.stackTag = Self.bounded(stackTag, RuleLimits.fieldBytes)
        self.transient = transient
        self.hasImage = hasImage
    }

    /// The field as the rules compare it.
    public func text(of field: RuleField) -> String {
        switch field {
        case .app: app
        case .desktopEntry: desktopEntry
        case .summary: summary
        case .body: body
        case .icon: icon
        case .category: category
        case .urgency: urgency.rawValue
        case .kind: kind.rawValue
        case .source: source.rawValue
        case .stackTag: stackTag
        case .transient: transient ? "yes" : "no"
        }
    }

    /// `text` cut to at most `maxBytes` bytes of UTF-8, at a scalar boundary. Free when it
    /// already fits (a native string knows its UTF-8 length).
    package static func bounded(_ text: String, _ maxBytes: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > maxBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: maxBytes)
        // Back off continuation bytes (10xxxxxx) to the start of the cut scalar.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(text[..<end])
    }

    /// `text` as a card shows it (`TextSanitizer.sanitize`), cut as `bounded` cuts. Only a
    /// prefix is cleaned, a few times longer than what is kept, then longer until enough is left:
    /// the clean prefix is the start of the clean whole, less perhaps trailing blanks, which
    /// lie past the cut. So the cost follows what is kept, except for text that is nearly all controls.
    static func shown(_ text: String, _ maxBytes: Int) -> String {
        var take = 2 * maxBytes + 64
        while take < text.utf8.count {
            let clean = TextSanitizer.sanitize(bounded(text, take))
            if clean.utf8.count > maxBytes { return bounded(clean, maxBytes) }
            take = take.multipliedReportingOverflow(by: 4).overflow ? Int.max : take * 4
        }
        return bounded(TextSanitizer.sanitize(text), maxBytes)
    }
}
