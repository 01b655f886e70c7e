import Testing
import ToastCore

/// Issue 49: links written as plain text in a body, found as dunst finds them, are links.
@Suite struct PlainLinksTests {
    @Test("plain http(s), www. and mailto: links are found as dunst's expression finds them; a sentence's full stop, file:// and a word's middle are not")
    func found() {
        #expect(Links.targets(in: "open https://example.com/file.pdf") == ["https://example.com/file.pdf"])
        #expect(Links.targets(in: "See https://example.com/a?b=1&amp;c=2.") == ["https://example.com/a?b=1&c=2"], "entities decoded, the full stop left out")
        #expect(Links.targets(in: "Wiki: https://en.wikipedia.org/wiki/Foo_(bar), then") == ["https://en.wikipedia.org/wiki/Foo_(bar)"])
        #expect(Links.targets(in: "visit WWW.Example.org!") == ["http://WWW.Example.org"], "www. opens as http")
        #expect(Links.targets(in: "write to mailto:ann@example.com, please") == ["mailto:ann@example.com"])
        #expect(Links.targets(in: "HTTP://A.B/c") == ["HTTP://A.B/c"], "any case, as dunst's REG_ICASE")
        #expect(Links.targets(in: "saved to file:///home/ann/www.x and ftp://www.y/z") == [], "file:// and ftp:// are not linked, nor a www. inside them")
        #expect(Links.targets(in: "xhttp://no.pe and a_www.no.pe") == [], "only at a word's start")
        #expect(Links.targets(in: "just http:// and www.") == [], "a prefix alone is no link")
        #expect(Links.targets(in: #"<a href="https://a">https://a</a> then https://b"#) == ["https://a", "https://b"],
                "a marked-up link is not linked twice; plain ones after it are")
        #expect(Links.targets(in: "<b>https://bold.example</b>") == ["https://bold.example"])
        // At the bound: a plain link of `maxBytes` is one; a longer one is left as text.
        let path = String(repeating: "y", count: PlainLinks.maxBytes - "https://x/".utf8.count)
        #expect(Links.targets(in: "https://x/" + path) == ["https://x/" + path])
        #expect(Links.targets(in: "www." + path.dropFirst(7)) == ["http://www." + path.dropFirst(7)], "www.'s longer tag fits too")
        #expect(Links.targets(in: "https://x/" + path + "y") == [])
        let many = (0..<(Links.maxCount + 4)).map { "https://h\($0).example" }.joined(separator: " ")
        #expect(Links.targets(in: many).count == Links.maxCount)
    }

    @Test("a plain link is drawn as a link: the sanitizer's link span over its text, underlined in the link colour")
    func drawnAsLink() {
        let red = RGBA(r: 255, g: 0, b: 0)
        let spans = MarkupSanitizer.sanitize("open https://example.com/file.pdf now", linkColor: red)
        #expect(spans.links == [.init(target: "https://example.com/file.pdf", bytes: 5..<33)])
        #expect(spans.markup == ##"open <span underline="single" foreground="#ff0000">https://example.com/file.pdf</span> now"##)
        #expect(MarkupSanitizer.stripped("open https://example.com/file.pdf now") == "open https://example.com/file.pdf now")
    }

    @Test("a bus toast's plain link is in xtoast menu's items and opens as a marked-up one")
    func inTheMenu() {
        var board = Board()
        var request = ShowRequest(message: "open https://example.com/file.pdf")
        request.title = "Download done"
        request.markup = true
        request.timeout = 0
        let id = board.show(request, owner: Owner(.bus, 1), now: 0)
        let items = board.menuItems(all: false)
        #expect(items.map(\.json).contains { $0["link"] == .string("https://example.com/file.pdf") && $0["id"] == .string(id) }, "\(items.map(\.json))")
    }
}
