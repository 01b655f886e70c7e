/// The text of an inline reply being typed (issue 29: `inline-reply`), as a value: the text,
/// the caret and the selection, and what each key does to them. The daemon only feeds it keys
/// (`KeyPress`, the text an input method commits) and draws what it holds.
///
/// Positions count `Character`s (grapheme clusters) in logical order, so a caret never lands
/// inside an emoji or a combining sequence, and a right-to-left run moves the caret in the
/// text's order, as GTK's entries do with their logical cursor movement.
///
///     var field = ReplyField()
///     field.apply(.typing("on my way"))          // .edited
///     field.apply(KeyPress(.enter))              // .submit("on my way")
public struct ReplyField: Hashable, Sendable {
    /// The most a reply holds, in UTF-8 bytes: what is typed or pasted past it is cut (at a
    /// character boundary).
    public static let maxBytes = 4096

    public private(set) var text: [Character] = []
    /// Where the next character goes, 0...text.count.
    public private(set) var caret = 0
    /// The other end of the selection; nil (or equal to `caret`) when nothing is selected.
    public private(set) var anchor: Int?

    /// A field holding `text` (cleaned and cut as a paste is), the caret at its end.
    public init(_ text: String = "") {
        insert(text)
    }

    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// The text, caret or selection changed (the field is drawn again).
        case edited
        /// Enter: send this text (never empty: Enter in an empty field does nothing).
        case submit(String)
        /// Escape: close the field without sending.
        case cancel
        /// Nothing happened.
        case ignored
    }

    public var string: String { String(text) }
    public var isEmpty: Bool { text.isEmpty }
    public var byteCount: Int { text.reduce(0) { $0 + $1.utf8.count } }

    /// The selected range, lower end first; nil when nothing is selected.
    public var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }

    public var selectedText: String { selection.map { String(text[$0]) } ?? "" }

    /// The caret's offset in UTF-8 bytes, for Pango's cursor position.
    public var caretByteOffset: Int { text[..<caret].reduce(0) { $0 + $1.utf8.count } }

    // MARK: Keys

    @discardableResult
    public mutating func apply(_ press: KeyPress) -> Outcome {
        switch press.key {
        case .escape: return .cancel
        case .enter:
            if press.shift { return insert("\n") }
            let trimmed = string
            return trimmed.allSatisfy(\.isWhitespace) ? .ignored : .submit(trimmed)
        case .backspace: return press.command ? deleteWord() : delete(forward: false)
        case .delete: return press.command ? deleteWord(forward: true) : delete(forward: true)
        case .left: return move(to: press.command ? wordStart(before: caret) : selectionEdge(left: true, press) ?? caret - 1, extend: press.shift)
        case .right: return move(to: press.command ? wordEnd(after: caret) : selectionEdge(left: false, press) ?? caret + 1, extend: press.shift)
        case .home: return move(to: press.command ? 0 : lineStart(caret), extend: press.shift)
        case .end: return move(to: press.command ? text.count : lineEnd(caret), extend: press.shift)
        case .up: return move(to: press.command ? 0 : lineStart(caret), extend: press.shift)
        case .down: return move(to: press.command ? text.count : lineEnd(caret), extend: press.shift)
        case .tab, .pageUp, .pageDown: return .ignored
        case .space, .digit, .text:
            if press.command {
                // Ctrl+A selects everything; other shortcuts (Ctrl+V is the daemon's paste) type nothing.
                if press.text.lowercased() == "a" { return selectAll() }
                return .ignored
            }
            return press.text.isEmpty ? .ignored : insert(press.text)
        }
    }

    /// Types or pastes `typed` over the selection; control characters other than a newline
    /// are dropped (a paste may hold anything), and what would pass `maxBytes` is cut. The
    /// cut comes first (`rawPrefix`), so a 64 MiB string costs what the room left does.
    @discardableResult
    public mutating func insert(_ typed: String) -> Outcome {
        let removed = selection
        let keptBytes = byteCount - (removed.map { text[$0].reduce(0) { $0 + $1.utf8.count } } ?? 0)
        let room = Self.maxBytes - keptBytes
        let raw = Self.rawPrefix(typed, bytes: room)
        let clean = String(String.UnicodeScalarView(raw.unicodeScalars.filter { $0 == "\n" || !Self.isControl($0) })
            .replacingCRLF())
        let added = Array(Self.cut(clean, to: room))
        guard !added.isEmpty || removed != nil else { return .ignored }
        let range = removed ?? caret..<caret
        text.replaceSubrange(range, with: added)
        caret = range.lowerBound + added.count
        anchor = nil
        return .edited
    }

    /// Selects from `from` to `to` (a pointer drag: press at one, release at the other).
    public mutating func select(from: Int, to: Int) {
        anchor = clamp(from)
        caret = clamp(to)
    }

    @discardableResult
    public mutating func selectAll() -> Outcome {
        guard !text.isEmpty else { return .ignored }
        anchor = 0
        caret = text.count
        return .edited
    }

    // MARK: Editing

    private mutating func delete(forward: Bool) -> Outcome {
        if let selection { return remove(selection) }
        let range = forward ? caret..<min(text.count, caret + 1) : max(0, caret - 1)..<caret
        return range.isEmpty ? .ignored : remove(range)
    }

    /// Ctrl+Backspace (Ctrl+Delete forward): the word before the caret and the spaces after it.
    private mutating func deleteWord(forward: Bool = false) -> Outcome {
        if let selection { return remove(selection) }
        let range = forward ? caret..<wordEnd(after: caret) : wordStart(before: caret)..<caret
        return range.isEmpty ? .ignored : remove(range)
    }

    private mutating func remove(_ range: Range<Int>) -> Outcome {
        text.removeSubrange(range)
        caret = range.lowerBound
        anchor = nil
        return .edited
    }

    private mutating func move(to position: Int, extend: Bool) -> Outcome {
        let target = clamp(position)
        let before = (caret, anchor)
        if extend {
            if anchor == nil { anchor = caret }
        } else {
            anchor = nil
        }
        caret = target
        return (caret, anchor) == before ? .ignored : .edited
    }

    /// Left or Right without Shift on a selection goes to its edge, as in every text field.
    private func selectionEdge(left: Bool, _ press: KeyPress) -> Int? {
        guard !press.shift, let selection else { return nil }
        return left ? selection.lowerBound : selection.upperBound
    }

    private func clamp(_ position: Int) -> Int { max(0, min(text.count, position)) }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" }

    private func wordStart(before position: Int) -> Int {
        var i = clamp(position)
        while i > 0, !isWordCharacter(text[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(text[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after position: Int) -> Int {
        var i = clamp(position)
        while i < text.count, !isWordCharacter(text[i]) { i += 1 }
        while i < text.count, isWordCharacter(text[i]) { i += 1 }
        return i
    }

    private func lineStart(_ position: Int) -> Int {
        var i = clamp(position)
        while i > 0, text[i - 1] != "\n" { i -= 1 }
        return i
    }

    private func lineEnd(_ position: Int) -> Int {
        var i = clamp(position)
        while i < text.count, text[i] != "\n" { i += 1 }
        return i
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\r" || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// What of `text` is worth cleaning for `bytes` of room: its UTF-8 cut at the first scalar
    /// boundary past `bytes` (one scalar more than fits, so that cleaning it and cutting to
    /// whole characters keeps what cleaning the whole would; less when cleaning drops
    /// characters). Reads at most `bytes + 4` bytes of `text`.
    public static func rawPrefix(_ text: String, bytes: Int) -> Substring {
        let utf8 = text.utf8
        guard let limit = utf8.index(utf8.startIndex, offsetBy: max(0, bytes) + 1, limitedBy: utf8.endIndex) else {
            return text[...]
        }
        // A scalar boundary at or past `limit`: at most three continuation bytes follow a lead byte.
        var end = limit
        while end != utf8.endIndex, UTF8.isContinuation(utf8[end]) { utf8.formIndex(after: &end) }
        return text[..<end]
    }

    /// The longest prefix of `text` within `bytes` UTF-8 bytes, whole characters only.
    public static func cut(_ text: String, to bytes: Int) -> String {
        var used = 0
        var kept = ""
        for c in text {
            let size = c.utf8.count
            guard used + size <= bytes else { break }
            used += size
            kept.append(c)
        }
        return kept
    }
}

private extension String.UnicodeScalarView {
    /// CR LF and a lone CR as a newline (a paste from a Windows file).
    func replacingCRLF() -> String.UnicodeScalarView {
        var out = String.UnicodeScalarView()
        var lastCR = false
        for s in self {
            if s == "\r" { out.append("\n"); lastCR = true; continue }
            if s == "\n", lastCR { lastCR = false; continue }
            lastCR = false
            out.append(s)
        }
        return out
    }
}
