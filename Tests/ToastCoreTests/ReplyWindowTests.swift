import Testing
@testable import ToastCore

/// A measurer that lays text out as `FixedMetrics` does and counts what it is given: the
/// bytes of the largest block each call laid out (measure, caret, selection, hit test).
private final class CountingMetrics: TextMeasuring {
    let fixed = FixedMetrics()
    var largest = 0
    var lineHeight: Double { fixed.lineHeight }

    private func saw(_ block: TextBlock) { largest = max(largest, block.text.utf8.count) }
    func measure(_ block: TextBlock) -> TextExtent { saw(block); return fixed.measure(block) }
    func rects(of ranges: [Range<Int>], in block: TextBlock) -> [[Rect]] { saw(block); return fixed.rects(of: ranges, in: block) }
    func caret(at byte: Int, in block: TextBlock) -> Rect? { saw(block); return fixed.caret(at: byte, in: block) }
    func index(at point: Point, in block: TextBlock) -> Int? { saw(block); return fixed.index(at: point, in: block) }
}

/// Issue 43: a key or a paste in the reply field lays out a window of its text around the
/// caret (`CardComposer.replyWindow`), never all 4 KiB: Pango's layout of a 4 KiB word cost
/// 123 ms, twice per key.
@Suite struct ReplyWindowTests {
    func compose(_ field: ReplyField, metrics: TextMeasuring) -> ComposedCard {
        var toast = Toast(id: "t", title: "Ann", message: "are you coming?")
        toast.reply = ReplyOptions(label: "Reply", placeholder: "Write to Ann")
        var appearance = CardComposer.Appearance()
        appearance.reply = ReplyLook(field: field)
        return CardComposer(config: .default, scale: 1).compose(toast, style: .tinted, appearance: appearance, metrics: metrics)
    }

    @Test("a full field (a 4 KiB word, or 4 KiB of words) lays out at most 512 bytes per compose, wherever the caret and the selection are")
    func boundedWork() {
        for text in [String(repeating: "x", count: ReplyField.maxBytes), String(repeating: "on my way ", count: 410)] {
            var field = ReplyField(text)
            #expect(field.byteCount == ReplyField.maxBytes)
            for caret in [field.text.count, field.text.count / 2, 0] {
                field.select(from: max(0, caret - 300), to: caret)
                let metrics = CountingMetrics()
                let card = compose(field, metrics: metrics)
                #expect(metrics.largest <= CardComposer.replyWindowBytes, "laid out \(metrics.largest) bytes for a caret at \(caret)")
                #expect(card.replyCaret != nil && card.replyText != nil)
                // A click lands in the window, counted from the field's start.
                let (block, origin) = card.replyText!
                let at = CardComposer.replyCaret(at: Point(x: origin.x + 1, y: origin.y + 5), in: card, field: field, metrics: metrics)
                #expect(at == card.replyTextStart && at <= caret && block.text == String(field.text[at..<(at + block.text.count)]))
            }
        }
    }

    @Test("the window holds the caret, keeps 128 bytes after it, and starts at a steady place: a key typed at the end moves it only every 128 characters")
    func steadyWindow() {
        var field = ReplyField(String(repeating: "ab ", count: 600))
        var starts: Set<Int> = []
        for _ in 0..<100 {
            let window = CardComposer.replyWindow(field)
            #expect(window.contains(field.caret) || window.upperBound == field.caret)
            #expect(field.text[window].reduce(0) { $0 + $1.utf8.count } <= CardComposer.replyWindowBytes)
            starts.insert(window.lowerBound)
            field.apply(KeyPress(.backspace))
        }
        #expect(starts.count <= 2, "the window's start moved \(starts.count - 1) times in 100 keys: \(starts.sorted())")
        var middle = ReplyField(String(repeating: "x", count: 2000))
        middle.select(from: 1000, to: 1000)
        let window = CardComposer.replyWindow(middle)
        #expect(window.upperBound == 1000 + CardComposer.replyWindowAfterCaret && window.lowerBound % CardComposer.replyWindowStep == 0)
        #expect(CardComposer.replyWindow(ReplyField("short")) == 0..<5)
    }
}
