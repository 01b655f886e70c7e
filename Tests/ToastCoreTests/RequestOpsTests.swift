import Operations
import Testing
import ToastCore

/// The error message for a line that must be refused (records an issue when it decodes).
private func refusal(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    switch decode(line) {
    case let .success(request):
        Issue.record("expected \(line) to be refused, decoded \(request)", sourceLocation: sourceLocation)
        return nil
    case let .failure(error): return error.message
    }
}

/// A show line with `fields` added after the message.
private func show(_ fields: String) -> String { #"{"op":"show","message":"m",\#(fields)}"# }

/// A show request with the fields `ShowRequest.init` does not take.
/// Every field of a show set.
private let fullShow: ShowRequest = {
    var s = showRequest(title: "Title", style: .capsule, markup: true, icon: "/tmp/icon.png",
                        actions: [Action(id: "yes", label: "Yes"), Action(id: "no", label: "No")], defaultAction: "yes",
                        progress: 42.5, urgency: .critical)
    s.kind = .warning
    s.timeout = 2.5
    s.id = "job-1"
    s.position = .bottomLeft
    return s
}()

@Suite struct RequestOpsTests {
    // MARK: New ops decode

    @Test func opsWithoutFields() {
        #expect(decoded(#"{"op":"list"}"#) == .list(limit: nil))
        #expect(decoded(#"{"op":"list","limit":2}"#) == .list(limit: 2))
        #expect(decoded(#"{"op":"pause"}"#) == .pause())
        #expect(decoded(#"{"op":"resume"}"#) == .resume)
        #expect(decoded(#"{"op":"subscribe"}"#) == .subscribe)
        #expect(decoded(#"{"op":"reload"}"#) == .reload)
        #expect(decoded(#"{"op":"ping"}"#) == .ping)
    }

    @Test(arguments: ["resume", "subscribe", "reload", "ping", "focus", "handover"])
    func opsWithoutFieldsRefuseFields(op: String) {
        #expect(refusal(#"{"op":"\#(op)","id":"a"}"#) == #"unknown field "id" (this op takes: op)"#)
    }

    @Test func operationsListEveryOp() {
        #expect(Request.operations == ["show", "update", "dismiss", "list", "pause", "snooze", "resume", "history", "subscribe", "ping", "reload",
                                        "rules", "rule", "test", "focus", "invoke", "restore", "menu", "count", "center", "handover", "bushandover"])
        #expect(refusal(#"{"op":"mute"}"#)
            == #"unknown op "mute" (expected one of: show, update, dismiss, list, pause, snooze, resume, history, subscribe, ping, reload, rules, rule, test, focus, invoke, restore, menu, count, center, handover, bushandover)"#)
    }

    @Test func history() {
        #expect(decoded(#"{"op":"history"}"#) == .history(limit: nil))
        #expect(decoded(#"{"op":"history","limit":null}"#) == .history(limit: nil))
        #expect(decoded(#"{"op":"history","limit":5}"#) == .history(limit: 5))
        #expect(decoded(#"{"op":"history","limit":1}"#) == .history(limit: 1))
        #expect(decoded(#"{"op":"history","limit":100}"#) == .history(limit: 100))
        #expect(decoded(#"{"op":"history","limit":5.0}"#) == .history(limit: 5))
    }

    @Test(arguments: ["0", "10001", "2.5", "-1", "1e9"])
    func historyLimitOutOfRange(limit: String) {
        #expect(refusal(#"{"op":"history","limit":\#(limit)}"#) == #""limit" must be a whole number from 1 to 10000"#)
    }

    @Test(arguments: ["0", "10001", "2.5", "-1", "1e9"])
    func listLimitOutOfRange(limit: String) {
        #expect(refusal(#"{"op":"list","limit":\#(limit)}"#) == #""limit" must be a whole number from 1 to 10000"#)
    }

    @Test func historyLimitOfTheWrongType() {
        #expect(refusal(#"{"op":"history","limit":"5"}"#) == #""limit" must be a number, got a string"#)
        #expect(refusal(#"{"op":"history","limit":true}"#) == #""limit" must be a number, got a boolean"#)
        #expect(refusal(#"{"op":"history","count":5}"#) == #"unknown field "count" (this op takes: op, limit, clear)"#)
    }

    // MARK: update

    @Test func updateDecodesEachField() {
        #expect(decoded(#"{"op":"update","id":"a","message":"new"}"#) == .update(UpdateRequest(id: "a", message: "new")))
        #expect(decoded(#"{"op":"update","id":"a","title":"T"}"#) == .update(UpdateRequest(id: "a", title: "T")))
        #expect(decoded(#"{"op":"update","id":"a","kind":"success"}"#) == .update(UpdateRequest(id: "a", kind: .success)))
        #expect(decoded(#"{"op":"update","id":"a","timeout":0}"#) == .update(UpdateRequest(id: "a", timeout: 0)))
        #expect(decoded(#"{"op":"update","id":"a","progress":75}"#) == .update(UpdateRequest(id: "a", progress: 75)))
        #expect(decoded(#"{"op":"update","id":"a","icon":"dialog-information"}"#)
            == .update(UpdateRequest(id: "a", icon: "dialog-information")))
        // An empty message is a change too.
        #expect(decoded(#"{"op":"update","id":"a","message":""}"#) == .update(UpdateRequest(id: "a", message: "")))
    }

    @Test func updateWithEveryField() {
        let line = #"{"op":"update","id":"a","message":"m","title":"T","kind":"error","timeout":7.5,"progress":0,"icon":"x.png"}"#
        #expect(decoded(line) == .update(UpdateRequest(id: "a", message: "m", title: "T", kind: .error, timeout: 7.5,
                                                      progress: 0, icon: "x.png")))
    }

    @Test func updateErrors() {
        #expect(refusal(#"{"op":"update","message":"m"}"#) == #"missing field "id""#)
        #expect(refusal(#"{"op":"update","id":"","message":"m"}"#) == #""id" must not be empty"#)
        #expect(refusal(#"{"op":"update","id":"a","position":"top"}"#)
            == #"unknown field "position" (this op takes: op, id, message, title, kind, timeout, progress, icon)"#)
        #expect(refusal(#"{"op":"update","id":"a"}"#)
            == "update needs at least one of: message, title, kind, timeout, progress, icon")
        #expect(refusal(#"{"op":"update","id":"a","message":null}"#)
            == "update needs at least one of: message, title, kind, timeout, progress, icon")
        #expect(refusal(#"{"op":"update","id":"a","timeout":-1}"#)
            == #""timeout" must not be negative (0 keeps the toast until dismissed)"#)
        #expect(refusal(#"{"op":"update","id":"a","kind":"fatal"}"#)
            == #"unknown kind "fatal" (expected one of: info, success, warning, error, notice, debug, loading)"#)
        #expect(refusal(#"{"op":"update","id":"a","icon":""}"#) == #""icon" must be a file path or an icon name"#)
        #expect(refusal(#"{"op":"update","id":"a","progress":101}"#) == #""progress" must be from 0 to 100, got 101"#)
    }

    // MARK: show: new fields

    @Test func showWithEveryFieldDecodes() {
        let line = #"{"op":"show","message":"m","title":"Title","kind":"warning","timeout":2.5,"id":"job-1","#
            + #""position":"bottom-left","style":"capsule","markup":true,"icon":"/tmp/icon.png","#
            + #""actions":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}],"default_action":"yes","#
            + #""progress":42.5,"urgency":"critical"}"#
        #expect(decoded(line) == .show(fullShow))
    }

    @Test func titleOnlyShowIsAccepted() {
        #expect(decoded(#"{"op":"show","title":"Only a title"}"#) == .show(ShowRequest(message: "", title: "Only a title")))
        #expect(refusal(#"{"op":"show","title":""}"#) == #""message" is empty and there is no "title": nothing to show"#)
        #expect(refusal(#"{"op":"show"}"#) == #"missing field "message""#)
    }

    @Test(arguments: CardStyle.allCases)
    func everyStyleDecodes(style: CardStyle) {
        #expect(decoded(show(#""style":"\#(style.rawValue)""#)) == .show(showRequest(style: style)))
    }

    @Test(arguments: Urgency.allCases)
    func everyUrgencyDecodes(urgency: Urgency) {
        #expect(decoded(show(#""urgency":"\#(urgency.rawValue)""#)) == .show(showRequest(urgency: urgency)))
    }

    @Test func unknownStyleAndUrgency() {
        #expect(refusal(show(#""style":"fancy""#)) == #"unknown style "fancy" (expected one of: tinted, accent, capsule)"#)
        #expect(refusal(show(#""urgency":"urgent""#)) == #"unknown urgency "urgent" (expected one of: low, normal, critical)"#)
        #expect(refusal(show(#""urgency":2"#)) == #""urgency" must be a string, got a number"#)
    }

    @Test func markup() {
        #expect(decoded(show(#""markup":true"#)) == .show(showRequest(markup: true)))
        #expect(decoded(show(#""markup":false"#)) == .show(ShowRequest(message: "m")))
        #expect(refusal(show(#""markup":"yes""#)) == #""markup" must be a boolean, got a string"#)
        #expect(refusal(show(#""markup":1"#)) == #""markup" must be a boolean, got a number"#)
    }

    @Test func icon() {
        #expect(decoded(show(#""icon":"dialog-warning""#)) == .show(showRequest(icon: "dialog-warning")))
        #expect(refusal(show(#""icon":"""#)) == #""icon" must be a file path or an icon name"#)
        #expect(refusal(show(#""icon":"a\u0000b""#)) == #""icon" must be a file path or an icon name"#)
        #expect(refusal(show(#""icon":3"#)) == #""icon" must be a string, got a number"#)
    }

    @Test func progressBounds() {
        #expect(decoded(show(#""progress":0"#)) == .show(showRequest(progress: 0)))
        #expect(decoded(show(#""progress":100"#)) == .show(showRequest(progress: 100)))
        #expect(decoded(show(#""progress":33.3"#)) == .show(showRequest(progress: 33.3)))
        #expect(refusal(show(#""progress":-1"#)) == #""progress" must be from 0 to 100, got -1"#)
        #expect(refusal(show(#""progress":100.5"#)) == #""progress" must be from 0 to 100, got 100.5"#)
        #expect(refusal(show(#""progress":"50""#)) == #""progress" must be a number, got a string"#)
        #expect(refusal(show(#""progress":[50]"#)) == #""progress" must be a number, got an array"#)
    }

    // MARK: show: actions

    @Test func actions() {
        #expect(decoded(show(#""actions":[{"id":"ok","label":"OK"}]"#))
            == .show(showRequest(actions: [Action(id: "ok", label: "OK")])))
        // The label defaults to the id.
        #expect(decoded(show(#""actions":[{"id":"retry"}]"#))
            == .show(showRequest(actions: [Action(id: "retry", label: "retry")])))
        #expect(decoded(show(#""actions":[]"#)) == .show(ShowRequest(message: "m")))
        #expect(decoded(show(#""actions":null"#)) == .show(ShowRequest(message: "m")))
        let three = #""actions":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}]"#
        #expect(decoded(show(three)) == .show(showRequest(
            actions: [Action(id: "a", label: "A"), Action(id: "b", label: "B"), Action(id: "c", label: "C")]
        )))
    }

    @Test func actionsErrors() {
        #expect(refusal(show(#""actions":{"id":"a"}"#)) == #""actions" must be an array, got an object"#)
        #expect(refusal(show(#""actions":"a""#)) == #""actions" must be an array, got a string"#)
        #expect(refusal(show(#""actions":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"}]"#))
            == "at most 3 actions fit on a card, got 4")
        #expect(refusal(show(#""actions":["yes"]"#)) == #"each action must be an object like {"id":"yes","label":"Yes"}"#)
        #expect(refusal(show(#""actions":[{"id":"a","label":"A"},{"id":"a","label":"B"}]"#)) == #"action id "a" is used twice"#)
        #expect(refusal(show(#""actions":[{"label":"A"}]"#)) == #"missing field "id""#)
        #expect(refusal(show(#""actions":[{"id":""}]"#)) == #""id" must not be empty"#)
        #expect(refusal(show(#""actions":[{"id":"a","label":"A","style":"red"}]"#))
            == #"unknown field "style" (this op takes: id, label, purpose)"#)
    }

    @Test func actionLabelLength() {
        let max = String(repeating: "x", count: 24)
        #expect(decoded(show(#""actions":[{"id":"a","label":"\#(max)"}]"#))
            == .show(showRequest(actions: [Action(id: "a", label: max)])))
        #expect(refusal(show(#""actions":[{"id":"a","label":"\#(max)y"}]"#)) == "action label must be 1 to 24 characters")
        #expect(refusal(show(#""actions":[{"id":"a","label":""}]"#)) == "action label must be 1 to 24 characters")
        // Characters, not bytes: 24 é are 48 bytes and still fit.
        let accented = String(repeating: "é", count: 24)
        #expect(decoded(show(#""actions":[{"id":"a","label":"\#(accented)"}]"#))
            == .show(showRequest(actions: [Action(id: "a", label: accented)])))
    }

    @Test func defaultAction() {
        #expect(decoded(show(#""actions":[{"id":"a"},{"id":"b"}],"default_action":"b""#)) == .show(showRequest(
            actions: [Action(id: "a", label: "a"), Action(id: "b", label: "b")], defaultAction: "b"
        )))
        // The order of the fields does not matter.
        #expect(decoded(show(#""default_action":"a","actions":[{"id":"a"}]"#)) == .show(showRequest(
            actions: [Action(id: "a", label: "a")], defaultAction: "a"
        )))
        #expect(refusal(show(#""actions":[{"id":"a"}],"default_action":"z""#))
            == #""default_action" "z" is not one of the toast's actions"#)
        #expect(refusal(show(#""default_action":"a""#)) == #""default_action" "a" is not one of the toast's actions"#)
    }

    // MARK: Encoding round trips

    @Test func jsonShapesOfTheNewOps() {
        #expect(Request.list(limit: nil).text == #"{"op":"list"}"#)
        #expect(Request.list(limit: 5).text == #"{"op":"list","limit":5}"#)
        #expect(Request.pause().text == #"{"op":"pause"}"#)
        #expect(Request.resume.text == #"{"op":"resume"}"#)
        #expect(Request.subscribe.text == #"{"op":"subscribe"}"#)
        #expect(Request.reload.text == #"{"op":"reload"}"#)
        #expect(Request.history(limit: nil).text == #"{"op":"history"}"#)
        #expect(Request.history(limit: 7).text == #"{"op":"history","limit":7}"#)
        #expect(Request.update(UpdateRequest(id: "a", progress: 50)).text == #"{"op":"update","id":"a","progress":50}"#)
        #expect(Request.show(fullShow).text
            == #"{"op":"show","message":"m","title":"Title","kind":"warning","timeout":2.5,"id":"job-1","#
            + #""position":"bottom-left","style":"capsule","markup":true,"icon":"/tmp/icon.png","#
            + #""actions":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}],"default_action":"yes","#
            + #""progress":42.5,"urgency":"critical"}"#)
        // Defaults stay off the wire.
        #expect(Request.show(ShowRequest(message: "m")).text == #"{"op":"show","message":"m"}"#)
    }

    @Test(arguments: [
        Request.ping, .list(limit: nil), .list(limit: 9), .pause(), .resume, .subscribe, .reload,
        .history(limit: nil), .history(limit: 1), .history(limit: 100),
        .dismiss(id: "a"), .dismissAll,
        .show(ShowRequest(message: "m")),
        .show(ShowRequest(message: "", title: "Only a title")),
        .show(fullShow),
        .show(showRequest(progress: 0, urgency: .low)),
        .show(showRequest(actions: [Action(id: "a", label: "Ä \"quoted\""), Action(id: "b", label: "b")])),
        .update(UpdateRequest(id: "a", message: "m")),
        .update(UpdateRequest(id: "a", title: "T")),
        .update(UpdateRequest(id: "a", kind: .loading)),
        .update(UpdateRequest(id: "a", timeout: 0)),
        .update(UpdateRequest(id: "a", progress: 12.25)),
        .update(UpdateRequest(id: "a", icon: "x")),
        .update(UpdateRequest(id: "a", message: "", title: "T", kind: .debug, timeout: 3.5, progress: 100, icon: "/i.png")),
    ])
    func roundTrips(request: Request) {
        #expect(decode(request.text) == .success(request))
    }
}
