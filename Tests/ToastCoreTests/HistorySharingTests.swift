import Testing
@testable import ToastCore

/// What a kept entry repeats from the one before it is held once (`HistoryLog`): the memory
/// of 1,000 kept entries of one application counts its buttons, rules and icon once, not
/// 1,000 times. Counted by the distinct storage the entries point at, not by measuring memory.
@Suite struct HistorySharingTests {
    /// An entry of `app` built from scratch, as a file line or a request makes one: every
    /// array and long string is a heap block of its own.
    func entry(_ i: Int, app: String) -> HistoryEntry {
        var toast = Toast(id: "\(i)", title: "title \(i)", message: "message \(i)")
        toast.app = String("\(app) (a name past the 15 bytes a string holds inline)")
        toast.icon = String("dialog-information-\(app)-icon")
        toast.actions = [Action(id: "open", label: "Open"), Action(id: "later", label: "Later")]
        toast.rules = ["mail", "report"]
        return HistoryEntry(toast: toast, reason: .timeout, ended: Double(i))
    }

    func storage(_ array: [some Any]) -> UnsafeRawPointer? { array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    func storage(_ text: String?) -> UnsafeRawPointer? {
        var copy = text
        return copy?.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("1,000 entries of one application share one copy of its buttons, rules, icon and name; a second application's run has its own")
    func runsShareTheirFields() {
        let entries = (0..<1000).map { entry($0, app: "Thunderbird") } + (1000..<1010).map { entry($0, app: "Firefox") }
        let log = HistoryLog(entries)
        let thunderbird = log.prefix(1000), firefox = log.suffix(10)
        #expect(Set(thunderbird.map { storage($0.toast.actions) }).count == 1)
        #expect(Set(thunderbird.map { storage($0.toast.rules) }).count == 1)
        #expect(Set(thunderbird.map { storage($0.toast.icon) }).count == 1)
        #expect(Set(thunderbird.map { storage($0.toast.app) }).count == 1)
        #expect(Set(firefox.map { storage($0.toast.icon) }).count == 1)
        #expect(storage(firefox.first?.toast.icon) != storage(thunderbird.first?.toast.icon))
        // The rules are the same words for both: shared across the change of application too.
        #expect(Set(log.map { storage($0.toast.rules) }).count == 1)
        // Nothing else changes: the values are the entries' own.
        #expect(Array(log) == entries)
    }
    @Test("a history file's lines share what each repeats from the line before as they are parsed, so the copies never pile up")
    func parsedLinesShare() {
        let lines = (0..<200).map { i in
            #"{"v":1,"ended":\#(1_796_167_299 + i),"id":"\#(i)","title":"title \#(i)","message":"message \#(i)","kind":"info","reason":"timeout","app":"Thunderbird (a long application name)","rules":["mail","report"],"icon":"dialog-information-long-name","actions":[{"id":"open","label":"Open"},{"id":"later","label":"Later"}],"default_action":"open"}"#
        }
        let records = HistoryFile.parse(Array((lines.joined(separator: "\n") + "\n").utf8)).records
        #expect(records.count == 200)
        #expect(Set(records.map { storage($0.toast.actions) }).count == 1)
        #expect(Set(records.map { storage($0.toast.rules) }).count == 1)
        #expect(Set(records.map { storage($0.toast.icon) }).count == 1)
        #expect(Set(records.map { storage($0.toast.app) }).count == 1)
        #expect(records.last?.toast.actions == [Action(id: "open", label: "Open"), Action(id: "later", label: "Later")])
        #expect(Set(records.map(\.toast.title)).count == 200)
    }
}
