import Testing
import ToastCore

@Suite struct TextSanitizerTests {
    @Test func plainTextIsUnchanged() {
        #expect(TextSanitizer.sanitize("Build finished in 3.2 s") == "Build finished in 3.2 s")
        #expect(TextSanitizer.sanitize("") == "")
    }

    @Test func stripsC0ControlsButKeepsNewlines() {
        #expect(TextSanitizer.sanitize("a\u{0}b\u{7}c\u{1B}[31md\ne") == "abc[31md\ne")
        #expect(TextSanitizer.sanitize("\u{8}\u{B}\u{C}x\u{1F}") == "x")
    }

    @Test func stripsDELAndC1Controls() {
        #expect(TextSanitizer.sanitize("a\u{7F}b\u{80}c\u{85}d\u{9B}e\u{9F}f") == "abcdef")
    }

    @Test func tabsBecomeOneSpace() {
        #expect(TextSanitizer.sanitize("name:\tvalue\t\tx") == "name: value  x")
    }

    @Test func lineEndingsBecomeNewlines() {
        #expect(TextSanitizer.sanitize("a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(TextSanitizer.sanitize("a\r\r\nb") == "a\n\nb")
        #expect(TextSanitizer.sanitize("a\n\r\nb") == "a\n\nb")
    }

    @Test func trimsTrailingWhitespaceOfEveryLineAndTheText() {
        #expect(TextSanitizer.sanitize("one  \ntwo\t\n\n  \n") == "one\ntwo")
        #expect(TextSanitizer.sanitize("x\u{00A0}\u{3000} ") == "x")
        #expect(TextSanitizer.sanitize("   \n\t") == "")
    }

    @Test func keepsLeadingIndentation() {
        #expect(TextSanitizer.sanitize("  - item\n\tnext") == "  - item\n next")
    }

    @Test func keepsRightToLeftTextAndImplicitMarks() {
        let hebrew = "שלום עולם"
        let arabic = "مرحبا بالعالم\u{200F}!"
        #expect(TextSanitizer.sanitize(hebrew) == hebrew)
        #expect(TextSanitizer.sanitize(arabic) == arabic)
        #expect(TextSanitizer.sanitize("a\u{200E}b") == "a\u{200E}b")
    }

    @Test func stripsBidiOverridesEmbeddingsAndIsolates() {
        // The classic spoof: "invoice\u{202E}fdp.exe" displays as "invoiceexe.pdf".
        #expect(TextSanitizer.sanitize("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(TextSanitizer.sanitize("\u{202A}a\u{202B}b\u{202C}c\u{202D}d") == "abcd")
        #expect(TextSanitizer.sanitize("\u{2066}a\u{2067}b\u{2068}c\u{2069}") == "abc")
    }

    @Test func keepsEmojiAndCombiningMarks() {
        let text = "👍🏽 cafe\u{301} 👨‍👩‍👧 中文"
        #expect(TextSanitizer.sanitize(text) == text)
    }

    @Test("at most 8 combining marks per character: a title with thousands of marks keeps 8 on each letter")
    func boundsCombiningMarksPerCharacter() {
        let zalgo = "Z" + String(repeating: "\u{0301}\u{0316}", count: 2000) + "a" + String(repeating: "\u{20DD}", count: 50) + "!"
        let clean = TextSanitizer.sanitize(zalgo)
        #expect(clean == "Z" + String(repeating: "\u{0301}\u{0316}", count: 4) + "a" + String(repeating: "\u{20DD}", count: 8) + "!")
        #expect(clean.unicodeScalars.count == 19)
        // Every base starts afresh, a line break too.
        let lines = String(repeating: "e" + String(repeating: "\u{0300}", count: 9) + "\n", count: 3)
        #expect(TextSanitizer.sanitize(lines) == Array(repeating: "e" + String(repeating: "\u{0300}", count: 8), count: 3).joined(separator: "\n"))
    }

    @Test("real text keeps all its marks: Vietnamese, Devanagari, Tibetan stacks, emoji with modifiers")
    func keepsRealMarkStacks() {
        for text in ["Vie\u{323}\u{302}t Nam", "हिन्दी", "\u{0F66}\u{0F92}\u{0FB2}\u{0F74}\u{0F7C}", "❤️ 👍🏽 ✔︎", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"] {
            #expect(TextSanitizer.sanitize(text) == text)
        }
    }
}
