import JSONCodec
import Operations
import Testing
import ToastCore

private func message(_ line: String) -> ServerMessage? { ServerMessage.decode(line: Array(line.utf8)) }

@Suite struct ReplyTests {
    // MARK: Shapes, exactly as documented

    @Test func okWithID() {
        #expect(Reply.ok(id: "build-1").json.text == #"{"ok":true,"id":"build-1"}"#)
    }

    @Test func okWithoutID() {
        #expect(Reply.ok(id: nil).json.text == #"{"ok":true}"#)
    }

    @Test func error() {
        #expect(Reply.error(#"unknown op "x""#).json.text == #"{"ok":false,"error":"unknown op \"x\""}"#)
    }

    @Test func dismissedEvent() {
        #expect(ToastEvent.dismissed(id: "t7", reason: .timeout).json.text == #"{"event":"dismissed","id":"t7","reason":"timeout"}"#)
        #expect(ToastEvent.dismissed(id: "a", reason: .click).json.text == #"{"event":"dismissed","id":"a","reason":"click"}"#)
    }

    @Test(arguments: DismissReason.allCases)
    func everyReasonIsItsRawName(reason: DismissReason) {
        #expect(ToastEvent.dismissed(id: "x", reason: reason).json["reason"] == .string(reason.rawValue))
    }

    @Test func reasonNames() {
        #expect(DismissReason.allCases.map(\.rawValue)
            == ["timeout", "click", "swipe", "close", "action", "api", "replaced", "overflow", "shutdown", "skipped", "dropped", "suppressed", "center", "folded", "summarized", "snoozed", "focused", "crashed"])
    }

    @Test func linesStayOnOneLine() {
        let text = Reply.error("bad\nthing\u{2028}here").json.text
        #expect(!text.contains("\n"))
        #expect(!text.unicodeScalars.contains("\u{2028}"))
        #expect(!ToastEvent.dismissed(id: "a\nb", reason: .api).json.text.contains("\n"))
    }

    // MARK: Decoding what the daemon says

    @Test func decodesReplies() {
        #expect(message(#"{"ok":true,"id":"build-1"}"#) == .reply(.ok(id: "build-1")))
        #expect(message(#"{"ok":true}"#) == .reply(.ok(id: nil)))
        #expect(message(#"{"ok":false,"error":"nope"}"#) == .reply(.error("nope")))
    }

    @Test func refusalWithoutAReasonStillDecodes() {
        #expect(message(#"{"ok":false}"#) == .reply(.error("the daemon refused without saying why")))
        #expect(message(#"{"ok":false,"error":3}"#) == .reply(.error("the daemon refused without saying why")))
    }

    @Test func okWithNonStringIDHasNoID() {
        #expect(message(#"{"ok":true,"id":5}"#) == .reply(.ok(id: nil)))
    }

    @Test func decodesEvents() {
        #expect(message(#"{"event":"dismissed","id":"t7","reason":"swipe"}"#) == .event(.dismissed(id: "t7", reason: .swipe)))
        // Field order and extra fields do not matter.
        #expect(message(#"{"reason":"api","extra":[1],"id":"z","event":"dismissed"}"#) == .event(.dismissed(id: "z", reason: .api)))
    }

    @Test(arguments: [
        "not json",
        "",
        "[]",
        #"{"ok":"yes"}"#,
        #"{"event":"expanded","id":"a"}"#,
        #"{"event":"dismissed","id":"a","reason":"exploded"}"#,
        #"{"event":"dismissed","reason":"api"}"#,
        #"{"event":"dismissed","id":"a"}"#,
        #"{"event":"dismissed","id":1,"reason":"api"}"#,
        #"{"something":"else"}"#,
    ])
    func unknownLinesAreNil(line: String) {
        #expect(message(line) == nil)
    }

    @Test func everythingRoundTrips() {
        var all: [ServerMessage] = [.reply(.ok(id: "a")), .reply(.ok(id: nil)), .reply(.error("bad \"thing\"\n"))]
        all += DismissReason.allCases.map { .event(.dismissed(id: "id-\($0.rawValue)", reason: $0)) }
        for m in all {
            let json: JSON = switch m {
            case let .reply(r): r.json
            case let .event(e): e.json
            }
            #expect(ServerMessage.decode(line: Array(json.text.utf8)) == m)
        }
    }
}
