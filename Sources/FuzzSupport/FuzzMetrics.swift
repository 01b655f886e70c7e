import ToastCore

/// Fixed text metrics standing in for Pango, so card composition can be fuzzed without X:
/// `advance` px per character (one more in bold), `lineHeight` px per line, lines broken after
/// as many characters as fit and at newlines. Tags take no room.
///
/// The same shape as the unit tests' `FixedMetrics`, but with its numbers chosen by the fuzzer,
/// since real fonts can be any size the config allows.
public struct FuzzMetrics: TextMeasuring {
    public var advance: Double
    public var lineHeight: Double

    public init(advance: Double, lineHeight: Double) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    public func measure(_ block: TextBlock) -> TextExtent {
        let step = block.style.bold ? advance + 1 : advance
        let perLine = block.width > 0 && block.width.isFinite ? max(1, Int(min(block.width / step, 1e6))) : Int.max
        var lines = 0
        var widest = 0
        var inTag = false
        var column = 0
        for c in block.text.unicodeScalars {
            if block.isMarkup, inTag { inTag = c != ">"; continue }
            if block.isMarkup, c == "<" { inTag = true; continue }
            if c == "\n" {
                lines += 1
                column = 0
                continue
            }
            if column == perLine {
                lines += 1
                column = 0
            }
            column += 1
            widest = max(widest, column)
        }
        lines += 1
        var isCut = false
        if let limit = block.maxLines, lines > limit {
            lines = max(1, limit)
            isCut = true
        }
        return TextExtent(size: Size(width: Double(widest) * step, height: Double(lines) * lineHeight),
                          lineCount: lines, isCut: isCut)
    }
}
