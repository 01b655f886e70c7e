/// A paragraph (or several) of text to lay out in a box of fixed width: what the card composer
/// hands the text engine to measure and, unchanged, to draw.
///
/// The engine (Pango in the X11 layer) shapes, wraps at word boundaries (by characters when a
/// word alone is wider than `width`), lays right-to-left paragraphs out from the right edge and
/// ends the last kept line with "…" when `maxLines` cuts it.
public struct TextBlock: Hashable, Sendable {
    /// Plain text, or Pango markup when `isMarkup` (then it has been through `MarkupSanitizer`).
    public var text: String
    public var isMarkup: Bool
    public var style: FontStyle
    /// The box's width in device pixels; lines wrap to fit it.
    public var width: Double
    /// Lines kept before the ellipsis; nil keeps them all (an expanded card).
    public var maxLines: Int?
    /// A scrolled window on the text (an expanded card's message that does not fit): the whole
    /// text is laid out and only `maxLines` lines from this one (0-based) are measured and
    /// drawn, clipped to them, without an ellipsis. Nil: the text from its top, cut by `maxLines`.
    public var firstLine: Int?
    /// Where lines sit in the box (`[text] alignment`); a right-to-left paragraph under
    /// `left` still starts at the right.
    public var alignment: TextAlignment = .left
    /// Where a cut line shows "…" (`[text] ellipsize`).
    public var ellipsize: EllipsizePlace = .end

    public init(text: String, isMarkup: Bool = false, style: FontStyle = .regular, width: Double, maxLines: Int? = nil,
                firstLine: Int? = nil) {
        self.text = text
        self.isMarkup = isMarkup
        self.style = style
        self.width = width
        self.maxLines = maxLines
        self.firstLine = firstLine
    }
}

/// How much room a laid-out `TextBlock` takes.
public struct TextExtent: Equatable, Sendable {
    /// The logical size in device pixels (the width of the widest line, the height of all lines).
    public var size: Size
    public var lineCount: Int
    /// True when `maxLines` left text out (the block ends in "…").
    public var isCut: Bool

    public init(size: Size, lineCount: Int, isCut: Bool) {
        self.size = size
        self.lineCount = lineCount
        self.isCut = isCut
    }
}

/// What the card composer needs to know about text; the X11 layer answers with Pango, unit
/// tests with fixed advances.
public protocol TextMeasuring {
    /// The size `block` takes when laid out.
    func measure(_ block: TextBlock) -> TextExtent
    /// Distance between baselines of consecutive lines in the regular face.
    var lineHeight: Double { get }
    /// Where each range of plain-text UTF-8 bytes (`MarkupSanitizer.LinkSpan.bytes`) is drawn
    /// in the laid-out `block`, relative to its origin: a rectangle per line it covers, only
    /// lines that show. A link's hit region.
    func rects(of ranges: [Range<Int>], in block: TextBlock) -> [[Rect]]
    /// Where a caret before UTF-8 byte `byte` of a plain-text `block` is drawn, relative to
    /// its origin: a zero-width rectangle one line high (bidi text: the strong cursor).
    func caret(at byte: Int, in block: TextBlock) -> Rect?
    /// The UTF-8 byte offset of the character boundary nearest `point` (relative to the
    /// block's origin) in a plain-text `block`: where a click puts a reply field's caret.
    func index(at point: Point, in block: TextBlock) -> Int?
}

extension TextMeasuring {
    /// Measurers that do not place glyphs (tests' fixed advances) know no hit regions.
    public func rects(of ranges: [Range<Int>], in block: TextBlock) -> [[Rect]] { ranges.map { _ in [] } }
    /// Measurers that do not place glyphs put it at the block's start.
    public func caret(at byte: Int, in block: TextBlock) -> Rect? { nil }
    public func index(at point: Point, in block: TextBlock) -> Int? { nil }
}

/// Bounds on the text a card lays out.
public enum TextLimits {
    /// Unicode scalars of one text (title, message, label) kept before layout. A card shows
    /// about 60 characters a line; expanded, a few thousand are more than anyone reads on a
    /// toast, and shaping a megabyte of text on every repaint would stall the daemon.
    public static let maxScalars = 4000

    /// `text` cut to `limit` Unicode scalars (never splitting one; cheap on a long string),
    /// and whether it was cut.
    public static func cut(_ text: String, to limit: Int = maxScalars) -> (text: String, isCut: Bool) {
        var count = 0
        var end = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while end != scalars.endIndex, count < limit {
            scalars.formIndex(after: &end)
            count += 1
        }
        guard end != scalars.endIndex else { return (text, false) }
        return (String(scalars[..<end]), true)
    }

    /// `text` cut to `limit` scalars, then cleaned as a card shows it (`TextSanitizer`), and
    /// whether it was cut. The cut comes first: a 64 KiB message costs what 4,000 scalars do,
    /// on every repaint.
    public static func clean(_ text: String, to limit: Int = maxScalars) -> (text: String, isCut: Bool) {
        let bounded = cut(text, to: limit)
        return (TextSanitizer.sanitize(bounded.text), bounded.isCut)
    }
}
