import Testing
import ToastCore

/// The inline reply's editing state (issue 29): what each key does to the text, the caret and
/// the selection.
@Suite struct ReplyFieldTests {
    func typed(_ text: String) -> ReplyField {
        var field = ReplyField()
        field.apply(.typing(text))
        return field
    }

    @Test("typing inserts at the caret; Enter submits the text, Shift+Enter is a new line, Escape cancels; Enter on blanks does nothing")
    func typingAndSubmit() {
        var field = typed("on my")
        #expect(field.apply(.typing(" way")) == .edited)
        #expect(field.apply(KeyPress(.enter)) == .submit("on my way"))
        #expect(field.apply(KeyPress(.enter, shift: true)) == .edited)
        #expect(field.string == "on my way\n")
        #expect(field.apply(KeyPress(.escape)) == .cancel)
        var blank = typed("  ")
        #expect(blank.apply(KeyPress(.enter)) == .ignored)
        #expect(ReplyField().caret == 0 && ReplyField("ab").caret == 2)
    }

    @Test("Backspace and Delete remove one character (a whole emoji or combining sequence); Ctrl+Backspace the word before the caret")
    func deleting() {
        var field = typed("héllo 👍🏽")
        #expect(field.apply(KeyPress(.backspace)) == .edited)
        #expect(field.string == "héllo ")
        field.apply(KeyPress(.home))
        #expect(field.apply(KeyPress(.delete)) == .edited && field.string == "éllo ")
        #expect(field.apply(KeyPress(.backspace)) == .ignored, "nothing before the caret")
        var words = typed("see you  later")
        #expect(words.apply(KeyPress(.backspace, command: true)) == .edited)
        #expect(words.string == "see you  ")
        words.apply(KeyPress(.backspace, command: true))
        #expect(words.string == "see ")
        words.apply(KeyPress(.home))
        words.apply(KeyPress(.delete, command: true))
        #expect(words.string == " ")
    }

    @Test("Shift+arrows select, typing replaces the selection, an arrow without Shift goes to its edge; Home/End and Ctrl+A")
    func selection() {
        var field = typed("on my way")
        field.apply(KeyPress(.left, shift: true))
        field.apply(KeyPress(.left, shift: true))
        field.apply(KeyPress(.left, shift: true))
        #expect(field.selectedText == "way")
        #expect(field.apply(.typing("WAY")) == .edited && field.string == "on my WAY" && field.selection == nil)
        field.apply(KeyPress(.home, shift: true))
        #expect(field.selectedText == "on my WAY")
        field.apply(KeyPress(.right))
        #expect(field.caret == 9 && field.selection == nil, "Right goes to the selection's end")
        field.apply(KeyPress(.left, command: true))
        #expect(field.caret == 6, "Ctrl+Left: a word back")
        #expect(field.apply(.typing("a", shift: false).commanded) == .edited && field.selectedText == "on my WAY", "Ctrl+A")
        field.apply(KeyPress(.backspace))
        #expect(field.isEmpty)
        var lines = typed("one\ntwo")
        lines.apply(KeyPress(.home))
        #expect(lines.caret == 4, "Home: the start of the caret's line")
        lines.apply(KeyPress(.end))
        #expect(lines.caret == 7, "End: the end of the caret's line")
        lines.apply(KeyPress(.left))
        lines.apply(KeyPress(.left))
        lines.apply(KeyPress(.end, shift: true))
        #expect(lines.selectedText == "wo", "Shift+End selects to the line's end")
        lines.select(from: 1, to: 99)
        #expect(lines.selectedText == "ne\ntwo", "a pointer drag, clamped")
    }

    @Test("right-to-left text: the caret moves in logical order, never inside a character")
    func bidi() {
        var field = typed("שלום abc")
        field.apply(KeyPress(.home))
        field.apply(KeyPress(.right))
        #expect(field.caret == 1 && field.caretByteOffset == "ש".utf8.count)
        field.apply(.typing("!"))
        #expect(field.string == "ש!לום abc")
    }

    @Test("a paste: control characters and bidi overrides are dropped, CR LF is a newline, and the text stops at 4 KiB on a character boundary")
    func pasteAndBounds() {
        var field = ReplyField()
        field.insert("a\u{0}b\r\nc\u{202E}d\te")
        #expect(field.string == "ab\ncde")
        var full = ReplyField()
        full.insert(String(repeating: "é", count: 3000))
        #expect(full.byteCount == ReplyField.maxBytes && full.text.count == 2048)
        #expect(full.apply(.typing("x")) == .ignored, "no room left")
        full.apply(KeyPress(.backspace))
        #expect(full.apply(.typing("é")) == .edited && full.byteCount == ReplyField.maxBytes)
        #expect(ReplyField(String(repeating: "x", count: 5000)).byteCount == ReplyField.maxBytes)
        // fuzz-notify: a field made with text kept its control characters.
        #expect(ReplyField("a\u{1}b\r").string == "ab\n")
        #expect(full.apply(.typing("v").commanded) == .ignored, "Ctrl+V is the daemon's paste, not a v")
    }
}

private extension KeyPress {
    var commanded: KeyPress {
        var press = self
        press.command = true
        return press
    }
}
