@testable import Operations
import Testing
@testable import ToastCore

/// Issue 32: a bus toast is its sending connection's to replace, or anyone's once that
/// connection left the bus; `HandOver` and `hand-over` only for the same program and user.
@Suite struct BusOwnershipDecisionTests {
    func fromBus(_ summary: String, sender: String?, replacing: String? = nil) -> Submission {
        var submission = Submission(ShowRequest(message: "", title: summary), source: .bus)
        submission.sender = sender
        submission.replacesID = replacing
        return submission
    }

    @Test("replaces_id replaces in place only for the sender, or for anyone once the sender left; a socket toast never")
    func replaceDecision() {
        var board = Board()
        let id = board.show(Admission.decide(fromBus("mine", sender: ":1.5"), board: board).toast, owner: Owner(.bus, 1), now: 0)
        #expect(Admission.decide(fromBus("theirs", sender: ":1.9", replacing: id), board: board).action == .show)
        #expect(Admission.decide(fromBus("nobody's", sender: nil, replacing: id), board: board).action == .show)
        #expect(Admission.decide(fromBus("mine again", sender: ":1.5", replacing: id), board: board).action == .replace(id: id))
        board.busNameLeft(":1.7")
        #expect(Admission.decide(fromBus("theirs", sender: ":1.9", replacing: id), board: board).action == .show,
                "another name leaving changes nothing")
        board.busNameLeft(":1.5")
        #expect(Admission.decide(fromBus("theirs", sender: ":1.9", replacing: id), board: board).action == .replace(id: id))
        #expect(board.busClient(":1.9", mayActOn: id) && !board.busClient(":1.9", mayActOn: "404"))
        let script = board.show(Toast(id: "", title: "script", message: ""), owner: Owner(.socket, 1), now: 0)
        #expect(!board.busClient(nil, mayActOn: script))
    }

    @Test("the departed senders are only names a live toast carries, however many leave")
    func departuresStayBounded() {
        var board = Board()
        let id = board.show(Admission.decide(fromBus("a", sender: ":1.5"), board: board).toast, owner: Owner(.bus, 1), now: 0)
        board.busNameLeft(":1.5")
        for n in 0..<1000 { board.busNameLeft(":2.\(n)") }
        #expect(board.departedSenders == [":1.5"])
        _ = board.dismiss(id, reason: .api, now: 0)
        board.busNameLeft(":3.0")
        #expect(board.departedSenders.isEmpty)
    }

    @Test("only the same user running the same executable may take over; the kernel's (deleted) mark does not count; an unknown one never")
    func takeOverIdentity() {
        let daemon = PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd (deleted)")
        #expect(daemon.executable == "/usr/bin/xtoastd")
        #expect(PeerIdentity(uid: 1000, executable: "/usr/bin/xtoastd").mayTakeOver(from: daemon))
        #expect(!PeerIdentity(uid: 1001, executable: "/usr/bin/xtoastd").mayTakeOver(from: daemon))
        #expect(!PeerIdentity(uid: 1000, executable: "/usr/bin/gdbus").mayTakeOver(from: daemon))
        #expect(!PeerIdentity(uid: 1000, executable: "/tmp/xtoastd").mayTakeOver(from: daemon))
        #expect(!PeerIdentity(uid: 1000, executable: "").mayTakeOver(from: PeerIdentity(uid: 1000, executable: "")))
    }
}
