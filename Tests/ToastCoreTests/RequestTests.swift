import Operations
import Testing
import ToastCore

/// The error message for a line that must be refused (records an issue if it decodes).
private func errorMessage(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    errorMessage(bytes: Array(line.utf8), sourceLocation: sourceLocation)
}

private func errorMessage(bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    switch Request.decode(line: bytes) {
    case let .success(request):
        Issue.record("expected an error, decoded \(request)", sourceLocation: sourceLocation)
        return ""
    case let .failure(error):
        return error.message
    }
}

@Suite struct RequestTests {
    // MARK: Every op decodes

    @Test func ping() {
        #expect(decoded(#"{"op":"ping"}"#) == .ping)
        #expect(decoded(#" { "op" : "ping" } "#) == .ping)
    }

    @Test func minimalShow() {
        #expect(decoded(#"{"op":"show","message":"Build done"}"#) == .show(ShowRequest(message: "Build done")))
    }

    @Test func showWithEveryField() {
        let line = #"{"op":"show","message":"m","title":"T","kind":"error","timeout":2.5,"id":"build-1","position":"bottom-left"}"#
        #expect(decoded(line) == .show(ShowRequest(message: "m", title: "T", kind: .error, timeout: 2.5,
                                                   id: "build-1", position: .bottomLeft)))
    }

    @Test(arguments: Kind.allCases)
    func everyKindDecodes(kind: Kind) {
        #expect(decoded(#"{"op":"show","message":"m","kind":"\#(kind.rawValue)"}"#) == .show(ShowRequest(message: "m", kind: kind)))
    }

    @Test(arguments: Position.allCases)
    func everyPositionDecodes(position: Position) {
        #expect(decoded(#"{"op":"show","message":"m","position":"\#(position.rawValue)"}"#)
            == .show(ShowRequest(message: "m", position: position)))
    }

    @Test func titleWithoutMessageTextIsEnough() {
        #expect(decoded(#"{"op":"show","message":"","title":"Only a title"}"#)
            == .show(ShowRequest(message: "", title: "Only a title")))
    }

    @Test func nullFieldsMeanAbsent() {
        #expect(decoded(#"{"op":"show","message":"m","title":null,"kind":null,"timeout":null,"id":null,"position":null}"#)
            == .show(ShowRequest(message: "m")))
        #expect(decoded(#"{"op":"dismiss","id":null,"all":true}"#) == .dismissAll)
    }

    @Test func timeoutLimitsAreInclusive() {
        #expect(decoded(#"{"op":"show","message":"m","timeout":0}"#) == .show(ShowRequest(message: "m", timeout: 0)))
        #expect(decoded(#"{"op":"show","message":"m","timeout":86400}"#) == .show(ShowRequest(message: "m", timeout: 86_400)))
        #expect(decoded(#"{"op":"show","message":"m","timeout":1e-1}"#) == .show(ShowRequest(message: "m", timeout: 0.1)))
    }

    @Test func dismissOne() {
        #expect(decoded(#"{"op":"dismiss","id":"build-1"}"#) == .dismiss(id: "build-1"))
        #expect(decoded(#"{"op":"dismiss","id":"build-1","all":false}"#) == .dismiss(id: "build-1"))
    }

    @Test func dismissAll() {
        #expect(decoded(#"{"op":"dismiss","all":true}"#) == .dismissAll)
    }

    @Test func idLimits() {
        let longest = String(repeating: "é", count: ProtocolLimits.maxIDLength)
        #expect(decoded(#"{"op":"dismiss","id":"\#(longest)"}"#) == .dismiss(id: longest))
        #expect(decoded(#"{"op":"show","message":"m","id":" spaced id ✓"}"#) == .show(ShowRequest(message: "m", id: " spaced id ✓")))
    }

    @Test func duplicateKeysTakeTheLast() {
        #expect(decoded(#"{"op":"ping","op":"dismiss","all":true}"#) == .dismissAll)
    }

    @Test func lineAtTheLimitIsAccepted() {
        let prefix = #"{"op":"show","message":""#
        let suffix = #""}"#
        let fill = ProtocolLimits.maxLineBytes - prefix.utf8.count - suffix.utf8.count
        let line = prefix + String(repeating: "x", count: fill) + suffix
        #expect(line.utf8.count == ProtocolLimits.maxLineBytes)
        #expect(decoded(line) == .show(ShowRequest(message: String(repeating: "x", count: fill))))
    }

    // MARK: Every bad input names its problem

    @Test func notJSON() {
        let message = errorMessage("hello")
        #expect(message.hasPrefix("request is not JSON"))
        #expect(message.contains("unexpected character at byte 0"))
        #expect(errorMessage("").hasPrefix("request is not JSON"))
        #expect(errorMessage(#"{"op":"ping"} trailing"#).contains("unexpected text after the JSON value"))
        #expect(errorMessage(#"{"op":"ping""#).hasPrefix("request is not JSON"))
    }

    @Test func invalidUTF8() {
        let bytes = Array(#"{"op":"show","message":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)
        let message = errorMessage(bytes: bytes)
        #expect(message.hasPrefix("request is not valid UTF-8"))
        #expect(message.contains("byte 24"))
        let surrogate = Array(#"{"op":"show","message":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        #expect(errorMessage(bytes: surrogate).hasPrefix("request is not valid UTF-8"))
        let truncated = Array(#"{"op":"show","message":""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8)
        #expect(errorMessage(bytes: truncated).hasPrefix("request is not valid UTF-8"))
    }

    @Test(arguments: [
        ("[]", "an array"), ("\"ping\"", "a string"), ("42", "a number"), ("null", "null"), ("true", "a boolean"),
    ])
    func notAnObject(line: String, typeName: String) {
        #expect(errorMessage(line) == "request must be a JSON object, got \(typeName)")
    }

    @Test func missingOp() {
        #expect(errorMessage("{}") == #"missing field "op""#)
        #expect(errorMessage(#"{"message":"m"}"#) == #"missing field "op""#)
        #expect(errorMessage(#"{"op":null}"#) == #"missing field "op""#)
    }

    @Test func opOfTheWrongType() {
        #expect(errorMessage(#"{"op":1}"#) == #""op" must be a string, got a number"#)
        #expect(errorMessage(#"{"op":["show"]}"#) == #""op" must be a string, got an array"#)
    }

    @Test func unknownOp() {
        let message = errorMessage(#"{"op":"explode"}"#)
        #expect(message == #"unknown op "explode" (expected one of: show, update, dismiss, list, pause, snooze, resume, history, subscribe, ping, reload, rules, rule, test, focus, invoke, restore, menu, count, center, handover, bushandover)"#)
        #expect(errorMessage(#"{"op":"Ping"}"#).hasPrefix(#"unknown op "Ping""#))
        #expect(errorMessage(#"{"op":""}"#).hasPrefix(#"unknown op """#))
    }

    @Test func missingMessage() {
        #expect(errorMessage(#"{"op":"show"}"#) == #"missing field "message""#)
    }

    @Test func titleAloneIsEnough() throws {
        guard case let .success(.show(show)) = Request.decode(line: Array(#"{"op":"show","title":"T"}"#.utf8)) else {
            Issue.record("a title-only toast was refused")
            return
        }
        #expect(show.title == "T" && show.message.isEmpty)
    }

    @Test func emptyMessageWithoutTitle() {
        let expected = #""message" is empty and there is no "title": nothing to show"#
        #expect(errorMessage(#"{"op":"show","message":""}"#) == expected)
        #expect(errorMessage(#"{"op":"show","message":"","title":""}"#) == expected)
    }

    @Test(arguments: [
        (#"{"op":"show","message":42}"#, #""message" must be a string, got a number"#),
        (#"{"op":"show","message":true}"#, #""message" must be a string, got a boolean"#),
        (#"{"op":"show","message":{}}"#, #""message" must be a string, got an object"#),
        (#"{"op":"show","message":"m","title":["a"]}"#, #""title" must be a string, got an array"#),
        (#"{"op":"show","message":"m","timeout":"5"}"#, #""timeout" must be a number, got a string"#),
        (#"{"op":"show","message":"m","timeout":true}"#, #""timeout" must be a number, got a boolean"#),
        (#"{"op":"show","message":"m","kind":1}"#, #""kind" must be a string, got a number"#),
        (#"{"op":"show","message":"m","position":false}"#, #""position" must be a string, got a boolean"#),
        (#"{"op":"show","message":"m","id":7}"#, #""id" must be a string, got a number"#),
        (#"{"op":"dismiss","all":"true"}"#, #""all" must be a boolean, got a string"#),
        (#"{"op":"dismiss","all":1}"#, #""all" must be a boolean, got a number"#),
        (#"{"op":"dismiss","id":12}"#, #""id" must be a string, got a number"#),
    ])
    func wronglyTypedFields(line: String, expected: String) {
        #expect(errorMessage(line) == expected)
    }

    @Test func unknownKind() {
        #expect(errorMessage(#"{"op":"show","message":"m","kind":"fatal"}"#)
            == #"unknown kind "fatal" (expected one of: info, success, warning, error, notice, debug, loading)"#)
        #expect(errorMessage(#"{"op":"show","message":"m","kind":"Info"}"#).hasPrefix(#"unknown kind "Info""#))
    }

    @Test func unknownPosition() {
        #expect(errorMessage(#"{"op":"show","message":"m","position":"middle"}"#)
            == #"unknown position "middle" (expected one of: top-left, top, top-right, bottom-left, bottom, bottom-right, left, right, center)"#)
        #expect(errorMessage(#"{"op":"show","message":"m","position":"top_right"}"#).hasPrefix(#"unknown position "top_right""#))
    }

    @Test func negativeTimeout() {
        #expect(errorMessage(#"{"op":"show","message":"m","timeout":-1}"#)
            == #""timeout" must not be negative (0 keeps the toast until dismissed)"#)
        #expect(errorMessage(#"{"op":"show","message":"m","timeout":-0.001}"#).contains("must not be negative"))
    }

    @Test func timeoutOverTheMaximum() {
        #expect(errorMessage(#"{"op":"show","message":"m","timeout":86400.5}"#)
            == #""timeout" is in seconds and at most 86400"#)
        #expect(errorMessage(#"{"op":"show","message":"m","timeout":5000000}"#).contains("at most 86400"))
    }

    @Test func unknownFields() {
        #expect(errorMessage(#"{"op":"show","message":"m","colour":"red"}"#)
            == #"unknown field "colour" (this op takes: op, message, title, kind, timeout, id, position, monitor, style, markup, icon, actions, default_action, progress, urgency, app, reply, category)"#)
        #expect(errorMessage(#"{"op":"ping","id":"x"}"#) == #"unknown field "id" (this op takes: op)"#)
        #expect(errorMessage(#"{"op":"dismiss","all":true,"message":"m"}"#)
            == #"unknown field "message" (this op takes: op, id, all)"#)
    }

    @Test func emptyID() {
        #expect(errorMessage(#"{"op":"show","message":"m","id":""}"#) == #""id" must not be empty"#)
        #expect(errorMessage(#"{"op":"dismiss","id":""}"#) == #""id" must not be empty"#)
    }

    @Test func tooLongID() {
        let id = String(repeating: "a", count: ProtocolLimits.maxIDLength + 1)
        #expect(errorMessage(#"{"op":"show","message":"m","id":"\#(id)"}"#) == #""id" is longer than 128 characters"#)
        #expect(errorMessage(#"{"op":"dismiss","id":"\#(id)"}"#) == #""id" is longer than 128 characters"#)
    }

    @Test(arguments: [#"a\nb"#, #"a\tb"#, #"\u0000"#, #"x\u001b[31m"#, #"del\u007f"#, #"\r"#])
    func controlCharacterInID(escaped: String) {
        let message = #""id" must not contain control or bidi formatting characters"#
        #expect(errorMessage(#"{"op":"show","message":"m","id":"\#(escaped)"}"#) == message)
        #expect(errorMessage(#"{"op":"dismiss","id":"\#(escaped)"}"#) == message)
    }

    @Test func dismissWithBothIDAndAll() {
        #expect(errorMessage(#"{"op":"dismiss","id":"a","all":true}"#) == #"dismiss takes either "id" or "all":true, not both"#)
    }

    @Test func dismissWithNeitherIsTheNewest() {
        #expect(Request.decode(line: Array(#"{"op":"dismiss"}"#.utf8)) == .success(.dismissNewest))
        #expect(Request.decode(line: Array(#"{"op":"dismiss","all":false}"#.utf8)) == .success(.dismissNewest))
    }

    @Test func lineOverTheLimit() {
        let prefix = #"{"op":"show","message":""#
        let suffix = #""}"#
        let fill = ProtocolLimits.maxLineBytes - prefix.utf8.count - suffix.utf8.count + 1
        let line = prefix + String(repeating: "x", count: fill) + suffix
        #expect(line.utf8.count == ProtocolLimits.maxLineBytes + 1)
        #expect(errorMessage(line) == "request line is longer than 65536 bytes")
        // Checked before parsing: even garbage gets the length error.
        #expect(errorMessage(bytes: [UInt8](repeating: 0xFF, count: 70_000)) == "request line is longer than 65536 bytes")
    }

    @Test func limits() {
        #expect(ProtocolLimits.maxLineBytes == 65_536)
        #expect(ProtocolLimits.maxIDLength == 128)
        #expect(ProtocolLimits.maxTimeout == 86_400)
    }

    // MARK: Encoding

    @Test func jsonShapes() {
        #expect(Request.ping.text == #"{"op":"ping"}"#)
        #expect(Request.dismissAll.text == #"{"op":"dismiss","all":true}"#)
        #expect(Request.dismiss(id: "x").text == #"{"op":"dismiss","id":"x"}"#)
        #expect(Request.show(ShowRequest(message: "m")).text == #"{"op":"show","message":"m"}"#)
        #expect(Request.show(ShowRequest(message: "m", timeout: 4)).text == #"{"op":"show","message":"m","timeout":4}"#)
    }

    @Test(arguments: [
        Request.ping,
        .dismissAll,
        .dismiss(id: "build-42"),
        .dismiss(id: "with \"quotes\" and \\ and ünïcödé 😀"),
        .show(ShowRequest(message: "hello")),
        .show(ShowRequest(message: "", title: "title only")),
        .show(ShowRequest(message: "line 1\nline 2\u{2028}sep", title: "T", kind: .warning, timeout: 0,
                          id: "abc", position: .bottom)),
        .show(ShowRequest(message: "m", kind: .loading, timeout: 0.25, position: .topLeft)),
        .show(ShowRequest(message: "m", timeout: 86_400)),
    ])
    func jsonRoundTripsThroughDecode(request: Request) {
        let text = request.text
        #expect(!text.contains("\n"))
        #expect(decoded(text) == request)
    }

    @Test func everyKindAndPositionRoundTrips() {
        for kind in Kind.allCases {
            for position in Position.allCases {
                let request = Request.show(ShowRequest(message: "m", kind: kind, position: position))
                #expect(decoded(request.text) == request)
            }
        }
    }
}
