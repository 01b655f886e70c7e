#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// SIGTERM, SIGINT, SIGHUP and SIGCHLD (a child process ended: reap it) arrive as readable
/// data on a descriptor, so the poll loop handles them like any other input: no code runs
/// inside a signal handler. Several SIGCHLDs may arrive as one, so each reaps every child.
/// The corresponding C functions are `sigprocmask`, `signalfd` and `read`.
enum SignalFD {
    /// Why the signals cannot be watched; the daemon refuses to start rather than ignore them.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Blocks the four signals and returns the descriptor that reads them.
    static func open() throws(Failure) -> Int32 {
        let fd = xt_signalfd_for_daemon()
        guard fd >= 0 else { throw Failure(message: "cannot watch for signals: \(String(cString: strerror(errno)))") }
        return fd
    }

    /// Reads every pending signal number.
    static func read(_ fd: Int32) -> [Int32] {
        var numbers: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            numbers.append(Int32(info.ssi_signo))
        }
        return numbers
    }
}
