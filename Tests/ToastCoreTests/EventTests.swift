import JSONCodec
import Operations
import Testing
import ToastCore

private func message(_ line: String) -> ServerMessage? { ServerMessage.decode(line: Array(line.utf8)) }

private func event(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> ToastEvent? {
    do {
        return ToastEvent.decode(try JSON.parse(line))
    } catch {
        Issue.record("not JSON: \(line): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite struct EventTests {
    // MARK: Replies with extra fields

    @Test func okWithAWarning() {
        #expect(Reply.ok(id: "x", extra: [("warning", .string("w"))]).json.text == #"{"ok":true,"id":"x","warning":"w"}"#)
    }

    @Test func okWithoutIDButWithExtras() {
        let reply = Reply.ok(id: nil, extra: [("toasts", .array([.string("a"), .string("b")])), ("paused", .bool(false))])
        #expect(reply.json.text == #"{"ok":true,"toasts":["a","b"],"paused":false}"#)
    }

    @Test func extrasKeepTheirOrderAfterOkAndID() {
        let reply = Reply.ok(id: "t1", extra: [("b", .number(2)), ("a", .null), ("history", .array([]))])
        #expect(reply.json.text == #"{"ok":true,"id":"t1","b":2,"a":null,"history":[]}"#)
        #expect(reply.json["history"] == .array([]))
        #expect(reply.json["ok"] == .bool(true))
    }

    @Test func repliesAreEqualByTheirJSON() {
        #expect(Reply.ok(id: "x", extra: [("warning", .string("w"))]) == .ok(id: "x", extra: [("warning", .string("w"))]))
        #expect(Reply.ok(id: "x", extra: [("warning", .string("w"))]) != .ok(id: "x", extra: [("warning", .string("v"))]))
        #expect(Reply.ok(id: "x", extra: [("warning", .string("w"))]) != .ok(id: "x"))
        #expect(Reply.ok(id: "x") != .ok(id: "y"))
        #expect(Reply.ok(id: nil) != .error("x"))
    }

    // MARK: Event shapes

    @Test func shownEvent() {
        #expect(ToastEvent.shown(id: "a").json.text == #"{"event":"shown","id":"a"}"#)
    }

    @Test func updatedEvent() {
        #expect(ToastEvent.updated(id: "job-2").json.text == #"{"event":"updated","id":"job-2"}"#)
    }

    @Test func actionEvent() {
        #expect(ToastEvent.action(id: "a", action: "yes").json.text == #"{"event":"action","id":"a","action":"yes"}"#)
    }

    @Test func dismissedEvent() {
        #expect(ToastEvent.dismissed(id: "a", reason: .overflow).json.text == #"{"event":"dismissed","id":"a","reason":"overflow"}"#)
        #expect(ToastEvent.dismissed(id: "a", reason: .action).json.text == #"{"event":"dismissed","id":"a","reason":"action"}"#)
    }

    @Test func eventIDs() {
        #expect(ToastEvent.shown(id: "s").id == "s")
        #expect(ToastEvent.updated(id: "u").id == "u")
        #expect(ToastEvent.action(id: "a", action: "yes").id == "a")
        #expect(ToastEvent.dismissed(id: "d", reason: .api).id == "d")
    }

    // MARK: Decoding events

    @Test func decodesEachEvent() {
        #expect(event(#"{"event":"shown","id":"a"}"#) == .shown(id: "a"))
        #expect(event(#"{"event":"updated","id":"a"}"#) == .updated(id: "a"))
        #expect(event(#"{"event":"action","id":"a","action":"no"}"#) == .action(id: "a", action: "no"))
        #expect(event(#"{"event":"dismissed","id":"a","reason":"replaced"}"#) == .dismissed(id: "a", reason: .replaced))
        // Field order and unknown fields do not matter.
        #expect(event(#"{"action":"ok","id":"b","event":"action","at":12}"#) == .action(id: "b", action: "ok"))
    }

    @Test(arguments: [
        #"{"event":"action","id":"a"}"#,
        #"{"event":"action","id":"a","action":1}"#,
        #"{"event":"shown"}"#,
        #"{"event":"updated","id":null}"#,
        #"{"event":"hidden","id":"a"}"#,
        #"{"event":"dismissed","id":"a","reason":"Timeout"}"#,
        #"{"id":"a"}"#,
        #"["event","shown"]"#,
        #""shown""#,
    ])
    func incompleteEventsAreNil(line: String) {
        #expect(event(line) == nil)
    }

    @Test func everyEventRoundTrips() {
        var all: [ToastEvent] = [.shown(id: "a"), .updated(id: "b \"q\""), .action(id: "c", action: "yes"), .action(id: "d", action: "")]
        all += DismissReason.allCases.map { .dismissed(id: "e", reason: $0) }
        for e in all {
            #expect(ToastEvent.decode(e.json) == e)
            #expect(message(e.json.text) == .event(e))
        }
    }

    // MARK: ServerMessage

    @Test func replyWithExtraFieldsKeepsThem() throws {
        let decoded = try #require(message(#"{"ok":true,"id":"x","warning":"w"}"#))
        #expect(decoded == .reply(.ok(id: "x", extra: [("warning", .string("w"))])))
        guard case let .reply(.ok(id, extra)) = decoded else {
            Issue.record("expected an ok reply, got \(decoded)")
            return
        }
        #expect(id == "x")
        #expect(extra.map(\.0) == ["warning"])
        #expect(extra.first?.1 == .string("w"))
    }

    @Test func extrasKeepTheirOrderAndValuesWhereverTheIDIs() throws {
        let line = #"{"history":[{"id":"a","reason":"click"}],"ok":true,"limit":5,"id":"x"}"#
        let decoded = try #require(message(line))
        guard case let .reply(.ok(id, extra)) = decoded else {
            Issue.record("expected an ok reply, got \(decoded)")
            return
        }
        #expect(id == "x")
        #expect(extra.map(\.0) == ["history", "limit"])
        #expect(extra.first?.1 == .array([.object([("id", .string("a")), ("reason", .string("click"))])]))
        #expect(extra.last?.1 == .number(5))
        #expect(decoded == .reply(.ok(id: "x", extra: [("history", .array([.object([("id", .string("a")), ("reason", .string("click"))])])),
                                                      ("limit", .number(5))])))
    }

    @Test func replyWithoutIDKeepsItsExtras() {
        #expect(message(#"{"ok":true,"toasts":[]}"#) == .reply(.ok(id: nil, extra: [("toasts", .array([]))])))
    }

    @Test func repliesWithExtrasRoundTrip() {
        let replies: [Reply] = [
            .ok(id: "x", extra: [("warning", .string("w"))]),
            .ok(id: nil, extra: [("toasts", .array([.object([("id", .string("a")), ("visible", .bool(true))])]))]),
            .ok(id: "y", extra: [("n", .number(2.5)), ("z", .null)]),
        ]
        for r in replies {
            #expect(message(r.json.text) == .reply(r))
        }
    }

    @Test func anErrorReplyDropsExtras() {
        #expect(message(#"{"ok":false,"error":"nope","hint":"h"}"#) == .reply(.error("nope")))
    }
}
