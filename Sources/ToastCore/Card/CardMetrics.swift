/// The card's fixed lengths, in points at scale 1 (the composer multiplies them by the HiDPI
/// scale). The configurable ones (width, padding, radius, border) are in `Config`.
public enum CardMetrics {
    /// The longest side a card may have, in device pixels: X's window sizes and coordinates
    /// are 16-bit, and a taller card (an expanded message of thousands of lines) would trap
    /// converting to `Int16` in the screen code. Cut with "…" like any other shortened card.
    public static let maxSide = 32_767.0
    /// The accent style's coloured bar at the leading edge, and its own corner radius.
    public static let accentBarWidth = 6.0
    public static let accentRadius = 8.0
    /// Between the icon and the text.
    public static let iconTextGap = 10.0
    /// The × that shows on hover, and the room kept free for it beside the text.
    public static let closeButtonSize = 16.0
    public static let closeButtonGap = 4.0
    /// How far the × sits out into the padding, and how much wider than it a click counts.
    public static let closeButtonOutset = 4.0
    public static let closeButtonSlop = 4.0
    /// Focus mode's ring round the focused card and its focused button: wide enough to
    /// see at a glance beside the tinted style's 2 px border, inside the padding.
    public static let focusRingWidth = 3.0
    /// Between a title and its message.
    public static let titleGap = 2.0
    /// The progress bar: its gap above, and its height.
    public static let progressGap = 8.0
    public static let progressHeight = 4.0
    /// Action buttons: the gap above the row, height over the line's, label inset, corner
    /// radius and the space between buttons.
    public static let buttonRowGap = 10.0
    public static let buttonExtraHeight = 10.0
    public static let buttonLabelInset = 12.0
    public static let buttonRadius = 7.0
    public static let buttonSpacing = 6.0
    /// The repeat count (`×3`) at the card's top trailing corner: its label's inset from the
    /// pill's ends and top, and the gap to the close button (on hover) and to the text.
    public static let countInset = 6.0
    public static let countVerticalInset = 1.0
    public static let countGap = 6.0
    /// The capsule's icon, and its gap to the text.
    public static let capsuleIconSize = 18.0
    public static let capsuleIconGap = 8.0
    /// Our own shadow (`shadow = own`): the margin it is drawn in, its layers and how far it
    /// drops. Light enough that the shadows of cards stacked 8 px apart do not merge into a band.
    public static let shadowMargin = 10.0
    public static let shadowLayers = 5
    public static let shadowDrop = 3.0
    /// The fade over a scrolled message's last shown line when more follows: this many bands
    /// of the card's background, each this opaque (0-255); stacked, the line's foot is about
    /// 80 % covered and its top 30 %, so it still reads while saying "there is more".
    public static let scrollFadeSteps = 4
    public static let scrollFadeAlpha: UInt8 = 80
}
