import Operations
import Testing
import ToastCore

// Helpers shared by the unit tests.

func toast(_ id: String, timeout: Double = 4, urgency: Urgency = .normal, message: String = "message") -> Toast {
    Toast(id: id, message: message, timeout: timeout, urgency: urgency)
}

func visibleIDs(_ stack: ToastStack) -> [String] { stack.visible.map(\.toast.id) }
func waitingIDs(_ stack: ToastStack) -> [String] { stack.waiting.map(\.toast.id) }
func removedIDs(_ change: ToastStack.Change) -> [String] { change.removed.map(\.id) }
func removedReasons(_ change: ToastStack.Change) -> [DismissReason] { change.removed.map(\.reason) }

extension ToastStack.Change {
    /// Nothing shown, queued, removed or replaced.
    var isNothing: Bool { shown.isEmpty && queued.isEmpty && removed.isEmpty && replaced == nil }
}

/// Parses a command line that must be valid; a usage error is recorded as a test issue.
func parse(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Command? {
    do {
        return try CommandParser.parse(args)
    } catch {
        Issue.record("unexpected usage error: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A show request carrying the given optional fields.
func showRequest(message: String = "m", title: String? = nil, style: CardStyle? = nil, markup: Bool = false,
                 icon: String? = nil, actions: [Action] = [], defaultAction: String? = nil,
                 progress: Double? = nil, urgency: Urgency? = nil) -> ShowRequest {
    var s = ShowRequest(message: message, title: title)
    s.style = style
    s.markup = markup
    s.icon = icon
    s.actions = actions
    s.defaultAction = defaultAction
    s.progress = progress
    s.urgency = urgency
    return s
}

func decode(_ line: String) -> Result<Request, RequestError> {
    Request.decode(line: Array(line.utf8))
}

/// The decoded request (records an issue when the line is refused).
func decoded(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Request? {
    switch decode(line) {
    case let .success(request): return request
    case let .failure(error):
        Issue.record("expected \(line) to decode, got: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Fixed metrics standing in for Pango: 7 px per character, 8 in bold, line height 17, all
/// multiplied by `scale` as a font opened at that scale would be. Lines break after as many
/// characters as fit (no word boundaries) and at newlines; markup tags take no room and an
/// entity is one character. A cut block's last line ends in "…"; a scrolled one (`firstLine`)
/// keeps its window's lines as they are.
struct FixedMetrics: TextMeasuring {
    var scale = 1.0
    /// Where a first line's baseline sits below the block's top, for tests phrased in baselines.
    var ascent: Double { 13 * scale }
    var lineHeight: Double { 17 * scale }

    func measure(_ block: TextBlock) -> TextExtent {
        let laid = lines(block)
        let advance = (block.style.bold ? 8 : 7) * scale
        let width = Double(laid.lines.map(\.count).max() ?? 0) * advance
        return TextExtent(size: Size(width: width, height: Double(max(1, laid.lines.count)) * lineHeight),
                          lineCount: max(1, laid.lines.count), isCut: laid.isCut)
    }

    /// The caret before `byte`: after as many characters as precede it on its line.
    func caret(at byte: Int, in block: TextBlock) -> Rect? {
        let advance = (block.style.bold ? 8 : 7) * scale
        let perLine = block.width > 0 ? max(1, Int(block.width / advance)) : Int.max
        let before = String(decoding: block.text.utf8.prefix(max(0, byte)), as: UTF8.self)
        var line = 0, column = 0
        for c in before {
            if c == "\n" || column == perLine { line += 1; column = 0 }
            if c != "\n" { column += 1 }
        }
        line -= block.firstLine ?? 0
        return Rect(x: Double(column) * advance, y: Double(line) * lineHeight, width: 0, height: lineHeight)
    }

    /// The nearest boundary on one-line plain text: the column the point is closest to.
    func index(at point: Point, in block: TextBlock) -> Int? {
        let advance = (block.style.bold ? 8 : 7) * scale
        let column = max(0, Int((point.x / advance).rounded()))
        return Array(block.text.utf8).count < column ? block.text.utf8.count : String(block.text.prefix(column)).utf8.count
    }

    /// The block's visible lines, as this fake breaks them.
    func lines(_ block: TextBlock) -> (lines: [String], isCut: Bool) {
        let advance = (block.style.bold ? 8 : 7) * scale
        let perLine = block.width > 0 ? max(1, Int(block.width / advance)) : Int.max
        let text = block.isMarkup ? Self.visibleText(block.text) : block.text
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(paragraph)
            repeat {
                lines.append(String(rest.prefix(perLine)))
                rest = rest.dropFirst(perLine)
            } while !rest.isEmpty
        }
        if let first = block.firstLine {
            // A scrolled window: the lines from `first`, no ellipsis.
            let start = max(0, min(first, lines.count - 1))
            let end = min(lines.count, start + max(1, block.maxLines ?? lines.count))
            return (Array(lines[start..<end]), start > 0 || end < lines.count)
        }
        guard let limit = block.maxLines, lines.count > limit else { return (lines, false) }
        var kept = Array(lines.prefix(max(1, limit)))
        var last = kept[kept.count - 1]
        if last.count >= perLine { last.removeLast() }
        kept[kept.count - 1] = last + "…"
        return (kept, true)
    }

    /// Markup without its tags, entities as the character they stand for.
    static func visibleText(_ markup: String) -> String {
        var out = ""
        var inTag = false
        var entity: String?
        for c in markup {
            if inTag { inTag = c != ">"; continue }
            if var name = entity {
                if c == ";" {
                    out += ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][name] ?? "?"
                    entity = nil
                } else {
                    name.append(c)
                    entity = name
                }
                continue
            }
            switch c {
            case "<": inTag = true
            case "&": entity = ""
            default: out.append(c)
            }
        }
        return out
    }
}

/// Text ops as (text, x, baseline, style, colour), one per block, with the fake's first baseline.
func textOps(_ ops: [DrawOp], scale: Double = 1) -> [(text: String, x: Double, baseline: Double, style: FontStyle, color: RGBA)] {
    let metrics = FixedMetrics(scale: scale)
    return ops.compactMap { op in
        guard case let .text(block, origin, color) = op else { return nil }
        return (metrics.lines(block).lines.joined(separator: "\n"), origin.x, origin.y + metrics.ascent, block.style, color)
    }
}

/// The text drawn, one string per line as the fake breaks it, top to bottom.
func textLines(_ card: ComposedCard, scale: Double = 1) -> [String] {
    let metrics = FixedMetrics(scale: scale)
    return card.scene.ops.flatMap { op -> [String] in
        guard case let .text(block, _, _) = op else { return [] }
        return metrics.lines(block).lines
    }
}
