import CPango
import CX11
import ToastCore

/// Lays out cards' text with Pango, which draws it through Xft: shaping (HarfBuzz), bidi,
/// font fallback per character, colour emoji, Unicode line breaking, ellipsis and markup.
///
/// One Pango context on the display's Xft font map, with four font descriptions (regular,
/// bold, italic, bold italic) of the configured face (`[font]`'s family, weight and style:
/// the regular text in them, bold at least Pango's bold, italic as italic) at an absolute pixel size that already includes the card's
/// `scale`: Pango's own resolution (Xft.dpi) is never applied on top, so HiDPI scales text once.
/// Layouts are kept by `TextBlock` so measuring a card and painting it shape the text once.
/// The corresponding C functions are `pango_xft_get_font_map`, `pango_font_map_create_context`
/// and `pango_layout_new`.
final class FontLibrary: TextMeasuring {
    let display: XDisplay
    let face: FontFace
    /// The font size in device pixels.
    let pixelSize: Double
    private let context: OpaquePointer
    /// Indexed by `bold + 2 * italic`.
    private let descriptions: [OpaquePointer]
    let lineHeight: Double
    private var layouts: [TextBlock: Layout] = [:]
    /// A card has a few blocks and a stack a few cards; past this many the cache starts over.
    private static let layoutLimit = 96

    /// Nil when Pango has no font map for the display or the size is unusable.
    /// The sizes a library can be made at.
    static func accepts(pixelSize: Double) -> Bool { pixelSize.isFinite && pixelSize >= 1 && pixelSize <= 1000 }

    /// `[font] style` as Pango's slant.
    static func style(_ style: FontSlant) -> PangoStyle {
        switch style {
        case .normal: PANGO_STYLE_NORMAL
        case .oblique: PANGO_STYLE_OBLIQUE
        case .italic: PANGO_STYLE_ITALIC
        }
    }

    init?(display: XDisplay, face: FontFace, pixelSize: Double) {
        guard Self.accepts(pixelSize: pixelSize),
              let fontMap = pango_xft_get_font_map(display.handle, display.screen),
              let context = pango_font_map_create_context(UnsafeMutableRawPointer(fontMap).assumingMemoryBound(to: PangoFontMap.self))
        else { return nil }
        self.display = display
        self.face = face
        self.pixelSize = pixelSize
        self.context = context
        var descriptions: [OpaquePointer] = []
        func release() {
            for description in descriptions { pango_font_description_free(description) }
            xt_pango_unref(UnsafeMutableRawPointer(context))
        }
        for index in 0..<4 {
            guard let description = pango_font_description_new() else { release(); return nil }
            pango_font_description_set_family(description, face.family)
            pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
            let weight = index & 1 != 0 ? max(face.weight.value, FontWeight.bold.value) : face.weight.value
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
            pango_font_description_set_style(description, index & 2 != 0 ? PANGO_STYLE_ITALIC : Self.style(face.style))
            descriptions.append(description)
        }
        // One line of the regular face sets the pitch cards are laid out on.
        guard let probe = Layout(context: context, description: descriptions[0], block: TextBlock(text: "Xg", width: 0)) else {
            release()
            return nil
        }
        self.descriptions = descriptions
        lineHeight = probe.extent.size.height
    }

    deinit {
        layouts.removeAll()
        for description in descriptions { pango_font_description_free(description) }
        xt_pango_unref(UnsafeMutableRawPointer(context))
    }

    func measure(_ block: TextBlock) -> TextExtent {
        layout(for: block)?.extent ?? TextExtent(size: Size(width: 0, height: lineHeight), lineCount: 1, isCut: false)
    }

    func rects(of ranges: [Range<Int>], in block: TextBlock) -> [[Rect]] {
        guard let layout = layout(for: block) else { return ranges.map { _ in [] } }
        return ranges.map { layout.rects(of: $0, lines: block.firstLine.map { $0..<($0 + (block.maxLines ?? Layout.maxLines)) }) }
    }

    func caret(at byte: Int, in block: TextBlock) -> Rect? { layout(for: block)?.caret(at: byte) }
    func index(at point: Point, in block: TextBlock) -> Int? { layout(for: block)?.index(at: point, text: block.text) }

    /// Drops every cached layout (the screen has emptied: the next card lays its text out again).
    func forgetLayouts() { layouts = [:] }

    /// The laid-out block, from the cache when the same block was measured or drawn before.
    func layout(for block: TextBlock) -> Layout? {
        if let cached = layouts[block] { return cached }
        if layouts.count >= Self.layoutLimit { layouts.removeAll(keepingCapacity: true) }
        let description = descriptions[(block.style.bold ? 1 : 0) + (block.style.italic ? 2 : 0)]
        let fresh = Layout(context: context, description: description, block: block)
        layouts[block] = fresh
        return fresh
    }
}

/// One `PangoLayout` set up for a `TextBlock`, and its measured extent.
final class Layout {
    let handle: OpaquePointer
    let extent: TextExtent
    /// For a scrolled block (`TextBlock.firstLine`): how far above the block's origin the
    /// whole layout is drawn so that its first shown line sits at the origin (pixels); the
    /// painter clips the drawing to `extent`. Zero for any other block.
    let windowTop: Double

    /// Widths beyond this many pixels are treated as unbounded (no wrapping); Pango units are
    /// 32-bit, 1024 to the pixel.
    static let maxWidth = 1_000_000.0
    /// More lines than this is no limit at all on a card.
    static let maxLines = 10_000

    /// The corresponding C functions are `pango_layout_set_width`, `pango_layout_set_wrap`
    /// (`PANGO_WRAP_WORD_CHAR`: a word wider than the line breaks between characters),
    /// `pango_layout_set_height` (negative: a number of lines) with `pango_layout_set_ellipsize`,
    /// `pango_layout_set_auto_dir` (each paragraph takes the direction of its first strong
    /// character, and a right-to-left one is aligned to the right), `pango_parse_markup` and
    /// `pango_layout_set_text`.
    init?(context: OpaquePointer, description: OpaquePointer, block: TextBlock) {
        guard let layout = pango_layout_new(context) else { return nil }
        handle = layout
        pango_layout_set_font_description(layout, description)
        pango_layout_set_auto_dir(layout, 1)
        switch block.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if block.width.isFinite, block.width > 0, block.width < Self.maxWidth {
            pango_layout_set_width(layout, Int32((block.width * Double(PANGO_SCALE)).rounded(.up)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        // A scrolled block lays the whole text out and shows a window of its lines (below).
        let maxLines = block.firstLine == nil ? block.maxLines : nil
        if let lines = maxLines {
            switch block.ellipsize {
            case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
            pango_layout_set_height(layout, -Int32(max(1, min(lines, Self.maxLines))))
        }
        // A negative height limits lines per paragraph only, so a message of many short lines
        // is cut to its first `maxLines` paragraphs here, the last one ending in "…".
        let paragraphs = maxLines.map { max(1, min($0, Self.maxLines)) }
        var cut = false
        if !(block.isMarkup && Self.setMarkup(block.text, on: layout, paragraphs: paragraphs, cut: &cut)) {
            let text = paragraphs.flatMap { Self.firstParagraphs(block.text, $0) }
            cut = text != nil
            pango_layout_set_text(layout, text ?? block.text, -1)
        }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        if let first = block.firstLine {
            let window = Self.window(of: layout, first: first, count: block.maxLines ?? Self.maxLines)
            windowTop = window.top
            extent = TextExtent(size: Size(width: Double(max(0, logical.width)), height: window.height),
                                lineCount: window.count, isCut: window.isCut)
            return
        }
        windowTop = 0
        extent = TextExtent(size: Size(width: Double(max(0, logical.width)), height: Double(max(0, logical.height))),
                            lineCount: Int(max(0, pango_layout_get_line_count(layout))),
                            isCut: cut || pango_layout_is_ellipsized(layout) != 0)
    }

    deinit { xt_pango_unref(UnsafeMutableRawPointer(handle)) }

    /// The character boundary nearest `point` (block coordinates), as a UTF-8 byte offset of
    /// `text`. The corresponding C function is `pango_layout_xy_to_index`.
    func index(at point: Point, text: String) -> Int? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let scale = Double(PANGO_SCALE)
        let x = Int32(clamping: Int64(max(-1e6, min(1e6, point.x)) * scale)), y = Int32(clamping: Int64(max(-1e6, min(1e6, point.y + windowTop)) * scale))
        var index: Int32 = 0, trailing: Int32 = 0
        _ = pango_layout_xy_to_index(handle, x, y, &index, &trailing)
        let bytes = Array(text.utf8)
        var i = max(0, min(bytes.count, Int(index)))
        // `trailing`: past that many characters of the one at `index` (its trailing edge).
        if trailing > 0, i < bytes.count {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// The strong cursor before UTF-8 byte `byte` (a reply field's caret), relative to the
    /// block's origin; nil past the text. The corresponding C function is `pango_layout_get_cursor_pos`.
    func caret(at byte: Int) -> Rect? {
        guard byte >= 0, byte < Int(Int32.max) else { return nil }
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(handle, Int32(byte), &strong, nil)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(strong.x) / scale, y: Double(strong.y) / scale - windowTop, width: 0, height: Double(strong.height) / scale)
    }

    /// Lines `first ..< first + count` of a laid-out text (clamped to the lines it has): the
    /// top of the first and the height down to the bottom of the last, in pixels, and whether
    /// lines lie outside. The corresponding C functions are `pango_layout_get_iter`,
    /// `pango_layout_iter_get_line_extents` and `pango_layout_iter_next_line`.
    private static func window(of layout: OpaquePointer, first: Int, count: Int) -> (top: Double, height: Double, count: Int, isCut: Bool) {
        let total = Int(max(0, pango_layout_get_line_count(layout)))
        let start = max(0, min(first, total - 1))
        let end = min(total, start + max(1, min(count, Self.maxLines)))
        guard let iter = pango_layout_get_iter(layout) else { return (0, 0, 0, total > 0) }
        defer { pango_layout_iter_free(iter) }
        var top = 0.0, bottom = 0.0, index = 0
        repeat {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &line)
            if index == start { top = Double(line.y) / Double(PANGO_SCALE) }
            if index == end - 1 { bottom = Double(line.y + line.height) / Double(PANGO_SCALE); break }
            index += 1
        } while pango_layout_iter_next_line(iter) != 0
        return (top.rounded(.down), max(0, bottom.rounded(.up) - top.rounded(.down)), end - start, start > 0 || end < total)
    }

    /// Where the plain-text bytes `range` are drawn: a rectangle per line, relative to the
    /// block's origin (a scrolled block's `windowTop` taken off), only lines in `lines` (all
    /// when nil). The corresponding C functions are `pango_layout_get_iter`,
    /// `pango_layout_iter_get_line_readonly`, `pango_layout_iter_get_line_extents` and
    /// `pango_layout_line_get_x_ranges`.
    func rects(of range: Range<Int>, lines: Range<Int>?) -> [Rect] {
        guard range.lowerBound >= 0, range.upperBound < Int(Int32.max), let iter = pango_layout_get_iter(handle) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var result: [Rect] = []
        var index = 0
        let scale = Double(PANGO_SCALE)
        repeat {
            defer { index += 1 }
            if let lines, !lines.contains(index) { continue }
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var extents = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &extents)
            var xs: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(range.lowerBound), Int32(range.upperBound), &xs, &count)
            defer { g_free(xs) }
            guard let xs, count > 0 else { continue }
            for pair in 0..<Int(min(count, 64)) {
                let x0 = Double(xs[2 * pair]) / scale, x1 = Double(xs[2 * pair + 1]) / scale
                guard x1 > x0 else { continue }
                // The ranges are from the layout's left edge, alignment included.
                result.append(Rect(x: x0, y: Double(extents.y) / scale - windowTop,
                                   width: x1 - x0, height: Double(extents.height) / scale))
            }
        } while pango_layout_iter_next_line(iter) != 0 && index < Self.maxLines
        return result
    }

    /// The first `count` paragraphs (newline-separated) with "…" at the end, or nil when the
    /// text has no more than that.
    static func firstParagraphs(_ text: String, _ count: Int) -> String? {
        var seen = 0
        for i in text.indices where text[i] == "\n" {
            seen += 1
            if seen == count { return String(text[..<i]) + "…" }
        }
        return nil
    }

    /// Parses first so that markup Pango refuses (which `MarkupSanitizer` should never produce)
    /// shows as plain text rather than as nothing. The corresponding C function is `pango_parse_markup`.
    private static func setMarkup(_ markup: String, on layout: OpaquePointer, paragraphs: Int?, cut: inout Bool) -> Bool {
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, &attributes, &text, nil, &error) != 0, let text else {
            if let error { g_error_free(error) }
            return false
        }
        // Cut after parsing, so no tag is split; attributes past the new end apply to nothing.
        let plain = String(cString: text)
        if let paragraphs, let shorter = firstParagraphs(plain, paragraphs) {
            cut = true
            pango_layout_set_text(layout, shorter, -1)
        } else {
            pango_layout_set_text(layout, text, -1)
        }
        pango_layout_set_attributes(layout, attributes)
        g_free(text)
        if let attributes { pango_attr_list_unref(attributes) }
        return true
    }
}
