/// Text broken into lines and positioned, ready to draw.
///
/// Positions are in the same units `measure` returned (pixels at the current scale). Line `i`'s
/// top is at `i * lineHeight`; each segment is drawn at its `x` with the face its `style` names.
public struct LaidOutText: Equatable, Sendable {
    /// Consecutive characters on one line sharing a face and underline.
    public struct Segment: Equatable, Sendable {
        public var text: String
        public var style: FontStyle
        public var underline: Bool
        /// Offset from the line's left edge.
        public var x: Double
        public var width: Double

        public init(text: String, style: FontStyle, underline: Bool = false, x: Double, width: Double) {
            self.text = text
            self.style = style
            self.underline = underline
            self.x = x
            self.width = width
        }

        /// The fallback-chain index of the face, `style.font`.
        public var font: Int { style.font }
    }

    public struct Line: Equatable, Sendable {
        public var segments: [Segment]
        public var width: Double

        public init(segments: [Segment], width: Double) {
            self.segments = segments
            self.width = width
        }

        /// The line's text without styling (handy for tests and accessibility).
        public var text: String { segments.map(\.text).joined() }
    }

    public var lines: [Line]
    /// True when `maxLines` cut the text; the last line then ends in "…".
    public var isTruncated: Bool
    public var lineHeight: Double

    public init(lines: [Line], isTruncated: Bool, lineHeight: Double) {
        self.lines = lines
        self.isTruncated = isTruncated
        self.lineHeight = lineHeight
    }

    public var height: Double { Double(lines.count) * lineHeight }
    /// The widest line, for cards that shrink to fit their text.
    public var width: Double { lines.map(\.width).max() ?? 0 }
}
