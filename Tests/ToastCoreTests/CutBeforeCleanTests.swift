import Testing
import ToastCore

/// Issue 43: every string from a client is cut to its bound before any work per character.
/// Each case hides the visible text past the bound behind characters that cleaning drops:
/// had the cleaner seen the whole string, the hidden text would show; cut first, it does not.
@Suite struct CutBeforeCleanTests {
    @Test("the reply field: a 64 MiB SetTextContents or paste is cut to the room left (and one scalar) before it is cleaned")
    func replyField() {
        let controls = String(repeating: "\u{1}", count: 64 << 20) + "late"
        #expect(ReplyField(controls).isEmpty, "the cleaner reached the end of 64 MiB")
        var field = ReplyField("ab")
        #expect(field.insert(controls) == .ignored && field.string == "ab")
        // What fits is kept to the bound, a whole character at its end.
        #expect(ReplyField(String(repeating: "é", count: 32 << 20)).byteCount == ReplyField.maxBytes)
        #expect(ReplyField(String(repeating: "a", count: ReplyField.maxBytes) + "\u{1}b").byteCount == ReplyField.maxBytes)
        // One scalar past the room, no further.
        #expect(ReplyField.rawPrefix(controls, bytes: ReplyField.maxBytes).utf8.count == ReplyField.maxBytes + 1)
        #expect(ReplyField.rawPrefix("€€€", bytes: 3) == "€€")
        #expect(ReplyField.rawPrefix("ab", bytes: 4096) == "ab")
        #expect(ReplyField.rawPrefix("ab", bytes: 0) == "a")
    }

    @Test("a bus action's label (16 KiB as read) is cut to the button's 24 characters before it is cleaned")
    func actionLabel() {
        let hidden = String(repeating: "\u{1}", count: 16_000) + "Open"
        let d = NotificationMapping.decide(NotifyCall(actions: ["open", hidden, "keep", "Keep"]))
        #expect(d.request.actions == [Action(id: "open", label: "open"), Action(id: "keep", label: "Keep")])
        let long = NotificationMapping.decide(NotifyCall(actions: ["a", String(repeating: "w", count: 16_000)]))
        #expect(long.request.actions.first?.label == String(repeating: "w", count: ProtocolLimits.maxActionLabel - 1) + "…")
    }

    @Test("the reply's hints (placeholder, labels) are cut to 256 bytes before they are cleaned")
    func replyHints() {
        let hidden = String(repeating: "\u{1}", count: 16_000) + "Write to Ann"
        #expect(ReplyOptions(placeholder: hidden).placeholder == "")
        #expect(ReplyOptions(placeholder: "Write\u{1} to Ann").placeholder == "Write to Ann")
        #expect(ReplyOptions(placeholder: String(repeating: "p", count: 16_000)).placeholder.utf8.count == ReplyOptions.maxHintBytes)
    }

    @Test("a card's title and message (64 KiB from the socket) are cut to 4,000 scalars before they are cleaned, on every repaint")
    func cardText() {
        let hidden = String(repeating: "\u{1}", count: TextLimits.maxScalars) + "Build"
        #expect(TextLimits.clean(hidden) == ("", true))
        #expect(TextLimits.clean("Bu\u{1}ild\r\n") == ("Build", false))
        let toast = Toast(id: "a", title: hidden, message: hidden)
        let shown = CardComposer(config: .default, scale: 1).compose(toast, style: .tinted, appearance: .init(),
                                                                      metrics: FixedMetrics(scale: 1))
        let texts = shown.scene.ops.compactMap { op -> String? in
            guard case let .text(block, _, _) = op else { return nil }
            return block.text
        }
        #expect(!texts.contains { $0.contains("Build") }, "\(texts)")
    }

    @Test("an XSETTINGS string longer than 1 KiB is left out before its bytes are read; one of 1 KiB is kept")
    func xsettingsValue() {
        func blob(_ value: [UInt8]) -> [UInt8] {
            let name = Array("Net/ThemeName".utf8)
            func card32(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24 & 0xFF)] }
            func pad(_ b: [UInt8]) -> [UInt8] { b + [UInt8](repeating: 0, count: (4 - b.count % 4) % 4) }
            return [0, 0, 0, 0] + card32(1) + card32(1) + [1, 0, UInt8(name.count), 0] + pad(name) + card32(0)
                + card32(value.count) + pad(value)
        }
        let atBound = [UInt8](repeating: 0x61, count: XSettings.maxStringBytes)
        #expect(XSettings.parse(blob(atBound))?["Net/ThemeName"] == .string(String(repeating: "a", count: XSettings.maxStringBytes)))
        // One byte past the bound: left out whole.
        let past = atBound + Array("a".utf8)
        let parsed = XSettings.parse(blob(past))
        #expect(parsed != nil && parsed?["Net/ThemeName"] == nil)
    }
}
