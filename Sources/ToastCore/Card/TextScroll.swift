/// Where an expanded card's message stands when it has more lines than the card holds: the
/// wheel scrolls the text inside the card, whose size and place stay as they are.
///
/// The window is `visible` lines of the message's `total`, starting at line `first`; it never
/// starts above the first line nor runs past the last (`clamp`).
public struct TextScroll: Equatable, Sendable {
    /// The first line shown (0: the top of the message).
    public var first: Int
    /// Lines the card has room for.
    public var visible: Int
    /// Lines of the whole message, as laid out at the card's width.
    public var total: Int

    /// Lines one wheel notch moves the text: a few, as browsers and terminals do, so a long
    /// message is read in a few notches rather than dozens.
    public static let linesPerNotch = 3

    public init(first: Int, visible: Int, total: Int) {
        self.visible = max(1, visible)
        self.total = max(0, total)
        self.first = Self.clamp(first, visible: visible, total: total)
    }

    /// The last line the window may start at: the end of the message fills the window's bottom.
    public var lastFirst: Int { max(0, total - visible) }
    /// Whether lines are hidden below the window (the card then shows a hint).
    public var hasMoreBelow: Bool { first < lastFirst }
    public var hasMoreAbove: Bool { first > 0 }

    /// The notches an X pointer button stands for: button 4 is the wheel turned up (one notch
    /// toward the top), 5 down; nil for any other button (6 and 7 are a horizontal wheel, which
    /// a card ignores).
    public static func wheelNotches(button: UInt32) -> Int? {
        switch button {
        case 4: -1
        case 5: 1
        default: nil
        }
    }

    /// `first` kept within `0...max(0, total - visible)`.
    public static func clamp(_ first: Int, visible: Int, total: Int) -> Int {
        min(max(0, first), max(0, total - max(1, visible)))
    }

    /// The window's first line after `notches` wheel notches (negative: up, toward the top),
    /// clamped; a huge count from a flood of notches cannot overflow.
    public func scrolled(byNotches notches: Int) -> Int {
        let bounded = max(-TextLimits.maxScalars, min(TextLimits.maxScalars, notches))
        return Self.clamp(first + bounded * Self.linesPerNotch, visible: visible, total: total)
    }
}
