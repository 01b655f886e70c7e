/// Colours that replace a card style's own, each nil where the style decides: what a dunst
/// user sets per urgency (`background`, `foreground`, `frame_color`, `highlight`), and what
/// xtoast lets set for every card (`[card]`), per kind and per urgency (`[colors]
/// error.background`, `critical.background`) and per rule.
///
/// Layers apply from the broadest to the narrowest: `[card]`, then the toast's kind, then
/// its urgency, then its rules (`layered`), so a dunst `[urgency_critical]` background wins
/// over a kind's and a rule's over both.
public struct CardColors: Equatable, Hashable, Sendable {
    /// The card's fill, used as given (no tint of the kind's accent).
    public var background: UInt32?
    /// The title's and message's colour; the application line and the close button are
    /// drawn in it too, faded toward the background.
    public var foreground: UInt32?
    /// The tinted style's border and the accent style's bar; nil: the kind's accent.
    public var frame: UInt32?
    /// The progress bar's fill (and its track, faint); nil: the kind's accent.
    public var highlight: UInt32?

    public init(background: UInt32? = nil, foreground: UInt32? = nil, frame: UInt32? = nil, highlight: UInt32? = nil) {
        self.background = background
        self.foreground = foreground
        self.frame = frame
        self.highlight = highlight
    }

    public var isEmpty: Bool { self == CardColors() }

    /// `self` with every colour `narrower` sets taking over.
    public func layered(_ narrower: CardColors?) -> CardColors {
        guard let narrower else { return self }
        return CardColors(background: narrower.background ?? background, foreground: narrower.foreground ?? foreground,
                          frame: narrower.frame ?? frame, highlight: narrower.highlight ?? highlight)
    }

    /// The four parts by the names the config file, rules and dunst give them.
    public enum Part: String, CaseIterable, Sendable {
        case background, foreground
        case frame = "frame_color"
        case highlight

        public var path: WritableKeyPath<CardColors, UInt32?> & Sendable {
            switch self {
            case .background: \CardColors.background
            case .foreground: \CardColors.foreground
            case .frame: \CardColors.frame
            case .highlight: \CardColors.highlight
            }
        }
    }
}
