#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// Issue 43: a peer is named by its pid, start time and executable, pinned at accept.
@Suite struct PinnedProcessTests {
    @Test("this process pinned is unchanged; a pin with another start time or executable is not (a reused pid, an exec)")
    func pinAndCheck() throws {
        let pin = try #require(PinnedProcess.pin(pid: getpid(), uid: getuid()))
        #expect(pin.isUnchanged && pin.executable == PeerProcess.ownExecutable)
        #expect(pin.startTime == PeerProcess.startTime(pid: getpid()) && pin.startTime > 0)
        let reused = PinnedProcess(pid: pin.pid, uid: pin.uid, startTime: pin.startTime + 1, executable: pin.executable)
        let execed = PinnedProcess(pid: pin.pid, uid: pin.uid, startTime: pin.startTime, executable: "/usr/bin/python3")
        #expect(!reused.isUnchanged && !execed.isUnchanged)
        #expect(PinnedProcess.pin(pid: 0, uid: getuid()) == nil)
    }
}
