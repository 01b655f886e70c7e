/// How an open reply field looks (`CardComposer.Appearance.reply`).
public struct ReplyLook: Equatable, Sendable {
    public var field: ReplyField
    /// The caret shows now (it blinks: `ReplySession.caretVisible`).
    public var caretVisible: Bool

    public init(field: ReplyField, caretVisible: Bool = true) {
        self.field = field
        self.caretVisible = caretVisible
    }
}

/// Where the open field's parts are, in card coordinates.
struct ReplyRects {
    var field: Rect
    var send: Rect
    var text: (block: TextBlock, origin: Point)?
    /// Characters of the field before `text`'s window.
    var textStart = 0
    /// The caret's foot (its left edge, the bottom of its line): where an input method's
    /// preedit goes (over the spot).
    var caret: Point
}

/// The inline reply's parts of a card: the reply button among the action buttons, and the
/// open field (a text box with the typed text, its selection and caret, and a send button)
/// in the buttons' place.
extension CardComposer {
    /// Lines of the typed text the field shows at most; a longer reply shows its last lines.
    public static let replyVisibleLines = 4
    /// UTF-8 bytes of the typed text laid out at most: a window around the caret, which the
    /// field's last `replyVisibleLines` lines come from (about 60 narrow letters make a line,
    /// and at least 256 bytes lie before the caret, so the window fills four). Pango breaks a
    /// run without break opportunities in time that grows with the square of its length: a
    /// 4 KiB word cost 123 ms a layout here, and each key laid the text out twice; 512 bytes
    /// of it cost 1.7 ms, and 512 bytes of words 0.3 ms.
    public static let replyWindowBytes = 512
    /// Of the window, the bytes after the caret at most: the caret's line stays among the
    /// lines shown, with a line or two of what follows it.
    public static let replyWindowAfterCaret = 128
    /// The window starts at a paragraph's start or at a multiple of this many characters, so
    /// its lines break the same way from key to key (a start that moved with each key would
    /// rewrap the lines shown); they may move once in this many characters typed.
    public static let replyWindowStep = 128

    /// The characters of `field` laid out: up to `replyWindowAfterCaret` bytes after the caret
    /// and the rest of `replyWindowBytes` before it, from the earliest steady start
    /// (`replyWindowStep`) there. Costs what the window holds, not the text.
    public static func replyWindow(_ field: ReplyField) -> Range<Int> {
        let text = field.text
        var end = field.caret, bytes = 0
        while end < text.count, bytes + text[end].utf8.count <= replyWindowAfterCaret {
            bytes += text[end].utf8.count
            end += 1
        }
        var start = field.caret, steady: Int?
        while start > 0, bytes + text[start - 1].utf8.count <= replyWindowBytes {
            bytes += text[start - 1].utf8.count
            start -= 1
            if start == 0 || start % replyWindowStep == 0 || text[start - 1] == "\n" { steady = start }
        }
        return (steady ?? start)..<end
    }

    /// The buttons a card shows: its actions, and the reply button (first) when it offers a reply.
    func shownActions(_ toast: Toast) -> [Action] {
        guard let reply = toast.reply else { return toast.actions }
        return [Action(id: ReplyOptions.actionKey, label: reply.buttonLabel)] + toast.actions
    }

    /// The field's row from `left` to `right` at `top`: the box grows with the text to
    /// `replyVisibleLines` lines; the send button sits at its right, as tall as a button.
    func replyRow(_ options: ReplyOptions, _ look: ReplyLook, left: Double, right: Double, top: Double, colors c: Colors,
                  metrics: TextMeasuring, sendIcon: String? = nil) -> (ops: [DrawOp], rects: ReplyRects, height: Double) {
        let inset = px(CardMetrics.buttonLabelInset) / 2
        let buttonH = buttonHeight(metrics)
        var label = TextBlock(text: options.sendLabel, style: FontStyle(bold: true), width: px(config.cardWidth), maxLines: 1)
        let labelExtent = metrics.measure(label)
        label.width = labelExtent.size.width.rounded(.up)
        // With its icon (`x-kde-reply-submit-button-icon-name`) the send button is a square
        // holding it, as an action icon's button is; else its text.
        let sendW = sendIcon == nil ? (label.width + 2 * px(CardMetrics.buttonLabelInset)).rounded()
            : max(buttonH, px(Self.iconSize) + px(CardMetrics.buttonLabelInset)).rounded()
        let boxW = max(1, right - left - sendW - px(CardMetrics.buttonSpacing))
        let textW = max(1, boxW - 2 * inset)
        let empty = look.field.isEmpty
        let window = Self.replyWindow(look.field)
        let shown = Array(look.field.text[window])
        // Plain text (never markup): what is typed is shown as typed.
        var block = TextBlock(text: empty ? options.placeholder : String(shown), width: textW, maxLines: empty ? 1 : nil)
        var whole = metrics.measure(block)
        var visible = whole.lineCount
        if !empty, whole.lineCount > Self.replyVisibleLines {
            visible = Self.replyVisibleLines
            block.firstLine = whole.lineCount - visible
            block.maxLines = visible
            whole = metrics.measure(block)
        }
        let textH = max(metrics.lineHeight, Double(max(1, visible)) * metrics.lineHeight)
        let boxH = max(buttonH, (textH + 2 * inset).rounded())
        let box = Rect(x: left, y: top, width: boxW, height: boxH)
        let origin = Point(x: left + inset, y: top + ((boxH - textH) / 2).rounded())
        var ops: [DrawOp] = [
            .roundedRect(box, radius: px(CardMetrics.buttonRadius), color: c.accent),
            .roundedRect(Rect(x: box.x + px(1), y: box.y + px(1), width: box.width - 2 * px(1), height: box.height - 2 * px(1)),
                         radius: max(0, px(CardMetrics.buttonRadius) - px(1)), color: c.background.mixed(with: c.text, 0.06).withAlpha(255)),
        ]
        if !empty, let selection = look.field.selection?.clamped(to: window), !selection.isEmpty {
            let bytes = byteRange(selection.lowerBound - window.lowerBound..<selection.upperBound - window.lowerBound, in: shown)
            for r in metrics.rects(of: [bytes], in: block).first ?? [] {
                ops.append(.roundedRect(Rect(x: origin.x + r.x, y: origin.y + r.y, width: r.width, height: r.height), radius: 0,
                                        color: c.accent.withAlpha(90)))
            }
        }
        if !empty || !options.placeholder.isEmpty {
            ops.append(.text(block, origin: origin, color: empty ? c.secondary : c.text))
        }
        let caret = empty ? Rect(x: 0, y: 0, width: 0, height: metrics.lineHeight)
            : metrics.caret(at: byteRange(0..<(look.field.caret - window.lowerBound), in: shown).upperBound, in: block)
                ?? Rect(x: 0, y: 0, width: 0, height: metrics.lineHeight)
        let caretX = min(max(origin.x + caret.x, box.x + px(1)), box.maxX - px(3))
        if look.caretVisible {
            let x = caretX
            ops.append(.roundedRect(Rect(x: x.rounded(), y: origin.y + caret.y, width: max(1, px(1.5)).rounded(), height: caret.height),
                                    radius: 0, color: c.text))
        }
        let send = Rect(x: right - sendW, y: top + boxH - buttonH, width: sendW, height: buttonH)
        let canSend = !look.field.text.allSatisfy(\.isWhitespace)
        ops.append(.roundedRect(send, radius: px(CardMetrics.buttonRadius), color: c.accent.withAlpha(canSend ? 77 : 31)))
        let labelColor = canSend ? c.accent : c.accent.mixed(with: c.background, 0.45)
        if let sendIcon {
            let side = min(px(Self.iconSize), buttonH)
            let icon = Rect(x: (send.x + (sendW - side) / 2).rounded(), y: (send.y + (buttonH - side) / 2).rounded(), width: side, height: side)
            ops.append(.image(path: sendIcon, icon, tint: Self.isSymbolic(sendIcon) ? labelColor : nil))
        } else {
            ops.append(.text(label, origin: Point(x: send.x + px(CardMetrics.buttonLabelInset),
                                                  y: (send.y + (buttonH - labelExtent.size.height) / 2).rounded()), color: labelColor))
        }
        return (ops, ReplyRects(field: box, send: send, text: empty ? nil : (block, origin), textStart: window.lowerBound,
                                caret: Point(x: caretX.rounded(), y: origin.y + caret.y + caret.height)), boxH)
    }

    /// Where a press at `local` (card coordinates) puts the caret of the open field shown in
    /// `card`: the character boundary nearest it (0 while the field is empty; the text's end
    /// when the measurer places no glyphs).
    public static func replyCaret(at local: Point, in card: ComposedCard, field: ReplyField, metrics: TextMeasuring) -> Int {
        guard let (block, origin) = card.replyText else { return field.text.count }
        guard let byte = metrics.index(at: Point(x: local.x - origin.x, y: local.y - origin.y), in: block) else { return field.text.count }
        // The byte is in the laid-out window, which starts `replyTextStart` characters in.
        let start = min(card.replyTextStart, field.text.count)
        var used = 0
        for (i, c) in field.text[start...].enumerated() {
            if used >= byte { return start + i }
            used += c.utf8.count
        }
        return field.text.count
    }

    /// Character positions as UTF-8 byte offsets of the text they index.
    func byteRange(_ range: Range<Int>, in text: [Character]) -> Range<Int> {
        let start = text[..<range.lowerBound].reduce(0) { $0 + $1.utf8.count }
        let length = text[range].reduce(0) { $0 + $1.utf8.count }
        return start..<(start + length)
    }
}
