/// Breaks styled runs into lines that fit a width, without knowing anything about fonts.
///
/// Measuring is injected so the same code runs against Xft in the daemon and against a
/// fixed-advance fake in tests. Every string handed to `measure` is in a single face (one
/// `FontStyle`), and each piece of text is measured once: words as a whole, and only words too
/// wide for a line (or the tail cut for the ellipsis) character by character. Widths of pieces are
/// summed, which is exact for Xft since it does not kern.
public enum TextLayout {
    /// The advance width of a string drawn in one face.
    public typealias Measure = (String, FontStyle) -> Double
    /// Index of the first font in the fallback chain that has a glyph for the character, in the
    /// weight and slant given (its `font` is 0); 0 is the configured font. Each weight/slant has
    /// its own chain, so the same character may need a different index in bold.
    public typealias FontFor = (Character, FontStyle) -> Int

    public static let ellipsis: Character = "…"

    /// Lays out `runs` in lines at most `maxWidth` wide.
    ///
    /// Lines wrap at spaces (the spaces at a wrap are dropped), between CJK characters, and
    /// inside a word only when the word alone is wider than a line. Newlines start a new line.
    /// With `maxLines` set (values below 1 count as 1), text beyond it is cut and the last kept
    /// line ends in "…"; `nil` shows everything, for an expanded card. A single character wider
    /// than `maxWidth` still gets a line of its own rather than being lost.
    public static func layout(
        _ runs: [StyledRun],
        maxWidth: Double,
        maxLines: Int? = 3,
        lineHeight: Double,
        measure: Measure,
        fontFor: FontFor = { _, _ in 0 }
    ) -> LaidOutText {
        withoutActuallyEscaping(measure) { measure in
            withoutActuallyEscaping(fontFor) { fontFor in
                var layouter = Layouter(maxWidth: maxWidth, maxLines: maxLines.map { max($0, 1) },
                                        measure: measure, fontFor: fontFor)
                let (lines, isTruncated) = layouter.layout(runs)
                return LaidOutText(lines: lines, isTruncated: isTruncated, lineHeight: lineHeight)
            }
        }
    }
}

/// One character with the face and decoration it is drawn with.
private struct StyledCharacter {
    var character: Character
    var style: FontStyle
    var underline: Bool
}

/// Measured text in one face; the unit lines are built from.
private struct Piece {
    var text: String
    var style: FontStyle
    var underline: Bool
    var width: Double

    func continues(_ other: Piece) -> Bool { style == other.style && underline == other.underline }
}

/// A word and the spaces in front of it.
private struct Word {
    var space: [StyledCharacter]
    var body: [StyledCharacter]
}

/// The line being filled; adjacent pieces in the same face merge so the renderer draws few segments.
private struct LineBuilder {
    private(set) var pieces: [Piece] = []
    private(set) var width: Double = 0
    /// Started because the previous line was full, so leading spaces are dropped.
    let isWrapped: Bool

    init(isWrapped: Bool) { self.isWrapped = isWrapped }

    var isEmpty: Bool { pieces.isEmpty }

    mutating func append(_ piece: Piece) {
        width += piece.width
        if let last = pieces.last, last.continues(piece) {
            pieces[pieces.count - 1].text += piece.text
            pieces[pieces.count - 1].width += piece.width
        } else {
            pieces.append(piece)
        }
    }

    mutating func append(contentsOf pieces: [Piece]) {
        for piece in pieces { append(piece) }
    }

    mutating func removeLast() -> Piece {
        let piece = pieces.removeLast()
        width = pieces.isEmpty ? 0 : width - piece.width
        return piece
    }

    func line() -> LaidOutText.Line {
        var x = 0.0
        let segments = pieces.map { piece in
            defer { x += piece.width }
            return LaidOutText.Segment(text: piece.text, style: piece.style, underline: piece.underline,
                                       x: x, width: piece.width)
        }
        return LaidOutText.Line(segments: segments, width: x)
    }
}

/// Greedy line filling; one instance per `TextLayout.layout` call.
private struct Layouter {
    let maxWidth: Double
    let maxLines: Int?
    let measure: TextLayout.Measure
    let fontFor: TextLayout.FontFor
    private var lines: [LaidOutText.Line] = []
    private var line = LineBuilder(isWrapped: false)

    init(maxWidth: Double, maxLines: Int?, measure: @escaping TextLayout.Measure,
         fontFor: @escaping TextLayout.FontFor) {
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.measure = measure
        self.fontFor = fontFor
    }

    mutating func layout(_ runs: [StyledRun]) -> (lines: [LaidOutText.Line], isTruncated: Bool) {
        let paragraphs = paragraphs(of: runs)
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0, !startLine(isWrapped: false) { return truncate() }
            for word in words(of: paragraph) where !place(word) {
                return truncate()
            }
        }
        if !paragraphs.isEmpty { lines.append(line.line()) }
        return (lines, false)
    }

    // MARK: Splitting

    /// The text split at newlines, each character tagged with its face; trailing empty
    /// paragraphs are dropped so they cannot cause a truncation with nothing visible cut.
    private func paragraphs(of runs: [StyledRun]) -> [[StyledCharacter]] {
        var paragraphs: [[StyledCharacter]] = [[]]
        for run in runs {
            for character in run.text {
                if character.isNewline {
                    paragraphs.append([])
                } else {
                    var style = FontStyle(bold: run.bold, italic: run.italic)
                    style.font = fontFor(character, style)
                    paragraphs[paragraphs.count - 1].append(
                        StyledCharacter(character: character, style: style, underline: run.underline))
                }
            }
        }
        while paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        return paragraphs
    }

    /// Words are the stretches between break opportunities; spaces at the end are dropped.
    private func words(of paragraph: [StyledCharacter]) -> [Word] {
        var words: [Word] = []
        var word = Word(space: [], body: [])
        for styled in paragraph {
            if LineBreakRules.isBreakingSpace(styled.character) {
                if !word.body.isEmpty {
                    words.append(word)
                    word = Word(space: [], body: [])
                }
                word.space.append(styled)
            } else {
                if let previous = word.body.last,
                   LineBreakRules.canBreak(between: previous.character, and: styled.character) {
                    words.append(word)
                    word = Word(space: [], body: [])
                }
                word.body.append(styled)
            }
        }
        if !word.body.isEmpty { words.append(word) }
        return words
    }

    /// Groups characters into single-face pieces and measures each once.
    private func pieces(of characters: [StyledCharacter]) -> [Piece] {
        guard !characters.isEmpty else { return [] }
        var pieces: [Piece] = []
        var start = 0
        for end in 1...characters.count
        where end == characters.count || characters[end].style != characters[start].style
            || characters[end].underline != characters[start].underline {
            let text = String(characters[start..<end].map(\.character))
            let style = characters[start].style
            pieces.append(Piece(text: text, style: style, underline: characters[start].underline,
                                width: measure(text, style)))
            start = end
        }
        return pieces
    }

    // MARK: Filling lines

    /// Puts a word on the current line, wrapping first if it does not fit; false when the
    /// line limit stops it.
    private mutating func place(_ word: Word) -> Bool {
        var space = line.isEmpty && line.isWrapped ? [] : pieces(of: word.space)
        let body = pieces(of: word.body)
        let bodyWidth = body.reduce(0) { $0 + $1.width }
        if !line.isEmpty, line.width + space.reduce(0, { $0 + $1.width }) + bodyWidth > maxWidth {
            guard startLine(isWrapped: true) else { return false }
            space = []
        }
        line.append(contentsOf: space)
        if line.width + bodyWidth <= maxWidth {
            line.append(contentsOf: body)
            return true
        }
        return breakWord(word.body)
    }

    /// Fills lines character by character with a word too wide to fit whole.
    private mutating func breakWord(_ characters: [StyledCharacter]) -> Bool {
        for styled in characters {
            let text = String(styled.character)
            let piece = Piece(text: text, style: styled.style, underline: styled.underline,
                              width: measure(text, styled.style))
            if !line.isEmpty, line.width + piece.width > maxWidth {
                guard startLine(isWrapped: true) else { return false }
            }
            line.append(piece)
        }
        return true
    }

    /// Ends the current line and starts another, unless that would exceed `maxLines`.
    private mutating func startLine(isWrapped: Bool) -> Bool {
        if let maxLines, lines.count + 1 >= maxLines { return false }
        lines.append(line.line())
        line = LineBuilder(isWrapped: isWrapped)
        return true
    }

    // MARK: Truncation

    /// Ends the last allowed line with an ellipsis, cutting characters until it fits.
    private mutating func truncate() -> (lines: [LaidOutText.Line], isTruncated: Bool) {
        let last = line.pieces.last
        var style = FontStyle(bold: last?.style.bold ?? false, italic: last?.style.italic ?? false)
        style.font = fontFor(TextLayout.ellipsis, style)
        let text = String(TextLayout.ellipsis)
        let mark = Piece(text: text, style: style, underline: last?.underline ?? false,
                         width: measure(text, style))
        while !line.isEmpty {
            let piece = line.removeLast()
            let room = maxWidth - mark.width - line.width
            if piece.width <= room, let end = piece.text.last, !LineBreakRules.isBreakingSpace(end) {
                line.append(piece)
                break
            }
            if let kept = cut(piece, toFit: room) {
                line.append(kept)
                break
            }
        }
        line.append(mark)
        lines.append(line.line())
        return (lines, true)
    }

    /// The longest prefix of `piece` no wider than `room` that does not end in a space.
    private func cut(_ piece: Piece, toFit room: Double) -> Piece? {
        var characters = Array(piece.text)
        var widths = characters.map { measure(String($0), piece.style) }
        var width = widths.reduce(0, +)
        while let last = characters.last, width > room || LineBreakRules.isBreakingSpace(last) {
            characters.removeLast()
            width -= widths.removeLast()
        }
        guard !characters.isEmpty else { return nil }
        return Piece(text: String(characters), style: piece.style, underline: piece.underline, width: width)
    }
}
