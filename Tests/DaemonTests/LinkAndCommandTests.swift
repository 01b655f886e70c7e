@testable import Daemon
import Testing
import ToastCore

/// Links and the commands through the service: what runs, what ends, who hears it.
@Suite struct LinkAndCommandTests {
    /// A rig that records the programs it is asked to run for the user (and how they are
    /// named in the log); a rule script run instead would be missing here.
    final class Opened {
        var commands: [[String]] = []
        var names: [String] = []
    }

    func rig(opener: [String] = ["xdg-open"]) -> (Rig, Opened) {
        let opened = Opened()
        var config = Config()
        config.opener = opener
        let rig = Rig(config: config, runScript: { script, _ in Issue.record("ran \(script.command) as a rule script") },
                      runForUser: { program, _ in
                          opened.commands.append(program.command)
                          opened.names.append(program.rule)
                      })
        return (rig, opened)
    }

    @Test("invoke with a link opens it with the opener and ends the toast as a click")
    func openALink() {
        let (rig, opened) = rig(opener: ["firefox", "--new-tab"])
        let id = rig.show(#""markup":true,"timeout":0,"message":"<a href=\"https://a.example/x\">x</a>""#)
        #expect(rig.request(#"{"op":"invoke","link":"https://a.example/x"}"#) == .ok(id: id))
        #expect(opened.commands == [["firefox", "--new-tab", "https://a.example/x"]] && opened.names == ["opener"])
        #expect(rig.sink.heard(by: rig.alice).last == .dismissed(id: id, reason: .click))
    }

    @Test("a link of another scheme, or one the toast does not have, is refused and nothing runs")
    func refuseOtherLinks() {
        let (rig, opened) = rig()
        let id = rig.show(#""markup":true,"timeout":0,"message":"<a href=\"file:///etc/passwd\">x</a>""#)
        #expect(rig.request(#"{"op":"invoke","link":"file:///etc/passwd"}"#) == .error("links with that scheme are not opened (only http, https, mailto)"))
        #expect(rig.request(#"{"op":"invoke","id":"\#(id)","link":"https://elsewhere"}"#) == .error("toast \"\(id)\" has no link \"https://elsewhere\""))
        #expect(opened.commands.isEmpty && rig.service.board.toast(id) != nil)
    }

    @Test("count with follow: the reply has the counts, then the follower's sink hears a line per change")
    func countReply() {
        let (rig, _) = rig()
        #expect(rig.request(#"{"op":"count"}"#) == .ok(id: nil, extra: [("visible", .number(0)), ("queued", .number(0)),
                                                                        ("history", .number(0)), ("unread", .number(0))]))
        #expect(ToastService.countEvent(Counts(visible: 1)).text == #"{"event":"count","visible":1,"queued":0,"history":0,"unread":0}"#)
    }

    @Test("restore goes to the pointer's monitor rule like a new toast, and a menu with nothing to offer is an error")
    func restoreAndMenu() {
        let (rig, _) = rig()
        #expect(rig.request(#"{"op":"restore"}"#) == .error("history is empty"))
        #expect(rig.request(#"{"op":"menu"}"#) == .error("no toast on screen has an action or a link"))
        let id = rig.show(#""message":"m","timeout":1"#)
        rig.wait(1.5)
        guard case let .ok(restored?, _) = rig.request(#"{"op":"restore"}"#) else { return #expect(Bool(false)) }
        #expect(restored != id && rig.service.board.toast(restored)?.restored == true)
    }

    @Test("the restore key's function shows the last ended toast again, owned by nobody but subscribers; the menu key runs the client")
    func fromKeys() {
        let (rig, opened) = rig()
        let id = rig.show(#""message":"m","timeout":1"#)
        rig.wait(1.5)
        rig.service.restoreLast(now: rig.now)
        let restored = rig.service.board.liveToasts.first
        #expect(restored?.restored == true && restored?.id != id && rig.service.board.owner(of: restored?.id ?? "") == ToastService.keyOwner)
        rig.service.runMenuClient()
        #expect(opened.commands.last?.last == "menu" && opened.commands.last?.first?.hasSuffix("/xtoast") == true)
        #expect(opened.names.last == "menu")
    }
}
